"""One element of a MotionSolve XML dataset: reading it (``_El``, typed access to its
attributes, with errors and warnings that name the file, the line and the element) and
writing it (``_Element``, attributes rendered with all the digits of their numbers)."""

from __future__ import annotations

import math
import re
import warnings

import numpy as np

from .tree import DatasetError, DatasetWarning

# attributes MotionView writes for convenience next to the marker ids; never used
_HELPER_ATTRIBUTES = {
    "body1_id",
    "body2_id",
    "ref_body_id",
    "i_body_id",
    "j_body_id",
    "is_virtual_body",
    "comment",
    "is_virtual",
}


def _warn(message):
    warnings.warn(message, DatasetWarning, stacklevel=4)


# -- typed access to the attributes of one element -----------------------------------------

_INT = re.compile(r"[+-]?\d{1,15}")
_REAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eEdD][+-]?\d{1,4})?")


class _El:
    """An element being read: typed attribute access that reports errors with the file,
    line and element, and remembers which attributes were used."""

    def __init__(self, reader, node):
        self.reader = reader
        self.node = node
        self.used = set()

    def error(self, message):
        return DatasetError(message, self.reader.path, self.node.line, self.node.describe())

    def warn(self, message):
        _warn(f"{self.reader.path}:{self.node.line}: {self.node.describe()}: {message}")

    def has(self, name):
        return name in self.node.attrs

    def raw(self, name, default=None, required=False):
        self.used.add(name)
        value = self.node.attrs.get(name)
        if value is None:
            if required:
                raise self.error(f"the attribute '{name}' is required")
            return default
        return value

    def text(self, name, default="", required=False):
        value = self.raw(name, None, required)
        return default if value is None else value.strip()

    def int(self, name, default=None, required=False, minimum=None, check_range=True):
        value = self.raw(name, None, required)
        if value is None:
            return default
        text = value.strip()
        number = None
        if _INT.fullmatch(text):
            number = int(text)
        elif _REAL.fullmatch(text) and len(text) < 40:
            real = float(text.replace("d", "e").replace("D", "e"))
            if math.isfinite(real) and real.is_integer() and abs(real) < 1e15:
                number = int(real)
        if number is None:
            raise self.error(f"attribute '{name}' must be an integer, got {_show(value)}")
        if minimum is not None and number < minimum:
            raise self.error(f"attribute '{name}' must be at least {minimum}, got {number}")
        if check_range and not -(2**31) <= number <= 2**31 - 1:
            # the solver's integers are 32-bit
            raise self.error(f"attribute '{name}' is too large for an integer: {number}")
        return number

    def id(self, name="id", required=True):
        """An id: an integer > 0 (0 or absent gives None unless required)."""
        value = self.int(name, None, required, minimum=0, check_range=False)
        if value == 0:
            if required:
                raise self.error(f"attribute '{name}' must be a positive integer, got 0")
            return None
        if value is not None and value > 2**31 - 1:
            raise self.error(f"attribute '{name}' is too large for an id: {value}")
        return value

    def real(self, name, default=None, required=False, minimum=None):
        value = self.raw(name, None, required)
        if value is None:
            return default
        number = _real(value)
        if number is None:
            raise self.error(f"attribute '{name}' must be a number, got {_show(value)}")
        if not math.isfinite(number):
            raise self.error(f"attribute '{name}' must be a finite number, got {_show(value)}")
        if minimum is not None and number < minimum:
            raise self.error(f"attribute '{name}' must be at least {minimum}, got {number!r}")
        return number

    def real_or_expression(self, name, default=0.0):
        value = self.raw(name, None)
        if value is None:
            return default
        number = _real(value)
        if number is None:
            return value.strip()
        if not math.isfinite(number):
            raise self.error(f"attribute '{name}' must be a finite number, got {_show(value)}")
        return number

    def bool(self, name, default=False):
        value = self.raw(name, None)
        if value is None:
            return default
        word = value.strip().upper()
        if word in ("TRUE", "T", "YES", "1"):
            return True
        if word in ("FALSE", "F", "NO", "0"):
            return False
        raise self.error(f"attribute '{name}' must be TRUE or FALSE, got {_show(value)}")

    def word(self, name, choices, default=None, required=False):
        """One word of ``choices`` (a dict: accepted upper-case word -> result)."""
        value = self.raw(name, None, required)
        if value is None:
            return default
        word = value.strip().upper()
        if word not in choices:
            names = " | ".join(sorted({k for k in choices if not k.startswith("_")}))
            raise self.error(f"attribute '{name}' must be one of {names}, got {_show(value)}")
        return choices[word]

    def reals_text(self, what, count=None):
        """Numbers in the element text (blank- or comma-separated)."""
        return _numbers(self, self.node.text, what, count)

    def reals_attr(self, name, count_name=None, required=False):
        value = self.raw(name, None, required)
        if value is None:
            return []
        count = self.int(count_name, None, minimum=0) if count_name else None
        return _numbers(
            self,
            value,
            f"attribute '{name}'",
            count,
            f"'{count_name}' says {count}" if count is not None else None,
        )

    def finish(self, ignored=()):
        """Warn once per element kind and attribute about attributes nobody read."""
        unused = [
            a
            for a in self.node.attrs
            if a not in self.used and a not in ignored and a not in _HELPER_ATTRIBUTES
        ]
        for name in unused:
            key = (self.node.key, name)
            if key in self.reader.warned:
                continue
            self.reader.warned.add(key)
            self.warn(
                f"attribute '{self.node.spelled.get(name, name)}' is not used by msolve "
                "and was ignored"
            )


