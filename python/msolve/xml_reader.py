"""Read MotionSolve XML datasets into msolve models: ``load_model(path)``.

A dataset holds a ``<Model>`` block (the elements below) and a ``<Command>`` block
(``Param_Transient``, ``Simulate``, ``Stop``), usually inside one root element whose name is
not checked. Element and attribute names are case-insensitive. Every element becomes the
msolve entity of the same meaning, with the dataset's ids:

===========================  ==============================================================
Param_Unit                   Units (unit names, or ``mass_mult_factor`` = 1/UCF)
Force_Gravity                Accgrav (``grav_x/y/z``; numbers or expressions of TIME)
Param_Transient              Integrator (model block, or a command before a Simulate)
Body_Rigid                   Part (``isground``; frame from ``lprf_id``; ``cg_id``, ``im_id``)
Reference_Marker             Marker (global position and direction cosines or psi/theta/phi,
                             or relative to ``rm_id``; converted into the part frame)
Constraint_Joint             Joint (CONSTANT_VELOCITY = CONVEL, RACK_PINION = RACKPIN);
                             the primitives INLINE ... PERPENDICULAR = Jprim when available
Motion_Joint, Motion_Marker  Motion (joint-based / marker-based)
Force_Scalar_TwoBody         Sforce (FORCE = TRANSLATION, TORQUE = ROTATION)
Force_Vector_TwoBody         Vforce, Vtorque, Gforce (ForceOnly, TorqueOnly, ForceAndTorque)
Force_SpringDamper           SpringDamper (TRANSLATIONAL / ROTATIONAL)
Force_Bushing                Bushing
Reference_Variable           Variable
Control_Diff                 Diff
Control_SISO                 Tfsiso
Control_StateEqn (LINEAR)    Lse
Reference_Array              Array (numbers or variable ids in the element text)
Reference_Matrix             Matrix (dense by rows or columns, or sparse triples)
Reference_Spline             Spline (rows ``x y``; surfaces ``num_x``/``num_z``)
Post_Request                 Request
Sensor_Event/Sensor_Evaluate Sensor when msolve has it; kept in ``dataset.pending`` until then
===========================  ==============================================================

User routines: ``usrsub_dll_name`` + ``usrsub_fnc_name`` give a compiled routine
(``"lib::name"``, refused at simulate as in Python); ``script_name`` + ``interpreter="PYTHON"``
name a Python file whose function ``usrsub_fnc_name`` (default SFOSUB, VARSUB, ...) becomes
the routine. Such a script is executed only with ``allow_scripts=True``
(``msolve run --allow-scripts``); otherwise the dataset is refused with a message that says so.

Errors (malformed XML, missing or ill-typed attribute, unknown id) raise ``DatasetError``
naming the file, the line and the element; unknown elements and ignored attributes give a
``DatasetWarning``.
"""

from __future__ import annotations

import importlib.util
import math
import re
import warnings
from pathlib import Path

import numpy as np

from . import xml_frames
from .xml_tree import DatasetError, DatasetWarning, Node, parse_dataset

# attributes MotionView writes for convenience next to the marker ids; never used
_HELPER_ATTRIBUTES = {
    "body1_id", "body2_id", "ref_body_id", "i_body_id", "j_body_id", "is_virtual_body",
    "comment", "is_virtual",
}


class Command:
    """One element of the Command block: ``kind`` (``"simulate"``, ``"param_transient"``,
    ``"stop"``), its converted ``values`` and the ``node`` it came from."""

    def __init__(self, kind, values, node):
        self.kind = kind
        self.values = values
        self.node = node

    def __repr__(self):
        return f"<Command {self.kind} {self.values} line {self.node.line}>"


class Dataset:
    """A dataset read by ``read_dataset``: the ``model``, the ``commands`` of its Command
    block, the elements kept for later (``pending``: elements of features msolve does not
    have yet, as ``(node, attributes)``), the ``notes`` (repairs, scripts executed) and the
    ``path``."""

    def __init__(self, path):
        self.path = path
        self.model = None
        self.commands = []
        self.pending = []
        self.notes = []


def load_model(path, allow_scripts=False):
    """Read the MotionSolve XML dataset ``path`` and return the Model it describes (which
    becomes the current model, as ``Model()`` does). The Command block is kept for
    ``msolve run``: ``model._dataset.commands``.

    ``allow_scripts=True`` lets the dataset execute the Python scripts it names
    (``script_name`` of user routines); without it such a dataset is refused.
    Raises DatasetError (file, line, element) for anything that cannot be read."""
    return read_dataset(path, allow_scripts=allow_scripts).model


def read_dataset(path, allow_scripts=False, data=None):
    """Read a dataset (``data``: its bytes, instead of reading ``path``) into a Dataset."""
    from .base import _set_current_model, current_model

    dataset = Dataset(Path(path))
    root, notes = parse_dataset(dataset.path, data)
    for note in notes:
        _warn(note)
    previous = current_model()
    try:
        reader = _Reader(dataset, allow_scripts)
        reader.read(root)
    except Exception:
        _set_current_model(previous)
        raise
    dataset.model._dataset = dataset
    return dataset


def _warn(message):
    warnings.warn(message, DatasetWarning, stacklevel=4)


# -- typed access to the attributes of one element -----------------------------------------

_INT = re.compile(r"[+-]?\d{1,15}")
_REAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eEdD][+-]?\d{1,4})?")


