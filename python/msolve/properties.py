"""Typed attribute descriptors of msolve entities.

Each descriptor checks and converts a value on assignment and raises TypeError or ValueError
naming the entity and the attribute, as MotionSolve does. Values live either in a field of
the bound C++ description type (``field=``) or in the instance dictionary.
"""

from __future__ import annotations

import numbers
import sys
from collections.abc import Iterable

import numpy as np

from . import _core
from .designable import _Number, dvs_in, remember

_MISSING = object()


class Property:
    """Base descriptor: a default, an optional C++ field, and a converter.

    ``count=n`` makes the attribute a list of exactly n values (``count=0``: any number),
    each converted like a single value; the default is then a list as well.
    """

    def __init__(self, default=None, *, field=None, doc="", count=None, no_effect=None):
        # no_effect: why msolve accepts the attribute but cannot honour it; a value other
        # than the default is reported once per analysis (msolve/notices.py)
        self.no_effect = no_effect
        self.count = count if count is None else int(count)
        if self.count is not None and default is not None:
            if isinstance(default, (list, tuple)):
                default = list(default)
            else:
                default = [default] * self.count
        self.default = default
        self.field = field
        self.name = None
        self.key = None  # where the value lives in the instance dictionary
        self.__doc__ = doc

    def __set_name__(self, owner, name):
        self.name = name
        self.key = "_p_" + name
        # help() shows the meaning, then the type, the default and the allowed values
        self.__doc__ = f"{self.__doc__} ({self.describe()})" if self.__doc__ else self.describe()

    def describe(self):
        """A line for help(): the property type and its default."""
        kind = type(self).__name__
        if self.count is not None:
            kind += f" [{self.count}]"
        text = f"{kind}, default {self.default!r}"
        return text + (f"; accepted, no effect: {self.no_effect}" if self.no_effect else "")

    def convert(self, obj, value):
        return value

    def convert_value(self, obj, value):
        """The stored value: one converted value, or a list of them when ``count`` is set."""
        if self.count is None:
            return self.convert(obj, value)
        if value is None:
            if self.default is None:
                return None
            raise self.error(obj, f"must be a list of {self._count_text()} values", value)
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise self.error(obj, f"must be a list of {self._count_text()} values", value)
        items = [self.convert(obj, v) for v in value]
        if self.count and len(items) != self.count:
            raise self.error(
                obj, f"must be a list of {self._count_text()} values", value, ValueError
            )
        return items

    def _count_text(self):
        return str(self.count) if self.count else "any number of"

    def to_field(self, value):
        return value

    def from_field(self, value):
        return value

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        if self.field is not None:
            return self.from_field(getattr(obj, self.field))
        key = self.key
        value = obj.__dict__.get(key, _MISSING)
        if value is not _MISSING:
            return value
        if isinstance(self.default, list):
            # each object gets its own list, so that changing it in place stays local
            obj.__dict__[key] = list(self.default)
            return obj.__dict__[key]
        return self.default

    def __set__(self, obj, value):
        # a value holding design variables keeps its dependence on them (designable.py)
        given, dvs = value, dvs_in(value)
        value = self.convert_value(obj, value)
        if self.field is not None:
            setattr(obj, self.field, self.to_field(value))
        else:
            obj.__dict__[self.key] = value
        remember(obj, self.name, given, dvs)
        hook = getattr(obj, "_property_changed", None)
        if hook is not None:
            hook(self.name)

    def error(self, obj, what, value, exc=TypeError):
        return exc(f"{_describe(obj)}: attribute '{self.name}' {what}, got {value!r}")


def _describe(obj):
    try:
        return obj._describe()
    except Exception:
        return type(obj).__name__


