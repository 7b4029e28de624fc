"""SolverObject: registration in the current model, ids, keyword construction, setValues,
the parent (Composite) an object is created in, look-ups and summary; _CoreEntity, the
base of the entities whose data live in a bound C++ description object.

summary() prints ASCII tables of the attributes that differ from their defaults, one
table per class, one row per object, as MotionSolve prints them::

    *--------*----*------*----------*------*
    | Entity | id | name | cm       | mass |
    *========*====*======*==========*======*
    | arm    | 2  | arm  | Marker/3 | 2.0  |
    *--------*----*------*----------*------*

References print as ``Class/id``; a cell whose value is the default prints as ``-``.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import sys
import threading
import warnings
from pathlib import Path

from .properties import Bool, Int, Point, Property, Reference, Str
from .signatures import ClassSignature

_current_model = None
# the model each thread made current: threads building models at once each build their own;
# a thread that made none uses the one made last anywhere (_current_model)
_thread = threading.local()
# the Composites whose createChildren/updateChildren is running, innermost last: objects
# created meanwhile are that composite's children
_parents = []


@contextlib.contextmanager
def building_children_of(parent):
    """Objects created inside this block are children of ``parent``."""
    _parents.append(parent)
    try:
        yield
    finally:
        _parents.pop()


def current_model():
    return getattr(_thread, "model", _current_model)


def _set_current_model(model):
    global _current_model
    _current_model = model
    _thread.model = model


class SolverObject:
    """Base of every msolve entity.

    Every entity created after a ``Model`` joins that model. Ids are unique per class; when
    not given they are assigned from 1 in creation order, skipping ids already in use.
    """

    #: classes whose instances accept attributes that are not properties
    _open_attributes = False
    #: the constructor's keywords, from the property table (msolve/signatures.py)
    __signature__ = ClassSignature()

    id = Int(doc="Unique among the objects of the same class; assigned when not given.")
    label = Str(doc="Free text.")
    name = Str(doc="Name used to look the object up.")
    active = Bool(True, doc="An inactive object is ignored by the solver.")

    def __init__(self, **kwds):
        # attributes first: an object whose keywords are rejected never joins the model
        model = current_model()
        explicit_id = kwds.pop("id", None)
        self._model = None
        self._parent = None
        self._apply(kwds)
        if model is not None:
            model._register(self, explicit_id)
        elif explicit_id is not None:
            self.id = explicit_id
        if _parents:
            self._parent = _parents[-1]
            self._parent._children.append(self)

    # -- attributes ----------------------------------------------------------------------

    @classmethod
    def _properties(cls):
        """The properties of the class, by name (computed once per class: every simulate
        reads them to tell whether the model changed)."""
        props = cls.__dict__.get("_property_table")
        if props is None:
            props = {}
            for klass in reversed(cls.__mro__):
                for key, value in vars(klass).items():
                    if isinstance(value, Property):
                        props[key] = value
            cls._property_table = props
        return props

    def _apply(self, kwds):
        props = self._properties()
        aliases = getattr(self, "_aliases", {})
        for key, value in kwds.items():
            key = aliases.get(key, key)
            if key not in props:
                raise TypeError(f"{self._describe()}: unknown attribute '{key}'{self._hint(key)}")
            setattr(self, key, value)

    def _check_open_attribute(self, key, value):
        """A Part or a Composite keeps any attribute (``part.A = Marker(...)``); a value
        that is not an entity under a name close to a documented attribute is most likely a
        typing error, and is said to be one (it is kept as a plain Python attribute)."""
        if isinstance(value, SolverObject) or key in self.__dict__:
            return
        hint = self._hint(key)
        if hint:
            warnings.warn(
                f"{self._describe()}: '{key}' is not an attribute of {type(self).__name__}"
                f"{hint} It was kept as a plain Python attribute, which the solver does not "
                "read",
                stacklevel=3,
            )

    @classmethod
    def _hint(cls, key):
        """' (did you mean ...?)' for a name close to a documented attribute, else ''."""
        names = [*cls._properties(), *getattr(cls, "_aliases", {})]
        close = difflib.get_close_matches(key, names, n=3, cutoff=0.7)
        if not close:
            close = [n for n in names if n.lower() == key.lower()]
        return f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""

    def setValues(self, **kwds):
        """Assign several attributes at once: ``marker.setValues(qp=[0, 0, 1], zp=[0, 0, 2])``."""
        self._apply(kwds)

    def __setattr__(self, key, value):
        if key.startswith("_") or self._open_attributes:
            if not key.startswith("_") and not hasattr(type(self), key):
                self._check_open_attribute(key, value)
            object.__setattr__(self, key, value)
            return
        aliases = getattr(type(self), "_aliases", {})
        key = aliases.get(key, key)
        if not hasattr(type(self), key):
            raise AttributeError(f"{self._describe()}: unknown attribute '{key}'{self._hint(key)}")
        object.__setattr__(self, key, value)

    def _property_changed(self, name):
        model = self.__dict__.get("_model")
        if model is not None:
            model._changed(self, name)

    # -- look-ups and summary -----------------------------------------------------------

    @property
    def parent(self):
        """The Composite this object was created in, or None."""
        return self.__dict__.get("_parent")

    def lookupByName(self, type, name):
        """The entity of class ``type`` named ``name`` in this object's model, or None."""
        model = self.__dict__.get("_model")
        return None if model is None else model.lookupByName(type, name)

    def lookupById(self, type, id):
        """The entity of class ``type`` with the given id in this object's model, or None."""
        model = self.__dict__.get("_model")
        return None if model is None else model.lookupById(type, id)

    def summary(self, output=None, recursive=None, type=None, format=None):
        """Print a table of this object's attributes that differ from their defaults
        (references as ``Class/id``, ``-`` where a row keeps the default). ``output`` names
        a file to write instead (``.ipynb``: a notebook)."""
        write_summary([self], output, type)

    # -- identity ------------------------------------------------------------------------

    def _describe(self):
        label = self.label if "label" in self._properties() else ""
        ident = getattr(self, "_id", None) or self.__dict__.get("_p_id", 0)
        text = f"{type(self).__name__} {ident}" if ident else type(self).__name__
        return f"{text} '{label}'" if label else text

    def __repr__(self):
        return f"<{self._describe()}>"

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        return self is other