class _El:
    """An element being read: typed attribute access that reports errors with the file,
    line and element, and remembers which attributes were used."""

    def __init__(self, reader, node):
        self.reader = reader
        self.node = node
        self.used = set()

    def error(self, message):
        return DatasetError(message, self.reader.path, self.node.line, self.node.describe())

    def warn(self, message):
        _warn(f"{self.reader.path}:{self.node.line}: {self.node.describe()}: {message}")

    def has(self, name):
        return name in self.node.attrs

    def raw(self, name, default=None, required=False):
        self.used.add(name)
        value = self.node.attrs.get(name)
        if value is None:
            if required:
                raise self.error(f"the attribute '{name}' is required")
            return default
        return value

    def text(self, name, default="", required=False):
        value = self.raw(name, None, required)
        return default if value is None else value.strip()

    def int(self, name, default=None, required=False, minimum=None):
        value = self.raw(name, None, required)
        if value is None:
            return default
        text = value.strip()
        number = None
        if _INT.fullmatch(text):
            number = int(text)
        elif _REAL.fullmatch(text) and len(text) < 40:
            real = float(text.replace("d", "e").replace("D", "e"))
            if math.isfinite(real) and real.is_integer() and abs(real) < 1e15:
                number = int(real)
        if number is None:
            raise self.error(f"attribute '{name}' must be an integer, got {_show(value)}")
        if minimum is not None and number < minimum:
            raise self.error(f"attribute '{name}' must be at least {minimum}, got {number}")
        return number

    def id(self, name="id", required=True):
        """An id: an integer > 0 (0 or absent gives None unless required)."""
        value = self.int(name, None, required, minimum=0)
        if value == 0:
            if required:
                raise self.error(f"attribute '{name}' must be a positive integer, got 0")
            return None
        if value is not None and value > 2**31 - 1:
            raise self.error(f"attribute '{name}' is too large for an id: {value}")
        return value

    def real(self, name, default=None, required=False, minimum=None):
        value = self.raw(name, None, required)
        if value is None:
            return default
        number = _real(value)
        if number is None:
            raise self.error(f"attribute '{name}' must be a number, got {_show(value)}")
        if not math.isfinite(number):
            raise self.error(f"attribute '{name}' must be a finite number, got {_show(value)}")
        if minimum is not None and number < minimum:
            raise self.error(f"attribute '{name}' must be at least {minimum}, got {number!r}")
        return number

    def real_or_expression(self, name, default=0.0):
        value = self.raw(name, None)
        if value is None:
            return default
        number = _real(value)
        if number is None:
            return value.strip()
        if not math.isfinite(number):
            raise self.error(f"attribute '{name}' must be a finite number, got {_show(value)}")
        return number

    def bool(self, name, default=False):
        value = self.raw(name, None)
        if value is None:
            return default
        word = value.strip().upper()
        if word in ("TRUE", "T", "YES", "1"):
            return True
        if word in ("FALSE", "F", "NO", "0"):
            return False
        raise self.error(f"attribute '{name}' must be TRUE or FALSE, got {_show(value)}")

    def word(self, name, choices, default=None, required=False):
        """One word of ``choices`` (a dict: accepted upper-case word -> result)."""
        value = self.raw(name, None, required)
        if value is None:
            return default
        word = value.strip().upper()
        if word not in choices:
            names = " | ".join(sorted({k for k in choices if not k.startswith("_")}))
            raise self.error(f"attribute '{name}' must be one of {names}, got {_show(value)}")
        return choices[word]

    def reals_text(self, what, count=None):
        """Numbers in the element text (blank- or comma-separated)."""
        return _numbers(self, self.node.text, what, count)

    def reals_attr(self, name, count_name=None, required=False):
        value = self.raw(name, None, required)
        if value is None:
            return []
        count = self.int(count_name, None, minimum=0) if count_name else None
        return _numbers(self, value, f"attribute '{name}'", count,
                        f"'{count_name}' says {count}" if count is not None else None)

    def finish(self, ignored=()):
        """Warn once per element kind and attribute about attributes nobody read."""
        unused = [a for a in self.node.attrs if a not in self.used and a not in ignored
                  and a not in _HELPER_ATTRIBUTES]
        for name in unused:
            key = (self.node.key, name)
            if key in self.reader.warned:
                continue
            self.reader.warned.add(key)
            self.warn(f"attribute '{self.node.spelled.get(name, name)}' is not used by msolve "
                      "and was ignored")


def _show(value):
    text = value if len(value) <= 40 else value[:37] + "..."
    return repr(text)


def _real(text):
    text = text.strip()
    if len(text) > 64 or not _REAL.fullmatch(text):
        return None
    return float(text.replace("d", "e").replace("D", "e"))


def _numbers(el, text, what, count=None, count_text=None):
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    values = []
    for token in tokens:
        number = _real(token)
        if number is None or not math.isfinite(number):
            raise el.error(f"{what}: {_show(token)} is not a finite number")
        values.append(number)
    if count is not None and len(values) != count:
        says = count_text or f"{count} expected"
        raise el.error(f"{what}: {len(values)} numbers given, but {says}")
    return values


# -- the reader ------------------------------------------------------------------------------

_UNIT_NAMES = {
    # Param_Unit spellings that differ from the Units words
    "MEGAGRAM": "TONNE", "MEGAGRAMS": "TONNE", "KILONEWTON": "KNEWTON",
    "POUND": "POUND_MASS", "LBF": "POUND_FORCE", "LBM": "POUND_MASS",
    "MILLIMETRE": "MILLIMETER", "METRE": "METER", "CENTIMETRE": "CENTIMETER",
}

_JOINT_TYPES = {
    "CONSTANT_VELOCITY": "CONVEL", "CONVEL": "CONVEL", "CYLINDRICAL": "CYLINDRICAL",
    "FIXED": "FIXED", "HOOKE": "HOOKE", "PLANAR": "PLANAR", "RACK_PINION": "RACKPIN",
    "RACKPIN": "RACKPIN", "REVOLUTE": "REVOLUTE", "SCREW": "SCREW", "SPHERICAL": "SPHERICAL",
    "TRANSLATIONAL": "TRANSLATIONAL", "UNIVERSAL": "UNIVERSAL",
}
_JPRIM_TYPES = {"ATPOINT", "INLINE", "INPLANE", "ORIENTATION", "PARALLEL_AXES",
                "PERPENDICULAR"}

_VAL_TYPES = {"D": "DISPLACEMENT", "V": "VELOCITY", "A": "ACCELERATION",
              "DISPLACEMENT": "DISPLACEMENT", "VELOCITY": "VELOCITY",
              "ACCELERATION": "ACCELERATION", "DISP": "DISPLACEMENT", "VEL": "VELOCITY",
              "ACC": "ACCELERATION", "ACCL": "ACCELERATION"}

_REQUEST_TYPES = {
    "MARKER_DISPLACEMENT": "DISPLACEMENT", "DISPLACEMENT": "DISPLACEMENT",
    "MARKER_VELOCITY": "VELOCITY", "VELOCITY": "VELOCITY",
    "MARKER_ACCELERATION": "ACCELERATION", "ACCELERATION": "ACCELERATION",
    "MARKER_FORCE": "FORCE", "FORCE": "FORCE", "EXPRESSION": "EXPRESSION",
    "USERSUB": "USERSUB", "ELEMENTAL_FORCE": None,
}

