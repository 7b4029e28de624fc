"""msolve: an open multibody-dynamics solver with MotionSolve's msolve Python interface.

``from msolve import *`` gives the modelling classes (Model, Part, Marker, Joint, ...), the
helpers Point and Vector, Composite with its property types (Double, Int, Bool, Str,
Function, Reference, ...) and ``tr``, the runtime functions for user routines (DX, VZ, FX,
DIF, VARVAL, STEP, ..., see ``msolve.functions``) and the ``math`` module, as MotionSolve's
package does.
"""

import math
import os as _os

# the threads of the parallel assembly wait for work asleep, not spinning (OpenMP reads this
# when the core module loads; docs/architecture.md §2.6): on a busy machine a spinning thread
# takes the core the other one needs
_os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from . import (
    _core,
    bodies,
    constraints,
    controls,
    deformable,
    design,
    fmu,
    forces,
    functions,
    geometry,
    linear,
    mdl_functions,
    mdl_like,
    optimizer,
    outputs,
    refused,
    responses,
    sensors,
    settings,
    unavailable,
)
from .base import SolverObject
from .bodies import *
from .composite import Composite, Validator, tr
from .constraints import *
from .control import py_analys, py_datout
from .controls import *
from .deformable import *
from .deformable import DeformableCurve, DeformableSurface
from .design import *
from .fmu import *
from .forces import *
from .functions import *
from .geometry import *

# msolve's own helpers, outside MotionSolve's namespace (not in __all__)
from .h5_results import read_results
from .linear import *
from .linear import LinearResults, Mode, ModeShape
from .mdl_functions import *
from .mdl_like import *
from .model import Model, MsolveError
from .modify import py_modfnc, py_modify, py_modset
from .optimizer import *
from .outputs import *
from .properties import (
    Bool,
    Double,
    Enum,
    Function,
    Int,
    Point,
    Reference,
    Routine,
    Str,
    String,
    Vector,
)
from .refused import *
from .responses import *
from .results import (
    BodyResult,
    ContactResult,
    EnergyResult,
    RequestResult,
    RVResult,
    SensorEvent,
    SimulationResults,
)
from .sensors import *
from .settings import *
from .sweep import sweep
from .unavailable import *
from .xml import DatasetError, DatasetWarning, load_model
from .xml.writer import DatasetWriteError

# the core's error types: bad input (a ValueError), an analysis that cannot go on, a user
# routine that failed (docs/conventions.md §7)
ModelError = _core.ModelError
SolverError = _core.SolverError
RoutineError = _core.RoutineError
ModelError.__doc__ = (
    "Bad input found when the model is compiled: names the entity and what is wrong (a ValueError)."
)
SolverError.__doc__ = "An analysis that cannot go on; Model.simulate raises it as MsolveError."
RoutineError.__doc__ = "A user routine failed: carries the routine's traceback (a SolverError)."

__version__ = "0.1.0"

# The modules of the entity classes: each lists its public classes in its __all__, so that a
# new class there needs no edit here.
_ENTITY_MODULES = (
    bodies,
    constraints,
    controls,
    fmu,
    forces,
    geometry,
    linear,
    outputs,
    sensors,
    settings,
    design,
    deformable,
    refused,
    responses,
    optimizer,
)

__all__ = [
    *sorted(
        [
            *(name for module in _ENTITY_MODULES for name in module.__all__),
            *unavailable.__all__,
            "BodyResult",
            "Bool",
            "Composite",
            "ContactResult",
            "DatasetError",
            "DatasetWarning",
            "DatasetWriteError",
            "DeformableCurve",
            "DeformableSurface",
            "Double",
            "EnergyResult",
            "Enum",
            "Function",
            "Int",
            "LinearResults",
            "Mode",
            "ModeShape",
            "Model",
            "ModelError",
            "MsolveError",
            "Point",
            "Reference",
            "RequestResult",
            "RVResult",
            "Routine",
            "RoutineError",
            "SensorEvent",
            "SimulationResults",
            "SolverError",
            "SolverObject",
            "Str",
            "String",
            "Validator",
            "Vector",
            "functions",
            "load_model",
            "math",
            "py_analys",
            "py_datout",
            "py_modfnc",
            "py_modify",
            "py_modset",
            "tr",
        ]
    ),
    *functions.__all__,
    *mdl_like.__all__,
    *mdl_functions.__all__,
]
