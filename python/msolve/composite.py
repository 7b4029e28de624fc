"""Composite: user-defined modelling elements built from msolve entities, with the
Validator that their ``validateSelf`` receives and the ``tr`` message helper.

A Composite subclass declares its interface as class-level properties and builds its
entities in ``createChildren`` (once) and ``updateChildren`` (after construction and after
every change of a property)::

    class Damper(Composite):
        "A damper between two markers."
        i = Reference(Marker)
        j = Reference(Marker)
        c = Double(10.0)

        def createChildren(self):
            self.force = Sforce(type="TRANSLATION")

        def updateChildren(self):
            self.force.setValues(i=self.i, j=self.j)
            if self.i is not None and self.j is not None:
                self.force.function = f"-{self.c}*VR({self.i.id},{self.j.id})"

        def validateSelf(self, validator):
            validator.checkGe0("c")
"""

from __future__ import annotations

import fnmatch
import numbers

from .base import SolverObject, building_children_of, write_summary


def tr(text, *args, **kwds):
    """A message with ``{0}``, ``{1}``, ... (or ``{name}``) replaced by the arguments:
    ``tr("Mu dynamic({0}) must be <= Mu static ({1})", mud, mus)``."""
    return str(text).format(*args, **kwds)


class Composite(SolverObject):
    """Base class of user-defined modelling elements made of other msolve entities.

    Derive from Composite, declare the interface as class-level properties (``Double``,
    ``Int``, ``Bool``, ``Str``, ``Function``, ``Reference(Class)``, lists with ``count=``)
    and write the hooks:

    * ``createChildren()``: called once, when the object is created (after the keyword
      values are assigned); creates the entities the element is made of.
    * ``updateChildren()``: called after ``createChildren`` and again after every change
      of a property; sets the children's attributes from the property values.
    * ``validateSelf(validator)`` (optional): called at every ``simulate`` before the
      solver starts; checks the property values with ``validator.checkGe0("k")``,
      ``validator.checkLe("order", 4)``, ... (names in any case) and reports other
      problems with ``validator.sendError(msg)``. Failures stop the simulate with a
      ValueError naming the composite and the property.

    The entities created in ``createChildren`` and ``updateChildren`` belong to the model
    and are the composite's children (``getChildren()``). Any other attribute may be set on
    a composite (``self.diff = Diff(...)``). A composite can be instantiated many times, and
    changes to its properties between two ``simulate`` calls take effect in the second.
    """

    _open_attributes = True

    def __init__(self, **kwds):
        self.__dict__["_children"] = []
        self.__dict__["_stage"] = "building"  # building -> ready; updating while the hook runs
        super().__init__(**kwds)
        with building_children_of(self):
            self.createChildren()
        self.__dict__["_stage"] = "ready"
        self._update_children()

    # -- hooks (overridden by subclasses) ------------------------------------------------

    def createChildren(self):
        """Create the entities this element is made of (called once, at creation)."""

    def updateChildren(self):
        """Set the children's attributes from the property values (called after
        createChildren and after every property change)."""

    def validateSelf(self, validator):
        """Check the property values before the solver starts (see Validator)."""

    # -- machinery -----------------------------------------------------------------------

    _base_properties = frozenset({"id", "label", "name", "active"})

    def _update_children(self):
        self.__dict__["_stage"] = "updating"
        try:
            with building_children_of(self):
                self.updateChildren()
        finally:
            self.__dict__["_stage"] = "ready"

    def _property_changed(self, name):
        super()._property_changed(name)
        # a change made by updateChildren itself (e.g. an output expression) does not re-run it
        if self.__dict__.get("_stage") == "ready" and name not in self._base_properties:
            self._update_children()

    def _validate(self):
        """Run validateSelf; raise ValueError listing every failed check."""
        validator = Validator(self)
        self.validateSelf(validator)
        if validator.errors:
            lines = "\n  ".join(validator.errors)
            sep = "\n  " if len(validator.errors) > 1 else " "
            raise ValueError(f"{self._describe()}:{sep}{lines}")

    # -- children ------------------------------------------------------------------------

    def getChildren(self, type=None, name=None, recursive=True, context=None):
        """The entities created by this composite (and, with ``recursive``, by the
        composites among them), optionally only those of class ``type`` (a class or its
        name) whose ``name`` matches the pattern ``name`` (wildcards * ? [...])."""
        out = []
        for child in self._children:
            if _matches(child, type, name):
                out.append(child)
            if recursive and isinstance(child, Composite):
                out.extend(child.getChildren(type, name, True))
        return out

    def getChild(self, name=None, context=None, **kwds):
        """The first child matching ``name`` (and ``type=``), or None."""
        found = self.getChildren(kwds.get("type"), name)
        return found[0] if found else None

    def summary(self, output=None, recursive=None, type=None, format=None):
        """Print a table of this composite's non-default attributes and of its children's
        (``recursive=False``: only the direct children)."""
        children = self.getChildren(recursive=recursive is not False)
        write_summary([self, *children], output, type)


def _matches(obj, type, name):
    if type is not None:
        if isinstance(type, str):
            if type not in {k.__name__ for k in obj.__class__.__mro__}:
                return False
        elif not isinstance(obj, type):
            return False
    if name is not None:
        own = getattr(obj, "name", "") or ""
        if not fnmatch.fnmatchcase(own, name):
            return False
    return True


class Validator:
    """Collects the problems ``validateSelf`` finds. Property names are matched without
    regard to case (``checkGe0("VS")`` checks the property ``vs``). Each check returns
    True when it holds; a list property holds when every value does."""

    def __init__(self, obj):
        self.obj = obj
        self.errors = []

    def _property(self, attr):
        props = type(self.obj)._properties()
        if attr in props:
            return attr
        folded = {key.lower(): key for key in props}
        key = folded.get(str(attr).lower())
        if key is None:
            raise AttributeError(
                f"{self.obj._describe()}: validateSelf checks '{attr}', "
                "which is not one of its properties"
            )
        return key

    def _check(self, attr, holds, relation, bound):
        key = self._property(attr)
        value = getattr(self.obj, key)
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            if v is None:
                self.errors.append(f"'{key}' is not set; it must be {relation} {bound}")
                return False
            if isinstance(v, bool) or not isinstance(v, numbers.Real):
                self.errors.append(f"'{key}' must be a number {relation} {bound}, got {v!r}")
                return False
            if not holds(v):
                self.errors.append(f"'{key}' must be {relation} {bound}, got {value!r}")
                return False
        return True

    def checkGe(self, attr, value):
        """The property ``attr`` is >= value."""
        return self._check(attr, lambda v: v >= value, ">=", value)

    def checkGt(self, attr, value):
        """The property ``attr`` is > value."""
        return self._check(attr, lambda v: v > value, ">", value)

    def checkLe(self, attr, value):
        """The property ``attr`` is <= value."""
        return self._check(attr, lambda v: v <= value, "<=", value)

    def checkLt(self, attr, value):
        """The property ``attr`` is < value."""
        return self._check(attr, lambda v: v < value, "<", value)

    def checkGe0(self, attr):
        """The property ``attr`` is >= 0."""
        return self.checkGe(attr, 0)

    def checkGt0(self, attr):
        """The property ``attr`` is > 0."""
        return self.checkGt(attr, 0)

    def sendError(self, msg):
        """Report a problem the checks do not cover; the simulate stops with ``msg``."""
        self.errors.append(str(msg))

    error = sendError