_ANALYSIS_TYPES = {
    "TRANSIENT": "TRANSIENT", "DYNAMIC": "TRANSIENT", "DYNAMICS": "TRANSIENT",
    "KINEMATIC": "KINEMATICS", "KINEMATICS": "KINEMATICS", "STATIC": "STATICS",
    "STATICS": "STATICS", "QUASI-STATIC": "QUASISTATICS", "QUASISTATIC": "QUASISTATICS",
    "QUASI_STATIC": "QUASISTATICS", "LINEAR": "LINEAR", "ASSEMBLY": "ASSEMBLY",
}

_INTEGRATORS = {"DSTIFF": "DSTIFF", "GSTIFF": "GSTIFF", "HSTIFF": "HSTIFF",
                "MSTIFF": "MSTIFF", "VSTIFF": "VSTIFF", "ABAM": "ABAM",
                "CSTIFF": None, "HHT": None, "NEWMARK": None}

# Param_Transient attribute -> Integrator attribute
_TRANSIENT_MAP = {"integr_tol": "error", "h_max": "hmax", "h_min": "hmin", "h0_max": "hinit"}


class _Reader:
    def __init__(self, dataset, allow_scripts):
        self.dataset = dataset
        self.path = dataset.path
        self.allow_scripts = allow_scripts
        self.warned = set()
        self.entities = {}  # (kind, id) -> entity
        self.nodes = {}  # (kind, id) -> node
        self.scripts = {}
        self.links = []  # deferred: (el, attribute, kind, setter)
        self.evaluates = {}  # Sensor_Evaluate id -> (node, attributes)
        self.events = []
        self.integrator = None

    # -- structure ---------------------------------------------------------------------

    def read(self, root):
        from .model import Model

        blocks = self._blocks(root)
        model_nodes, command_nodes = blocks
        self.dataset.model = Model(output=self.path.stem)
        by_key = {}
        for node in model_nodes:
            by_key.setdefault(node.key, []).append(node)
        for node in by_key.pop("param_unit", []):
            self._param_unit(_El(self, node))
        for node in by_key.pop("force_gravity", []):
            self._gravity(_El(self, node))
        for node in by_key.pop("param_transient", []):
            self._param_transient_model(_El(self, node))
        self._bodies(by_key.pop("body_rigid", []), by_key.pop("reference_marker", []))
        for node in model_nodes:
            if node.key not in by_key:
                continue
            handler = _ELEMENTS.get(node.key)
            if handler is None:
                self._unknown(node)
                continue
            el = _El(self, node)
            handler(self, el)
        self._resolve_links()
        self._sensors()
        self._commands(command_nodes)

    def _blocks(self, root):
        if root.key == "model":
            return root.children, []
        if root.key == "command":
            raise DatasetError("the dataset holds only a Command block; a Model block is "
                               "needed", self.path, root.line, root.describe())
        models = root.find("model")
        commands = root.find("command")
        if not models:
            raise DatasetError("no <Model> block found (element and attribute names are "
                               "case-insensitive)", self.path, root.line, root.describe())
        if len(models) > 1:
            raise DatasetError("more than one <Model> block", self.path, models[1].line,
                               models[1].describe())
        for node in root.children:
            if node.key not in ("model", "command"):
                self._unknown(node)
        command_nodes = [c for block in commands for c in block.children]
        return models[0].children, command_nodes

    def _unknown(self, node):
        key = ("unknown", node.key)
        if key in self.warned:
            return
        self.warned.add(key)
        _warn(f"{self.path}:{node.line}: {node.describe()}: element not known to msolve; "
              "ignored")

    # -- registry and references ----------------------------------------------------------

    def register(self, el, kind, entity, ident):
        key = (kind, ident)
        if key in self.nodes:
            first = self.nodes[key]
            raise el.error(f"{kind} id {ident} is already used by {first.describe()} on line "
                           f"{first.line}")
        self.nodes[key] = el.node
        self.entities[key] = entity

    def link(self, el, attribute, kind, setter, required=False):
        """Resolve the id in ``attribute`` to an entity of ``kind`` once all elements are
        created, then call ``setter(entity)``."""
        ident = el.id(attribute, required=required)
        if ident is not None:
            self.links.append((el, attribute, kind, ident, setter))
        return ident

    def lookup(self, el, attribute, kind, ident):
        found = self.entities.get((kind, ident))
        if found is None:
            raise el.error(f"attribute '{attribute}': no {_KIND_ELEMENT.get(kind, kind)} with "
                           f"id {ident}")
        return found

    def _resolve_links(self):
        for el, attribute, kind, ident, setter in self.links:
            if isinstance(ident, list):
                entity = [self.lookup(el, attribute, kind, i) for i in ident]
            else:
                entity = self.lookup(el, attribute, kind, ident)
            try:
                setter(entity)
            except (TypeError, ValueError) as e:
                raise el.error(f"attribute '{attribute}': {e}") from None

    def _sensors(self):
        _make_sensors(self)

    def _commands(self, nodes):
        _read_commands(self, nodes)

    def create(self, el, cls, kind=None, **kwds):
        """Create an entity with the element's id and label; errors of the entity classes
        become DatasetErrors."""
        ident = el.id()
        label = el.text("label")
        if label:
            kwds["label"] = label
        kwds = {k: v for k, v in kwds.items() if v is not None}
        try:
            entity = cls(id=ident, **kwds)
        except (TypeError, ValueError) as e:
            raise el.error(str(e)) from None
        self.register(el, kind or cls.__name__, entity, ident)
        return entity

    # -- user routines ------------------------------------------------------------------

    def routine(self, el, default_name):
        """(function, routine) of an element: an expression in ``expr``-like attributes is
        read by the caller; this reads the USERSUB forms. Returns (None, None) when the
        element names no routine."""
        param = el.text("usrsub_param_string")
        name = el.text("usrsub_fnc_name") or default_name
        script = el.text("script_name")
        dll = el.text("usrsub_dll_name")
        interpreter = el.word("interpreter", {"PYTHON": "PYTHON", "MATLAB": "MATLAB"})
        if script:
            if interpreter == "MATLAB":
                raise el.error("MATLAB routines are not available in msolve")
            return param, self._script_function(el, script, name)
        if dll:
            return param, f"{dll}::{name}"
        if param or el.has("usrsub_fnc_name"):
            raise el.error("a user routine needs 'script_name' (with interpreter=\"PYTHON\") "
                           "or 'usrsub_dll_name'")
        return None, None

    def _script_function(self, el, script, name):
        path = Path(script)
        if not path.is_absolute():
            path = self.path.parent / path
        if not self.allow_scripts:
            raise el.error(
                f"the dataset names the Python script '{script}' (function {name}); scripts "
                "named by a dataset are executed only when you allow it: "
                "load_model(path, allow_scripts=True) or 'msolve run --allow-scripts'")
        module = self.scripts.get(path)
        if module is None:
            if not path.is_file():
                raise el.error(f"attribute 'script_name': no file '{path}'")
            spec = importlib.util.spec_from_file_location(
                f"msolve_dataset_script_{len(self.scripts)}_{path.stem}", path)
            module = importlib.util.module_from_spec(spec)
            self.dataset.notes.append(f"executing the Python script {path} (allowed)")
            try:
                spec.loader.exec_module(module)
            except Exception as e:
                raise el.error(f"the Python script '{script}' failed: "
                               f"{type(e).__name__}: {e}") from None
            self.scripts[path] = module
        function = getattr(module, name, None)
        if not callable(function):
            raise el.error(f"the Python script '{script}' has no function '{name}'")
        return function

    def function_and_routine(self, el, expr_attribute, default_name, required=True):
        """The ``function``/``routine`` pair of an EXPRESSION or USERSUB element."""
        kind = el.word("type", {"EXPRESSION": "EXPRESSION", "USERSUB": "USERSUB"})
        expr = el.raw(expr_attribute)
        param, routine = self.routine(el, default_name)
        if kind == "USERSUB" or (kind is None and routine is not None):
            if routine is None:
                raise el.error("type USERSUB needs 'script_name' or 'usrsub_dll_name'")
            return param or "", routine
        if expr is None or not expr.strip():
            if required:
                raise el.error(f"the attribute '{expr_attribute}' is required")
            return "", None
        return expr.strip(), None

    # -- parameters -----------------------------------------------------------------------

    def _param_unit(self, el):
        from .entities import Units

        kwds = {}
        if el.has("mass_mult_factor"):
            factor = el.real("mass_mult_factor", minimum=0.0)
            if factor == 0.0:
                raise el.error("attribute 'mass_mult_factor' must be positive")
            kwds["ucf"] = 1.0 / factor
        for attribute, field in (("force_unit", "force"), ("mass_unit", "mass"),
                                 ("length_unit", "length"), ("time_unit", "time")):
            value = el.text(attribute)
            if value:
                word = value.upper()
                kwds[field] = _UNIT_NAMES.get(word, word)
        el.finish()
        try:
            Units(**kwds)
        except (TypeError, ValueError) as e:
            raise el.error(str(e)) from None

    def _gravity(self, el):
        from .entities import Accgrav

        kwds = {k: el.real_or_expression(a) for k, a in
                (("igrav", "grav_x"), ("jgrav", "grav_y"), ("kgrav", "grav_z"))}
        el.finish()
        try:
            Accgrav(**kwds)
        except (TypeError, ValueError) as e:
            raise el.error(str(e)) from None

    def transient_values(self, el):
        """The Integrator attributes a Param_Transient element gives."""
        values = {}
        kind = el.word("integrator_type", _INTEGRATORS, default=False)
        if kind is None:
            el.warn(f"integrator_type {el.text('integrator_type')} is not available; DSTIFF "
                    "(variable-order BDF) is used")
            values["type"] = "DSTIFF"
        elif kind:
            values["type"] = kind
        for attribute, field in _TRANSIENT_MAP.items():
            value = el.real(attribute, minimum=0.0)
            if value is not None:
                values[field] = value
        order = el.int("max_order", minimum=1)
        if order is not None:
            values["kmax"] = order
        maxit = el.int("dae_corrector_maxit", minimum=1)
        if maxit is not None:
            values["maxit"] = maxit
        if el.has("dae_interpolation"):
            values["interpolate"] = el.bool("dae_interpolation")
        el.finish()
        return values

    def _param_transient_model(self, el):
        from .entities import Integrator

        values = self.transient_values(el)
        try:
            if self.integrator is None:
                self.integrator = Integrator(**values)
            else:
                self.integrator.setValues(**values)
        except (TypeError, ValueError) as e:
            raise el.error(str(e)) from None

    # -- bodies and markers -------------------------------------------------------------

    def _by_id(self, nodes, kind):
        """The elements of one kind by id; a repeated id is an error."""
        found = {}
        for node in nodes:
            el = _El(self, node)
            ident = el.id()
            if ident in found:
                raise el.error(f"{kind} id {ident} is already used on line "
                               f"{found[ident].node.line}")
            found[ident] = el
        return found

    def _bodies(self, body_nodes, marker_nodes):
        from .entities import Marker, Part

        bodies = self._by_id(body_nodes, "Body_Rigid")
        markers = self._by_id(marker_nodes, "Reference_Marker")
        frames = self._marker_frames(markers, bodies)

        # parts: the frame of a rigid body is its lprf marker (the ground stays global)
        part_frames = {}
        for ident, el in bodies.items():
            ground = el.bool("isground")
            origin, rot = np.zeros(3), np.eye(3)
            lprf = el.id("lprf_id", required=False)
            if lprf is not None:
                if lprf not in markers:
                    raise el.error(f"attribute 'lprf_id': no Reference_Marker with id {lprf}")
                if markers[lprf].owner != ident:
                    raise el.error(f"attribute 'lprf_id': Reference_Marker {lprf} belongs to "
                                   f"body {markers[lprf].owner}, not to this body")
                if not ground:
                    origin, rot = frames[lprf]
            part_frames[ident] = (origin, rot)
            kwds = {"ground": ground}
            if not ground:
                kwds.update(self._body_inertia(el))
                kwds.update(self._body_velocities(el, markers, frames))
            else:
                # the ground's mass data and velocities mean nothing
                el.used.update(a for a in el.node.attrs if a.startswith(("mass", "inertia_",
                                                                         "v_ic", "w_ic")))
            if not xml_frames.is_identity(origin, rot):
                kwds["qg"] = list(origin)
                kwds["zg"] = list(origin + rot[:, 2])
                kwds["xg"] = list(origin + rot[:, 0])
            el.part = self.create(el, Part, **kwds)

        for ident, el in markers.items():
            body = bodies[el.owner]
            origin, rot = part_frames[el.owner]
            position, axes_ = frames[ident]
            qp = rot.T @ (position - origin)
            local = rot.T @ axes_
            kwds = {"part": body.part, "qp": list(qp)}
            if not np.array_equal(local, np.eye(3)):
                kwds["zp"] = list(qp + local[:, 2])
                kwds["xp"] = list(qp + local[:, 0])
            el.marker = self.create(el, Marker, **kwds)
            el.finish()

        for el in bodies.values():
            for attribute, field in (("cg_id", "cm"), ("im_id", "im")):
                ref = el.id(attribute, required=False)
                if ref is None:
                    continue
                if ref not in markers:
                    raise el.error(f"attribute '{attribute}': no Reference_Marker with id {ref}")
                if markers[ref].owner != el.id():
                    raise el.error(f"attribute '{attribute}': Reference_Marker {ref} belongs to "
                                   f"body {markers[ref].owner}, not to this body")
                if field == "im" and ref == el.id("cg_id", required=False):
                    continue
                setattr(el.part, field, markers[ref].marker)
            if not el.part.ground and el.part.cm is None and el.part.mass > 0:
                raise el.error("attribute 'cg_id' is required for a body with mass")
            el.finish(ignored={"is_wet_body", "cp_inp_id"})

    def _marker_frames(self, markers, bodies):
        """Global (origin, axes) of every marker, following rm_id chains."""
        local = {}
        for ident, el in markers.items():
            owner = el.id("body_id")
            if owner not in bodies:
                raise el.error(f"attribute 'body_id': no Body_Rigid with id {owner}")
            el.owner = owner
            body_type = el.word("body_type", {"RIGIDBODY": "RIGID", "RIGID": "RIGID",
                                              "FLEXBODY": "FLEX", "POINTBODY": "POINT"},
                                default="RIGID")
            if body_type != "RIGID":
                raise el.error(f"body_type {el.text('body_type')} is not available in msolve")
            if el.has("usrsub_fnc_name") or el.has("usrsub_dll_name") or el.has("script_name"):
                raise el.error("markers read by a MARKER_READ routine are not available")
            position = np.array([el.real(a, 0.0) for a in ("pos_x", "pos_y", "pos_z")])
            cosines = [f"a{r}{c}" for c in range(3) for r in range(3)]
            given = [a for a in cosines if el.has(a)]
            euler = [a for a in ("psi", "theta", "phi") if el.has(a)]
            if given and euler:
                raise el.error("give the orientation by a00..a22 or by psi/theta/phi, not both")
            if given:
                if len(given) != 9:
                    missing = [a for a in cosines if a not in given]
                    raise el.error(f"direction cosines incomplete: missing {' '.join(missing)}")
                rot = np.array([[el.real(f"a{r}{c}") for c in range(3)] for r in range(3)])
                if xml_frames.orthonormal_error(rot) > 1e-6:
                    raise el.error("the direction cosines a00..a22 are not an orthonormal, "
                                   "right-handed matrix (columns are the x, y, z axes)")
            elif euler:
                rot = xml_frames.euler313([el.real(a, 0.0) for a in ("psi", "theta", "phi")])
            else:
                rot = np.eye(3)
            local[ident] = (position, rot, el.id("rm_id", required=False))
            el.used.add("node_id")

        frames = {}

        def resolve(ident, chain):
            if ident in frames:
                return frames[ident]
            position, rot, rm = local[ident]
            if rm is not None:
                if rm not in local:
                    raise markers[ident].error(f"attribute 'rm_id': no Reference_Marker with id "
                                               f"{rm}")
                if rm in chain:
                    raise markers[ident].error("attribute 'rm_id': the markers refer to each "
                                               "other in a loop")
                origin, axes_ = resolve(rm, chain | {ident})
                position, rot = origin + axes_ @ position, axes_ @ rot
            frames[ident] = (position, rot)
            return frames[ident]

        for ident in local:
            resolve(ident, {ident})
        return frames

    def _body_inertia(self, el):
        mass = el.real("mass", 0.0, minimum=0.0)
        names = ("inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_xz",
                 "inertia_yz")
        return {"mass": mass, "ip": [el.real(n, 0.0) for n in names]}

    def _body_velocities(self, el, markers, frames):
        kwds = {}
        for prefix, names, frame_attribute in (("v_ic", ("vx", "vy", "vz"), "vm_id"),
                                               ("w_ic", ("wx", "wy", "wz"), "wm_id")):
            values = []
            for axis in "xyz":
                value = el.real(f"{prefix}_{axis}")
                flag = el.bool(f"{prefix}_{axis}_flag", default=value is not None)
                values.append(value if flag and value is not None else
                              (0.0 if flag else None))
            if all(v is None for v in values):
                el.raw(frame_attribute)
                continue
            frame = el.id(frame_attribute, required=False)
            if frame is not None:
                if frame not in markers:
                    raise el.error(f"attribute '{frame_attribute}': no Reference_Marker with "
                                   f"id {frame}")
                rot = frames[frame][1]
                if not np.allclose(rot, np.eye(3), atol=1e-14):
                    if any(v is None for v in values):
                        raise el.error(f"initial velocities given for some components only in "
                                       f"the axes of marker {frame} are not available")
                    values = list(rot @ np.array(values))
            kwds.update({n: v for n, v in zip(names, values) if v is not None})
        return kwds


