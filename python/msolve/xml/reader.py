"""Read MotionSolve XML datasets into msolve models: ``load_model(path)``.

A dataset holds a ``<Model>`` block (the elements below) and a ``<Command>`` block
(``Param_Transient``, ``Simulate``, ``UserProgramControl``, ``Stop``), usually inside one
root element whose name is not checked. Element and attribute names are case-insensitive.
Every element becomes the msolve entity of the same meaning, with the dataset's ids:

===========================  ==============================================================
Param_Unit                   Units (unit names, or ``mass_mult_factor`` = 1/UCF)
Force_Gravity                Accgrav (``grav_x/y/z``; numbers or expressions of TIME)
Param_Transient              Integrator (model block, or a command before a Simulate)
Body_Rigid                   Part (``isground``; frame from ``lprf_id``; ``cg_id``, ``im_id``)
Body_Point                   PointMass (``mass``, ``cg_id``, ``lprf_id``, ``v_ic_x/y/z``)
Reference_Marker             Marker (global position and direction cosines or psi/theta/phi,
                             or relative to ``rm_id``; converted into the part frame)
Constraint_Joint             Joint (CONSTANT_VELOCITY = CONVEL, RACK_PINION = RACKPIN);
                             the primitives INLINE ... PERPENDICULAR = Jprim when available
Constraint_Jprim             Jprim (written so: its ids are apart from the joints')
Motion_Joint, Motion_Marker  Motion (joint-based / marker-based)
Force_Scalar_TwoBody         Sforce (FORCE = TRANSLATION, TORQUE = ROTATION)
Force_Vector_TwoBody         Vforce, Vtorque, Gforce (ForceOnly, TorqueOnly, ForceAndTorque)
Force_SpringDamper           SpringDamper (TRANSLATIONAL / ROTATIONAL)
Force_Bushing                Bushing
Force_Field, Force_Beam      Field, Beam
Reference_Variable           Variable
Control_Diff                 Diff
Control_SISO                 Tfsiso
Control_StateEqn (LINEAR)    Lse
Control_StateEqn (USERSUB)   Gse (its GSESUB; the ``*_solver_array_id`` arrays)
Force_JointFriction          Friction (``joint_id``; ``inputs`` as 4 bits)
Force_MultiPoint             Nforce
Reference_Array              Array (numbers or variable ids in the element text)
Reference_Matrix             Matrix (dense by rows or columns, or sparse triples)
Reference_Spline             Spline (rows ``x y``; surfaces ``num_x``/``num_z``)
Reference_ParamCurve         Curve (``matrix_id`` or rows ``x y z`` in the text)
Reference_ParamSurface       Surface (its SURSUB)
Constraint_PTSF, _CVSF, _SFSF  Ptsf, Cvsf, Sfsf
Post_Request                 Request
Sensor_Event/Sensor_Evaluate Sensor (the Sensor_Evaluate gives its ``evaluate``)
===========================  ==============================================================

User routines: ``usrsub_dll_name`` + ``usrsub_fnc_name`` give a compiled routine
(``"lib::name"``, refused at simulate as in Python); ``script_name`` + ``interpreter="PYTHON"``
name a Python file whose function ``usrsub_fnc_name`` (default SFOSUB, VARSUB, ...) becomes
the routine. Such a script is executed only with ``allow_scripts=True``
(``msolve run --allow-scripts``); otherwise the dataset is refused with a message that says so.

Errors (malformed XML, missing or ill-typed attribute, unknown id) raise ``DatasetError``
naming the file, the line and the element. An element msolve does not read is refused with
a DatasetError when it may carry physics (Force_Contact, Body_Flexible, ...: the model would
run without it); only unknown output, graphics and parameter elements (``Post_*``,
``Param_*``, ...) and ignored attributes give a ``DatasetWarning``.

The readers are grouped by kind, each module with the writer of the same elements:
``element`` (typed attribute access, errors and warnings), ``settings`` (parameters and
the Command block), ``bodies`` (bodies and markers), ``constraints`` (joints, couplers,
gears, motions), ``forces``, ``controls`` (control and data elements), ``outputs``
(requests) and ``sensors``; each registers its readers (``registry.reads``). This module
reads the structure, keeps the registry of ids and the user routines, and dispatches each
element to its reader.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ..base import _set_current_model, current_model
from ..model import Model
from . import (  # noqa: F401 (registering)
    bodies,
    constraints,
    controls,
    deformable,
    fmu,
    forces,
    geometry,
    linear,
    outputs,
    refused,
    sensors,
    settings,
)
from .element import _El, _warn
from .registry import READERS
from .tree import DatasetError, parse_dataset


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
    becomes the current model, as ``Model()`` does). ``read_dataset(path)`` gives the
    Command block as well.

    ``allow_scripts=True`` lets the dataset execute the Python scripts it names
    (``script_name`` of user routines); without it such a dataset is refused.
    Raises DatasetError (file, line, element) for anything that cannot be read."""
    return read_dataset(path, allow_scripts=allow_scripts).model


def read_dataset(path, allow_scripts=False, data=None):
    """Read a dataset (``data``: its bytes, instead of reading ``path``) into a Dataset."""
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
    return dataset


