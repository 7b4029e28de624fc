"""msolve's messages: the ``logging`` logger named ``msolve``.

By default its messages are shown as they always were, ``msolve: <message>`` on the
standard output (the current ``sys.stdout``, so that ``contextlib.redirect_stdout`` takes
them too). The standard ways change that:

* silence: ``logging.getLogger("msolve").setLevel(logging.WARNING)``;
* redirect: replace its handler (``logger.handlers[:] = [logging.FileHandler(...)]``), or
  send them to the application's logging configuration with ``logger.handlers.clear()``
  and ``logger.propagate = True``.
"""

from __future__ import annotations

import logging
import sys

logger = logging.getLogger("msolve")


class ScreenHandler(logging.Handler):
    """``msolve: <message>`` on the current standard output."""

    def emit(self, record):
        try:
            sys.stdout.write(f"msolve: {self.format(record)}\n")
        except Exception:
            self.handleError(record)


if not logger.handlers:
    logger.addHandler(ScreenHandler())
    logger.setLevel(logging.INFO)
    # shown once: by msolve's handler, not again by the application's root handlers
    logger.propagate = False