_KIND_ELEMENT = {
    "Marker": "Reference_Marker", "Part": "Body_Rigid", "Joint": "Constraint_Joint",
    "Variable": "Reference_Variable", "Array": "Reference_Array", "Matrix": "Reference_Matrix",
    "Spline": "Reference_Spline", "Diff": "Control_Diff", "Tfsiso": "Control_SISO",
}


def _marker(reader, el, attribute, entity, field, required=True):
    reader.link(el, attribute, "Marker", lambda m: setattr(entity, field, m), required)


def _array(reader, el, attribute, entity, field, required=False):
    reader.link(el, attribute, "Array", lambda a: setattr(entity, field, a), required)


# -- model elements ----------------------------------------------------------------------


def _joint(reader, el):
    from .entities import Joint

    word = el.text("type", required=True).upper()
    if word in _JPRIM_TYPES:
        return _jprim(reader, el, word)
    if word == "FREE":
        el.warn("a FREE joint constrains nothing; ignored")
        el.used.update(el.node.attrs)
        return None
    if word not in _JOINT_TYPES:
        names = " | ".join(sorted(set(_JOINT_TYPES) | _JPRIM_TYPES | {"FREE"}))
        raise el.error(f"attribute 'type' must be one of {names}, got {_show(word)}")
    kwds = {"type": _JOINT_TYPES[word]}
    pitch = el.real("pitch")
    if pitch is not None:
        kwds["pitch"] = pitch
    pd = el.real("pitch_diameter")
    if pd is not None:
        kwds["pd"] = pd
    joint = reader.create(el, Joint, **kwds)
    _marker(reader, el, "i_marker_id", joint, "i")
    _marker(reader, el, "j_marker_id", joint, "j")
    el.finish()
    return joint


