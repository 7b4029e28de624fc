"""Results of an analysis as NumPy arrays: ``run.getObject(request).getComponent("FZ")``."""

from __future__ import annotations

import numpy as np

from . import animation, results_views
from .bodies import Part, PointMass

_COMPONENTS = {
    "DISPLACEMENT": ["MAG", "X", "Y", "Z", "", "PSI", "THETA", "PHI"],
    "VELOCITY": ["VM", "VX", "VY", "VZ", "WM", "WX", "WY", "WZ"],
    "ACCELERATION": ["ACCM", "ACCX", "ACCY", "ACCZ", "WDTM", "WDTX", "WDTY", "WDTZ"],
    "FORCE": ["FM", "FX", "FY", "FZ", "TM", "TX", "TY", "TZ"],
    "EXPRESSION": ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"],
}
_BODY_COMPONENTS = ["X", "Y", "Z", "E0", "E1", "E2", "E3"]
# a Contact's (docs/equations.md §3.13): the total force on I (global), the sums of the normal
# and friction forces over its points, the largest depth, the mean point weighted by the
# normal forces (the deepest point when none acts), the largest slip speed, the point count
CONTACT_COMPONENTS = [
    "FM", "FX", "FY", "FZ", "FN", "FF", "DEPTH", "PX", "PY", "PZ", "VSLIP", "NPOINTS",
]  # fmt: skip
# an Rv's: its value (ic plus the integral of its function) and its rate (the function)
RV_COMPONENTS = ["RVAL", "RVAL1"]
ENERGY_COMPONENTS = ["KINETIC", "GRAVITATIONAL", "ELASTIC", "WORK", "TOTAL", "BALANCE"]


def component_names(entity):
    """The names of the components of the results of ``entity``, in order: the 8 of a
    Request by its type (F1..F8 when a routine gives it; the fifth of a DISPLACEMENT request
    is unused and named ""), or the 7 of a Part or PointMass (X Y Z of the mass centre, E0..E3)."""
    kind = getattr(entity, "kind", None)  # an entity of a results file (h5_results.py)
    if isinstance(entity, (Part, PointMass)) or kind in ("Part", "PointMass"):
        return list(_BODY_COMPONENTS)
    if _is_contact(entity):
        return list(CONTACT_COMPONENTS)
    if _is_rv(entity):
        return list(RV_COMPONENTS)
    # a request given by a routine (REQSUB) has the user components F1..F8
    kind = "EXPRESSION" if entity.routine is not None else entity.type
    return list(_COMPONENTS[kind])


def _is_contact(entity):
    return getattr(entity, "kind", None) == "Contact" or type(entity).__name__ == "Contact"


def _is_rv(entity):
    return getattr(entity, "kind", None) == "Rv" or type(entity).__name__ == "Rv"


def channel_prefix(entity):
    """``Request2``, ``Part3``, ``PointMass4``: how result files and DataFrames name the
    channels of an entity."""
    kind = getattr(entity, "kind", None)
    if kind is None:
        kind = (
            "PointMass"
            if isinstance(entity, PointMass)
            else "Part"
            if isinstance(entity, Part)
            else "Contact"
            if _is_contact(entity)
            else "Rv"
            if _is_rv(entity)
            else "Request"
        )
    return f"{kind}{entity.id}"


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


class ContactResult(_SeriesResult):
    """Time history of a Contact: its CONTACT_COMPONENTS (FM FX FY FZ FN FF DEPTH PX PY PZ
    VSLIP NPOINTS)."""


