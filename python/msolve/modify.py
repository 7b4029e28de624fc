"""MODIFY and MODSET in a CONSUB (docs/motionsolve-compatibility.md §3.6): change the model
between the analyses a CONSUB runs, with the same effect as setting the entity's attribute
from Python between two ``simulate`` calls.

* ``py_modify(command)`` (``c_modify`` / ``modify_`` in compiled code) takes an Adams/Solver
  command: ``ACCGRAV/IGRAV=0, JGRAV=0, KGRAV=-3.72``, ``DEACTIVATE/SFORCE, ID=3``,
  ``ACTIVATE/JOINT, ID=1, 2``, ``SFORCE/3, FUNCTION=-20*DZ(2,1)``, ``VARIABLE/5,
  FUNCTION=...``, ``MOTION/1, FUNCTION=...``, ``SPRINGDAMPER/2, K=100, C=1``,
  ``INTEGRATOR/ERROR=1e-6, HMAX=1e-3``, ``EQUILIBRIUM/``, ``OUTPUT/``, ``DEBUG/`` ... :
  the statement names the class (table ``_STATEMENTS``), its first number the id, and each
  ``NAME=value`` sets the attribute of that name (``FUNCTION``, ``K``, ``IC`` ...). Returns
  0, or a nonzero status with the reason in the log.
* ``py_modset(element, id, attribute, input)`` (``c_modset`` / ``modset_``) sets the
  attribute of an XML dataset element (``Motion_Joint``, 303002, ``expr``, "...") and returns
  0, -1 (element unknown), -2 (no such id), -3 (attribute unknown) or -4 (value refused).
"""

from __future__ import annotations

from .control import _running
from .log import logger
from .properties import Bool, Int, Reference, Str

# the public functions of this module, exported by msolve (msolve/__init__.py)
__all__ = ["py_modfnc", "py_modify", "py_modset"]

# Adams statement of a MODIFY command -> the msolve class it changes
_STATEMENTS = {
    "ACCGRAV": "Accgrav",
    "BEAM": "Beam",
    "BUSHING": "Bushing",
    "CONTACT": "Contact",
    "COUPLER": "Coupler",
    "DEBUG": "Debug",
    "DIFF": "Diff",
    "EQUILIBRIUM": "Equilibrium",
    "FIELD": "Field",
    "FRICTION": "Friction",
    "GEAR": "Gear",
    "GFORCE": "Gforce",
    "GSE": "Gse",
    "INTEGRATOR": "Integrator",
    "JOINT": "Joint",
    "JPRIM": "Jprim",
    "LSE": "Lse",
    "MARKER": "Marker",
    "MOTION": "Motion",
    "OUTPUT": "Output",
    "PART": "Part",
    "POINT_MASS": "PointMass",
    "REQUEST": "Request",
    "SENSOR": "Sensor",
    "SFORCE": "Sforce",
    "SPRINGDAMPER": "SpringDamper",
    "TFSISO": "Tfsiso",
    "VARIABLE": "Variable",
    "VFORCE": "Vforce",
    "VTORQUE": "Vtorque",
}
# statements with one instance and no id
_SINGLE = ("Accgrav", "Integrator", "Equilibrium", "Output", "Debug")

# XML element -> (msolve classes, {dataset attribute: msolve attribute}); an attribute not in
# the table is looked up by its own name among the msolve attributes
_ELEMENTS = {
    "FORCE_SCALAR_TWOBODY": (("Sforce",), {"expr": "function", "val_expression": "function"}),
    "FORCE_VECTOR_TWOBODY": (("Vforce", "Vtorque", "Gforce"), {}),
    "FORCE_SPRINGDAMPER": (("SpringDamper",), {"free_length": "length", "free_angle": "angle"}),
    "FORCE_BUSHING": (("Bushing",), {}),
    "FORCE_FIELD": (("Field",), {}),
    "FORCE_BEAM": (("Beam",), {}),
    "FORCE_CONTACT": (("Contact",), {}),
    "FORCE_JOINTFRICTION": (("Friction",), {}),
    "FORCE_GRAVITY": (("Accgrav",), {"grav_x": "igrav", "grav_y": "jgrav", "grav_z": "kgrav"}),
    "REFERENCE_VARIABLE": (("Variable",), {"expr": "function"}),
    "CONTROL_DIFF": (("Diff",), {"expr": "function"}),
    "MOTION_JOINT": (("Motion",), {"expr": "function"}),
    "MOTION_MARKER": (("Motion",), {"expr": "function"}),
    "CONSTRAINT_JOINT": (("Joint",), {}),
    "BODY_RIGID": (("Part",), {}),
    "BODY_POINT": (("PointMass",), {}),
    "REFERENCE_MARKER": (("Marker",), {}),
    "POST_REQUEST": (("Request",), {}),
    "SENSOR_EVENT": (("Sensor",), {}),
    "PARAM_STATIC": (
        ("Equilibrium",),
        {
            "max_imbalance": "imbalance",
            "max_error": "error",
            "max_ke_tol": "kinetic_energy_error",
        },
    ),
    "PARAM_TRANSIENT": (
        ("Integrator",),
        {"integr_tol": "error", "h_max": "hmax", "h_min": "hmin", "h0_max": "hinit"},
    ),
}


