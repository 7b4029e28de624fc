"""Results of an analysis as NumPy arrays: ``run.getObject(request).getComponent("FZ")``."""

from __future__ import annotations

import numpy as np

from .bodies import Part, PointMass

_COMPONENTS = {
    "DISPLACEMENT": ["MAG", "X", "Y", "Z", "", "PSI", "THETA", "PHI"],
    "VELOCITY": ["VM", "VX", "VY", "VZ", "WM", "WX", "WY", "WZ"],
    "ACCELERATION": ["ACCM", "ACCX", "ACCY", "ACCZ", "WDTM", "WDTX", "WDTY", "WDTZ"],
    "FORCE": ["FM", "FX", "FY", "FZ", "TM", "TX", "TY", "TZ"],
    "EXPRESSION": ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"],
}
_BODY_COMPONENTS = ["X", "Y", "Z", "E0", "E1", "E2", "E3"]
_ENERGY_COMPONENTS = ["KINETIC", "GRAVITATIONAL", "ELASTIC", "WORK", "TOTAL", "BALANCE"]


def component_names(entity):
    """The names of the components of the results of ``entity``, in order: the 8 of a
    Request by its type (F1..F8 when a routine gives it; the fifth of a DISPLACEMENT request
    is unused and named ""), or the 7 of a Part or PointMass (X Y Z of the mass centre, E0..E3)."""
    if isinstance(entity, (Part, PointMass)):
        return list(_BODY_COMPONENTS)
    # a request given by a routine (REQSUB) has the user components F1..F8
    kind = "EXPRESSION" if entity.routine is not None else entity.type
    return list(_COMPONENTS[kind])


class _SeriesResult:
    """Time history of one entity; components by name or index."""

    def __init__(self, entity, times, values, names):
        self.entity = entity
        self.times = times
        self._values = values
        self.names = names

    def getComponent(self, component):
        """A component as an array over the output times: by name (case-insensitive), by
        index, or ``"times"``."""
        if isinstance(component, str):
            key = component.upper()
            if key in ("TIMES", "TIME"):
                return self.times
            if key not in self.names or not key:
                raise KeyError(
                    f"{self.entity!r} has no component {component!r}; "
                    f"components: {', '.join(n for n in self.names if n)}"
                )
            return self._values[:, self.names.index(key)]
        index = int(component)
        if not 0 <= index < len(self.names):
            raise IndexError(f"{self.entity!r}: component index {index} out of range")
        return self._values[:, index]

    @property
    def values(self):
        """All components over the output times: an array of one row per output time and
        one column per component (in the order of ``names``)."""
        return self._values

    def getStep(self, step):
        """All components at output step ``step`` as a dictionary (with ``time``)."""
        row = {"time": float(self.times[step])}
        for k, name in enumerate(self.names):
            if name:
                row[name] = float(self._values[step, k])
        return row

    def __len__(self):
        return len(self.times)


class RequestResult(_SeriesResult):
    """Time history of a Request (8 components). The request's ``cnames`` name its
    components too: ``getComponent("spring force")`` when ``cnames[k]`` is that name."""

    def getComponent(self, component):
        if isinstance(component, str) and component.upper() not in ("TIMES", "TIME"):
            key = component.upper()
            if key not in self.names or not key:
                cnames = getattr(self.entity, "cnames", None)
                given = [cnames] if isinstance(cnames, str) else list(cnames or [])
                for k, name in enumerate(given[:8]):
                    if name and name.strip().upper() == key.strip():
                        return self._values[:, k]
        return super().getComponent(component)


class BodyResult(_SeriesResult):
    """Time history of a Part: X Y Z of the mass centre, E0..E3 of the part orientation."""


class SensorEvent:
    """One firing of a Sensor: ``sensor``, ``time`` (where its test became true, located by
    the integrator), ``value`` (the sensed value there) and ``actions``, the actions taken
    ("halt", "return", "print", "dt", "hmax", "stepsize", "restart", "zero_crossing",
    "evaluate")."""

    def __init__(self, record):
        self.sensor = record.sensor
        self.time = float(record.time)
        self.value = float(record.value)
        self.actions = list(record.actions)

    def __repr__(self):
        actions = ", ".join(self.actions) or "no action"
        return f"<SensorEvent {self.sensor._describe()} at {self.time:.9g}: {actions}>"


class EnergyResult(_SeriesResult):
    """The energy accounting of the model over the output times, in force x length (model
    units): ``KINETIC`` (translation and rotation of every part), ``GRAVITATIONAL``
    (-m g.r of every part's mass centre), ``ELASTIC`` (energy stored in SpringDampers,
    stiffness and preload, and Springsats), ``WORK``, the work done since time zero by every
    other force (dampers, friction, Sforces, Vforces, Bushings, SignForces, Motions through
    their reactions, a gravity that changes in time), ``TOTAL`` = KINETIC + GRAVITATIONAL +
    ELASTIC and ``BALANCE`` = TOTAL - WORK, which stays at its initial value to the
    accuracy of the integration when the books close."""


class SimulationResults:
    """Everything one ``simulate`` call produced.

    ``times`` (output times), ``getObject(entity)``, ``messages`` (the log), ``stats``
    (integrator counts), ``stepTimes`` (the end time of every integrator step; in a
    kinematic analysis every solution point: outputs, kinks of the motions, events),
    ``constraintErrors``; ``events`` (every Sensor firing, a list of SensorEvent),
    ``stoppedBy`` (the SensorEvent whose halt or return ended this simulate, or None) and
    ``halted`` (a halt ended the analysis)."""

    def __init__(self, core_results):
        self.times = np.asarray(core_results.times)
        self.messages = list(core_results.messages)
        self.stats = dict(core_results.stats)
        self.ok = core_results.ok
        self.error = core_results.error
        #: the end time of every integrator step, in order
        self.stepTimes = np.asarray(core_results.step_times)
        self.events = [SensorEvent(record) for record in core_results.events]
        stopped = core_results.stopped_by
        self.stoppedBy = self.events[stopped] if stopped >= 0 else None
        self.halted = bool(core_results.halted)
        #: per output time: largest position-constraint and velocity-constraint residual
        self.constraintErrors = np.asarray(core_results.constraint_errors)
        self._objects = {}
        for request, values in core_results.requests:
            names = component_names(request)
            self._objects[id(request)] = RequestResult(request, self.times, values, names)
        for part, values in core_results.bodies:
            self._objects[id(part)] = BodyResult(part, self.times, values, component_names(part))
        energy = np.asarray(core_results.energy).reshape(-1, 4)
        total = energy[:, :3].sum(axis=1)
        #: energy accounting: KINETIC, GRAVITATIONAL, ELASTIC, WORK, TOTAL, BALANCE (EnergyResult)
        self.energy = EnergyResult(
            "energy",
            self.times,
            np.column_stack([energy, total, total - energy[:, 3]]),
            _ENERGY_COMPONENTS,
        )

    def getObject(self, entity):
        """The RequestResult of a Request or the BodyResult of a Part."""
        try:
            return self._objects[id(entity)]
        except KeyError:
            raise KeyError(f"no results for {entity!r}") from None

    def __repr__(self):
        return f"<SimulationResults: {len(self.times)} outputs, {len(self._objects)} objects>"