def _number(prop, obj, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise prop.error(obj, "must be a number", value)
    value = float(value)
    if not np.isfinite(value):
        raise prop.error(obj, "must be finite", value, ValueError)
    return value


class Double(Property):
    """A real number; ``optional=True`` also accepts None (unset, distinct from 0)."""

    def __init__(self, default=0.0, *, optional=False, minimum=None, **kw):
        super().__init__(default, **kw)
        self.optional = optional
        self.minimum = minimum

    def convert(self, obj, value):
        if value is None and self.optional:
            return None
        value = _number(self, obj, value)
        if self.minimum is not None and value < self.minimum:
            raise self.error(obj, f"must be at least {self.minimum}", value, ValueError)
        return value


# the integers of the solver (ids, counts, flags) are 32-bit, as in MotionSolve's datasets
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


def _integer(prop, obj, value, what="must be an integer"):
    integral = isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if not integral and not (isinstance(value, numbers.Real) and float(value).is_integer()):
        raise prop.error(obj, what, value)
    value = int(value)
    if not _INT_MIN <= value <= _INT_MAX:
        raise prop.error(obj, f"must be between {_INT_MIN} and {_INT_MAX}", value, ValueError)
    return value


class Int(Property):
    """An integer (32-bit); ``optional=True`` also accepts None."""

    def __init__(self, default=0, *, optional=False, **kw):
        super().__init__(default, **kw)
        self.optional = optional

    def convert(self, obj, value):
        if value is None and self.optional:
            return None
        return _integer(self, obj, value)


class Bool(Property):
    """True or False (1 and 0 are accepted)."""

    def __init__(self, default=False, **kw):
        super().__init__(default, **kw)

    def convert(self, obj, value):
        if isinstance(value, (bool, np.bool_)):
            return bool(value)
        if isinstance(value, numbers.Integral) and value in (0, 1):
            return bool(value)
        raise self.error(obj, "must be True or False", value)


class Str(Property):
    """Text."""

    def __init__(self, default="", **kw):
        super().__init__(default, **kw)

    def convert(self, obj, value):
        if not isinstance(value, str):
            raise self.error(obj, "must be a string", value)
        return value


String = Str


class ExpressionSlot(Str):
    """One expression of a fixed-size list of expressions stored in a C++ field (the f1..f8
    of a Request, the fx..tz of a vector force); empty means unused."""

    def __init__(self, field, slot, doc):
        super().__init__("", doc=doc)
        self.list_field = field
        self.slot = slot

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return getattr(obj, self.list_field)[self.slot]

    def __set__(self, obj, value):
        value = "" if value is None else self.convert(obj, value)
        slots = list(getattr(obj, self.list_field))
        slots[self.slot] = value
        setattr(obj, self.list_field, slots)
        obj._property_changed(self.name)


class Function(Str):
    """A MotionSolve expression (``"-10*DZ(2,3)"``) or a ``USER(...)`` parameter string.
    ``Function("SFOSUB")`` names the user subroutine called for ``USER(...)`` strings. A
    number is taken as the constant expression it spells."""

    def __init__(self, routine_name="", *, default="", **kw):
        super().__init__(default, **kw)
        self.routine_name = routine_name

    def convert(self, obj, value):
        if value is None:
            return ""
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            return repr(float(value))
        return super().convert(obj, value)


class Enum(Property):
    """One word of a fixed list (upper-case; assignment is case-insensitive)."""

    def __init__(self, words, default=None, **kw):
        super().__init__(default, **kw)
        self.words = tuple(words.split())

    def convert(self, obj, value):
        if value is None and self.default is None:
            return None
        if not isinstance(value, str):
            raise self.error(obj, f"must be one of {' '.join(self.words)}", value)
        word = value.upper()
        if word not in self.words:
            raise self.error(obj, f"must be one of {' '.join(self.words)}", value, ValueError)
        return word

    def describe(self):
        return f"{super().describe()}; one of {', '.join(self.words)}"


def _vector(prop, obj, value, sizes):
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise prop.error(obj, f"must be a list of {' or '.join(map(str, sizes))} numbers", value)
    items = list(value)
    if len(items) not in sizes:
        raise prop.error(obj, f"must have {' or '.join(map(str, sizes))} values", value, ValueError)
    return [_number(prop, obj, v) for v in items]


class Location(Property):
    """A point: a Point or 3 numbers. ``optional=True`` accepts None."""

    def __init__(self, default=None, *, optional=True, **kw):
        if default is None and not optional:
            default = Point(0.0, 0.0, 0.0)  # what an unset required location reads
        super().__init__(default, **kw)
        self.optional = optional

    def convert(self, obj, value):
        if value is None and self.optional:
            return None
        return tuple(_vector(self, obj, value, (3,)))

    def from_field(self, value):
        return None if value is None else Point(*np.asarray(value, dtype=float))


class Angles(Location):
    """Three body 3-1-3 Euler angles in radians."""

    def from_field(self, value):
        return None if value is None else [float(v) for v in value]


class Ips(Property):
    """Inertia: 0, 3 (ixx iyy izz) or 6 (ixx iyy izz ixy ixz iyz) values."""

    def __init__(self, **kw):
        super().__init__([0.0] * 6, **kw)

    def convert(self, obj, value):
        if value is None:
            return [0.0] * 6
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            value = [value]
        values = _vector(self, obj, value, (0, 1, 3, 6))
        if len(values) == 1:
            values = values * 3
        return (values + [0.0] * 6)[:6]

    def from_field(self, value):
        return [float(v) for v in value]


class Reference(Property):
    """A reference to another entity of the given class (or None). The class may be given
    by name, ``Reference("Marker")``; ``count=`` makes it a list of references."""

    def __init__(self, cls, **kw):
        super().__init__(None, **kw)
        self.cls = cls
        if self.count is not None:
            self.default = []

    def target(self):
        if isinstance(self.cls, str):
            # the package namespace: complete by the time a value is assigned
            found = getattr(sys.modules["msolve"], self.cls, None)
            if not isinstance(found, type):
                raise TypeError(f"Reference: no msolve class named '{self.cls}'")
            return found
        return self.cls() if callable(self.cls) and not isinstance(self.cls, type) else self.cls

    def describe(self):
        cls = self.cls if isinstance(self.cls, str) else getattr(self.cls, "__name__", "")
        text = f"Reference({cls})" if cls and not cls.startswith("_") else "Reference"
        return text + (f" [{self.count}]" if self.count is not None else "")

    def convert(self, obj, value):
        cls = self.target()
        if value is not None and not isinstance(value, cls):
            raise self.error(obj, f"must be a {cls.__name__}", value)
        theirs = None if value is None else value.__dict__.get("_model")
        ours = obj.__dict__.get("_model")
        if theirs is not None and ours is not None and theirs is not ours:
            raise self.error(obj, "refers to an entity of another model", value, ValueError)
        return value

    # The C++ field of a reference is a raw pointer to the entity's description, which the
    # Python object owns: the Python object is kept in the instance dictionary as well, so
    # that it lives as long as the reference does (an entity of no model, or of a model
    # dropped since, would otherwise leave the pointer dangling), and reads return it.
    def __get__(self, obj, owner=None):
        if obj is None or self.field is None:
            return super().__get__(obj, owner)
        value = obj.__dict__.get(self.key, _MISSING)
        if value is _MISSING:
            return super().__get__(obj, owner)
        return list(value) if isinstance(value, list) else value

    def __set__(self, obj, value):
        value = self.convert_value(obj, value)
        if self.field is not None:
            setattr(obj, self.field, self.to_field(value))
        obj.__dict__[self.key] = (
            list(value) if self.field is not None and isinstance(value, list) else value
        )
        hook = getattr(obj, "_property_changed", None)
        if hook is not None:
            hook(self.name)

    def convert_value(self, obj, value):
        if self.count is not None:
            if value is None:
                return []
            if not isinstance(value, (list, tuple)):
                value = [value]
        return super().convert_value(obj, value)


class Doubles(Property):
    """A list of numbers: of any length, or of exactly ``count`` numbers; each at least
    ``minimum`` when given."""

    def __init__(self, default=(), *, count=None, minimum=None, **kw):
        super().__init__(list(default), **kw)
        self.count = count
        self.minimum = minimum

    def convert_value(self, obj, value):
        # convert already reads the whole list
        return self.convert(obj, value)

    def convert(self, obj, value):
        if value is None:
            if self.count is not None:
                raise self.error(obj, f"must be a list of {self.count} numbers", value)
            return []
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            value = [value]
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise self.error(obj, "must be a list of numbers", value)
        value = [_number(self, obj, v) for v in value]
        if self.count is not None and len(value) != self.count:
            raise self.error(obj, f"must be a list of {self.count} numbers", value, ValueError)
        if self.minimum is not None and any(v < self.minimum for v in value):
            raise self.error(obj, f"values must be at least {self.minimum}", value, ValueError)
        return value

    def from_field(self, value):
        return [float(v) for v in value]


class Ints(Property):
    """A list of integers of any length."""

    def __init__(self, default=(), **kw):
        super().__init__(list(default), **kw)

    def convert(self, obj, value):
        if value is None:
            return []
        if isinstance(value, numbers.Integral) and not isinstance(value, bool):
            value = [value]
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise self.error(obj, "must be a list of integers", value)
        items = list(value)
        for v in items:
            if isinstance(v, bool) or not isinstance(v, numbers.Real) or not float(v).is_integer():
                raise self.error(obj, "must be a list of integers", value)
        return [_integer(self, obj, v, "must be a list of integers") for v in items]

    def from_field(self, value):
        return [int(v) for v in value]


class References(Reference):
    """A list of references to entities of one class."""

    def __init__(self, cls, **kw):
        super().__init__(cls, **kw)
        self.default = []

    def convert_value(self, obj, value):
        # convert already reads the whole list
        return self.convert(obj, value)

    def convert(self, obj, value):
        if value is None:
            return []
        if not isinstance(value, (list, tuple)):
            value = [value]
        return [Reference.convert(self, obj, v) for v in value]

    def from_field(self, value):
        return list(value)


class Routine(Property):
    """A user routine: None, a Python callable (a function or a bound method) called by the
    solver with MotionSolve's arguments, or a string ``"path/lib.so::NAME"`` naming a function
    of a shared library with MotionSolve's C interface, loaded when the model is compiled
    (docs/motionsolve-compatibility.md §3.6)."""

    def __init__(self, **kw):
        super().__init__(None, **kw)

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.__dict__.get("_p_" + self.name)

    def __set__(self, obj, value):
        if value is not None and not isinstance(value, str) and not callable(value):
            raise self.error(obj, "must be a callable or a string 'library::function'", value)
        if value is None or self.field is None:
            core = None
        elif isinstance(value, str):
            core = _core.CompiledRoutine(value)
        else:
            # the solver holds a weak reference to obj, and finds the routine in its __dict__
            core = _core.PythonRoutine(obj, "_p_" + self.name, value)
        obj.__dict__["_p_" + self.name] = value
        if self.field is not None:
            setattr(obj, self.field, core)
        hook = getattr(obj, "_property_changed", None)
        if hook is not None:
            hook(self.name)


def _shown(value):
    """A coordinate as a number (a design variable's value), or as it is when it has none."""
    try:
        return str(float(value))
    except (TypeError, ValueError):
        return repr(value)


class Point:
    """A point in space; ``Point(0, 1, 2) + [1, 0, 0]`` gives another point."""

    __slots__ = ("x", "y", "z")

    def __init__(self, x=0.0, y=0.0, z=0.0):
        # design variables stay (Point(bx, by, 0) + [0, 0, 1]: designable.py)
        self.x, self.y, self.z = (v if isinstance(v, _Number) else float(v) for v in (x, y, z))

    def __iter__(self):
        return iter((self.x, self.y, self.z))

    def __len__(self):
        return 3

    def __getitem__(self, k):
        return (self.x, self.y, self.z)[k]

    def __add__(self, other):
        a, b, c = other
        return type(self)(self.x + a, self.y + b, self.z + c)

    def __sub__(self, other):
        a, b, c = other
        return type(self)(self.x - a, self.y - b, self.z - c)

    # scaling by a number: the midpoint (a + b) / 2 of MotionSolve's parametric examples
    def __mul__(self, k):
        if not isinstance(k, numbers.Real) or isinstance(k, bool):
            return NotImplemented
        return type(self)(self.x * k, self.y * k, self.z * k)

    __rmul__ = __mul__

    def __truediv__(self, k):
        if not isinstance(k, numbers.Real) or isinstance(k, bool):
            return NotImplemented
        return type(self)(self.x / k, self.y / k, self.z / k)

    def __neg__(self):
        return type(self)(-self.x, -self.y, -self.z)

    def __eq__(self, other):
        try:
            return tuple(self) == tuple(other)
        except TypeError:
            return NotImplemented

    __hash__ = None

    def __repr__(self):
        return f"{type(self).__name__}({_shown(self.x)}, {_shown(self.y)}, {_shown(self.z)})"


class Vector(Point):
    """A direction or a triple of values (e.g. Euler angles)."""
