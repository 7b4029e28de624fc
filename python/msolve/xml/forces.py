"""Forces of a MotionSolve XML dataset, read and written: ``Force_Scalar_TwoBody``,
``Force_Vector_TwoBody``, ``Force_SpringDamper``, ``Force_Bushing``, ``Force_Field``,
``Force_Beam``, ``Force_MultiPoint`` (Nforce) and ``Force_Penalty`` (Pforce)."""

from __future__ import annotations

from ..forces import (
    Beam,
    Bushing,
    Field,
    Friction,
    Gforce,
    Nforce,
    Pforce,
    Sforce,
    SpringDamper,
    Vforce,
    Vtorque,
)
from .element import _marker
from .registry import reads, writes

_VECTOR_KINDS = {"FORCEONLY": "Vforce", "TORQUEONLY": "Vtorque", "FORCEANDTORQUE": "Gforce"}

_VECTOR_SLOTS = {
    "Vforce": ("fx", "fy", "fz"),
    "Vtorque": ("tx", "ty", "tz"),
    "Gforce": ("fx", "fy", "fz", "tx", "ty", "tz"),
}


_VECTOR_ROUTINES = {"Vforce": "VFOSUB", "Vtorque": "VTOSUB", "Gforce": "GFOSUB"}
_VECTOR_CLASSES = {"Vforce": Vforce, "Vtorque": Vtorque, "Gforce": Gforce}


# -- reading -------------------------------------------------------------------------------


@reads("Force_Scalar_TwoBody")
def read_sforce(reader, el):
    kind = el.word(
        "type",
        {
            "FORCE": "TRANSLATION",
            "TORQUE": "ROTATION",
            "TRANSLATION": "TRANSLATION",
            "ROTATION": "ROTATION",
            "TRANSLATIONAL": "TRANSLATION",
            "ROTATIONAL": "ROTATION",
        },
        required=True,
    )
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


@reads("Force_Penalty")
def read_pforce(reader, el):
    """Force_Penalty: ``penalty``, ``penalty1``, ``unilateral``, ``smoothing_factor``, and
    type EXPRESSION (``expr``) or USERSUB (a PFOSUB)."""
    function, routine = reader.function_and_routine(el, "expr", "PFOSUB")
    kwds = {
        "function": function,
        "penalty": el.real("penalty", required=True, minimum=0.0),
        "penalty1": el.real("penalty1", 0.0, minimum=0.0),
        "unilateral": el.bool("unilateral"),
        "smoothing_factor": el.real("smoothing_factor", 0.0, minimum=0.0),
    }
    if routine is not None:
        kwds["routine"] = routine
    reader.create(el, Pforce, **kwds)
    el.finish()


@reads("Force_Vector_TwoBody")
def read_vector_force(reader, el):
    kind = el.word("type", _VECTOR_KINDS, required=True)
    cls = _VECTOR_CLASSES[kind]
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


@reads("Force_SpringDamper")
def read_spring_damper(reader, el):
    kind = el.word(
        "type",
        {
            "TRANSLATIONAL": "TRANSLATION",
            "TRANSLATION": "TRANSLATION",
            "ROTATIONAL": "ROTATION",
            "ROTATION": "ROTATION",
        },
        required=True,
    )
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


@reads("Force_Bushing")
def read_bushing(reader, el):
    def three(fmt, minimum=None):
        return [el.real(fmt.format(a), 0.0, minimum=minimum) for a in "xyz"]

    bushing = reader.create(
        el,
        Bushing,
        k=three("k{}", 0.0),
        c=three("c{}", 0.0),
        kt=three("kt{}", 0.0),
        ct=three("ct{}", 0.0),
        force=three("preload_{}"),
        torque=three("preload_t{}"),
    )
    _marker(reader, el, "i_marker_id", bushing, "i")
    _marker(reader, el, "j_marker_id", bushing, "j")
    el.finish()


_SIX = ("x", "y", "z", "tx", "ty", "tz")


def _matrix(el, letter):
    """The entries K11..K66 (or C11..C66) of a Force_Field, row by row; [] when none is
    given (a missing entry of a given matrix is zero)."""
    names = [f"{letter}{r}{c}" for r in range(1, 7) for c in range(1, 7)]
    if not any(el.has(n) for n in names):
        return []
    return [el.real(n, 0.0) for n in names]


