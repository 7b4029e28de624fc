"""Pickling a Model through its dataset form, so that multiprocessing, joblib and Dask can
carry it to another process (docs/architecture.md §2.11).

What travels is the model's description: the dataset text ``save_model`` writes (every
active entity and its attributes, the simulate calls made so far as the Command block), and
the Python user routines beside it, pickled by reference as pickle does any function
(so they must be importable where the model is unpickled). The state and the results of
runs do not travel: the unpickled model starts at time 0, like a dataset loaded with
``load_model``."""

from __future__ import annotations

import warnings

from .base import _set_current_model, current_model
from .properties import Routine

# the routine attribute a callable is replaced with while the dataset is written: a
# compiled-routine name, which the dataset keeps as it is and the reader gives back
_LIBRARY = "msolve-pickled-routine"


def reduce_model(model):
    """``Model.__reduce__``: (rebuild, (dataset text, routines by their placeholder))."""
    # msolve.xml builds Models (it imports msolve.model): imported when used
    from .xml.writer import dataset_text

    routines = {}
    swapped = []
    for obj in model._entities:
        for key in _routine_keys(obj):
            routine = obj.__dict__.get(key)
            if routine is None or isinstance(routine, str):
                continue
            placeholder = f"{_LIBRARY}::{len(routines)}"
            routines[placeholder] = routine
            swapped.append((obj, key, routine))
            obj.__dict__[key] = placeholder
    try:
        with warnings.catch_warnings():
            # the entities without a dataset element travel beside the text (below)
            warnings.filterwarnings("ignore", r"save_model: (Dv|Rv) \d+.* was left out")
            text = dataset_text(model, "pickled.xml")
    finally:
        for obj, key, routine in swapped:
            obj.__dict__[key] = routine
    return rebuild_model, (text, routines, _without_element(model), _exact_coordinates(model))


def _exact_coordinates(model):
    """The ``exact`` words of the Parts and PointMasses that give them: no dataset attribute
    holds them (docs/motionsolve-compatibility.md §9), so they travel beside the text."""
    return [
        (type(obj).__name__, obj.id, list(obj.exact))
        for obj in model._entities
        if type(obj).__name__ in ("Part", "PointMass") and getattr(obj, "exact", None)
    ]


def _without_element(model):
    """The Dvs and Rvs (MotionSolve's dataset reference has no element for them): their class
    and the attributes given, pickled beside the dataset text."""
    # the Rvs a response made for itself are its own: they go with it
    owned = {id(rv) for obj in model._entities for rv in obj.__dict__.get("_rvs", ())}
    out = []
    for obj in model._entities:
        klass = type(obj)
        if klass.__name__ not in ("Dv", "Rv") or not klass.__module__.startswith("msolve."):
            continue
        if id(obj) in owned:
            continue
        values = {"id": obj.id, "label": obj.label}
        values.update((name, getattr(obj, name)) for name in _given(obj))
        out.append((klass, values))
    return out


def _given(obj):
    """The attributes of an entity whose value differs from the default."""
    given = set()
    for name, prop in type(obj)._properties().items():
        if name in ("id", "label", "name"):
            continue
        try:
            value = getattr(obj, name)
        except AttributeError:
            continue
        if value is not None and value != prop.default:
            given.add(name)
    return given


def rebuild_model(text, routines, without_element=(), exact=()):
    """The Model of a pickled dataset text, its routines, the entities without a dataset
    element and the bodies' exact coordinates put back; the current model is left as it
    was."""
    from .xml.reader import read_dataset

    previous = current_model()
    try:
        model = read_dataset("pickled.xml", data=text.encode("utf-8")).model
        _set_current_model(model)
        for klass, values in without_element:
            klass(**values)
        held = {(kind, ident): words for kind, ident, words in exact}
        for obj in model._entities:
            words = held.get((type(obj).__name__, getattr(obj, "id", None)))
            if words:
                obj.exact = words
    finally:
        _set_current_model(previous)
    for obj in model._entities:
        for key in _routine_keys(obj):
            routine = obj.__dict__.get(key)
            if isinstance(routine, str) and routine in routines:
                setattr(obj, key[len("_p_") :], routines[routine])
    return model


def _routine_keys(obj):
    """Where the entity keeps its routines (the instance dictionary keys of its Routine
    properties)."""
    properties = getattr(obj, "_properties", None)
    if properties is None:
        return []
    return ["_p_" + name for name, prop in properties().items() if isinstance(prop, Routine)]
