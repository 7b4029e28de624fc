"""Results in HDF5: the file ``Model(output="name")`` and ``msolve run`` write (``name.h5``),
streamed while the analysis runs, and ``read_results``, which reads it back.

The layout (self-describing: every dataset carries its component names and units):

* root attributes: ``format`` ("msolve results"), ``format_version``, ``creator``
  (msolve and its version), ``units_force``, ``units_mass``, ``units_length``,
  ``units_time`` (the model's Units words), ``model`` (the number of each kind of entity);
* ``time``: the output times, one per row (attribute ``units``);
* one dataset per request, moving body and contact, named as its CSV columns are
  (``Request2``, ``Part3``, ``PointMass4``, ``Contact1``): one row per output, one column
  per component; attributes ``components``, ``units``, ``kind``, ``id``, ``label``, for a
  request ``type`` (DISPLACEMENT ...), ``routine`` (whether a REQSUB gives it) and
  ``cnames``, for a contact ``type`` (IMPACT, POISSON);
* ``energy`` (KINETIC, GRAVITATIONAL, ELASTIC, WORK, TOTAL, BALANCE) and
  ``constraint_errors`` (POSITION, VELOCITY), as ``SimulationResults`` has them;
* ``messages``: the log lines of the analyses;
* ``analyses``: one group per analysis (``0``, ``1``, ... in order), as its results object
  has them: attributes ``type``, ``ok``, ``error``, ``halted``, ``stopped_by`` (the index
  of the event that ended it in its ``events``, or -1) and ``stats_<name>`` for each
  integrator count of ``stats``; datasets ``step_times`` and ``events`` (a group: ``time``,
  ``value``, ``sensor`` (id), ``sensor_label``, ``actions`` (comma-separated), one entry
  per Sensor firing). Format version 2; a version 1 file reads back without them.

Rows are appended in blocks and the file flushed after each (``result_files.py`` decides
when), so that a process killed meanwhile leaves a file with every row written before.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from .bodies import Part, PointMass
from .channels import channel_names, channel_units, energy_units
from .results import ENERGY_COMPONENTS, SensorEvent, SimulationResults, channel_prefix

FORMAT = "msolve results"
FORMAT_VERSION = 2


def _h5py():
    """h5py, imported when a results file is first written or read (170 ms that
    ``import msolve`` need not pay)."""
    import h5py

    return h5py


def _version():
    try:
        from importlib.metadata import version

        return version("msolve")
    except Exception:
        return "unknown"


def _growing(f, name, width, components, units):
    shape = (0,) if width is None else (0, width)
    dataset = f.create_dataset(
        name,
        shape=shape,
        maxshape=(None, *shape[1:]),
        dtype="f8",
        chunks=(256, *shape[1:]),
    )
    if components is not None:
        dataset.attrs["components"] = components
    dataset.attrs["units"] = units
    return dataset


class H5Writer:
    """Writes rows (time, the entities' components in order, 4 energies, 2 constraint
    errors) as they come. ``H5Writer(path, model, entities, symbols)`` creates the file;
    ``H5Writer.reopen(path)`` appends to it (the file is closed between analyses)."""

    def __init__(self, path, model, entities, symbols):
        try:
            f = _h5py().File(path, "w")
        except OSError as e:
            raise OSError(f"cannot create {path}: {e}") from None
        f.attrs["format"] = FORMAT
        f.attrs["format_version"] = FORMAT_VERSION
        f.attrs["creator"] = f"msolve {_version()}"
        for key, word in symbols.words.items():
            f.attrs[f"units_{key}"] = word
        counts = {}
        for obj in model.getChildren():
            counts[type(obj).__name__] = counts.get(type(obj).__name__, 0) + 1
        f.attrs["model"] = ", ".join(f"{n} {k}" for k, n in counts.items())
        f.attrs["series"] = [channel_prefix(obj) for obj in entities]
        _growing(f, "time", None, None, symbols.time)
        for obj in entities:
            names = channel_names(obj)
            dataset = _growing(
                f, channel_prefix(obj), len(names), names, channel_units(obj, symbols)
            )
            dataset.attrs["kind"] = channel_prefix(obj).rstrip("0123456789")
            dataset.attrs["id"] = int(obj.id)
            dataset.attrs["label"] = str(getattr(obj, "label", "") or "")
            if dataset.attrs["kind"] == "Contact":
                dataset.attrs["type"] = str(obj.type)
            elif dataset.attrs["kind"] == "Rv":
                pass  # RVAL, RVAL1: nothing more to say
            elif not isinstance(obj, (Part, PointMass)):
                dataset.attrs["type"] = str(obj.type)
                dataset.attrs["routine"] = obj.routine is not None
                cnames = obj.cnames
                given = [cnames] if isinstance(cnames, str) else list(cnames or [])
                dataset.attrs["cnames"] = [str(c or "") for c in given]
        _growing(f, "energy", 6, ENERGY_COMPONENTS, energy_units(symbols))
        _growing(f, "constraint_errors", 2, ["POSITION", "VELOCITY"], ["", ""])
        f.create_dataset("messages", shape=(0,), maxshape=(None,), dtype=_h5py().string_dtype())
        f.create_group("analyses")
        f.flush()
        self._attach(f)

    @classmethod
    def reopen(cls, path):
        self = cls.__new__(cls)
        try:
            f = _h5py().File(path, "a")
        except OSError as e:
            raise OSError(f"cannot open {path}: {e}") from None
        self._attach(f)
        return self

    def _attach(self, f):
        self.file = f
        self.time = f["time"]
        self.series = [f[name] for name in f.attrs["series"]]
        self.energy = f["energy"]
        self.errors = f["constraint_errors"]
        self.messages = f["messages"]

    def append(self, rows, n):
        """Rows ``n`` onwards (written again when an exception interrupted the last call;
        rows the file holds already are written over with the same values)."""
        m = n + len(rows)
        self.time.resize((m,))
        self.time[n:m] = rows[:, 0]
        column = 1
        for dataset in self.series:
            width = dataset.shape[1]
            dataset.resize((m, width))
            dataset[n:m] = rows[:, column : column + width]
            column += width
        energy = rows[:, column : column + 4]
        total = energy[:, :3].sum(axis=1)
        self.energy.resize((m, 6))
        self.energy[n:m] = np.column_stack([energy, total, total - energy[:, 3]])
        self.errors.resize((m, 2))
        self.errors[n:m] = rows[:, column + 4 : column + 6]
        self.file.flush()

    def add_messages(self, lines):
        if not lines:
            return
        n = self.messages.shape[0]
        self.messages.resize((n + len(lines),))
        self.messages[n:] = lines
        self.file.flush()

    def add_analysis(self, kind, results, error):
        """The record of one analysis ended (``results`` a SimulationResults; ``error`` why
        it stopped early, or "")."""
        analyses = self.file.require_group("analyses")
        group = analyses.create_group(str(len(analyses)))
        group.attrs["type"] = str(kind)
        group.attrs["ok"] = not error
        group.attrs["error"] = str(error)
        group.attrs["halted"] = bool(getattr(results, "halted", False))
        events = list(getattr(results, "events", []))
        stopped = getattr(results, "stoppedBy", None)
        group.attrs["stopped_by"] = next((k for k, e in enumerate(events) if e is stopped), -1)
        for key, value in dict(getattr(results, "stats", {})).items():
            group.attrs[f"stats_{key}"] = value
        group.create_dataset("step_times", data=np.asarray(getattr(results, "stepTimes", [])))
        table = group.create_group("events")
        text = _h5py().string_dtype()
        table.create_dataset("time", data=np.array([e.time for e in events], dtype="f8"))
        table.create_dataset("value", data=np.array([e.value for e in events], dtype="f8"))
        table.create_dataset("sensor", data=np.array([int(e.sensor.id) for e in events], "i8"))
        labels = [str(getattr(e.sensor, "label", "") or "") for e in events]
        table.create_dataset("sensor_label", data=labels, dtype=text)
        table.create_dataset("actions", data=[",".join(e.actions) for e in events], dtype=text)
        self.file.flush()

    def close(self):
        self.file.close()


class StoredEntity:
    """An entity as a results file describes it: ``kind`` ("Request", "Part",
    "PointMass", "Contact"), ``id``, ``label``, and for a request ``type``, ``cnames``."""

    def __init__(self, name, attrs):
        self.name = name
        self.kind = str(attrs.get("kind", ""))
        self.id = int(attrs.get("id", 0))
        self.label = str(attrs.get("label", ""))
        self.type = str(attrs.get("type", ""))
        self.cnames = [str(c) for c in attrs.get("cnames", [])]
        self.routine = bool(attrs.get("routine", False)) or None

    def _describe(self):
        return f"{self.kind} {self.id}" + (f" '{self.label}'" if self.label else "")

    def __repr__(self):
        return f"<{self._describe()} (from a results file)>"


def _text(value):
    return value.decode() if isinstance(value, bytes) else str(value)


def _read_analysis(group):
    """One analysis' record (``add_analysis``) as a dict: ``type``, ``ok``, ``error``,
    ``halted``, ``stats``, ``stepTimes``, ``events`` (SensorEvent), ``stoppedBy``."""
    table = group["events"]
    events = []
    for k in range(table["time"].shape[0]):
        label = _text(table["sensor_label"][k])
        sensor = StoredEntity(f"Sensor{int(table['sensor'][k])}", {"kind": "Sensor"})
        sensor.id, sensor.label = int(table["sensor"][k]), label
        actions = _text(table["actions"][k])
        record = SimpleNamespace(
            sensor=sensor,
            time=float(table["time"][k]),
            value=float(table["value"][k]),
            actions=actions.split(",") if actions else [],
        )
        events.append(SensorEvent(record))
    stopped = int(group.attrs["stopped_by"])
    stats = {}
    for key, value in group.attrs.items():
        if key.startswith("stats_"):
            stats[key[len("stats_") :]] = value.item() if hasattr(value, "item") else value
    return {
        "type": _text(group.attrs["type"]),
        "ok": bool(group.attrs["ok"]),
        "error": _text(group.attrs["error"]),
        "halted": bool(group.attrs["halted"]),
        "stats": stats,
        "stepTimes": np.asarray(group["step_times"][:]),
        "events": events,
        "stoppedBy": events[stopped] if stopped >= 0 else None,
    }


def read_results(path) -> SimulationResults:
    """The results in the file ``path`` (``name.h5`` of ``Model(output="name")`` or
    ``msolve run``) as SimulationResults: ``times``, ``getObject`` (by entity of a model
    with the same ids, by name as ``"Request2"``, or by label), ``energy``,
    ``constraintErrors``, ``messages``, ``to_dataframe()``; and what the analyses' results
    objects said (``SimulationResults.from_tables``): ``analyses`` (one dict per analysis),
    ``events`` (every Sensor firing, the sensor a StoredEntity), ``stats`` (the counts summed
    over the analyses), ``stepTimes``, and ``ok``, ``error``, ``halted``, ``stoppedBy`` of
    the last analysis."""
    try:
        f = _h5py().File(path, "r")
    except OSError as e:
        raise OSError(f"read_results: cannot read {path}: {e}") from None
    with f:
        if f.attrs.get("format") != FORMAT:
            raise ValueError(f"read_results: {path} is not an msolve results file")
        times = np.asarray(f["time"][:])
        series = []
        for name in f.attrs["series"]:
            dataset = f[name]
            names = [str(c) for c in dataset.attrs["components"]]
            # the unused fifth of a DISPLACEMENT request has no name in the results object
            names = ["" if n.isdigit() else n for n in names]
            series.append((StoredEntity(name, dataset.attrs), np.asarray(dataset[:]), names))
        units = {"time": str(f["time"].attrs["units"])}
        for entity, _, _ in series:
            for n, u in zip(f[entity.name].attrs["components"], f[entity.name].attrs["units"]):
                units[f"{entity.name}.{n}"] = str(u)
        stored = f.get("analyses", {})
        analyses = [_read_analysis(stored[k]) for k in sorted(stored, key=int)]
        return SimulationResults.from_tables(
            times,
            series,
            np.asarray(f["energy"][:]),
            np.asarray(f["constraint_errors"][:]),
            [_text(m) for m in f["messages"][:]],
            units,
            analyses,
        )