@reads("Force_Field")
def read_field(reader, el):
    kwds = {
        "kmatrix": _matrix(el, "k"),
        "cmatrix": _matrix(el, "c"),
        "cratio": el.real("cratio", minimum=0.0),
        "force": [el.real(f"preload_{a}", 0.0) for a in _SIX],
        "length": [el.real(f"length_{a}", 0.0) for a in _SIX],
    }
    param, routine = reader.routine(el, "FIESUB")
    if routine is not None:
        kwds.update(function=param or "", routine=routine)
    field = reader.create(el, Field, **kwds)
    _marker(reader, el, "i_marker_id", field, "i")
    _marker(reader, el, "j_marker_id", field, "j")
    el.finish()


@reads("Force_Beam")
def read_beam(reader, el):
    kwds = {
        name: el.real(attribute, 0.0, minimum=0.0)
        for name, attribute in (
            ("length", "length"),
            ("emodulus", "e"),
            ("gmodulus", "g"),
            ("area", "area"),
            ("ixx", "ixx"),
            ("iyy", "iyy"),
            ("izz", "izz"),
            ("asy", "asy"),
            ("asz", "asz"),
            ("cratio", "cratio"),
        )
    }
    kwds["force"] = [el.real(f"preload_{a}", 0.0) for a in "xyz"]
    kwds["torque"] = [el.real(f"preload_t{a}", 0.0) for a in "xyz"]
    # msolve's own: a damping matrix C11..C66 in place of cratio (as Force_Field's)
    kwds["cmatrix"] = _matrix(el, "c")
    beam = reader.create(el, Beam, **kwds)
    _marker(reader, el, "i_marker_id", beam, "i")
    _marker(reader, el, "j_marker_id", beam, "j")
    el.finish()


# -- writing -------------------------------------------------------------------------------


@writes(Sforce, section="forces")
def write_sforce(w, f):
    e = w.add("Force_Scalar_TwoBody", f)
    e.set("i_marker_id", w.need(f, "i")).set("j_marker_id", w.need(f, "j"))
    e.set("type", "FORCE" if f.type == "TRANSLATION" else "TORQUE")
    if f.routine is not None:
        w.routine(e, f, "SFOSUB", typed=False)
    else:
        e.set("val_expression", f.function)
    e.set("is_action_only", f.actiononly)


@writes(Pforce, section="forces")
def write_pforce(w, p):
    e = w.add("Force_Penalty", p)
    e.set("penalty", p.penalty).set("penalty1", p.penalty1)
    e.set("unilateral", p.unilateral).set("smoothing_factor", p.smoothing_factor)
    w.expression_or_routine(e, p, "expr", "PFOSUB")


@writes(SpringDamper, section="forces")
def write_spring_damper(w, s):
    e = w.add("Force_SpringDamper", s)
    e.set("i_marker_id", w.need(s, "i")).set("j_marker_id", w.need(s, "j"))
    if s.type == "TRANSLATION":
        e.set("type", "TRANSLATIONAL").set("stiffness", s.k).set("damping", s.c)
        e.set("length", s.length).set("preload", s.force)
    else:
        e.set("type", "ROTATIONAL").set("stiffness", s.kt).set("damping", s.ct)
        e.set("length", s.angle).set("preload", s.torque)


@writes(Bushing, section="forces")
def write_bushing(w, b):
    e = w.add("Force_Bushing", b)
    e.set("i_marker_id", w.need(b, "i")).set("j_marker_id", w.need(b, "j"))
    for fmt, values in (
        ("k{}", b.k),
        ("kt{}", b.kt),
        ("c{}", b.c),
        ("ct{}", b.ct),
        ("preload_{}", b.force),
        ("preload_t{}", b.torque),
    ):
        for axis, value in zip("xyz", values):
            e.set(fmt.format(axis), value)


