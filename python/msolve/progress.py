"""Progress of an analysis, shown once it has run for a second (``DELAY_SECONDS``):

- in a Jupyter kernel, tqdm's notebook widget (ipywidgets; without it, the text bar, which
  the notebook shows in the cell's stderr);
- on a terminal, tqdm's text bar on stderr;
- elsewhere (a pipe, a log file, a batch job), a plain line through the ``msolve`` logger
  every ``LINE_SECONDS``;
- nothing with ``simulate(verbose=False)``."""

from __future__ import annotations

import sys
import time

from .log import logger

#: an analysis shorter than this shows no progress
DELAY_SECONDS = 1.0
#: where the output is no terminal: a line this often
LINE_SECONDS = 10.0


def _in_notebook():
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        return type(shell.get_ipython()).__name__ == "ZMQInteractiveShell"
    except Exception:
        return False


def _has_widgets():
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        return False
    return True


def _bar_class():
    """tqdm's notebook widget in a kernel with ipywidgets, else its text bar (tqdm.auto
    would warn where ipywidgets is missing)."""
    if _in_notebook() and _has_widgets():
        from tqdm.notebook import tqdm
    else:
        from tqdm import tqdm
    return tqdm


def _on_terminal():
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """``update(t)`` at the outputs, ``close()`` at the end."""

    def __init__(self, kind, start, end, verbose=True):
        self.kind = kind.lower()
        self.start = float(start)
        self.end = float(end)
        self.active = bool(verbose) and self.end > self.start
        self.began = time.perf_counter()
        self.bar = None
        self.lines = not (_in_notebook() or _on_terminal())
        self.last_line = self.began

    def update(self, t):
        if not self.active:
            return
        now = time.perf_counter()
        if now - self.began < DELAY_SECONDS:
            return
        done = min(max(t - self.start, 0.0), self.end - self.start)
        if self.lines:
            if now - self.last_line >= LINE_SECONDS:
                self.last_line = now
                share = 100.0 * done / (self.end - self.start)
                logger.info(
                    f"{self.kind}: t = {t:.6g} of {self.end:.6g} ({share:.0f} %), "
                    f"{now - self.began:.1f} s"
                )
            return
        if self.bar is None:
            self.bar = _bar_class()(
                total=self.end - self.start,
                desc=f"msolve {self.kind}",
                unit="s",
                bar_format="{desc}: {percentage:3.0f}%|{bar}| t = {postfix} "
                "[{elapsed}<{remaining}]",
                leave=False,
            )
        if now - self.last_line >= 0.1:
            self.last_line = now
            self.bar.n = done
            self.bar.set_postfix_str(f"{t:.6g}", refresh=False)
            self.bar.refresh()

    def close(self):
        if self.bar is not None:
            self.bar.close()
            self.bar = None
