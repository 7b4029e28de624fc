"""msolve: an open multibody-dynamics solver with MotionSolve's msolve Python interface.

``from msolve import *`` gives the modelling classes (Model, Part, Marker, Joint, ...), the
helpers Point and Vector, the ``math`` module, and the runtime functions for user routines
(DX, VZ, FX, DIF, VARVAL, STEP, ..., see ``msolve.functions``), as MotionSolve's package does.
"""

import math

from . import functions
from .entities import (
    Accgrav,
    Array,
    Bushing,
    Diff,
    Gforce,
    Integrator,
    Joint,
    Marker,
    Motion,
    Output,
    Part,
    Request,
    Sforce,
    Spline,
    SpringDamper,
    Tfsiso,
    Units,
    Variable,
    Vforce,
    Vtorque,
)
from .functions import *
from .model import Model, MsolveError
from .properties import Point, Vector
from .results import BodyResult, RequestResult, SimulationResults

__version__ = "0.1.0"

__all__ = [  # noqa: RUF005
    "Accgrav",
    "Array",
    "BodyResult",
    "Bushing",
    "Diff",
    "Gforce",
    "Integrator",
    "Joint",
    "Marker",
    "Model",
    "Motion",
    "MsolveError",
    "Output",
    "Part",
    "Point",
    "Request",
    "RequestResult",
    "Sforce",
    "SimulationResults",
    "Spline",
    "SpringDamper",
    "Tfsiso",
    "Units",
    "Variable",
    "Vector",
    "Vforce",
    "Vtorque",
    "functions",
    "math",
] + functions.__all__
