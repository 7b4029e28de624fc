"""Forces of a MotionSolve XML dataset: ``Force_Scalar_TwoBody``, ``Force_Vector_TwoBody``,
``Force_SpringDamper`` and ``Force_Bushing``."""

from __future__ import annotations

from .xml_element import _marker


def _sforce(reader, el):
    from .entities import Sforce

    kind = el.word("type", {"FORCE": "TRANSLATION", "TORQUE": "ROTATION",
                            "TRANSLATION": "TRANSLATION", "ROTATION": "ROTATION",
                            "TRANSLATIONAL": "TRANSLATION", "ROTATIONAL": "ROTATION"},
                   required=True)
    kwds = {"type": kind, "actiononly": el.bool("is_action_only")}
    param, routine = reader.routine(el, "SFOSUB")
    if routine is not None:
        kwds.update(function=param or "", routine=routine)
    elif el.has("val_expression") or el.has("expr"):
        kwds["function"] = el.text("val_expression") or el.text("expr")
    elif el.has("val"):
        kwds["function"] = repr(el.real("val"))
    else:
        raise el.error("give 'val', 'val_expression' or a user routine")
    force = reader.create(el, Sforce, **kwds)
    _marker(reader, el, "i_marker_id", force, "i")
    _marker(reader, el, "j_marker_id", force, "j")
    el.finish()


_VECTOR_KINDS = {"FORCEONLY": "Vforce", "TORQUEONLY": "Vtorque", "FORCEANDTORQUE": "Gforce"}
_VECTOR_SLOTS = {"Vforce": ("fx", "fy", "fz"), "Vtorque": ("tx", "ty", "tz"),
                 "Gforce": ("fx", "fy", "fz", "tx", "ty", "tz")}
_VECTOR_ROUTINES = {"Vforce": "VFOSUB", "Vtorque": "VTOSUB", "Gforce": "GFOSUB"}


def _vector_force(reader, el):
    from . import entities

    kind = el.word("type", _VECTOR_KINDS, required=True)
    cls = getattr(entities, kind)
    param, routine = reader.routine(el, _VECTOR_ROUTINES[kind])
    kwds = {}
    if routine is not None:
        kwds.update(function=param or "", routine=routine)
    else:
        for slot in _VECTOR_SLOTS[kind]:
            kwds[slot] = el.text(f"{slot}_expression") or "0"
    force = reader.create(el, cls, **kwds)
    _marker(reader, el, "i_marker_id", force, "i")
    _marker(reader, el, "j_floating_marker_id", force, "jfloat")
    _marker(reader, el, "ref_marker_id", force, "rm", required=False)
    el.finish()


def _spring_damper(reader, el):
    from .entities import SpringDamper

    kind = el.word("type", {"TRANSLATIONAL": "TRANSLATION", "TRANSLATION": "TRANSLATION",
                            "ROTATIONAL": "ROTATION", "ROTATION": "ROTATION"}, required=True)
    k = el.real("stiffness", 0.0, minimum=0.0)
    c = el.real("damping", 0.0, minimum=0.0)
    length = el.real("length")
    preload = el.real("preload", 0.0)
    if kind == "TRANSLATION":
        kwds = {"k": k, "c": c, "force": preload, "length": length}
    else:
        kwds = {"kt": k, "ct": c, "torque": preload, "angle": length}
    spring = reader.create(el, SpringDamper, type=kind, **kwds)
    _marker(reader, el, "i_marker_id", spring, "i")
    _marker(reader, el, "j_marker_id", spring, "j")
    el.finish()


def _bushing(reader, el):
    from .entities import Bushing

    def three(fmt, minimum=None):
        return [el.real(fmt.format(a), 0.0, minimum=minimum) for a in "xyz"]

    bushing = reader.create(el, Bushing, k=three("k{}", 0.0), c=three("c{}", 0.0),
                            kt=three("kt{}", 0.0), ct=three("ct{}", 0.0),
                            force=three("preload_{}"), torque=three("preload_t{}"))
    _marker(reader, el, "i_marker_id", bushing, "i")
    _marker(reader, el, "j_marker_id", bushing, "j")
    el.finish()