def _reference_names(cls):
    """The names of the Reference properties of `cls` (computed once per class)."""
    names = cls.__dict__.get("_reference_table")
    if names is None:
        names = [key for key, prop in cls._properties().items() if isinstance(prop, Reference)]
        cls._reference_table = names
    return names


def check_references(model, entities):
    """Raise ValueError when an entity of ``model`` refers to an entity that is not in it
    (one created before the Model, or one of another model): the solver would compile a
    reference to something it does not hold."""
    for obj in entities:
        for key in _reference_names(type(obj)):
            value = getattr(obj, key)
            for target in value if isinstance(value, list) else [value]:
                if not isinstance(target, SolverObject):
                    continue
                theirs = target.__dict__.get("_model")
                if theirs is None or theirs is model:
                    continue
                raise ValueError(
                    f"{obj._describe()}: attribute '{key}' refers to {target._describe()}, "
                    "which belongs to another model; an entity belongs to the model current "
                    "when it is created"
                )


class _CoreEntity(SolverObject):
    """An entity whose data lives in a bound C++ description object."""

    _core_type = None
    id = Int(field="_id", doc="Unique among the objects of the same class; > 0.")
    label = Str(field="_label", doc="Free text.")
    name = Str(field="_name", doc="Name used to look the object up.")
    active = Bool(True, field="_active", doc="An inactive object is ignored by the solver.")

    def __init__(self, **kwds):
        self._core_type.__init__(self)
        SolverObject.__init__(self, **kwds)


# -- summary tables ------------------------------------------------------------------------


_UNSET = object()


def _class_name(obj):
    model = obj.__dict__.get("_model")
    if model is not None:
        return model._class_key(obj)
    return type(obj).__name__


def _same(a, b):
    try:
        return bool(a == b)
    except Exception:
        return False


def _cell(value):
    if value is None or value is _UNSET:
        return "-"
    if isinstance(value, SolverObject):
        return f"{_class_name(value)}/{value.id}"
    if isinstance(value, Point):
        return str([float(v) for v in value])
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_cell(v) for v in value) + "]"
    return str(value)


def _changed_attributes(obj):
    """name -> value of the properties that differ from their defaults (id and name are
    always listed)."""
    out = {}
    for key, prop in type(obj)._properties().items():
        if not isinstance(prop, Property):
            continue
        try:
            value = getattr(obj, key)
        except Exception:
            continue
        if key in ("id", "name") or not _same(value, prop.default):
            out[key] = value
    return out


def _table(rows):
    """rows: list of (entity text, {column: value}); returns the table as text."""
    columns = ["id", "name"]
    others = sorted({key for _, values in rows for key in values} - set(columns))
    columns += others
    header = ["Entity", *columns]
    body = [
        [entity] + [_cell(values.get(c, _UNSET)) if values.get(c) != "" else "-" for c in columns]
        for entity, values in rows
    ]
    widths = [max(len(r[k]) for r in [header, *body]) for k in range(len(header))]

    def line(char):
        return "*" + "*".join(char * (w + 2) for w in widths) + "*"

    def row(cells):
        return "|" + "|".join(f" {c:<{w}} " for c, w in zip(cells, widths)) + "|"

    out = [line("-"), row(header), line("=")]
    for cells in body:
        out += [row(cells), line("-")]
    return "\n".join(out)


def summary_text(objects, type=None):
    """The tables of the given objects, one per class in order of first appearance."""
    groups = {}
    for obj in objects:
        if type is not None:
            names = {k.__name__ for k in obj.__class__.__mro__}
            if (type if isinstance(type, str) else type.__name__) not in names:
                continue
        groups.setdefault(_class_name(obj), []).append(obj)
    tables = []
    for cls, members in groups.items():
        rows = []
        for obj in members:
            values = _changed_attributes(obj)
            entity = values.get("name") or getattr(obj, "label", "") or f"{cls}/{obj.id}"
            rows.append((entity, values))
        tables.append(f"{cls}\n{_table(rows)}")
    return "\n\n".join(tables)


def write_summary(objects, output=None, type=None):
    """Print the summary, or write it to the file ``output`` (a notebook for .ipynb)."""
    text = summary_text(objects, type)
    if output is None:
        sys.stdout.write(text + "\n")
        return
    path = Path(output)
    if path.suffix.lower() == ".ipynb":
        notebook = {
            "cells": [
                {"cell_type": "markdown", "metadata": {}, "source": ["```\n", text, "\n```\n"]}
            ],
            "metadata": {},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        path.write_text(json.dumps(notebook, indent=1))
    else:
        path.write_text(text + "\n")
