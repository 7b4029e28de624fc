"""Model: the container every entity joins, and the analyses."""

from __future__ import annotations

import math
import warnings

from . import _core
from .base import _set_current_model
from .results import SimulationResults


class MsolveError(RuntimeError):
    """An analysis ended early. ``results`` holds what was computed up to that point."""

    def __init__(self, message, results=None):
        super().__init__(message)
        self.results = results


class Model(_core.ModelSpec):
    """The model: ``model = Model(output="pendulum")``. Every entity created afterwards
    belongs to it; arbitrary attributes may be attached (``model.r1 = Request(...)``)."""

    def __init__(self, output=None, **kwds):
        _core.ModelSpec.__init__(self)
        self.output = output
        self._entities = []
        self._by_class = {}
        self._ids = {}  # id(entity) -> its id in _by_class
        self._auto = {}
        self._simulation = None
        self._revision = 0
        self._compiled_revision = None
        self.results = None
        for key in kwds:
            warnings.warn(f"Model: unknown argument '{key}' ignored", stacklevel=2)
        _set_current_model(self)

    # -- registration --------------------------------------------------------------------

    @staticmethod
    def _class_key(obj):
        for klass in type(obj).__mro__:
            if klass.__module__.startswith("msolve.") and klass.__name__[0] != "_":
                return klass.__name__
        return type(obj).__name__

    def _register(self, obj, explicit_id):
        key = self._class_key(obj)
        used = self._by_class.setdefault(key, {})
        if explicit_id is None:
            n = self._auto.get(key, 1)
            while n in used:
                n += 1
            self._auto[key] = n + 1
            ident = n
        else:
            ident = explicit_id
        obj.__dict__["_model"] = None  # no change notifications while being built
        obj.id = ident
        obj.__dict__["_model"] = self
        self._reindex(obj)
        self._entities.append(obj)
        if hasattr(obj, "_core_type"):
            self._add(obj)
        self._revision += 1

    def _changed(self, obj, name):
        if name == "id":
            self._reindex(obj)
        self._revision += 1

    def _reindex(self, obj):
        key = self._class_key(obj)
        used = self._by_class.setdefault(key, {})
        ident = obj.id
        if ident <= 0:
            raise ValueError(f"{obj._describe()}: id must be a positive integer, got {ident}")
        holder = used.get(ident)
        if holder is not None and holder is not obj:
            raise ValueError(f"{type(obj).__name__} id {ident} is already used by {holder!r}")
        previous = self._ids.get(id(obj))
        if previous is not None and used.get(previous) is obj:
            del used[previous]
        used[ident] = obj
        self._ids[id(obj)] = ident

    def __setattr__(self, key, value):
        object.__setattr__(self, key, value)

    # -- lookup --------------------------------------------------------------------------

    def lookupById(self, type, id):
        """The entity of class ``type`` (a class or its name) with the given id, or None."""
        name = type if isinstance(type, str) else type.__name__
        return self._by_class.get(name, {}).get(id)

    def lookupByName(self, type, name):
        """The first entity of class ``type`` whose ``name`` (or label) is ``name``."""
        cls_name = type if isinstance(type, str) else type.__name__
        for obj in self._by_class.get(cls_name, {}).values():
            if getattr(obj, "name", None) == name or getattr(obj, "label", None) == name:
                return obj
        return None

    def getChildren(self, type=None, name=None, recursive=True):
        """Entities of the model, optionally of one class and with a given name."""
        import fnmatch

        out = []
        for obj in self._entities:
            if type is not None:
                cls = type if not isinstance(type, str) else None
                if cls is not None and not isinstance(obj, cls):
                    continue
                if cls is None and self._class_key(obj) != type:
                    continue
            if name is not None and not fnmatch.fnmatchcase(getattr(obj, "name", "") or "", name):
                continue
            out.append(obj)
        return out

    # -- analyses ------------------------------------------------------------------------

    def reset(self):
        """Forget the analysis state: the next simulate starts again from time zero."""
        self._simulation = None
        self._compiled_revision = None
        self.results = None
        _set_current_model(self)

    def simulate(
        self,
        type="DYNAMICS",
        start=0.0,
        end=None,
        duration=None,
        dtout=None,
        steps=None,
        returnResults=False,
        **kwds,
    ):
        """Run an analysis from the current time. ``end`` or ``duration``; ``dtout`` or
        ``steps`` (default dtout 0.01). Consecutive calls continue from the current state.
        Returns SimulationResults when ``returnResults`` is true."""
        for key in kwds:
            warnings.warn(f"simulate: argument '{key}' is not supported and was ignored",
                          stacklevel=2)
        if self._simulation is not None and self._compiled_revision != self._revision:
            raise MsolveError(
                "the model changed after the last simulate; changes between simulate calls "
                "are not supported yet: call model.reset() to start again from time zero"
            )
        if self._simulation is None:
            try:
                self._simulation = _core.Simulation(self)
            except _core.RoutineError as e:
                # a routine failed in its dependency pass (iflag), before any output
                raise MsolveError(f"the analysis could not start: {e}") from None
            self._compiled_revision = self._revision
        now = self._simulation.time
        if end is None and duration is None:
            raise ValueError("simulate: give end or duration")
        if end is not None and duration is not None:
            raise ValueError("simulate: give end or duration, not both")
        if end is None:
            end = now + float(duration)
        end = float(end)
        if end < now:
            raise ValueError(f"simulate: end {end} is before the current time {now}")
        if dtout is not None and steps is not None:
            raise ValueError("simulate: give dtout or steps, not both")
        if steps is not None:
            if int(steps) < 1:
                raise ValueError("simulate: steps must be at least 1")
            dtout = (end - now) / int(steps) if end > now else 1.0
        elif dtout is None:
            dtout = 0.01
        dtout = float(dtout)
        if not (dtout > 0 and math.isfinite(dtout)):
            raise ValueError(f"simulate: dtout must be positive, got {dtout}")
        core = self._simulation.simulate(str(type), end, dtout)
        results = SimulationResults(core)
        self.results = results
        for line in results.messages:
            print(f"msolve: {line}")
        if not results.ok:
            raise MsolveError(f"the analysis stopped: {results.error}", results)
        return results if returnResults else None
