"""Write msolve models as MotionSolve XML datasets: ``model.save_model(path)``.

The dataset holds a ``<Model>`` block with one element per entity, in the form
``msolve.xml.reader`` reads (see its table), and a ``<Command>`` block with one
``<Simulate>`` per ``simulate`` call made so far (or the one given to ``save_model``),
then ``<Stop/>``. Numbers are written with all their digits, so that reading the dataset
back gives the same model.

* Markers are written in global coordinates with their direction cosines; a part whose
  frame is not the global frame gets an extra marker, its local part reference frame
  (``lprf_id``), with the next free marker id.
* Python routines are written as ``script_name`` (the file of the module that defines the
  function) and ``usrsub_fnc_name``; the function must be defined at the top level of a
  module other than the main script. Compiled routines (``"lib::fn"``) are written as
  ``usrsub_dll_name`` and ``usrsub_fnc_name``.
* Composites are written as the entities they are made of; Output has no element.
* A ``Model.control`` call is written as a ``UserProgramControl`` command in the place of
  the analyses its CONSUB ran.
* Inactive entities are left out (with a warning).

This module drives the writing; the element of each kind of entity is written by the
module that also reads it (``bodies``, ``constraints``, ``forces``, ``controls``,
``outputs``, ``sensors``, ``settings``), which registers its writers and their place in the
dataset (``registry.writes``).
"""

from __future__ import annotations

import inspect
import os
import sys
import warnings
from pathlib import Path

from ..composite import Composite
from ..placement import resolved
from . import (  # noqa: F401 (registering)
    bodies,
    constraints,
    controls,
    deformable,
    forces,
    linear,
    outputs,
    refused,
    sensors,
    settings,
)
from .element import _Element
from .registry import writers


class DatasetWriteError(ValueError):
    """The model holds something that a dataset cannot express; names the entity."""


def save_model(model, path, simulate=None):
    """Write ``model`` to the dataset ``path``. ``simulate`` (a dict of ``simulate``
    arguments: type, end or duration, dtout or steps) gives the Simulate command; without
    it the simulate calls made so far are written."""
    path = Path(path)
    path.write_text(dataset_text(model, path, simulate), encoding="utf-8")
    return path


def dataset_text(model, path, simulate=None):
    """The text of the dataset ``save_model`` writes at ``path`` (script paths are relative
    to it)."""
    writer = _Writer(model, Path(path))
    # Marker rm/zv/xv/usexp, Part zv/xv/vm/wm and joint initial conditions, as the solver
    # reads them (the dataset gives global positions and velocities)
    with resolved(model._entities):
        return writer.write(simulate)