def _jprim(reader, el, word):
    import msolve

    cls = getattr(msolve, "Jprim", None)
    if cls is None:
        return _keep(reader, el, f"joint primitive {word} (Jprim)")
    entity = reader.create(el, cls, type=word)
    _marker(reader, el, "i_marker_id", entity, "i")
    _marker(reader, el, "j_marker_id", entity, "j")
    el.finish()
    return entity


def _joint_list(reader, el, entity, count):
    """entity.joints from the attributes joint1_id ... joint<count>_id, set once all are
    resolved."""
    joints = [None] * count

    def setter(k):
        def assign(joint):
            joints[k] = joint
            if all(j is not None for j in joints):
                entity.joints = list(joints)

        return assign

    for k in range(count):
        reader.link(el, f"joint{k + 1}_id", "Joint", setter(k), required=True)


def _coupler(reader, el):
    """Constraint_Coupler: joint1_id, freedom_1, joint2_id, freedom_2 [, joint3_id,
    freedom_3], coefficients = "c1, c2 [, c3]" (MotionSolve Constraint_Coupler page); user
    couplers (COUSUB) are not available."""
    from .entities import Coupler

    for name in ("usrsub_param_string", "usrsub_dll_name", "script_name"):
        if el.raw(name) is not None:
            raise el.error("user-defined couplers (COUSUB) are not available in msolve; give "
                           "'coefficients'")
    count = 3 if el.raw("joint3_id") is not None else 2
    freedoms = [el.word(f"freedom_{k + 1}", {"T": "T", "R": "R"}) for k in range(count)]
    scales = el.reals_attr("coefficients", required=True)
    if len(scales) != count:
        raise el.error(f"attribute 'coefficients' needs {count} numbers (one per joint), "
                       f"got {len(scales)}")
    kwds = {"scales": scales}
    if all(f is not None for f in freedoms):
        kwds["type"] = freedoms
    entity = reader.create(el, Coupler, **kwds)
    _joint_list(reader, el, entity, count)
    el.finish()
    return entity