class _Refused(Exception):
    """A MODIFY or MODSET that cannot be done: its status and the reason."""

    def __init__(self, status, reason):
        super().__init__(reason)
        self.status = status


def _model(service, anywhere=False):
    model = getattr(_running, "model", None)
    if model is None and anywhere:
        from .base import current_model

        model = current_model()  # a routine run by simulate: its model is the current one
    if model is None:
        where = "a user routine" if anywhere else "a CONSUB run by Model.control"
        raise RuntimeError(f"{service} may only be called from {where}")
    return model


def py_modify(command):
    """MODIFY in a Python CONSUB: run the Adams/Solver command ``command`` on the model of
    ``Model.control``; returns 0, or 1 with the reason in the log."""
    model = _model("MODIFY")
    try:
        _modify(model, str(command))
    except _Refused as e:
        logger.error(f"MODIFY {str(command).strip()!r}: {e}")
        return e.status
    logger.info(f"MODIFY {str(command).strip()!r}")
    return 0


def py_modset(element, id, attribute, input):
    """MODSET in a Python CONSUB: set ``attribute`` of the dataset element ``element`` with
    ``id`` to ``input`` (a string, as in the dataset); returns 0, -1 (unknown element), -2
    (no such id), -3 (unknown attribute) or -4 (value refused), the reason in the log."""
    model = _model("MODSET")
    where = f"MODSET({str(element).strip()}, {id}, {str(attribute).strip()})"
    try:
        _modset(model, str(element).strip(), int(id), str(attribute).strip(), str(input))
    except _Refused as e:
        logger.error(f"{where}: {e}")
        return e.status
    logger.info(f"{where} = {str(input).strip()!r}")
    return 0


def py_modfnc(element, id, attribute):
    """MODFNC in a Python routine: the value of ``attribute`` of the dataset element
    ``element`` with ``id`` as a string, and info: its type (0 FALSE, 1 TRUE, 2 an integer,
    3 integers, 4 a real, 5 reals, 6 a string) or -1 (unknown element), -2 (no such id), -3
    (unknown attribute)."""
    model = _model("MODFNC", anywhere=True)
    try:
        target, key = _element_attribute(
            model, str(element).strip(), int(id), str(attribute), create=False
        )
    except _Refused as e:
        logger.error(f"MODFNC({str(element).strip()}, {id}, {str(attribute).strip()}): {e}")
        return "", e.status
    return _text(getattr(target, key))


def _text(value):
    """MODFNC's string and type code of an attribute's value."""
    if isinstance(value, bool):
        return ("TRUE" if value else "FALSE"), int(value)
    if isinstance(value, int):
        return str(value), 2
    if isinstance(value, float):
        return repr(value), 4
    if isinstance(value, (list, tuple)) and value and not isinstance(value[0], str):
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return " ".join(str(v) for v in value), 3
        if all(isinstance(v, (int, float)) for v in value):
            return " ".join(repr(float(v)) for v in value), 5
    if hasattr(value, "id") and hasattr(value, "_describe"):
        return str(value.id), 2  # a reference: its entity's id
    return ("" if value is None else str(value)), 6


# -- MODIFY --------------------------------------------------------------------------------


def _split(text):
    """The comma-separated items of ``text``, commas inside parentheses or quotes kept."""
    items, depth, quote, start = [], 0, None, 0
    for k, ch in enumerate(text):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(text[start:k].strip())
            start = k + 1
    items.append(text[start:].strip())
    return [item for item in items if item]


def _ids(words):
    try:
        return [int(float(w)) for w in words]
    except ValueError:
        raise _Refused(1, f"ids must be integers, got {', '.join(words)}") from None


def _modify(model, command):
    statement, _, rest = command.strip().partition("/")
    statement = statement.strip().upper()
    items = _split(rest)
    if statement in ("ACTIVATE", "DEACTIVATE"):
        return _activate(model, statement == "ACTIVATE", items)
    name = _STATEMENTS.get(statement)
    if name is None:
        known = ", ".join(["ACTIVATE", "DEACTIVATE", *_STATEMENTS])
        raise _Refused(1, f"msolve's MODIFY knows the statements {known}")
    if name in _SINGLE:
        target = _single(model, name)
    else:
        if not items or "=" in items[0]:
            raise _Refused(1, f"{statement} needs the id of the {name}: {statement}/id, ...")
        (number,) = _ids(items[:1])
        items = items[1:]
        target = model.lookupById(name, number)
        if target is None:
            raise _Refused(1, f"the model has no {name} with id {number}")
    for item in items:
        key, equals, value = item.partition("=")
        if not equals:
            if name == "Integrator":  # a bare word names the integrator: GSTIFF, ...
                _set(target, "type", key.strip(), 1)
                continue
            raise _Refused(1, f"'{item}' is not NAME=value")
        _set(target, key.strip().lower(), value.strip(), 1)