class _Writer:
    def __init__(self, model, path):
        self.model = model
        self.path = path
        self.elements = []
        self.frames = {}
        self.extra_markers = []  # ids given to the lprf markers of part frames

    def fail(self, entity, message):
        return DatasetWriteError(f"save_model: {entity._describe()}: {message}")

    # -- driver ------------------------------------------------------------------------

    def write(self, simulate):
        entities = []
        for obj in self.model._entities:
            if isinstance(obj, Composite):
                continue
            if type(obj).__name__ in _NO_ELEMENT and type(obj).__module__.startswith("msolve."):
                reason = _NO_ELEMENT[type(obj).__name__]
                warnings.warn(f"save_model: {obj._describe()} was left out: {reason}", stacklevel=4)
                continue
            if "active" in obj._properties() and not obj.active:
                warnings.warn(
                    f"save_model: {obj._describe()} is inactive and was left out", stacklevel=4
                )
                continue
            entities.append(obj)
        groups = {}
        for obj in entities:
            name = _family(obj)
            if name not in _WRITERS and name not in _NOT_WRITTEN:
                # a refused element (msolve/refused.py) says which element it lacks
                why = getattr(obj, "_unwritten", "") or "cannot be written to a dataset yet"
                raise self.fail(obj, why)
            groups.setdefault(name, []).append(obj)
        for name, function in _WRITERS.items():
            for obj in groups.get(name, []):
                function(self, obj)
        runs = [simulate] if simulate is not None else list(getattr(self.model, "_runs", []))
        return self.render(runs)

    def render(self, runs):
        out = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            "<!-- written by msolve (Model.save_model) -->",
            "<MSolveModel>",
            " <Model>",
        ]
        out += [e.render(2) for e in self.elements]
        out.append(" </Model>")
        out.append(" <Command>")
        for run in runs:
            if run.get("type") == "CONTROL":
                out.append(self.control(run).render(2))
            else:
                out.append(settings.write_simulate(run).render(2))
        out.append("  <Stop/>")
        out.append(" </Command>")
        out.append("</MSolveModel>")
        return "\n".join(out) + "\n"

    def control(self, run):
        """The UserProgramControl command of a ``Model.control`` call."""
        element = _Element("UserProgramControl")
        if run.get("script") and callable(run["routine"]):
            # a CONSUB of a script file: the file and the function's name
            element.set("usrsub_param_string", run["function"] or "USER()")
            element.set("script_name", self.relative(run["script"]))
            element.set("interpreter", "PYTHON")
            element.set("usrsub_fnc_name", run["routine"].__name__)
            return element
        self.routine(element, _ControlCall(run), "CONSUB", typed=False)
        return element

    def family(self, obj):
        """The entity class ``obj`` is written as (a subclass of Part is written as a Part)."""
        return _family(obj)

    def add(self, tag, entity=None):
        element = _Element(tag, entity)
        if entity is not None:
            element.set("id", entity.id)
            if entity.label:
                element.set("label", entity.label)
        self.elements.append(element)
        return element

    def ref(self, obj, name):
        """The id of the entity in attribute ``name`` of ``obj`` (None when unset)."""
        target = getattr(obj, name)
        return None if target is None else target.id

    def need(self, obj, name):
        target = getattr(obj, name)
        if target is None:
            raise self.fail(obj, f"'{name}' is not set")
        return target.id

    # -- user routines ----------------------------------------------------------------

    def relative(self, path):
        """``path`` as the dataset names it: relative to the dataset's folder."""
        return _relative(Path(path), self.path.parent)

    def routine(self, element, obj, default_name, typed=True):
        """USERSUB attributes for the routine of ``obj`` (its ``function`` holds USER(...));
        ``typed=False`` for elements whose ``type`` says something else (forces)."""
        routine = obj.routine
        if typed:
            element.set("type", "USERSUB")
        element.set("usrsub_param_string", obj.function or "USER()")
        if isinstance(routine, str):
            library, _, name = routine.partition("::")
            element.set("usrsub_dll_name", library)
            element.set("usrsub_fnc_name", name or default_name)
            return
        name = getattr(routine, "__name__", None)
        module = sys.modules.get(getattr(routine, "__module__", None) or "")
        if (
            inspect.ismethod(routine)
            or module is None
            or getattr(module, name or "", None) is not routine
        ):
            raise self.fail(
                obj,
                f"its routine {routine!r} is not a function defined at the "
                "top level of a module, so a dataset cannot name it",
            )
        if module.__name__ == "__main__":
            raise self.fail(
                obj,
                "its routine is defined in the main script; move it to a "
                "module of its own so that the dataset can name that file",
            )
        source = inspect.getsourcefile(routine)
        if source is None:
            raise self.fail(obj, f"the source file of its routine {name} is unknown")
        element.set("script_name", _relative(Path(source), self.path.parent))
        element.set("interpreter", "PYTHON")
        element.set("usrsub_fnc_name", name)

    def expression_or_routine(self, element, obj, attribute, default_name):
        """An element of type EXPRESSION (the expression in ``attribute``) or USERSUB."""
        if obj.routine is not None:
            self.routine(element, obj, default_name)
        else:
            element.set("type", "EXPRESSION")
            element.set(attribute, obj.function)


class _ControlCall:
    """A ``Model.control`` call as ``routine`` writes it: its routine and USER numbers."""

    def __init__(self, run):
        self.routine = run["routine"]
        self.function = run["function"]

    def _describe(self):
        return "Model.control"


def _relative(target, start):
    try:
        return os.path.relpath(target.resolve(), start.resolve())
    except ValueError:
        return str(target.resolve())


def _family(obj):
    for klass in type(obj).__mro__:
        if klass.__module__.startswith("msolve.") and klass.__name__ in _WRITERS:
            return klass.__name__
        if klass.__name__ in _NOT_WRITTEN and klass.__module__.startswith("msolve."):
            return klass.__name__
    return type(obj).__name__


# classes of msolve's Python interface that MotionSolve's dataset reference has no element
# for: left out of a dataset, with a warning
_NO_ELEMENT = {
    "Dv": "design variables have no dataset element (the numbers they gave are written)",
    "Rv": "response variables have no dataset element in MotionSolve's reference",
    **dict.fromkeys(
        (
            "RMS2",
            "ValueAtTime",
            "ValueAtG",
            "DeviationSquared",
            "GenericResponse",
            "ResponseExpression",
            "MaxVal",
            "MinVal",
            "Slope2",
            "Slope2Deviation",
            "Optimizer",
        ),
        "the optimisation toolkit has no dataset element",
    ),
}

# output settings without an element in the Model block: not written
_NOT_WRITTEN = ("Output", "H3dOutput", "Debug")

# the element writers, registered by the modules of the kinds (registry.writes), in the
# order of the elements in the dataset
_WRITERS = writers()