def _gear(reader, el):
    """Constraint_Gear: joint1_id, joint2_id, cv_marker_id (MotionSolve Constraint_Gear
    page)."""
    from .entities import Gear

    entity = reader.create(el, Gear)
    _joint_list(reader, el, entity, 2)
    _marker(reader, el, "cv_marker_id", entity, "cv")
    el.finish()
    return entity


def _keep(reader, el, what):
    """An element of a feature msolve does not have yet: keep its attributes, warn."""
    attributes = dict(el.node.attrs)
    reader.dataset.pending.append((el.node, attributes))
    el.warn(f"{what} is not available in msolve yet; the element was read and kept "
            "(dataset.pending) but has no effect")
    return None


def _motion_common(reader, el, motion):
    motion_kwds = {"dtype": el.word("val_type", _VAL_TYPES, default="DISPLACEMENT")}
    for attribute, field in (("ic_disp", "icdisp"), ("ic_vel", "icvel")):
        value = el.real(attribute)
        if value is not None:
            motion_kwds[field] = value
    function, routine = reader.function_and_routine(el, "expr", "MOTSUB")
    motion_kwds["function"] = function
    if routine is not None:
        motion_kwds["routine"] = routine
    try:
        motion.setValues(**motion_kwds)
    except (TypeError, ValueError) as e:
        raise el.error(str(e)) from None


def _motion_joint(reader, el):
    from .entities import Motion

    motion = reader.create(el, Motion)
    jtype = el.word("motion_type", {"R": "ROTATION", "T": "TRANSLATION",
                                    "ROTATION": "ROTATION", "TRANSLATION": "TRANSLATION"})
    if jtype is None:
        jtype = el.word("joint_type", {"R": "ROTATION", "T": "TRANSLATION"})

    def attach(joint):
        kind = jtype
        if kind is None:
            kind = {"REVOLUTE": "ROTATION", "TRANSLATIONAL": "TRANSLATION"}.get(joint.type)
            if kind is None:
                raise ValueError(f"give motion_type R or T for a {joint.type} joint")
        motion.jtype = kind
        motion.joint = joint

    reader.link(el, "joint_id", "Joint", attach, required=True)
    _motion_common(reader, el, motion)
    el.finish()


def _motion_marker(reader, el):
    from .entities import Motion

    direction = el.word("direction", {w: w for w in ("X", "Y", "Z", "B1", "B2", "B3")},
                        required=True)
    motion = reader.create(el, Motion, direction=direction)
    _marker(reader, el, "i_marker_id", motion, "i")
    _marker(reader, el, "j_marker_id", motion, "j")
    _motion_common(reader, el, motion)
    el.finish()


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


def _variable(reader, el):
    from .entities import Variable

    function, routine = reader.function_and_routine(el, "expr", "VARSUB")
    kwds = {"function": function, "routine": routine,
            "implicit": el.bool("is_implicit") if el.has("is_implicit") else None,
            "ic": el.real("ic")}
    reader.create(el, Variable, **kwds)
    el.finish()


def _diff(reader, el):
    from .entities import Diff

    function, routine = reader.function_and_routine(el, "expr", "DIFSUB")
    ic = el.real("ic", 0.0)
    ic_dot = el.real("ic_dot")
    reader.create(el, Diff, function=function, routine=routine,
                  implicit=el.bool("is_implicit"), static_hold=el.bool("is_static_hold"),
                  ic=[ic, ic_dot] if ic_dot is not None else ic)
    el.finish()


def _siso(reader, el):
    from .entities import Tfsiso

    numerator = el.reals_attr("numerator_coef", "num_numerator_coef", required=True)
    denominator = el.reals_attr("denominator_coef", "num_denominator_coef", required=True)
    siso = reader.create(el, Tfsiso, numerator=numerator, denominator=denominator,
                         static_hold=el.bool("is_static_hold"))
    for attribute, field in (("x_array_id", "x"), ("y_array_id", "y"), ("u_array_id", "u")):
        _array(reader, el, attribute, siso, field, required=True)
    el.finish()


def _state_eqn(reader, el):
    from .entities import Lse

    kind = el.text("type", "LINEAR").upper()
    if kind != "LINEAR":
        return _keep(reader, el, f"Control_StateEqn of type {kind} (Gse)")
    lse = reader.create(el, Lse, static_hold=el.bool("is_static_hold"))
    for attribute, field in (("x_array_id", "x"), ("y_array_id", "y"), ("u_array_id", "u"),
                             ("ic_array_id", "ic")):
        _array(reader, el, attribute, lse, field, required=field == "x")
    for name in "abcd":
        attribute = f"{name}_id" if el.has(f"{name}_id") else f"{name}_matrix_id"
        reader.link(el, attribute, "Matrix", lambda m, f=name: setattr(lse, f, m),
                    required=name == "a")
    el.finish()


