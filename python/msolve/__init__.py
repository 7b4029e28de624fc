"""msolve: an open multibody-dynamics solver with MotionSolve's msolve Python interface.

``from msolve import *`` gives the modelling classes (Model, Part, Marker, Joint, ...), the
helpers Point and Vector, and the ``math`` module, as MotionSolve's package does.
"""

import math

from .entities import (
    Accgrav,
    Array,
    Bushing,
    Diff,
    Gforce,
    Integrator,
    Joint,
    Lse,
    Marker,
    Matrix,
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
from .model import Model, MsolveError
from .properties import Point, Vector
from .results import BodyResult, RequestResult, SimulationResults

__version__ = "0.1.0"

__all__ = [
    "Accgrav",
    "Array",
    "BodyResult",
    "Bushing",
    "Diff",
    "Gforce",
    "Integrator",
    "Joint",
    "Lse",
    "Marker",
    "Matrix",
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
    "math",
]