class RVResult(_SeriesResult):
    """Time history of an Rv: RVAL (ic plus the time integral of its function) and RVAL1
    (the function, the rate of RVAL)."""


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
    ``halted`` (a halt ended the analysis); ``units`` (the unit of every channel, by its
    name as ``to_dataframe`` gives it). ``to_dataframe()``, ``plot(...)`` and
    ``animate(...)`` present them (results_views.py)."""

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
        self._named = {}
        self.units = {}
        for request, values in core_results.requests:
            self._keep(RequestResult(request, self.times, values, component_names(request)))
        for part, values in core_results.bodies:
            self._keep(BodyResult(part, self.times, values, component_names(part)))
        for contact, values in getattr(core_results, "contacts", []):
            self._keep(ContactResult(contact, self.times, values, component_names(contact)))
        for rv, values in getattr(core_results, "rvs", []):
            self._keep(RVResult(rv, self.times, values, component_names(rv)))
        energy = np.asarray(core_results.energy).reshape(-1, 4)
        total = energy[:, :3].sum(axis=1)
        #: energy accounting: KINETIC, GRAVITATIONAL, ELASTIC, WORK, TOTAL, BALANCE (EnergyResult)
        self.energy = EnergyResult(
            "energy",
            self.times,
            np.column_stack([energy, total, total - energy[:, 3]]),
            ENERGY_COMPONENTS,
        )

    @classmethod
    def from_tables(cls, times, series, energy, constraint_errors, messages, units, analyses=()):
        """Results from stored tables (a results file: h5_results.py): ``series`` a list of
        (entity, values, component names), ``energy`` the six columns of EnergyResult,
        ``analyses`` one dict per analysis (``stats``, ``events``, ``stepTimes``, ``ok``,
        ``error``, ``halted``, ``stoppedBy``). ``analyses`` is kept; events and step times
        are those of every analysis in order, ``stats`` the counts summed (``last_step``
        the last one's), the rest the last analysis'."""
        self = cls.__new__(cls)
        self.times = np.asarray(times)
        self.messages = list(messages)
        self.analyses = list(analyses)
        last = self.analyses[-1] if self.analyses else {}
        self.stats = {}
        for analysis in self.analyses:
            for key, value in analysis["stats"].items():
                add = key != "last_step" and key in self.stats
                self.stats[key] = self.stats[key] + value if add else value
        self.ok = last.get("ok", True)
        self.error = last.get("error", "")
        steps = [a["stepTimes"] for a in self.analyses]
        self.stepTimes = np.concatenate(steps) if steps else np.zeros(0)
        self.events = [e for a in self.analyses for e in a["events"]]
        self.stoppedBy = last.get("stoppedBy")
        self.halted = last.get("halted", False)
        self.constraintErrors = np.asarray(constraint_errors)
        self._objects = {}
        self._named = {}
        self.units = dict(units)
        for entity, values, names in series:
            kind = {"Request": RequestResult, "Contact": ContactResult, "Rv": RVResult}.get(
                entity.kind, BodyResult
            )
            self._keep(kind(entity, self.times, np.asarray(values), names))
        self.energy = EnergyResult("energy", self.times, np.asarray(energy), ENERGY_COMPONENTS)
        return self

    def _keep(self, series):
        entity = series.entity
        #: the name of the series' channels (Request2, Part3)
        series.channel = channel_prefix(entity)
        self._objects[id(entity)] = series
        self._named[series.channel] = series
        label = getattr(entity, "label", None)
        if label and label not in self._named:
            self._named[str(label)] = series

    def getObject(self, entity):
        """The RequestResult of a Request, the BodyResult of a Part or the ContactResult of
        a Contact: by the entity, by its channel name (``"Request2"``, ``"Part3"``,
        ``"Contact1"``) or label; results read from a file
        answer for an entity of a model with the same ids."""
        found = self._objects.get(id(entity))
        if found is None and isinstance(entity, str):
            found = self._named.get(entity)
        if found is None and not isinstance(entity, str) and hasattr(entity, "id"):
            candidate = self._named.get(channel_prefix(entity))
            # an entity of another model (results read from a file): the same kind and id
            if candidate is not None and not hasattr(candidate.entity, "_model"):
                found = candidate
        if found is None:
            raise KeyError(f"no results for {entity!r}")
        return found

    @property
    def objects(self):
        """The series of every request and body, in order (RequestResult, BodyResult)."""
        return list(self._objects.values())

    def to_dataframe(self, energy=False):
        """The results as a pandas DataFrame indexed by ``time``: one column per request
        component (``Request2.FZ``) and per body component (``Part3.X``); ``energy=True``
        adds the energy accounting (``energy.KINETIC`` ...). ``df.attrs["units"]`` gives the
        unit of every column."""
        return results_views.to_dataframe(self, energy)

    def plot(self, *channels, ax=None, **kwds):
        """A quick look with matplotlib: the channels named (``"Request2.FZ"``, or an
        entity's name for all its components; all requests when none is named) against
        time. Returns the matplotlib Axes."""
        return results_views.plot(self, channels, ax, **kwds)

    def animate(self, path=None, step=1, fps=25):
        """The mechanism moving over the outputs (animation.py): to a ``.gif`` or ``.mp4``
        file at ``path``, else an interactive 3D view in Jupyter (a matplotlib
        animation elsewhere); every ``step``-th output, ``fps`` frames per second."""
        return animation.animate(self, path, step, fps)

    def _repr_html_(self):
        return results_views.results_html(self)

    def __repr__(self):
        return f"<SimulationResults: {len(self.times)} outputs, {len(self._objects)} objects>"