def _array_element(reader, el):
    from .entities import Array

    kind = el.word("type", {w: w for w in ("X", "Y", "U", "IC")}, required=True)
    count = el.int("num_element", None, minimum=0)
    array = reader.create(el, Array, type=kind)
    if kind == "IC":
        array.numbers = el.reals_text("the numbers in the element text", count)
        array.size = len(array.numbers)
    elif kind == "U":
        text = el.text("variable_id") or el.node.text
        ids = []
        for token in (t for t in re.split(r"[\s,;]+", text.strip()) if t):
            if not _INT.fullmatch(token) or int(token) <= 0:
                raise el.error(f"the variable ids of a U array must be positive integers, got "
                               f"{_show(token)}")
            ids.append(int(token))
        if count is not None and count != len(ids):
            raise el.error(f"{len(ids)} variable ids given, but 'num_element' says {count}")
        array.size = len(ids)
        reader.links.append((el, "variable_id", "Variable", ids, _set_variables(array)))
    else:
        if el.node.text:
            raise el.error(f"an {kind} array holds no data in its text")
        array.size = count or 0
    el.finish()


def _set_variables(array):
    def setter(variables):
        array.variables = variables

    return setter


def _matrix(reader, el):
    from .entities import Matrix

    rows = el.int("nrow", required=True, minimum=1)
    columns = el.int("ncol", required=True, minimum=1)
    if el.bool("issparse"):
        count = el.int("nval", None, minimum=0)
        numbers = el.reals_text("the sparse triples (row column value)")
        if len(numbers) % 3:
            raise el.error("the sparse data must be triples: row column value")
        triples = [numbers[k:k + 3] for k in range(0, len(numbers), 3)]
        if count is not None and count != len(triples):
            raise el.error(f"{len(triples)} values given, but 'nval' says {count}")
        for r, c, _ in triples:
            if not (float(r).is_integer() and float(c).is_integer()):
                raise el.error("sparse row and column indices must be integers")
        kwds = {"sparse": True, "i": [int(t[0]) for t in triples],
                "j": [int(t[1]) for t in triples], "values": [t[2] for t in triples]}
    else:
        values = el.reals_text("the matrix values", rows * columns)
        kwds = {"values": values, "full": "RORDER" if el.bool("isroworder") else "CORDER"}
    reader.create(el, Matrix, rows=rows, columns=columns, **kwds)
    el.finish()


def _spline(reader, el):
    from .entities import Spline

    if el.has("file_name") or el.has("usrsub_dll_name") or el.has("script_name"):
        raise el.error("spline data read from a file or by a SPLINE_READ routine are not "
                       "available yet; give the data in the element text")
    linear = el.bool("linear_extrap")
    num_z = el.int("num_z", None, minimum=1)
    if num_z is None or (num_z == 1 and not el.has("num_x")):
        count = el.int("num_xy_pair", None, minimum=0)
        numbers = el.reals_text("the spline data (rows x y)",
                                None if count is None else 2 * count)
        if len(numbers) % 2:
            raise el.error("the spline data must be pairs: x y")
        kwds = {"x": numbers[0::2], "y": numbers[1::2]}
    else:
        num_x = el.int("num_x", required=True, minimum=1)
        numbers = el.reals_text("the spline data (z values, then rows x y(z1) y(z2) ...)",
                                num_z + num_x * (num_z + 1))
        z, rows = numbers[:num_z], numbers[num_z:]
        table = np.array(rows).reshape(num_x, num_z + 1)
        kwds = {"x": list(table[:, 0]), "z": z,
                "y": [list(table[:, 1 + k]) for k in range(num_z)]}
    reader.create(el, Spline, linear_extrapolate=linear, **kwds)
    el.finish()


def _request(reader, el):
    from .entities import Request

    kind = el.word("type", _REQUEST_TYPES, required=True)
    if kind is None:
        return _keep(reader, el, "Post_Request of type ELEMENTAL_FORCE")
    kwds = {}
    comment = el.text("comment")
    if comment:
        kwds["comment"] = comment
    param, routine = reader.routine(el, "REQSUB")
    if kind == "USERSUB" or routine is not None:
        if routine is None:
            raise el.error("type USERSUB needs 'script_name' or 'usrsub_dll_name'")
        kwds.update(type="EXPRESSION", function=param or "", routine=routine)
    elif kind == "EXPRESSION":
        kwds["type"] = "EXPRESSION"
        for k in range(1, 9):
            text = el.text(f"expr{k}")
            if text and text.upper() != "NULL":
                kwds[f"f{k}"] = text
    else:
        kwds["type"] = kind
    request = reader.create(el, Request, **kwds)
    if kind not in ("EXPRESSION", "USERSUB"):
        _marker(reader, el, "i_marker_id", request, "i")
        _marker(reader, el, "j_marker_id", request, "j", required=False)
        _marker(reader, el, "ref_marker_id", request, "rm", required=False)
    el.finish()


# -- sensors: parsed into plain attributes; mapped to Sensor when msolve has it -----------

_COMPARE = {"GE": "GE", "LT": "LE", "LE": "LE", "EQ": "EQ"}


def sensor_event_values(reader, el):
    """Every attribute of a Sensor_Event (MotionSolve's Sensor_Event page), converted: the
    dictionary that is kept, and from which the Sensor is made."""
    values = {"id": el.id(), "label": el.text("label"),
              "value": el.real("value", 0.0),
              "compare": el.word("compare", {k: k for k in ("GE", "LT", "LE", "EQ")},
                                 default="EQ"),
              "evaluate_id": el.id("evaluate_id", required=False),
              "error_tol": el.real("error_tol", 0.0, minimum=0.0),
              "dt": el.real("dt", minimum=0.0), "stepsize": el.real("stepsize", minimum=0.0),
              "zero_crossing": el.real("zero_crossing", minimum=0.0),
              "hmax": el.real("hmax", minimum=0.0)}
    for flag in ("halt", "print", "restart", "verbose", "return"):
        values[flag] = el.bool(flag)
    kind = el.word("type", {"EXPRESSION": "EXPRESSION", "USERSUB": "USERSUB"})
    param, routine = reader.routine(el, "SENSUB")
    if kind == "USERSUB" or routine is not None:
        if routine is None:
            raise el.error("type USERSUB needs 'script_name' or 'usrsub_dll_name'")
        values.update(type="USERSUB", function=param or "", routine=routine,
                      usrsub_fnc_name=el.text("usrsub_fnc_name") or "SENSUB")
    else:
        expr = el.text("expr", required=True)
        values.update(type="EXPRESSION", function=expr, routine=None)
    el.finish()
    return values