def _show(value):
    text = value if len(value) <= 40 else value[:37] + "..."
    return repr(text)


def _real(text):
    text = text.strip()
    if len(text) > 64 or not _REAL.fullmatch(text):
        return None
    return float(text.replace("d", "e").replace("D", "e"))


def _numbers(el, text, what, count=None, count_text=None):
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    values = []
    for token in tokens:
        number = _real(token)
        if number is None or not math.isfinite(number):
            raise el.error(f"{what}: {_show(token)} is not a finite number")
        values.append(number)
    if count is not None and len(values) != count:
        says = count_text or f"{count} expected"
        raise el.error(f"{what}: {len(values)} numbers given, but {says}")
    return values


# -- helpers shared by the element readers -------------------------------------------------


def _marker(reader, el, attribute, entity, field, required=True):
    reader.link(el, attribute, "Marker", lambda m: setattr(entity, field, m), required)


def _keep(reader, el, what):
    """An element of a feature msolve does not have yet: keep its attributes, warn."""
    attributes = dict(el.node.attrs)
    reader.dataset.pending.append((el.node, attributes))
    el.warn(
        f"{what} is not available in msolve yet; the element was read and kept "
        "(dataset.pending) but has no effect"
    )
    return None


# -- writing -------------------------------------------------------------------------------


def _num(value):
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"not a finite number: {value}")
    return repr(value)


class _Element:
    def __init__(self, tag, entity=None):
        self.tag = tag
        self.entity = entity
        self.attrs = []
        self.text = None

    def set(self, name, value):
        if value is None:
            return self
        if isinstance(value, bool):
            value = "TRUE" if value else "FALSE"
        elif isinstance(value, (int, np.integer)):
            value = str(int(value))
        elif isinstance(value, (float, np.floating)):
            value = _num(value)
        self.attrs.append((name, str(value)))
        return self

    def render(self, indent):
        # imported here, not at the top: xml.sax.saxutils pulls in urllib.request (http, ssl,
        # email), which would add about 30 ms and 6 MB to every `import msolve` for the sake
        # of writing datasets
        from xml.sax.saxutils import escape

        pad = " " * indent
        lines = [f"{pad}<{self.tag}"]
        for name, value in self.attrs:
            quoted = escape(value, {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
            lines.append(f'{pad}   {name}="{quoted}"')
        if self.text is None:
            lines[-1] += "/>"
        else:
            lines[-1] += ">"
            for row in self.text:
                lines.append(f"{pad}   {escape(row)}")
            lines.append(f"{pad}</{self.tag}>")
        return "\n".join(lines)