@writes(Field, section="forces")
def write_field(w, f):
    e = w.add("Force_Field", f)
    e.set("i_marker_id", w.need(f, "i")).set("j_marker_id", w.need(f, "j"))
    if f.routine is not None:
        w.routine(e, f, "FIESUB", typed=False)
    for prefix, values in (("length_", f.length), ("preload_", f.force)):
        for axis, value in zip(_SIX, values):
            e.set(prefix + axis, value)
    for letter, values in (("K", f.kmatrix), ("C", f.cmatrix)):
        for k, value in enumerate(values):
            e.set(f"{letter}{k // 6 + 1}{k % 6 + 1}", value)
    e.set("cratio", f.cratio)


@writes(Beam, section="forces")
def write_beam(w, b):
    e = w.add("Force_Beam", b)
    e.set("i_marker_id", w.need(b, "i")).set("j_marker_id", w.need(b, "j"))
    for attribute, name in (
        ("length", "length"),
        ("E", "emodulus"),
        ("G", "gmodulus"),
        ("area", "area"),
        ("ixx", "ixx"),
        ("iyy", "iyy"),
        ("izz", "izz"),
        ("ASY", "asy"),
        ("ASZ", "asz"),
        ("cratio", "cratio"),
    ):
        e.set(attribute, getattr(b, name))
    for axis, value in zip("xyz", b.force):
        e.set(f"preload_{axis}", value)
    for axis, value in zip("xyz", b.torque):
        e.set(f"preload_t{axis}", value)
    for k, value in enumerate(b.cmatrix):
        e.set(f"C{k // 6 + 1}{k % 6 + 1}", value)


@writes(Vforce, Vtorque, Gforce, section="forces")
def write_vector_force(w, f):
    kind = w.family(f)
    e = w.add("Force_Vector_TwoBody", f)
    e.set(
        "type", {"Vforce": "ForceOnly", "Vtorque": "TorqueOnly", "Gforce": "ForceAndTorque"}[kind]
    )
    e.set("i_marker_id", w.need(f, "i")).set("j_floating_marker_id", w.need(f, "jfloat"))
    e.set("ref_marker_id", w.ref(f, "rm"))
    if f.routine is not None:
        w.routine(
            e, f, {"Vforce": "VFOSUB", "Vtorque": "VTOSUB", "Gforce": "GFOSUB"}[kind], typed=False
        )
        return
    slots = {
        "Vforce": ("fx", "fy", "fz"),
        "Vtorque": ("tx", "ty", "tz"),
        "Gforce": ("fx", "fy", "fz", "tx", "ty", "tz"),
    }[kind]
    for slot in slots:
        e.set(f"{slot}_expression", getattr(f, slot) or "0")


# Force_JointFriction attributes that are numbers, and the Friction attributes they give
_FRICTION_REALS = (
    ("mu_static", "mu_static"),
    ("mu_dynamic", "mu_dynamic"),
    ("max_stiction_deform", "max_stiction_deformation"),
    ("stiction_trans_vel", "stiction_transition_velocity"),
    ("force_preload", "friction_force_preload"),
    ("torque_preload", "friction_torque_preload"),
    ("reaction_arm", "reaction_arm"),
    ("initial_overlap", "initial_overlap"),
    ("friction_arm", "friction_arm"),
    ("bending_reaction_arm", "bending_reaction_arm"),
    ("pin_radius", "pin_radius"),
    ("ball_radius", "ball_radius"),
    ("bristle_stiffness", "bristle_stiffness"),
    ("damping_effects", "damping_effects"),
    ("viscous_effects", "viscous_effects"),
)
# the bits of inputs, first to last as written ("1111"; docs/motionsolve-compatibility.md)
_FRICTION_INPUTS = ("PRELOAD", "REACTION_FORCE", "BENDING_MOMENT", "TORSIONAL_MOMENT")


def _friction_inputs(el):
    text = el.text("inputs")
    if not text:
        return None
    if len(text) == 4 and set(text) <= {"0", "1"}:
        bits = [c == "1" for c in text]
    elif text.isdigit() and int(text) < 16:
        value = int(text)
        bits = [bool(value & (8 >> k)) for k in range(4)]
    else:
        raise el.error(
            f"attribute 'inputs' must be 4 bits (PRELOAD, REACTION_FORCE, BENDING_MOMENT, "
            f"TORSIONAL_MOMENT), e.g. 1111, or their value 0 to 15, got {text!r}"
        )
    names = [name for name, on in zip(_FRICTION_INPUTS, bits) if on]
    return names or ["NONE"]


