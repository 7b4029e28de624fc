"""The ``Control_FMU`` element of a MotionSolve XML dataset (the reference page's format
spells it ``FMU``; both are read), read into and written from an Fmu (msolve/fmu.py)."""

from __future__ import annotations

from pathlib import Path

from ..fmu import Fmu
from .registry import reads, writes

_TYPES = {"MODELEXCHANGE": "ME", "ME": "ME", "COSIMULATION": "CS", "CS": "CS"}
# attributes that restate what the FMU itself says (its numbers of states and outputs)
_RESTATED = ("num_state", "num_output")


@reads("Control_FMU", "FMU")
def read_fmu(reader, el):
    path = el.text("path", required=True)
    if path and not Path(path).is_absolute() and reader.path is not None:
        path = str(reader.path.parent / path)  # relative to the dataset's folder
    var_ic = el.text("var_ic")
    try:
        var_ic = float(var_ic) if var_ic.strip() else 0.0
    except ValueError:
        raise el.error(f"attribute 'var_ic' must be a number, got '{var_ic}'") from None
    fmu = reader.create(
        el,
        Fmu,
        type=el.word("type", _TYPES, "ME"),
        path=path,
        static_hold=el.bool("is_static_hold"),
        dll=el.text("usrsub_dll_name"),
        interval=el.real("fmu_communication_interval", 0.0, minimum=0.0),
        ip_address=el.text("ip_address"),
        var_name=el.text("var_name"),
        var_ic=var_ic,
    )
    for attribute in _RESTATED:
        el.int(attribute, None, minimum=0)
    for attribute in ("x", "y", "u", "ic"):
        name = f"{attribute}_array_id"
        if el.int(name) not in (None, 0):  # 0: none, as MotionView writes it
            reader.link(el, name, "Array", lambda a, f=attribute: setattr(fmu, f, a))
    el.finish()


@writes(Fmu, section="controls")
def write_fmu(w, f):
    e = w.add("Control_FMU", f)
    e.set("type", "ModelExchange" if f.type == "ME" else "CoSimulation")
    e.set("path", w.relative(Path(f.path).expanduser()) if f.path else None)
    for attribute in ("x", "y", "u", "ic"):
        e.set(f"{attribute}_array_id", w.ref(f, attribute))
    e.set("is_static_hold", f.static_hold)
    e.set("usrsub_dll_name", f.dll or None)
    e.set("fmu_communication_interval", f.interval or None)
    e.set("ip_address", f.ip_address or None)
    if f.var_name:
        e.set("var_name", f.var_name).set("var_ic", f.var_ic)
