"""msolve: an open multibody-dynamics solver with MotionSolve's msolve Python interface.

``from msolve import *`` gives the modelling classes (Model, Part, Marker, Joint, ...), the
helpers Point and Vector, Composite with its property types (Double, Int, Bool, Str,
Function, Reference, ...) and ``tr``, the runtime functions for user routines (DX, VZ, FX,
DIF, VARVAL, STEP, ..., see ``msolve.functions``) and the ``math`` module, as MotionSolve's
package does.
"""

import math

from . import functions
from .base import SolverObject
from .bodies import Marker, Part
from .composite import Composite, Validator, tr
from .constraints import Coupler, Gear, Joint, Jprim, Motion
from .controls import Array, Diff, Lse, Matrix, Spline, Tfsiso, Variable
from .forces import Bushing, Gforce, Sforce, SignForce, SpringDamper, Springsat, Vforce, Vtorque
from .functions import *
from .model import Model, MsolveError
from .outputs import Output, Request
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
from .results import BodyResult, EnergyResult, RequestResult, SensorEvent, SimulationResults
from .sensors import Sensor
from .settings import Accgrav, Integrator, Units
from .xml import DatasetError, DatasetWarning, load_model

__version__ = "0.1.0"

__all__ = [  # noqa: RUF005
    "Accgrav",
    "Array",
    "BodyResult",
    "Bool",
    "Bushing",
    "Composite",
    "Coupler",
    "DatasetError",
    "DatasetWarning",
    "Diff",
    "Double",
    "EnergyResult",
    "Enum",
    "Function",
    "Gear",
    "Gforce",
    "Int",
    "Integrator",
    "Joint",
    "Jprim",
    "Lse",
    "load_model",
    "Marker",
    "Matrix",
    "Model",
    "Motion",
    "MsolveError",
    "Output",
    "Part",
    "Point",
    "Reference",
    "Request",
    "Routine",
    "RequestResult",
    "Sensor",
    "SensorEvent",
    "Sforce",
    "SignForce",
    "SimulationResults",
    "SolverObject",
    "Spline",
    "SpringDamper",
    "Springsat",
    "Str",
    "String",
    "Tfsiso",
    "Units",
    "Validator",
    "Variable",
    "Vector",
    "Vforce",
    "Vtorque",
    "functions",
    "math",
    "tr",
] + functions.__all__