@reads("Force_JointFriction")
def read_joint_friction(reader, el):
    kwds = {}
    for attribute, name in _FRICTION_REALS:
        value = el.real(attribute)
        if value is not None:
            kwds[name] = value
    words = (
        ("inactive", "inactive", ("NONE", "STATIC")),
        ("effect", "effect", ("ALL", "STICTION", "SLIDING")),
        ("overlap_delta", "overlap_delta", ("CONSTANT", "INCREASE", "DECREASE")),
        ("yoke", "yoke", ("I", "J")),
    )
    for attribute, name, choices in words:
        value = el.word(attribute, {w: w for w in choices})
        if value is not None:
            kwds[name] = value
    inputs = _friction_inputs(el)
    if inputs is not None:
        kwds["input_forces"] = inputs
    friction = reader.create(el, Friction, **kwds)
    reader.link(el, "joint_id", "Joint", lambda j: setattr(friction, "joint", j), required=True)
    el.finish()


@writes(Friction, section="forces")
def write_joint_friction(w, f):
    e = w.add("Force_JointFriction", f)
    e.set("joint_id", w.need(f, "joint"))
    for attribute, name in _FRICTION_REALS:
        value = getattr(f, name)
        if value is not None:
            e.set(attribute, value)
    e.set("inactive", f.inactive.capitalize()).set("effect", f.effect.capitalize())
    e.set("overlap_delta", f.overlap_delta.capitalize()).set("yoke", f.yoke)
    chosen = {w.upper() for w in f.input_forces}
    if "ALL" in chosen:
        chosen = set(_FRICTION_INPUTS)
    e.set("inputs", "".join("1" if name in chosen else "0" for name in _FRICTION_INPUTS))


# -- Nforce (Force_MultiPoint) ----------------------------------------------------------


@reads("Force_MultiPoint")
def read_nforce(reader, el):
    kwds = {}
    if el.has("cratio"):
        kwds["cratio"] = el.real("cratio", minimum=0.0)
    nforce = reader.create(el, Nforce, **kwds)
    _marker(reader, el, "ref_marker_id", nforce, "j")
    for attribute, field in (
        ("kmtx_id", "kmatrix"),
        ("cmtx_id", "cmatrix"),
        ("preload_mtx_id", "force"),
        ("length_mtx_id", "length"),
    ):
        reader.link(
            el,
            attribute,
            "Matrix",
            lambda m, field=field: setattr(nforce, field, m),
            required=attribute == "kmtx_id",
        )
    if el.has("cmtx_id") and el.has("cratio"):
        raise el.error("give the damping by 'cmtx_id' or by 'cratio', not both")
    # the I markers: their ids in the element text, as many as n_i_marker says
    count = el.int("n_i_marker", required=True, minimum=1)
    ids = el.reals_text("the I marker ids", count)
    if any(not float(i).is_integer() or i <= 0 for i in ids):
        raise el.error("the I marker ids in the text must be positive integers")
    markers = [int(i) for i in ids]
    reader.links.append((el, "n_i_marker", "Marker", markers, lambda m: _set_i(nforce, m)))
    el.finish()


def _set_i(nforce, markers):
    nforce.imarkers = markers


@writes(Nforce, section="forces")
def write_nforce(w, f):
    e = w.add("Force_MultiPoint", f)
    e.set("ref_marker_id", w.need(f, "j")).set("kmtx_id", w.need(f, "kmatrix"))
    if f.cmatrix is not None:
        e.set("cmtx_id", f.cmatrix.id)
    elif f.cratio:
        e.set("cratio", f.cratio)
    e.set("preload_mtx_id", w.ref(f, "force")).set("length_mtx_id", w.ref(f, "length"))
    if not f.imarkers:
        raise w.fail(f, "'imarkers' is empty")
    e.set("n_i_marker", len(f.imarkers))
    e.text = [" ".join(str(m.id) for m in f.imarkers)]
