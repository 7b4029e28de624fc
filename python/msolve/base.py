"""SolverObject: registration in the current model, ids, keyword construction, setValues,
the parent (Composite) an object is created in, look-ups and summary."""

from __future__ import annotations

import contextlib

from .properties import Bool, Int, Property, Str

_current_model = None
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
    return _current_model


def _set_current_model(model):
    global _current_model
    _current_model = model


class SolverObject:
    """Base of every msolve entity.

    Every entity created after a ``Model`` joins that model. Ids are unique per class; when
    not given they are assigned from 1 in creation order, skipping ids already in use.
    """

    #: classes whose instances accept attributes that are not properties
    _open_attributes = False

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
                raise TypeError(f"{type(self).__name__}: unknown attribute '{key}'")
            setattr(self, key, value)

    def setValues(self, **kwds):
        """Assign several attributes at once: ``marker.setValues(qp=[0, 0, 1], zp=[0, 0, 2])``."""
        self._apply(kwds)

    def __setattr__(self, key, value):
        if key.startswith("_") or self._open_attributes:
            object.__setattr__(self, key, value)
            return
        aliases = getattr(type(self), "_aliases", {})
        key = aliases.get(key, key)
        if not hasattr(type(self), key):
            raise AttributeError(f"{self._describe()}: unknown attribute '{key}'")
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
        from .summary import write_summary

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