def _activate(model, on, items):
    """ACTIVATE/DEACTIVATE/statement, ID=id[, id ...]."""
    if not items:
        raise _Refused(1, "give the statement and its ids: DEACTIVATE/SFORCE, ID=3")
    name = _STATEMENTS.get(items[0].upper())
    if name is None or name in _SINGLE:
        raise _Refused(1, f"cannot (de)activate a {items[0]}")
    words = []
    for item in items[1:]:
        key, equals, value = item.partition("=")
        if equals and key.strip().upper() != "ID":
            raise _Refused(1, f"'{item}': give ID=id[, id ...]")
        words.append(value if equals else key)
    if not words:
        raise _Refused(1, f"give the ids: ID=id[, id ...] after {items[0]}")
    targets = []
    for number in _ids(words):
        target = model.lookupById(name, number)
        if target is None:
            raise _Refused(1, f"the model has no {name} with id {number}")
        targets.append(target)
    for target in targets:
        target.active = on


def _single(model, name):
    found = model.getChildren(type=name)
    if found:
        return found[0]
    from . import base, outputs, settings

    # the model's default (no Accgrav: no gravity; no Integrator: the defaults, ...) made
    # explicit, in ``model`` whichever model is current
    had, previous = hasattr(base._thread, "model"), getattr(base._thread, "model", None)
    base._thread.model = model
    try:
        cls = getattr(settings, name, None) or getattr(outputs, name)
        return cls()
    finally:
        if had:
            base._thread.model = previous
        else:
            del base._thread.model


# -- MODSET --------------------------------------------------------------------------------


def _modset(model, element, number, attribute, value):
    target, key = _element_attribute(model, element, number, attribute)
    _set(target, key, value, -3, refused=-4)


def _element_attribute(model, element, number, attribute, create=True):
    """The entity of a dataset element and the msolve name of one of its attributes (an
    Accgrav, Integrator, ... the model does not have is made when ``create``)."""
    known = _ELEMENTS.get(element.upper())
    if known is None:
        raise _Refused(-1, f"msolve knows the elements {', '.join(_ELEMENTS)}")
    classes, names = known
    if classes[0] in _SINGLE:
        if not create and not model.getChildren(type=classes[0]):
            raise _Refused(-2, f"the model has no {classes[0]}")
        target = _single(model, classes[0])
    else:
        found = [model.lookupById(name, number) for name in classes]
        found = [obj for obj in found if obj is not None]
        if not found:
            raise _Refused(-2, f"the model has no {' or '.join(classes)} with id {number}")
        target = found[0]
    key = names.get(attribute.strip().lower(), attribute.strip().lower())
    key = "active" if key == "is_active" else getattr(target, "_aliases", {}).get(key, key)
    if key not in target._properties():
        raise _Refused(-3, f"{target._describe()} has no attribute '{key}'")
    return target, key


def _set(target, key, text, unknown, refused=None):
    """Set attribute ``key`` of ``target`` from the text of a command (converted as the
    attribute's type asks)."""
    prop = target._properties().get(key)
    if prop is None:
        key = getattr(target, "_aliases", {}).get(key, key)
        prop = target._properties().get(key)
    if prop is None:
        raise _Refused(unknown, f"{target._describe()} has no attribute '{key}'")
    try:
        target.__setattr__(key, _value(target, prop, text.strip()))
    except (TypeError, ValueError) as e:
        raise _Refused(refused or unknown, str(e)) from None


def _value(target, prop, text):
    if isinstance(prop, Reference):
        # an entity by its id: I=5 is Marker 5
        if prop.count is not None:
            raise ValueError(f"a list of references cannot be given here, got '{text}'")
        cls = prop.target()
        (number,) = _ids([text])
        found = target._model.lookupById(cls.__name__, number)
        if found is None:
            raise ValueError(f"the model has no {cls.__name__} with id {number}")
        return found
    if isinstance(prop, Str):
        return text
    if isinstance(prop, Bool):
        words = {"TRUE": True, "YES": True, "ON": True, "FALSE": False, "NO": False, "OFF": False}
        if text.upper() not in words:
            raise ValueError(f"'{text}' is not TRUE or FALSE")
        return words[text.upper()]
    try:
        number = float(text)
    except ValueError:
        return text  # an expression, a word: the attribute decides
    return int(number) if isinstance(prop, Int) and number == int(number) else number