def sensor_evaluate_values(reader, el):
    """The attributes of a Sensor_Evaluate, converted."""
    values = {"id": el.id(), "label": el.text("label")}
    function, routine = reader.function_and_routine(el, "expr", "SEVSUB")
    values.update(function=function, routine=routine)
    el.finish()
    return values


def sensor_keywords(event, evaluate):
    """The keyword arguments of msolve's ``Sensor`` for a Sensor_Event (and the
    Sensor_Evaluate it names): compare LT is Python's LE; error_tol is ``error``; the
    Sensor_Evaluate expression or routine becomes ``evaluate`` / ``evaluate_routine``."""
    kwds = {"id": event["id"], "value": event["value"], "error": event["error_tol"],
            "operator": _COMPARE[event["compare"]], "function": event["function"],
            "halt": event["halt"], "print_": event["print"], "restart": event["restart"],
            "return_": event["return"]}
    if event["label"]:
        kwds["label"] = event["label"]
    if event["routine"] is not None:
        kwds["routine"] = event["routine"]
    for name in ("dt", "stepsize", "zero_crossing", "hmax"):
        if event[name] is not None:
            kwds[name] = event[name]
    if evaluate is not None:
        if evaluate["routine"] is not None:
            kwds["evaluate"] = evaluate["function"]
            kwds["evaluate_routine"] = evaluate["routine"]
        else:
            kwds["evaluate"] = evaluate["function"]
    return kwds


def _sensor_event(reader, el):
    values = sensor_event_values(reader, el)
    reader.events.append((el, values))


def _sensor_evaluate(reader, el):
    values = sensor_evaluate_values(reader, el)
    ident = values["id"]
    if ident in reader.evaluates:
        raise el.error(f"Sensor_Evaluate id {ident} is already used on line "
                       f"{reader.evaluates[ident][0].node.line}")
    reader.evaluates[ident] = (el, values)


def _make_sensors(reader):
    import msolve

    cls = getattr(msolve, "Sensor", None)
    for el, event in reader.events:
        evaluate = None
        if event["evaluate_id"] is not None:
            found = reader.evaluates.get(event["evaluate_id"])
            if found is None:
                raise el.error(f"attribute 'evaluate_id': no Sensor_Evaluate with id "
                               f"{event['evaluate_id']}")
            evaluate = found[1]
        if cls is None:
            reader.dataset.pending.append((el.node, {"event": event, "evaluate": evaluate}))
            el.warn("sensors are not available in msolve yet; the Sensor_Event was read "
                    "and kept (dataset.pending) but has no effect")
            continue
        try:
            cls(**sensor_keywords(event, evaluate))
        except (TypeError, ValueError) as e:
            raise el.error(str(e)) from None
    used = {e["evaluate_id"] for _, e in reader.events}
    for ident, (el, _values) in reader.evaluates.items():
        if ident not in used:
            el.warn("no Sensor_Event names this Sensor_Evaluate; it has no effect")



# -- the Command block ------------------------------------------------------------------


def _read_commands(reader, nodes):
    commands = reader.dataset.commands
    stopped = None
    for node in nodes:
        el = _El(reader, node)
        if stopped is not None:
            el.warn(f"after <Stop/> on line {stopped.line}; ignored")
            continue
        if node.key == "simulate":
            commands.append(Command("simulate", _simulate_values(el), node))
        elif node.key == "param_transient":
            commands.append(Command("param_transient", reader.transient_values(el), node))
        elif node.key == "stop":
            commands.append(Command("stop", {}, node))
            stopped = node
        else:
            el.warn("command not available in msolve yet; ignored")


def _simulate_values(el):
    word = el.text("analysis_type", "TRANSIENT").upper().replace(" ", "")
    if word not in _ANALYSIS_TYPES:
        raise el.error(f"attribute 'analysis_type' must be one of Transient | Static | "
                       f"Kinematic | Linear | Assembly | Quasi-Static, got {_show(word)}")
    values = {"type": _ANALYSIS_TYPES[word], "start": el.real("start_time", 0.0)}
    end = el.real("end_time")
    duration = el.real("duration", minimum=0.0)
    if end is not None and duration is not None:
        raise el.error("give 'end_time' or 'duration', not both")
    if end is None and duration is None and values["type"] in ("TRANSIENT", "KINEMATICS"):
        raise el.error("the attribute 'end_time' (or 'duration') is required")
    values["end"], values["duration"] = end, duration
    interval = el.real("print_interval", minimum=0.0)
    steps = el.int("num_steps", minimum=1)
    if interval is not None and steps is not None:
        raise el.error("give 'print_interval' or 'num_steps', not both")
    if interval == 0.0:
        raise el.error("attribute 'print_interval' must be positive")
    values["dtout"], values["steps"] = interval, steps
    el.finish()
    return values



_ELEMENTS = {
    "constraint_joint": _joint,
    "constraint_coupler": _coupler,
    "constraint_gear": _gear,
    "motion_joint": _motion_joint,
    "motion_marker": _motion_marker,
    "force_scalar_twobody": _sforce,
    "force_vector_twobody": _vector_force,
    "force_springdamper": _spring_damper,
    "force_bushing": _bushing,
    "reference_variable": _variable,
    "control_diff": _diff,
    "control_siso": _siso,
    "control_stateeqn": _state_eqn,
    "reference_array": _array_element,
    "reference_matrix": _matrix,
    "reference_spline": _spline,
    "post_request": _request,
    "sensor_event": _sensor_event,
    "sensor_evaluate": _sensor_evaluate,
}

# parameter elements that change nothing in msolve: read without a fuss, with one note
_IGNORED_PARAMETERS = {"param_simulation", "param_static", "param_output", "resoutput",
                       "param_linear", "param_kinematic"}


def _ignored_parameter(reader, el):
    el.warn("settings not used by msolve; ignored")
    el.used.update(el.node.attrs)


for _key in _IGNORED_PARAMETERS:
    _ELEMENTS[_key] = _ignored_parameter



__all__ = ["Command", "Dataset", "DatasetError", "DatasetWarning", "Node", "load_model",
           "read_dataset", "sensor_keywords"]