# -- the reader ----------------------------------------------------------------------------


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
        blocks = self._blocks(root)
        model_nodes, command_nodes = blocks
        self.dataset.model = Model(output=self.path.stem)
        # msolve run writes the files of a dataset (where --output-dir says)
        self.dataset.model._files = None
        by_key = {}
        for node in model_nodes:
            by_key.setdefault(node.key, []).append(node)
        for node in by_key.pop("param_unit", []):
            settings.read_param_unit(self, _El(self, node))
        for node in by_key.pop("force_gravity", []):
            settings.read_gravity(self, _El(self, node))
        for node in by_key.pop("param_transient", []):
            settings.read_param_transient(self, _El(self, node))
        bodies.read_bodies(
            self,
            by_key.pop("body_rigid", []),
            by_key.pop("reference_marker", []),
            by_key.pop("body_point", []),
        )
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
        sensors.make_sensors(self)
        settings.read_commands(self, command_nodes)
        settings.apply_leading_settings(self, self.dataset.model, self.dataset.commands)

    def _blocks(self, root):
        if root.key == "model":
            return root.children, []
        if root.key == "command":
            raise DatasetError(
                "the dataset holds only a Command block; a Model block is needed",
                self.path,
                root.line,
                root.describe(),
            )
        models = root.find("model")
        commands = root.find("command")
        if not models:
            raise DatasetError(
                "no <Model> block found (element and attribute names are case-insensitive)",
                self.path,
                root.line,
                root.describe(),
            )
        if len(models) > 1:
            raise DatasetError(
                "more than one <Model> block", self.path, models[1].line, models[1].describe()
            )
        for node in root.children:
            if node.key not in ("model", "command"):
                self._unknown(node)
        command_nodes = [c for block in commands for c in block.children]
        return models[0].children, command_nodes

    def _unknown(self, node):
        if not _is_output_only(node.key):
            # an element that carries physics (bodies, constraints, forces, controls) is
            # never dropped: the model would run without it
            why = _NOT_SUPPORTED.get(
                node.key,
                "the model would run without what it describes (bodies, constraints, forces "
                "or controls)",
            )
            raise DatasetError(
                f"element not supported by msolve: {why}",
                self.path,
                node.line,
                node.describe(),
            )
        key = ("unknown", node.key)
        if key in self.warned:
            return
        self.warned.add(key)
        _warn(
            f"{self.path}:{node.line}: {node.describe()}: output or graphics element not "
            "used by msolve; ignored"
        )

    # -- registry and references ----------------------------------------------------------

    def register(self, el, kind, entity, ident):
        key = (kind, ident)
        if key in self.nodes:
            first = self.nodes[key]
            raise el.error(
                f"{kind} id {ident} is already used by {first.describe()} on line {first.line}"
            )
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
            raise el.error(
                f"attribute '{attribute}': no {_KIND_ELEMENT.get(kind, kind)} with id {ident}"
            )
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
            raise el.error(
                "a user routine needs 'script_name' (with interpreter=\"PYTHON\") "
                "or 'usrsub_dll_name'"
            )
        return None, None

    def _script_function(self, el, script, name):
        path = Path(script)
        if not path.is_absolute():
            path = self.path.parent / path
        if not self.allow_scripts:
            raise el.error(
                f"the dataset names the Python script '{script}' (function {name}); scripts "
                "named by a dataset are executed only when you allow it: "
                "load_model(path, allow_scripts=True) or 'msolve run --allow-scripts'"
            )
        module = self.scripts.get(path)
        if module is None:
            if not path.is_file():
                raise el.error(f"attribute 'script_name': no file '{path}'")
            spec = importlib.util.spec_from_file_location(
                f"msolve_dataset_script_{len(self.scripts)}_{path.stem}", path
            )
            module = importlib.util.module_from_spec(spec)
            self.dataset.notes.append(f"executing the Python script {path} (allowed)")
            try:
                spec.loader.exec_module(module)
            except Exception as e:
                raise el.error(
                    f"the Python script '{script}' failed: {type(e).__name__}: {e}"
                ) from None
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


# elements that only describe outputs, graphics or solver settings: an unknown one of
# these is ignored with a warning; any other unknown element is refused (_Reader._unknown)
_OUTPUT_PREFIXES = ("post_", "param_", "graphic", "h3d", "res", "output", "debug", "animation")


# why the elements of physics msolve cannot read are refused, where there is more to say
_NOT_SUPPORTED = {
    "body_flexible": "a flexible body's mode shapes, modal mass and stiffness are in its H3D "
    "file, which msolve cannot read, and msolve does not replace it by a rigid body",
    "force_flexmodal": "modal loads act on flexible bodies, which msolve cannot simulate",
}


def _is_output_only(key):
    return key.startswith(_OUTPUT_PREFIXES)


_KIND_ELEMENT = {
    "Marker": "Reference_Marker",
    "Part": "Body_Rigid",
    "Joint": "Constraint_Joint",
    "Variable": "Reference_Variable",
    "Array": "Reference_Array",
    "Matrix": "Reference_Matrix",
    "Spline": "Reference_Spline",
    "Curve": "Reference_ParamCurve",
    "Surface": "Reference_ParamSurface",
    "Diff": "Control_Diff",
    "Tfsiso": "Control_SISO",
}

# the element readers, registered by the modules of the kinds (registry.reads)
_ELEMENTS = dict(READERS)

# parameter elements that change nothing in msolve: read without a fuss, with one note
for _key in settings.IGNORED_PARAMETERS:
    _ELEMENTS[_key] = settings.read_ignored_parameter
