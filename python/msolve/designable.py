"""Designable numbers: the arithmetic of design variables (Dv) and the attributes that keep
their dependence on them (docs/motionsolve-compatibility.md §9).

``Dv`` arithmetic returns a ``Designable``, a small expression of Dvs that is a number
wherever a number is taken (``float(x)`` evaluates it with the Dvs' current values). An
attribute given a value that holds designables (``Part(mass=4/3*math.pi*r**3*rho)``,
``Marker(qp=Point(bx, by, 0))``, ``ip=[ixx, iyy, izz]``) stores the number, remembers the
value it was given and registers with every Dv in it; when a Dv's value changes (what the
optimiser does), the attribute is given that value again, so that the next ``simulate``
compiles the model of the new design. Functions that convert to float (``math.sqrt``) give
plain numbers: ``x**0.5`` keeps the dependence.
"""

from __future__ import annotations

import math
import numbers
import operator

# where an attribute's designable value is kept in the instance dictionary
_KEY = "_dv_"


class _Number:
    """The arithmetic of a number whose value is ``float(self)``: an operation with another
    number gives a Designable, which keeps the dependence on the Dvs involved."""

    __slots__ = ()

    def __float__(self):
        raise NotImplementedError

    def _dvs(self):
        raise NotImplementedError

    def __int__(self):
        return int(float(self))

    def __index__(self):
        value = float(self)
        if not value.is_integer():
            raise TypeError(f"{self!r} is not an integer")
        return int(value)

    def __round__(self, ndigits=None):
        return round(float(self), ndigits)

    def __trunc__(self):
        return math.trunc(float(self))

    def __floor__(self):
        return math.floor(float(self))

    def __ceil__(self):
        return math.ceil(float(self))

    def __neg__(self):
        return Designable(operator.neg, (self,))

    def __pos__(self):
        return self

    def __abs__(self):
        return Designable(abs, (self,))

    def __bool__(self):
        return float(self) != 0.0

    def __hash__(self):
        return id(self)

    def __complex__(self):
        return complex(float(self))

    # numbers.Real's remaining members, for numpy and pytest that ask for them
    @property
    def real(self):
        return float(self)

    @property
    def imag(self):
        return 0.0

    def conjugate(self):
        return float(self)


def _operand(value):
    return isinstance(value, (numbers.Real, _Number)) and not isinstance(value, bool)


def _binary(op):
    def forward(self, other):
        if _operand(other):
            return Designable(op, (self, other))
        return NotImplemented

    def backward(self, other):
        if _operand(other):
            return Designable(op, (other, self))
        return NotImplemented

    return forward, backward


for _name, _op in (
    ("add", operator.add),
    ("sub", operator.sub),
    ("mul", operator.mul),
    ("truediv", operator.truediv),
    ("floordiv", operator.floordiv),
    ("mod", operator.mod),
    ("pow", operator.pow),
):
    _forward, _backward = _binary(_op)
    setattr(_Number, f"__{_name}__", _forward)
    setattr(_Number, f"__r{_name}__", _backward)


def _compare(op):
    def compare(self, other):
        if _operand(other):
            return op(float(self), float(other))
        return NotImplemented

    return compare


for _name, _op in (
    ("lt", operator.lt),
    ("le", operator.le),
    ("gt", operator.gt),
    ("ge", operator.ge),
):
    setattr(_Number, f"__{_name}__", _compare(_op))


class Designable(_Number):
    """An expression of design variables: ``op(*args)`` evaluated when a number is taken."""

    __slots__ = ("_args", "_op")

    def __init__(self, op, args):
        self._op = op
        self._args = tuple(args)

    def __float__(self):
        return float(self._op(*(float(a) for a in self._args)))

    def _dvs(self):
        found = []
        for arg in self._args:
            if isinstance(arg, _Number):
                found += [dv for dv in arg._dvs() if not any(dv is f for f in found)]
        return found

    def __eq__(self, other):
        if _operand(other):
            return float(self) == float(other)
        return NotImplemented

    __hash__ = _Number.__hash__

    def __repr__(self):
        return f"Designable({float(self)!r})"

    def __str__(self):
        return str(float(self))

    def __format__(self, spec):
        return format(float(self), spec)


numbers.Real.register(Designable)


def dvs_in(value):
    """The Dvs a value given to an attribute depends on (a designable number, or a list,
    tuple or Point holding some), without repeats; [] for anything else."""
    if isinstance(value, _Number):
        return value._dvs()
    if isinstance(value, (str, bytes, numbers.Number)) or value is None:
        return []
    slots = getattr(type(value), "__slots__", None)
    if slots == ("x", "y", "z"):  # a Point or a Vector
        value = (value.x, value.y, value.z)
    elif not isinstance(value, (list, tuple)):
        return []
    found = []
    for item in value:
        for dv in dvs_in(item):
            if not any(dv is f for f in found):
                found.append(dv)
    return found


def remember(obj, name, value, dvs):
    """Keep ``value`` (holding the Dvs ``dvs``) as the designable value of the attribute
    ``name`` of ``obj``, or forget the attribute's designable value when ``dvs`` is empty."""
    store = getattr(obj, "__dict__", None)
    if store is None:
        return
    if not dvs:
        store.pop(_KEY + name, None)
        return
    store[_KEY + name] = value
    for dv in dvs:
        dv._dependents.setdefault(id(obj), (obj, set()))[1].add(name)


def designable_value(obj, name):
    """The designable value the attribute ``name`` of ``obj`` was given, or None."""
    return getattr(obj, "__dict__", {}).get(_KEY + name)


def refresh(dv):
    """Give every attribute that depends on ``dv`` its designable value again (with the
    Dvs' current values)."""
    for key, (obj, names) in list(dv._dependents.items()):
        for name in list(names):
            value = designable_value(obj, name)
            if value is None or not any(d is dv for d in dvs_in(value)):
                names.discard(name)  # given a plain value since
                continue
            setattr(obj, name, value)
        if not names:
            dv._dependents.pop(key, None)
