"""The state file of ``Model.save`` and ``Model.reload`` (docs/motionsolve-compatibility.md
§2.5): the analysis state of a run (time, each entity's states, the memory of the elements,
requests and sensors, the work of the non-conservative forces; docs/architecture.md §3.1) as
JSON, numbers written so that they read back bit for bit. The entities whose states it holds
are the model's identity: a state saved from another model is refused."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import SimpleNamespace

FORMAT = "msolve analysis state"
VERSION = 1


def _number(x):
    # JSON has no inf or nan: they are written as strings
    x = float(x)
    return x if math.isfinite(x) else repr(x)


def _numbers(values):
    return [_number(v) for v in values]


def write_state(path, simulation, halted_by):
    """Writes the state of ``simulation`` (a _core.Simulation that has run) to ``path``."""
    from .model import MsolveError

    state = simulation.save_state()
    data = {
        "format": FORMAT,
        "version": VERSION,
        "time": _number(state["time"]),
        "work": None if state["work"] is None else _number(state["work"]),
        "states": [[name, _numbers(values)] for name, values in state["states"]],
        "memory": [[name, _numbers(values)] for name, values in state["memory"]],
        "halted": None
        if halted_by is None
        else {
            "sensor": halted_by.sensor.id,
            "time": halted_by.time,
            "value": halted_by.value,
            "actions": list(halted_by.actions),
        },
    }
    path = Path(path)
    try:
        path.write_text(json.dumps(data, indent=1) + "\n")
    except OSError as e:
        raise MsolveError(f"save: cannot write the state file {str(path)!r}: {e}") from None


def read_state(path):
    """The saved state in ``path``: a dict for _core.Simulation.load_state, and the halt
    record (or None)."""
    from .model import MsolveError

    path = Path(path)
    if not path.is_file():
        raise MsolveError(f"reload: no state was saved as {str(path)!r} (no such file)")
    try:
        data = json.loads(path.read_text())
    except OSError as e:
        raise MsolveError(f"reload: cannot read the state file {str(path)!r}: {e}") from None
    except ValueError as e:
        raise MsolveError(f"reload: {str(path)!r} is not a state file of Model.save: {e}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MsolveError(f"reload: {str(path)!r} is not a state file of Model.save")
    if data.get("version") != VERSION:
        raise MsolveError(
            f"reload: {str(path)!r} is a state file of version {data.get('version')!r}; this "
            f"msolve reads version {VERSION}"
        )
    try:
        state = {
            "time": float(data["time"]),
            "work": None if data["work"] is None else float(data["work"]),
            "states": [(str(n), [float(v) for v in vs]) for n, vs in data["states"]],
            "memory": [(str(n), [float(v) for v in vs]) for n, vs in data["memory"]],
        }
    except (KeyError, TypeError, ValueError) as e:
        raise MsolveError(f"reload: the state file {str(path)!r} is damaged: {e!r}") from None
    return state, data.get("halted")


def halt_event(model, halted):
    """The SensorEvent of a saved halt, with the model's Sensor of that id (None if gone)."""
    from .results import SensorEvent

    if not halted:
        return None
    sensor = next(
        (
            e
            for e in model._entities
            if type(e).__name__ == "Sensor" and getattr(e, "id", None) == halted["sensor"]
        ),
        None,
    )
    if sensor is None:
        return None
    record = SimpleNamespace(
        sensor=sensor, time=halted["time"], value=halted["value"], actions=halted["actions"]
    )
    return SensorEvent(record)
