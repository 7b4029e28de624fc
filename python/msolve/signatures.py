"""Signatures of the entity classes, generated from their property tables, so that
``inspect.signature``, ``help()``, editors and Jupyter show every attribute a constructor
takes, with its type and default (docs/architecture.md §2.11). Every attribute is a
keyword; a class that keeps attributes it does not declare (Part, Composite) also takes
``**attributes``."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable

from . import properties as p


def annotation(prop):
    """The type of the values a property accepts, for a signature."""
    declared = getattr(type(prop), "annotation", None)
    if declared is not None:
        return declared
    if isinstance(prop, p.Enum):
        kind = typing.Literal[prop.words]
    elif isinstance(prop, p.References):
        kind = list[_referenced(prop)]
    elif isinstance(prop, p.Reference):
        kind = _referenced(prop)
    elif isinstance(prop, p.Routine):
        kind = typing.Union[Callable, str]
    elif isinstance(prop, (p.Location, p.Ips)):
        kind = typing.Union[p.Point, list[float]]
    elif isinstance(prop, p.Doubles):
        kind = list[float]
    elif isinstance(prop, p.Ints):
        kind = list[int]
    elif isinstance(prop, p.Bool):
        kind = bool
    elif isinstance(prop, p.Int):
        kind = int
    elif isinstance(prop, p.Double):
        kind = float
    elif isinstance(prop, p.Str):
        kind = str
    else:
        return inspect.Parameter.empty
    if prop.count is not None and not isinstance(prop, (p.Doubles, p.Ints, p.References)):
        kind = list[kind]
    if prop.default is None or getattr(prop, "optional", False):
        kind = typing.Optional[kind]
    return kind


def _referenced(prop):
    # the class referred to (named classes are found in the package, complete by now)
    try:
        return prop.target()
    except TypeError:
        return typing.Any


def signature(cls):
    """``cls(*, attribute=default, ...)`` for an entity class."""
    params = [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            default=prop.default,
            annotation=annotation(prop),
        )
        for name, prop in cls._properties().items()
        if name.isidentifier() and not name.startswith("_")
    ]
    if getattr(cls, "_open_attributes", False):
        params.append(inspect.Parameter("attributes", inspect.Parameter.VAR_KEYWORD))
    return inspect.Signature(params)


class ClassSignature:
    """The ``__signature__`` of SolverObject and its subclasses: computed from the class's
    property table when first asked (the table is complete once the class is)."""

    def __get__(self, obj, owner=None):
        cls = owner if owner is not None else type(obj)
        sig = cls.__dict__.get("_signature_cache")
        if sig is None:
            sig = signature(cls)
            cls._signature_cache = sig
        return sig
