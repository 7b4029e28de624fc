"""The solver snapshot of a model: every attribute value of the entities the solver reads,
taken when the model is compiled, to tell at the next simulate whether it changed
(Model._prepare_solver).

A snapshot is read from where the values are stored (the C++ description's field, the
instance dictionary) rather than through the attributes, which would convert each value
(a Point from the field's array, ...) only to compare it: the same values, read by a plan
made once per class. A property whose reading is its own (a reference, a routine, ...) is
read through its attribute.
"""

from __future__ import annotations

import operator

import numpy as np

from .properties import Property

_readers = {}  # class -> (attribute names, reader): _reader


_SCALARS = frozenset((float, int, str, bool, type(None)))


def _frozen(value):
    """A copy of an attribute value that later changes to the attribute cannot alter."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is np.ndarray:
        value = value.tolist()  # Python numbers, in lists when not a single one
        if not isinstance(value, list):
            return value
    elif not isinstance(value, (list, tuple)) and kind.__name__ not in ("Point", "Vector"):
        return value
    return tuple([v if type(v) in _SCALARS else _frozen(v) for v in value])


def _getter(names):
    """A function of an object: the tuple of its attributes `names` (read in C)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    return operator.attrgetter(*names)


def _reader(cls):
    """(the attribute names, a function of an entity: their frozen values in that order)."""
    reader = _readers.get(cls)
    if reader is not None:
        return reader
    fields, stored, attributes = [], [], []
    for name, prop in cls._properties().items():
        if type(prop).__get__ is not Property.__get__:
            attributes.append(name)  # a reading of its own
        elif prop.field is not None:
            fields.append((name, prop.field))  # from_field(field) is the attribute
        else:
            stored.append((name, prop.key, _frozen(prop.default)))
    names = (*(n for n, _ in fields), *(n for n, _, _ in stored), *attributes)
    get_fields = _getter([f for _, f in fields])
    get_attributes = _getter(attributes)
    keys = [(key, default) for _, key, default in stored]
    scalars = _SCALARS

    def read(obj):
        values = [v if type(v) in scalars else _frozen(v) for v in get_fields(obj)]
        found = obj.__dict__
        for key, default in keys:
            v = found.get(key, default)
            values.append(v if type(v) in scalars else _frozen(v))
        values += [v if type(v) in scalars else _frozen(v) for v in get_attributes(obj)]
        return values

    reader = _readers[cls] = (names, read)
    return reader


def solver_snapshot(entities):
    """[(entity, attribute names, their values), ...] of the entities the solver reads."""
    snapshot = []
    for obj in entities:
        if hasattr(obj, "_core_type"):
            names, read = _reader(type(obj))
            snapshot.append((obj, names, read(obj)))
    return snapshot


def same_snapshot(a, b):
    """Whether the snapshots a and b hold the same entities with the same values."""
    if b is None or len(a) != len(b):
        return False
    for (obj_a, names_a, values_a), (obj_b, names_b, values_b) in zip(a, b):
        if obj_a is not obj_b or names_a != names_b:
            return False
        for va, vb in zip(values_a, values_b):
            if va is vb:
                continue
            try:
                if type(va) is not type(vb) or not bool(va == vb):
                    return False
            except Exception:
                return False
    return True
