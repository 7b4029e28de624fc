# The public namespace of msolve, for type checkers and editors: made by
# tools/stubs.py from the package (do not edit; run `python3 tools/stubs.py`).
from collections.abc import Callable
from typing import Any, Literal
from . import bodies as _bodies
from . import composite as _composite
from . import constraints as _constraints
from . import controls as _controls
from . import deformable as _deformable
from . import design as _design
from . import fmu as _fmu
from . import forces as _forces
from . import geometry as _geometry
from . import linear as _linear
from . import model as _model
from . import optimizer as _optimizer
from . import outputs as _outputs
from . import refused as _refused
from . import responses as _responses
from . import sensors as _sensors
from . import settings as _settings
from ._core import ModelError as ModelError
from ._core import RoutineError as RoutineError
from ._core import SolverError as SolverError
from .base import SolverObject as SolverObject
from .composite import Validator as Validator
from .linear import LinearResults as LinearResults
from .linear import Mode as Mode
from .linear import ModeShape as ModeShape
from .model import MsolveError as MsolveError
from .properties import Bool as Bool
from .properties import Double as Double
from .properties import Enum as Enum
from .properties import Function as Function
from .properties import Int as Int
from .properties import Point as Point
from .properties import Reference as Reference
from .properties import Routine as Routine
from .properties import Str as Str
from .properties import String as String
from .properties import Vector as Vector
from .results import BodyResult as BodyResult
from .results import ContactResult as ContactResult
from .results import EnergyResult as EnergyResult
from .results import RVResult as RVResult
from .results import RequestResult as RequestResult
from .results import SensorEvent as SensorEvent
from .results import SimulationResults as SimulationResults
from .unavailable import Cforce as Cforce
from .unavailable import SimulationEvent as SimulationEvent
from .xml.tree import DatasetError as DatasetError
from .xml.tree import DatasetWarning as DatasetWarning
from .xml.writer import DatasetWriteError as DatasetWriteError

class Accgrav(_settings.Accgrav):
    id: int
    label: str
    name: str
    active: bool
    igrav: float
    jgrav: float
    kgrav: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., igrav: float = ..., jgrav: float = ..., kgrav: float = ...) -> None: ...

class ActivateCoSim(_refused.ActivateCoSim):
    id: int
    label: str
    name: str
    active: bool
    cosim_dll_name: str
    cosim_ptr: int
    ip_address: str
    pipe_name: str
    port: int
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., cosim_dll_name: str = ..., cosim_ptr: int = ..., ip_address: str = ..., pipe_name: str = ..., port: int = ...) -> None: ...

class Arc(_geometry.Arc):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    cm: Marker | None
    radius: float | None
    rangle: float | None
    seg: int | None
    rm: Marker | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., cm: Marker | None = ..., radius: float | None = ..., rangle: float | None = ..., seg: int | None = ..., rm: Marker | None = ...) -> None: ...

class Array(_controls.Array):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['X', 'Y', 'U', 'IC']
    size: int
    numbers: list[float]
    variables: list[Variable]
    function: str
    routine: Callable[..., Any] | str | None
    script: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['X', 'Y', 'U', 'IC'] = ..., size: int = ..., numbers: list[float] = ..., variables: list[Variable] = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., script: str = ...) -> None: ...

class Beam(_forces.Beam):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    j: Marker | None
    length: float
    ixx: float
    iyy: float
    izz: float
    area: float
    asy: float
    asz: float
    emodulus: float
    gmodulus: float
    cratio: float
    cmatrix: list[float]
    force: list[float]
    torque: list[float]
    function: str
    routine: Callable[..., Any] | str | None
    script: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., j: Marker | None = ..., length: float = ..., ixx: float = ..., iyy: float = ..., izz: float = ..., area: float = ..., asy: float = ..., asz: float = ..., emodulus: float = ..., gmodulus: float = ..., cratio: float = ..., cmatrix: list[float] = ..., force: list[float] = ..., torque: list[float] = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., script: str = ...) -> None: ...

class Box(_geometry.Box):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    cm: Marker | None
    corner: Marker | None
    x: float
    y: float
    z: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., cm: Marker | None = ..., corner: Marker | None = ..., x: float = ..., y: float = ..., z: float = ...) -> None: ...

class Bushing(_forces.Bushing):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    j: Marker | None
    k: list[float]
    c: list[float]
    kt: list[float]
    ct: list[float]
    force: list[float]
    torque: list[float]
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., j: Marker | None = ..., k: list[float] = ..., c: list[float] = ..., kt: list[float] = ..., ct: list[float] = ..., force: list[float] = ..., torque: list[float] = ...) -> None: ...

class Circle(_geometry.Circle):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    cm: Marker | None
    radius: float | None
    seg: int | None
    rm: Marker | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., cm: Marker | None = ..., radius: float | None = ..., seg: int | None = ..., rm: Marker | None = ...) -> None: ...

class CoSim(_refused.CoSim):
    id: int
    label: str
    name: str
    active: bool
    bonding: str
    file: str
    i: Marker | None
    j: Marker | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., bonding: str = ..., file: str = ..., i: Marker | None = ..., j: Marker | None = ...) -> None: ...

class Composite(_composite.Composite):
    id: int
    label: str
    name: str
    active: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., **attributes: Any) -> None: ...
    def __getattr__(self, name: str) -> Any: ...

class Contact(_forces.Contact):
    id: int
    label: str
    name: str
    active: bool
    igeom: list[Graphics]
    jgeom: list[Graphics]
    iflip_geometry: Graphics | None
    jflip_geometry: Graphics | None
    type: Literal['NONE', 'IMPACT', 'POISSON', 'VOLUME', 'USER']
    stiffness: float
    exponent: float
    damping: float
    dmax: float
    penalty: float
    restitution_coefficient: float
    normal_trans: float
    coulomb_friction: Literal['ON', 'OFF', 'DYNAMICS_ONLY']
    mu_static: float
    mu_dynamic: float
    stiction_transition_velocity: float
    friction_transition_velocity: float
    i_elastic_modulus: float
    j_elastic_modulus: float
    i_layer_depth: float
    j_layer_depth: float
    master_surface: Literal['AUTO', 'I', 'J', 'IANDJ']
    collision_engine: Literal['AUTO', 'OPCODE', 'PCM', 'PARASOLID']
    normal_function: str
    normal_routine: Callable[..., Any] | str | None
    friction_function: str
    friction_routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., igeom: list[Graphics] = ..., jgeom: list[Graphics] = ..., iflip_geometry: Graphics | None = ..., jflip_geometry: Graphics | None = ..., type: Literal['NONE', 'IMPACT', 'POISSON', 'VOLUME', 'USER'] = ..., stiffness: float = ..., exponent: float = ..., damping: float = ..., dmax: float = ..., penalty: float = ..., restitution_coefficient: float = ..., normal_trans: float = ..., coulomb_friction: Literal['ON', 'OFF', 'DYNAMICS_ONLY'] = ..., mu_static: float = ..., mu_dynamic: float = ..., stiction_transition_velocity: float = ..., friction_transition_velocity: float = ..., i_elastic_modulus: float = ..., j_elastic_modulus: float = ..., i_layer_depth: float = ..., j_layer_depth: float = ..., master_surface: Literal['AUTO', 'I', 'J', 'IANDJ'] = ..., collision_engine: Literal['AUTO', 'OPCODE', 'PCM', 'PARASOLID'] = ..., normal_function: str = ..., normal_routine: Callable[..., Any] | str | None = ..., friction_function: str = ..., friction_routine: Callable[..., Any] | str | None = ...) -> None: ...

class Coupler(_constraints.Coupler):
    id: int
    label: str
    name: str
    active: bool
    joints: list[Joint]
    type: list[str] | str
    scales: list[float]
    function: str
    routine: Callable[..., Any] | str | None
    script: str
    virtual: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., joints: list[Joint] = ..., type: list[str] | str = ..., scales: list[float] = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., script: str = ..., virtual: bool = ...) -> None: ...

class Curve(_controls.Curve):
    id: int
    label: str
    name: str
    active: bool
    matrix: Matrix | None
    xyz: list[float]
    curve_points: bool
    closed: bool
    minpar: float
    maxpar: float
    function: str
    routine: Callable[..., Any] | str | None
    script: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., matrix: Matrix | None = ..., xyz: list[float] = ..., curve_points: bool = ..., closed: bool = ..., minpar: float = ..., maxpar: float = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., script: str = ...) -> None: ...

class Cvcv(_constraints.Cvcv):
    id: int
    label: str
    name: str
    active: bool
    icurve: Curve | None
    irm: Marker | None
    idisp: Point | list[float] | None
    ivel: float | None
    jcurve: Curve | None
    jrm: Marker | None
    jdisp: Point | list[float] | None
    jvel: float | None
    no_slip: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., icurve: Curve | None = ..., irm: Marker | None = ..., idisp: Point | list[float] | None = ..., ivel: float | None = ..., jcurve: Curve | None = ..., jrm: Marker | None = ..., jdisp: Point | list[float] | None = ..., jvel: float | None = ..., no_slip: bool = ...) -> None: ...

class Cvsf(_constraints.Cvsf):
    id: int
    label: str
    name: str
    active: bool
    curve: Curve | None
    irm: Marker | None
    idisp: Point | list[float] | None
    surface: Surface | None
    jrm: Marker | None
    jdisp: Point | list[float] | None
    no_slip: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., curve: Curve | None = ..., irm: Marker | None = ..., idisp: Point | list[float] | None = ..., surface: Surface | None = ..., jrm: Marker | None = ..., jdisp: Point | list[float] | None = ..., no_slip: bool = ...) -> None: ...

class Cylinder(_geometry.Cylinder):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    cm: Marker | None
    radius: float
    length: float
    end_caps: Literal['OPEN', 'CLOSED', 'TOP_ONLY', 'BOTTOM_ONLY']
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., cm: Marker | None = ..., radius: float = ..., length: float = ..., end_caps: Literal['OPEN', 'CLOSED', 'TOP_ONLY', 'BOTTOM_ONLY'] = ...) -> None: ...

class Dcurve(_deformable.Dcurve):
    id: int
    label: str
    name: str
    active: bool
    markers: list[Marker]
    u_span: float
    end_type_left: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER']
    end_type_right: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER']
    lambda_left: float
    lambda_right: float
    tension: float | None
    u_closed: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., markers: list[Marker] = ..., u_span: float = ..., end_type_left: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER'] = ..., end_type_right: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER'] = ..., lambda_left: float = ..., lambda_right: float = ..., tension: float | None = ..., u_closed: bool = ...) -> None: ...

class Debug(_outputs.Debug):
    id: int
    label: str
    name: str
    active: bool
    anim: bool
    eprint: bool
    screen_output: bool
    verbose: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., anim: bool = ..., eprint: bool = ..., screen_output: bool = ..., verbose: bool = ...) -> None: ...

class DeformCurve(_deformable.DeformCurve):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    dcurve: Dcurve | None
    seg: int | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., dcurve: Dcurve | None = ..., seg: int | None = ...) -> None: ...

class DeformSurface(_deformable.DeformSurface):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    dsurface: Dsurface | None
    U_seg: int | None
    V_seg: int | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., dsurface: Dsurface | None = ..., U_seg: int | None = ..., V_seg: int | None = ...) -> None: ...

class DeformableCurve(_deformable.Dcurve):
    id: int
    label: str
    name: str
    active: bool
    markers: list[Marker]
    u_span: float
    end_type_left: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER']
    end_type_right: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER']
    lambda_left: float
    lambda_right: float
    tension: float | None
    u_closed: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., markers: list[Marker] = ..., u_span: float = ..., end_type_left: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER'] = ..., end_type_right: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER'] = ..., lambda_left: float = ..., lambda_right: float = ..., tension: float | None = ..., u_closed: bool = ...) -> None: ...

class DeformableSurface(_deformable.Dsurface):
    id: int
    label: str
    name: str
    active: bool
    markers: list[list[Marker]]
    u_span: float
    v_span: float
    end_type: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER']
    u_tension: float | None
    v_tension: float | None
    u_closed: bool
    v_closed: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., markers: list[list[Marker]] = ..., u_span: float = ..., v_span: float = ..., end_type: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER'] = ..., u_tension: float | None = ..., v_tension: float | None = ..., u_closed: bool = ..., v_closed: bool = ...) -> None: ...

class DeviationSquared(_responses.DeviationSquared):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    measuredValue: Any | None
    signal: Any | None
    targetValue: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., measuredValue: Any | None = ..., signal: Any | None = ..., targetValue: float = ...) -> None: ...

class Diff(_controls.Diff):
    id: int
    label: str
    name: str
    active: bool
    function: str
    routine: Callable[..., Any] | str | None
    implicit: bool
    ic: float | list[float]
    static_hold: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., implicit: bool = ..., ic: float | list[float] = ..., static_hold: bool = ...) -> None: ...

class Dsurface(_deformable.Dsurface):
    id: int
    label: str
    name: str
    active: bool
    markers: list[list[Marker]]
    u_span: float
    v_span: float
    end_type: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER']
    u_tension: float | None
    v_tension: float | None
    u_closed: bool
    v_closed: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., markers: list[list[Marker]] = ..., u_span: float = ..., v_span: float = ..., end_type: Literal['NATURAL', 'PARABOLIC', 'PERIODIC', 'CANTILEVER'] = ..., u_tension: float | None = ..., v_tension: float | None = ..., u_closed: bool = ..., v_closed: bool = ...) -> None: ...

class Dv(_design.Dv):
    id: int
    label: str
    name: str
    active: bool
    b: float | None
    blimit: list[float]
    mean: float
    factor: float
    scaleBySen: bool
    values: list[float]
    sensitivity: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., b: float | None = ..., blimit: list[float] = ..., mean: float = ..., factor: float = ..., scaleBySen: bool = ..., values: list[float] = ..., sensitivity: bool = ...) -> None: ...

class Ellipsoid(_geometry.Ellipsoid):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    cm: Marker | None
    xscale: float
    yscale: float
    zscale: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., cm: Marker | None = ..., xscale: float = ..., yscale: float = ..., zscale: float = ...) -> None: ...

class Equilibrium(_settings.Equilibrium):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['STATIC', 'DYNAMIC']
    method: Literal['FIM_D', 'FIM_S', 'MKEAM']
    error: float | None
    imbalance: float | None
    stability: float | None
    kinetic_energy_error: float | None
    maxit: int | None
    skip_mkeam: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['STATIC', 'DYNAMIC'] = ..., method: Literal['FIM_D', 'FIM_S', 'MKEAM'] = ..., error: float | None = ..., imbalance: float | None = ..., stability: float | None = ..., kinetic_energy_error: float | None = ..., maxit: int | None = ..., skip_mkeam: bool = ...) -> None: ...

class External(_geometry.External):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    rm: Marker | None
    file: str
    element: list[str]
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., rm: Marker | None = ..., file: str = ..., element: list[str] = ...) -> None: ...

class Field(_forces.Field):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    j: Marker | None
    kmatrix: list[float]
    cmatrix: list[float]
    cratio: float | None
    force: list[float]
    length: list[float]
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., j: Marker | None = ..., kmatrix: list[float] = ..., cmatrix: list[float] = ..., cratio: float | None = ..., force: list[float] = ..., length: list[float] = ..., function: str = ..., routine: Callable[..., Any] | str | None = ...) -> None: ...

class FlexBody(_refused.FlexBody):
    id: int
    label: str
    name: str
    active: bool
    qg: Point | list[float] | None
    reuler: Point | list[float] | None
    mass: float
    cm: Point | list[float] | None
    ip: Point | list[float]
    vx: float | None
    vy: float | None
    vz: float | None
    wx: float | None
    wy: float | None
    wz: float | None
    vm: Marker | None
    wm: Marker | None
    cratio: str
    routine: Callable[..., Any] | str | None
    script: str
    rigidified: bool
    mtx_file: str
    h3d_file: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., qg: Point | list[float] | None = ..., reuler: Point | list[float] | None = ..., mass: float = ..., cm: Point | list[float] | None = ..., ip: Point | list[float] = ..., vx: float | None = ..., vy: float | None = ..., vz: float | None = ..., wx: float | None = ..., wy: float | None = ..., wz: float | None = ..., vm: Marker | None = ..., wm: Marker | None = ..., cratio: str = ..., routine: Callable[..., Any] | str | None = ..., script: str = ..., rigidified: bool = ..., mtx_file: str = ..., h3d_file: str = ...) -> None: ...

class Fmu(_fmu.Fmu):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['ME', 'CS']
    path: str
    x: Array | None
    y: Array | None
    u: Array | None
    ic: Array | None
    static_hold: bool
    dll: str
    interval: float
    ip_address: str
    var_name: str
    var_ic: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['ME', 'CS'] = ..., path: str = ..., x: Array | None = ..., y: Array | None = ..., u: Array | None = ..., ic: Array | None = ..., static_hold: bool = ..., dll: str = ..., interval: float = ..., ip_address: str = ..., var_name: str = ..., var_ic: float = ...) -> None: ...

class Friction(_forces.Friction):
    id: int
    label: str
    name: str
    active: bool
    joint: Joint | None
    mu_static: float
    mu_dynamic: float
    inactive: Literal['NONE', 'STATIC']
    stiction_transition_velocity: float
    max_stiction_deformation: float
    effect: Literal['ALL', 'STICTION', 'SLIDING']
    input_forces: list[Literal['PRELOAD', 'NONE', 'ALL', 'REACTION_FORCE', 'BENDING_MOMENT', 'TORSIONAL_MOMENT']]
    friction_force_preload: float
    reaction_arm: float
    initial_overlap: float
    overlap_delta: Literal['INCREASE', 'DECREASE', 'CONSTANT']
    friction_torque_preload: float
    friction_arm: float
    pin_radius: float
    bending_reaction_arm: float
    yoke: Literal['I', 'J']
    ball_radius: float
    bristle_stiffness: float | None
    damping_effects: float | None
    viscous_effects: float | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., joint: Joint | None = ..., mu_static: float = ..., mu_dynamic: float = ..., inactive: Literal['NONE', 'STATIC'] = ..., stiction_transition_velocity: float = ..., max_stiction_deformation: float = ..., effect: Literal['ALL', 'STICTION', 'SLIDING'] = ..., input_forces: list[Literal['PRELOAD', 'NONE', 'ALL', 'REACTION_FORCE', 'BENDING_MOMENT', 'TORSIONAL_MOMENT']] = ..., friction_force_preload: float = ..., reaction_arm: float = ..., initial_overlap: float = ..., overlap_delta: Literal['INCREASE', 'DECREASE', 'CONSTANT'] = ..., friction_torque_preload: float = ..., friction_arm: float = ..., pin_radius: float = ..., bending_reaction_arm: float = ..., yoke: Literal['I', 'J'] = ..., ball_radius: float = ..., bristle_stiffness: float | None = ..., damping_effects: float | None = ..., viscous_effects: float | None = ...) -> None: ...

class Frustum(_geometry.Frustum):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    cm: Marker | None
    top: float
    bottom: float
    length: float
    end_caps: Literal['OPEN', 'CLOSED', 'TOP_ONLY', 'BOTTOM_ONLY']
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., cm: Marker | None = ..., top: float = ..., bottom: float = ..., length: float = ..., end_caps: Literal['OPEN', 'CLOSED', 'TOP_ONLY', 'BOTTOM_ONLY'] = ...) -> None: ...

class Gcon(_constraints.Gcon):
    id: int
    label: str
    name: str
    active: bool
    function: str
    routine: Callable[..., Any] | str | None
    i: Marker | None
    virtual: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., i: Marker | None = ..., virtual: bool = ...) -> None: ...

class Gear(_constraints.Gear):
    id: int
    label: str
    name: str
    active: bool
    joints: list[Joint]
    cv: Marker | None
    virtual: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., joints: list[Joint] = ..., cv: Marker | None = ..., virtual: bool = ...) -> None: ...

class GenericResponse(_responses.GenericResponse):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    function: str
    ic: float
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., function: str = ..., ic: float = ..., routine: Callable[..., Any] | str | None = ...) -> None: ...

class Gforce(_forces.Gforce):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    jfloat: Marker | None
    rm: Marker | None
    function: str
    routine: Callable[..., Any] | str | None
    fx: str
    fy: str
    fz: str
    tx: str
    ty: str
    tz: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., jfloat: Marker | None = ..., rm: Marker | None = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., fx: str = ..., fy: str = ..., fz: str = ..., tx: str = ..., ty: str = ..., tz: str = ...) -> None: ...

class Graphics(_geometry.Graphics):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ...) -> None: ...

class Gse(_controls.Gse):
    id: int
    label: str
    name: str
    active: bool
    no: int
    ns: int
    x: Array | None
    y: Array | None
    u: Array | None
    ic: Array | None
    static_hold: bool
    implicit: bool
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., no: int = ..., ns: int = ..., x: Array | None = ..., y: Array | None = ..., u: Array | None = ..., ic: Array | None = ..., static_hold: bool = ..., implicit: bool = ..., function: str = ..., routine: Callable[..., Any] | str | None = ...) -> None: ...

class H3dOutput(_outputs.H3dOutput):
    id: int
    label: str
    name: str
    active: bool
    save: bool
    linear_anim: bool
    format_type: str
    stress_format: str
    strain_format: str
    capture_max_pd: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., save: bool = ..., linear_anim: bool = ..., format_type: str = ..., stress_format: str = ..., strain_format: str = ..., capture_max_pd: bool = ...) -> None: ...

class Integrator(_settings.Integrator):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['GSTIFF', 'DSTIFF', 'HSTIFF', 'MSTIFF', 'VSTIFF', 'ABAM']
    error: float | None
    hinit: float | None
    hmax: float | None
    hmin: float | None
    kmax: int | None
    maxit: int | None
    interpolate: bool
    coordinates: Literal['AUTO', 'BODY', 'JOINT']
    pattern: str | list[bool] | None
    alpha: float | None
    beta: float | None
    gamma: float | None
    vel_tol_factor: float | None
    minit: int | None
    dae_index: int | None
    dae_constr_tol: float | None
    dae_alg_tol_factor: float | None
    dae_eval_expiry: int | None
    dae_jacob_eval: int | None
    dae_jacob_init: int | None
    dae_vc_tol_factor: float | None
    dae_vc_error_ctrl: bool
    dae_vel_ctrl: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['GSTIFF', 'DSTIFF', 'HSTIFF', 'MSTIFF', 'VSTIFF', 'ABAM'] = ..., error: float | None = ..., hinit: float | None = ..., hmax: float | None = ..., hmin: float | None = ..., kmax: int | None = ..., maxit: int | None = ..., interpolate: bool = ..., coordinates: Literal['AUTO', 'BODY', 'JOINT'] = ..., pattern: str | list[bool] | None = ..., alpha: float | None = ..., beta: float | None = ..., gamma: float | None = ..., vel_tol_factor: float | None = ..., minit: int | None = ..., dae_index: int | None = ..., dae_constr_tol: float | None = ..., dae_alg_tol_factor: float | None = ..., dae_eval_expiry: int | None = ..., dae_jacob_eval: int | None = ..., dae_jacob_init: int | None = ..., dae_vc_tol_factor: float | None = ..., dae_vc_error_ctrl: bool = ..., dae_vel_ctrl: bool = ...) -> None: ...

class Joint(_constraints.Joint):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['CONVEL', 'CYLINDRICAL', 'FIXED', 'HOOKE', 'PLANAR', 'RACKPIN', 'REVOLUTE', 'SCREW', 'SPHERICAL', 'TRANSLATIONAL', 'UNIVERSAL']
    i: Marker | None
    j: Marker | None
    pd: float
    pitch: float
    ic: list[float] | None
    ictran: list[float] | None
    icrot: list[float] | None
    virtual: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['CONVEL', 'CYLINDRICAL', 'FIXED', 'HOOKE', 'PLANAR', 'RACKPIN', 'REVOLUTE', 'SCREW', 'SPHERICAL', 'TRANSLATIONAL', 'UNIVERSAL'] = ..., i: Marker | None = ..., j: Marker | None = ..., pd: float = ..., pitch: float = ..., ic: list[float] | None = ..., ictran: list[float] | None = ..., icrot: list[float] | None = ..., virtual: bool = ...) -> None: ...

class Jprim(_constraints.Jprim):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['ATPOINT', 'INLINE', 'INPLANE', 'ORIENTATION', 'PARALLEL_AXES', 'PERPENDICULAR']
    i: Marker | None
    j: Marker | None
    virtual: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['ATPOINT', 'INLINE', 'INPLANE', 'ORIENTATION', 'PARALLEL_AXES', 'PERPENDICULAR'] = ..., i: Marker | None = ..., j: Marker | None = ..., virtual: bool = ...) -> None: ...

class Linear(_linear.Linear):
    id: int
    label: str
    name: str
    active: bool
    nodamping: bool
    eigen_analysis: bool
    pinput: Pinput | None
    poutput: Poutput | None
    statemat: bool
    eigensol: bool
    kinetic: bool
    simulink_mdl: bool
    oml: bool
    matlab: bool
    animation_scale: float | None
    cutoff_frequency: float | None
    gyroscopic: Literal['NONE', 'PARTIAL', 'FULL']
    pstate: list[Variable]
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., nodamping: bool = ..., eigen_analysis: bool = ..., pinput: Pinput | None = ..., poutput: Poutput | None = ..., statemat: bool = ..., eigensol: bool = ..., kinetic: bool = ..., simulink_mdl: bool = ..., oml: bool = ..., matlab: bool = ..., animation_scale: float | None = ..., cutoff_frequency: float | None = ..., gyroscopic: Literal['NONE', 'PARTIAL', 'FULL'] = ..., pstate: list[Variable] = ...) -> None: ...

class Lse(_controls.Lse):
    id: int
    label: str
    name: str
    active: bool
    x: Array | None
    y: Array | None
    u: Array | None
    ic: Array | None
    a: Matrix | None
    b: Matrix | None
    c: Matrix | None
    d: Matrix | None
    static_hold: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., x: Array | None = ..., y: Array | None = ..., u: Array | None = ..., ic: Array | None = ..., a: Matrix | None = ..., b: Matrix | None = ..., c: Matrix | None = ..., d: Matrix | None = ..., static_hold: bool = ...) -> None: ...

class Marker(_bodies.Marker):
    id: int
    label: str
    name: str
    active: bool
    part: Part | None
    qp: Point | list[float]
    zp: Point | list[float] | None
    xp: Point | list[float] | None
    reuler: Point | list[float] | None
    zv: Point | list[float] | None
    xv: Point | list[float] | None
    rm: Marker | None
    usexp: bool
    usexv: bool
    floating: bool
    node: int | None
    flex_body: FlexBody | None
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., part: Part | None = ..., qp: Point | list[float] = ..., zp: Point | list[float] | None = ..., xp: Point | list[float] | None = ..., reuler: Point | list[float] | None = ..., zv: Point | list[float] | None = ..., xv: Point | list[float] | None = ..., rm: Marker | None = ..., usexp: bool = ..., usexv: bool = ..., floating: bool = ..., node: int | None = ..., flex_body: FlexBody | None = ..., function: str = ..., routine: Callable[..., Any] | str | None = ...) -> None: ...

class Mate(_constraints.Mate):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['COI_POI_CYL', 'COI_POI_SPH', 'COI_POI_LIN', 'COI_POI_POI', 'COI_POI_CON', 'COI_LIN_LIN', 'COI_LIN_CYL', 'COI_LIN_PLA', 'DIS_POI_POI', 'DIS_POI_SPH', 'DIS_POI_LIN', 'DIS_POI_CYL', 'DIS_SPH_SPH', 'DIS_SPH_LIN', 'DIS_SPH_CYL', 'DIS_SPH_CON', 'DIS_SPH_PLA', 'DIS_LIN_LIN', 'DIS_LIN_CYL', 'DIS_LIN_PLA', 'DIS_CYL_CYL', 'DIS_PLA_CON', 'DIS_PLA_CYL', 'TAN_SPH_LIN', 'TAN_SPH_CYL', 'TAN_SPH_PLA', 'TAN_SPH_CON', 'TAN_SPH_SPH', 'TAN_LIN_CYL', 'TAN_CYL_CYL', 'TAN_PLA_CYL', 'TAN_PLA_CON'] | None
    i: Marker | None
    j: Marker | None
    radius: float
    iradius: float
    jradius: float
    dist: float
    height: float
    virtual: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['COI_POI_CYL', 'COI_POI_SPH', 'COI_POI_LIN', 'COI_POI_POI', 'COI_POI_CON', 'COI_LIN_LIN', 'COI_LIN_CYL', 'COI_LIN_PLA', 'DIS_POI_POI', 'DIS_POI_SPH', 'DIS_POI_LIN', 'DIS_POI_CYL', 'DIS_SPH_SPH', 'DIS_SPH_LIN', 'DIS_SPH_CYL', 'DIS_SPH_CON', 'DIS_SPH_PLA', 'DIS_LIN_LIN', 'DIS_LIN_CYL', 'DIS_LIN_PLA', 'DIS_CYL_CYL', 'DIS_PLA_CON', 'DIS_PLA_CYL', 'TAN_SPH_LIN', 'TAN_SPH_CYL', 'TAN_SPH_PLA', 'TAN_SPH_CON', 'TAN_SPH_SPH', 'TAN_LIN_CYL', 'TAN_CYL_CYL', 'TAN_PLA_CYL', 'TAN_PLA_CON'] | None = ..., i: Marker | None = ..., j: Marker | None = ..., radius: float = ..., iradius: float = ..., jradius: float = ..., dist: float = ..., height: float = ..., virtual: bool = ...) -> None: ...

class Matrix(_controls.Matrix):
    id: int
    label: str
    name: str
    active: bool
    full: Literal['RORDER', 'CORDER'] | None
    rows: int
    columns: int
    values: list[float]
    sparse: bool
    i: list[int]
    j: list[int]
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., full: Literal['RORDER', 'CORDER'] | None = ..., rows: int = ..., columns: int = ..., values: list[float] = ..., sparse: bool = ..., i: list[int] = ..., j: list[int] = ...) -> None: ...

class MaxVal(_responses.MaxVal):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    function: str
    routine: Callable[..., Any] | str | None
    coef: float
    wlen: int
    k: int
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., coef: float = ..., wlen: int = ..., k: int = ...) -> None: ...

class Mforce(_refused.Mforce):
    id: int
    label: str
    name: str
    active: bool
    flex_body: FlexBody | None
    case_index: int
    scale: str
    force: str
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., flex_body: FlexBody | None = ..., case_index: int = ..., scale: str = ..., force: str = ..., function: str = ..., routine: Callable[..., Any] | str | None = ...) -> None: ...

class MinVal(_responses.MinVal):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    function: str
    routine: Callable[..., Any] | str | None
    coef: float
    wlen: int
    k: int
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., coef: float = ..., wlen: int = ..., k: int = ...) -> None: ...

class Model(_model.Model):
    def __getattr__(self, name: str) -> Any: ...
    def __setattr__(self, name: str, value: Any) -> None: ...

class Motion(_constraints.Motion):
    id: int
    label: str
    name: str
    active: bool
    joint: Joint | None
    i: Marker | None
    j: Marker | None
    jtype: Literal['TRANSLATION', 'ROTATION']
    direction: Literal['X', 'Y', 'Z', 'B1', 'B2', 'B3'] | None
    dtype: Literal['DISPLACEMENT', 'VELOCITY', 'ACCELERATION']
    function: str
    icdisp: float | None
    icvel: float | None
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., joint: Joint | None = ..., i: Marker | None = ..., j: Marker | None = ..., jtype: Literal['TRANSLATION', 'ROTATION'] = ..., direction: Literal['X', 'Y', 'Z', 'B1', 'B2', 'B3'] | None = ..., dtype: Literal['DISPLACEMENT', 'VELOCITY', 'ACCELERATION'] = ..., function: str = ..., icdisp: float | None = ..., icvel: float | None = ..., routine: Callable[..., Any] | str | None = ...) -> None: ...

class Nforce(_forces.Nforce):
    id: int
    label: str
    name: str
    active: bool
    imarkers: list[Marker]
    j: Marker | None
    cratio: float
    cmatrix: Matrix | None
    kmatrix: Matrix | None
    length: Matrix | None
    force: Matrix | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., imarkers: list[Marker] = ..., j: Marker | None = ..., cratio: float = ..., cmatrix: Matrix | None = ..., kmatrix: Matrix | None = ..., length: Matrix | None = ..., force: Matrix | None = ...) -> None: ...

class Optimizer(_optimizer.Optimizer):
    id: int
    label: str
    name: str
    active: bool
    objective: list
    weights: list[float]
    method: str
    eqConstraints: list
    ineqConstraints: list
    maxit: int
    accuracy: float
    dsa: str
    fdStep: float
    type: str
    end: float
    dtout: float
    simFunction: Callable[..., Any]
    simMethod: Callable[..., Any]
    plot: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., objective: list = ..., weights: list[float] = ..., method: str = ..., eqConstraints: list = ..., ineqConstraints: list = ..., maxit: int = ..., accuracy: float = ..., dsa: str = ..., fdStep: float = ..., type: str = ..., end: float = ..., dtout: float = ..., simFunction: Callable[..., Any] = ..., simMethod: Callable[..., Any] = ..., plot: bool = ...) -> None: ...

class Outline(_geometry.Outline):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    markers: list[Marker]
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., markers: list[Marker] = ...) -> None: ...

class Output(_outputs.Output):
    id: int
    label: str
    name: str
    active: bool
    reqsave: bool
    mrf_file: bool
    abf_file: bool
    plt_file: bool
    h3d_file: bool
    angle_type: Literal['YPR', 'EULER_ANGLES']
    abf_unique_time: Literal['FIRST', 'LAST', 'ALL']
    plt_unique_time: Literal['FIRST', 'LAST', 'ALL']
    req_angle_radians: bool
    req_comment_only: bool
    capture_max_pd: bool
    dzero: float | None
    vzero: float | None
    azero: float | None
    fzero: float | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., reqsave: bool = ..., mrf_file: bool = ..., abf_file: bool = ..., plt_file: bool = ..., h3d_file: bool = ..., angle_type: Literal['YPR', 'EULER_ANGLES'] = ..., abf_unique_time: Literal['FIRST', 'LAST', 'ALL'] = ..., plt_unique_time: Literal['FIRST', 'LAST', 'ALL'] = ..., req_angle_radians: bool = ..., req_comment_only: bool = ..., capture_max_pd: bool = ..., dzero: float | None = ..., vzero: float | None = ..., azero: float | None = ..., fzero: float | None = ...) -> None: ...

class ParamCurve(_geometry.ParamCurve):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    curve: Curve | None
    rm: Marker | None
    seg: int | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., curve: Curve | None = ..., rm: Marker | None = ..., seg: int | None = ...) -> None: ...

class ParamSurface(_geometry.ParamSurface):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    surface: Surface | None
    rm: Marker | None
    U_seg: int | None
    V_seg: int | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., surface: Surface | None = ..., rm: Marker | None = ..., U_seg: int | None = ..., V_seg: int | None = ...) -> None: ...

class Part(_bodies.Part):
    id: int
    label: str
    name: str
    active: bool
    ground: bool
    mass: float
    ip: Point | list[float]
    cm: Marker | None
    im: Marker | None
    qg: Point | list[float]
    zg: Point | list[float] | None
    xg: Point | list[float] | None
    reuler: Point | list[float] | None
    vx: float | None
    vy: float | None
    vz: float | None
    wx: float | None
    wy: float | None
    wz: float | None
    zv: Point | list[float] | None
    xv: Point | list[float] | None
    vm: Marker | None
    wm: Marker | None
    planar: Literal['XY', 'YZ', 'ZX', 'YX', 'ZY', 'XZ'] | None
    material: str
    exact: list[str] | str
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., ground: bool = ..., mass: float = ..., ip: Point | list[float] = ..., cm: Marker | None = ..., im: Marker | None = ..., qg: Point | list[float] = ..., zg: Point | list[float] | None = ..., xg: Point | list[float] | None = ..., reuler: Point | list[float] | None = ..., vx: float | None = ..., vy: float | None = ..., vz: float | None = ..., wx: float | None = ..., wy: float | None = ..., wz: float | None = ..., zv: Point | list[float] | None = ..., xv: Point | list[float] | None = ..., vm: Marker | None = ..., wm: Marker | None = ..., planar: Literal['XY', 'YZ', 'ZX', 'YX', 'ZY', 'XZ'] | None = ..., material: str = ..., exact: list[str] | str = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., **attributes: Any) -> None: ...
    def __getattr__(self, name: str) -> Any: ...

class Pforce(_forces.Pforce):
    id: int
    label: str
    name: str
    active: bool
    function: str
    routine: Callable[..., Any] | str | None
    penalty: float
    penalty1: float
    unilateral: bool
    smoothing_factor: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., penalty: float = ..., penalty1: float = ..., unilateral: bool = ..., smoothing_factor: float = ...) -> None: ...

class Pinput(_linear.Pinput):
    id: int
    label: str
    name: str
    active: bool
    variables: list[Variable]
    hold_order: int | None
    sampling_period: float | None
    offset_time: float | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., variables: list[Variable] = ..., hold_order: int | None = ..., sampling_period: float | None = ..., offset_time: float | None = ...) -> None: ...

class PointMass(_bodies.PointMass):
    id: int
    label: str
    name: str
    active: bool
    mass: float
    cm: Marker | None
    qg: Point | list[float]
    zg: Point | list[float] | None
    xg: Point | list[float] | None
    zv: Point | list[float] | None
    xv: Point | list[float] | None
    reuler: Point | list[float] | None
    vx: float | None
    vy: float | None
    vz: float | None
    exact: list[str] | str
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., mass: float = ..., cm: Marker | None = ..., qg: Point | list[float] = ..., zg: Point | list[float] | None = ..., xg: Point | list[float] | None = ..., zv: Point | list[float] | None = ..., xv: Point | list[float] | None = ..., reuler: Point | list[float] | None = ..., vx: float | None = ..., vy: float | None = ..., vz: float | None = ..., exact: list[str] | str = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., **attributes: Any) -> None: ...
    def __getattr__(self, name: str) -> Any: ...

class Point_Mass(_bodies.PointMass):
    id: int
    label: str
    name: str
    active: bool
    mass: float
    cm: Marker | None
    qg: Point | list[float]
    zg: Point | list[float] | None
    xg: Point | list[float] | None
    zv: Point | list[float] | None
    xv: Point | list[float] | None
    reuler: Point | list[float] | None
    vx: float | None
    vy: float | None
    vz: float | None
    exact: list[str] | str
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., mass: float = ..., cm: Marker | None = ..., qg: Point | list[float] = ..., zg: Point | list[float] | None = ..., xg: Point | list[float] | None = ..., zv: Point | list[float] | None = ..., xv: Point | list[float] | None = ..., reuler: Point | list[float] | None = ..., vx: float | None = ..., vy: float | None = ..., vz: float | None = ..., exact: list[str] | str = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., **attributes: Any) -> None: ...
    def __getattr__(self, name: str) -> Any: ...

class Poutput(_linear.Poutput):
    id: int
    label: str
    name: str
    active: bool
    variables: list[Variable]
    hold_order: int | None
    sampling_period: float | None
    offset_time: float | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., variables: list[Variable] = ..., hold_order: int | None = ..., sampling_period: float | None = ..., offset_time: float | None = ...) -> None: ...

class Ptcv(_constraints.Ptcv):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    curve: Curve | None
    rm: Marker | None
    disp: Point | list[float] | None
    vel: float | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., curve: Curve | None = ..., rm: Marker | None = ..., disp: Point | list[float] | None = ..., vel: float | None = ...) -> None: ...

class Ptdcv(_deformable.Ptdcv):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    dcurve: Dcurve | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., dcurve: Dcurve | None = ...) -> None: ...

class Ptdsf(_deformable.Ptdsf):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    dsurface: Dsurface | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., dsurface: Dsurface | None = ...) -> None: ...

class Ptdsff(_deformable.Ptdsff):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    dsurface: Dsurface | None
    flip_normal: bool
    radius: float | None
    radius_x: float | None
    radius_y: float | None
    radius_z: float | None
    force_model: Literal['UNDEFINED', 'LINEAR', 'POISSON', 'HERTZIAN', 'USERSUB']
    stiffness: float | None
    damping: float | None
    penalty: float | None
    restitution_coefficient: float
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., dsurface: Dsurface | None = ..., flip_normal: bool = ..., radius: float | None = ..., radius_x: float | None = ..., radius_y: float | None = ..., radius_z: float | None = ..., force_model: Literal['UNDEFINED', 'LINEAR', 'POISSON', 'HERTZIAN', 'USERSUB'] = ..., stiffness: float | None = ..., damping: float | None = ..., penalty: float | None = ..., restitution_coefficient: float = ..., function: str = ..., routine: Callable[..., Any] | str | None = ...) -> None: ...

class Ptsf(_constraints.Ptsf):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    surface: Surface | None
    rm: Marker | None
    disp: Point | list[float] | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., surface: Surface | None = ..., rm: Marker | None = ..., disp: Point | list[float] | None = ...) -> None: ...

class RMS2(_responses.RMS2):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    targetValue: list[Any]
    measuredValue: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., targetValue: list[Any] = ..., measuredValue: str = ...) -> None: ...

class Request(_outputs.Request):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['DISPLACEMENT', 'VELOCITY', 'ACCELERATION', 'FORCE', 'EXPRESSION']
    i: Marker | None
    j: Marker | None
    rm: Marker | None
    comment: str
    results_name: str
    f1: str
    f2: str
    f3: str
    f4: str
    f5: str
    f6: str
    f7: str
    f8: str
    function: str
    routine: Callable[..., Any] | str | None
    cnames: str
    cunits: str
    clabels: str
    variables: list[Variable]
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['DISPLACEMENT', 'VELOCITY', 'ACCELERATION', 'FORCE', 'EXPRESSION'] = ..., i: Marker | None = ..., j: Marker | None = ..., rm: Marker | None = ..., comment: str = ..., results_name: str = ..., f1: str = ..., f2: str = ..., f3: str = ..., f4: str = ..., f5: str = ..., f6: str = ..., f7: str = ..., f8: str = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., cnames: str = ..., cunits: str = ..., clabels: str = ..., variables: list[Variable] = ...) -> None: ...

class ResponseExpression(_responses.ResponseExpression):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    function: str
    symbols: list[str]
    variables: list
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., function: str = ..., symbols: list[str] = ..., variables: list = ...) -> None: ...

class Rv(_design.Rv):
    id: int
    label: str
    name: str
    active: bool
    ic: float
    function: str
    routine: Callable[..., Any] | str | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., ic: float = ..., function: str = ..., routine: Callable[..., Any] | str | None = ...) -> None: ...

class Sensor(_sensors.Sensor):
    id: int
    label: str
    name: str
    active: bool
    value: float
    error: float
    operator: Literal['LE', 'EQ', 'GE']
    compare: Literal['GE', 'LT', 'LE', 'EQ']
    function: str
    routine: Callable[..., Any] | str | None
    evaluate: str
    evaluate_routine: Callable[..., Any] | str | None
    evaluate_id: int | None
    halt: bool
    return_: bool
    restart: bool
    print_: bool
    verbose: bool
    dt: float | None
    hmax: float | None
    stepsize: float | None
    zero_crossing: float | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., value: float = ..., error: float = ..., operator: Literal['LE', 'EQ', 'GE'] = ..., compare: Literal['GE', 'LT', 'LE', 'EQ'] = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., evaluate: str = ..., evaluate_routine: Callable[..., Any] | str | None = ..., evaluate_id: int | None = ..., halt: bool = ..., return_: bool = ..., restart: bool = ..., print_: bool = ..., verbose: bool = ..., dt: float | None = ..., hmax: float | None = ..., stepsize: float | None = ..., zero_crossing: float | None = ...) -> None: ...

class Sforce(_forces.Sforce):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['TRANSLATION', 'ROTATION']
    actiononly: bool
    i: Marker | None
    j: Marker | None
    function: str
    routine: Callable[..., Any] | str | None
    script: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['TRANSLATION', 'ROTATION'] = ..., actiononly: bool = ..., i: Marker | None = ..., j: Marker | None = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., script: str = ...) -> None: ...

class Sfsf(_constraints.Sfsf):
    id: int
    label: str
    name: str
    active: bool
    isurface: Surface | None
    irm: Marker | None
    idisp: Point | list[float] | None
    jsurface: Surface | None
    jrm: Marker | None
    jdisp: Point | list[float] | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., isurface: Surface | None = ..., irm: Marker | None = ..., idisp: Point | list[float] | None = ..., jsurface: Surface | None = ..., jrm: Marker | None = ..., jdisp: Point | list[float] | None = ...) -> None: ...

class SignForce(_forces.SignForce):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    j: Marker | None
    f_nominal: float
    v0: float
    reg: Literal['EXP', 'SINE', 'LINEAR', 'COSINE']
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., j: Marker | None = ..., f_nominal: float = ..., v0: float = ..., reg: Literal['EXP', 'SINE', 'LINEAR', 'COSINE'] = ...) -> None: ...

class Slope2(_responses.Slope2):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    numerator: str
    denominator: str
    time: float | None
    delta: float
    interval: float
    points: list
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., numerator: str = ..., denominator: str = ..., time: float | None = ..., delta: float = ..., interval: float = ..., points: list = ...) -> None: ...

class Slope2Deviation(_responses.Slope2Deviation):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    numerator: str
    denominator: str
    time: float | None
    delta: float
    interval: float
    points: list
    targetValue: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., numerator: str = ..., denominator: str = ..., time: float | None = ..., delta: float = ..., interval: float = ..., points: list = ..., targetValue: float = ...) -> None: ...

class Sphere(_geometry.Sphere):
    id: int
    label: str
    name: str
    active: bool
    refinement_level: int | None
    color: str
    hidden: bool
    material_inside: bool
    cm: Marker | None
    radius: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., refinement_level: int | None = ..., color: str = ..., hidden: bool = ..., material_inside: bool = ..., cm: Marker | None = ..., radius: float = ...) -> None: ...

class Spline(_controls.Spline):
    id: int
    label: str
    name: str
    active: bool
    x: list[float]
    y: list[float]
    z: list[float]
    linear_extrapolate: bool
    file: str
    block: str
    function: str
    routine: Callable[..., Any] | str | None
    script: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., x: list[float] = ..., y: list[float] = ..., z: list[float] = ..., linear_extrapolate: bool = ..., file: str = ..., block: str = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., script: str = ...) -> None: ...

class SpringDamper(_forces.SpringDamper):
    id: int
    label: str
    name: str
    active: bool
    type: Literal['TRANSLATION', 'ROTATION']
    i: Marker | None
    j: Marker | None
    k: float
    c: float
    kt: float
    ct: float
    force: float
    torque: float
    length: float | None
    angle: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., type: Literal['TRANSLATION', 'ROTATION'] = ..., i: Marker | None = ..., j: Marker | None = ..., k: float = ..., c: float = ..., kt: float = ..., ct: float = ..., force: float = ..., torque: float = ..., length: float | None = ..., angle: float = ...) -> None: ...

class Springsat(_forces.Springsat):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    j: Marker | None
    K0: float
    Ksat: float
    xsat: float
    length: float | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., j: Marker | None = ..., K0: float = ..., Ksat: float = ..., xsat: float = ..., length: float | None = ...) -> None: ...

class Surface(_controls.Surface):
    id: int
    label: str
    name: str
    active: bool
    uclosed: bool
    vclosed: bool
    minpar: list[float]
    maxpar: list[float]
    function: str
    routine: Callable[..., Any] | str | None
    script: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., uclosed: bool = ..., vclosed: bool = ..., minpar: list[float] = ..., maxpar: list[float] = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., script: str = ...) -> None: ...

class Tfsiso(_controls.Tfsiso):
    id: int
    label: str
    name: str
    active: bool
    x: Array | None
    y: Array | None
    u: Array | None
    numerator: list[float]
    denominator: list[float]
    static_hold: bool
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., x: Array | None = ..., y: Array | None = ..., u: Array | None = ..., numerator: list[float] = ..., denominator: list[float] = ..., static_hold: bool = ...) -> None: ...

class Units(_settings.Units):
    id: int
    label: str
    name: str
    active: bool
    force: Literal['CENTINEWTON', 'DYNE', 'KILOGRAM_FORCE', 'KNEWTON', 'KPOUND_FORCE', 'MEGANEWTON', 'MICRONEWTON', 'MILLINEWTON', 'NANONEWTON', 'NEWTON', 'OUNCE_FORCE', 'POUND_FORCE', 'POUNDAL']
    mass: Literal['GRAM', 'KILOGRAM', 'KPOUND_MASS', 'MILLIGRAM', 'MICROGRAM', 'NANOGRAM', 'OUNCE_MASS', 'POUND_MASS', 'SLINCH', 'SLUG', 'TONNE', 'US_TON']
    length: Literal['ANGSTROM', 'CENTIMETER', 'FOOT', 'KILOMETER', 'INCH', 'METER', 'MICROINCH', 'MICROMETER', 'MILE', 'MILLIMETER', 'MILLS', 'NANOMETER', 'YARD']
    time: Literal['DAY', 'HOUR', 'MICROSECOND', 'MILLISECOND', 'MINUTE', 'NANOSECOND', 'SECOND']
    ucf: float | None
    system: Literal['MKS', 'MMKS', 'CGS', 'IPS', 'FPS'] | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., force: Literal['CENTINEWTON', 'DYNE', 'KILOGRAM_FORCE', 'KNEWTON', 'KPOUND_FORCE', 'MEGANEWTON', 'MICRONEWTON', 'MILLINEWTON', 'NANONEWTON', 'NEWTON', 'OUNCE_FORCE', 'POUND_FORCE', 'POUNDAL'] = ..., mass: Literal['GRAM', 'KILOGRAM', 'KPOUND_MASS', 'MILLIGRAM', 'MICROGRAM', 'NANOGRAM', 'OUNCE_MASS', 'POUND_MASS', 'SLINCH', 'SLUG', 'TONNE', 'US_TON'] = ..., length: Literal['ANGSTROM', 'CENTIMETER', 'FOOT', 'KILOMETER', 'INCH', 'METER', 'MICROINCH', 'MICROMETER', 'MILE', 'MILLIMETER', 'MILLS', 'NANOMETER', 'YARD'] = ..., time: Literal['DAY', 'HOUR', 'MICROSECOND', 'MILLISECOND', 'MINUTE', 'NANOSECOND', 'SECOND'] = ..., ucf: float | None = ..., system: Literal['MKS', 'MMKS', 'CGS', 'IPS', 'FPS'] | None = ...) -> None: ...

class ValueAtG(_responses.ValueAtG):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    fsignal: str
    gsignal: str
    gvalue: float
    delta: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., fsignal: str = ..., gsignal: str = ..., gvalue: float = ..., delta: float = ...) -> None: ...

class ValueAtTime(_responses.ValueAtTime):
    id: int
    label: str
    name: str
    active: bool
    scale: float
    factor: float
    atTime: float | None
    measuredValue: str
    delta: float
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., scale: float = ..., factor: float = ..., atTime: float | None = ..., measuredValue: str = ..., delta: float = ...) -> None: ...

class Variable(_controls.Variable):
    id: int
    label: str
    name: str
    active: bool
    function: str
    routine: Callable[..., Any] | str | None
    implicit: bool
    ic: float | None
    auto_balance: Literal['DEFAULT', 'UNCONDITIONAL', 'DISABLED', 'PENALTY']
    penalty: float | None
    penalty1: float | None
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., implicit: bool = ..., ic: float | None = ..., auto_balance: Literal['DEFAULT', 'UNCONDITIONAL', 'DISABLED', 'PENALTY'] = ..., penalty: float | None = ..., penalty1: float | None = ...) -> None: ...

class Vforce(_forces.Vforce):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    jfloat: Marker | None
    rm: Marker | None
    function: str
    routine: Callable[..., Any] | str | None
    fx: str
    fy: str
    fz: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., jfloat: Marker | None = ..., rm: Marker | None = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., fx: str = ..., fy: str = ..., fz: str = ...) -> None: ...

class Vtorque(_forces.Vtorque):
    id: int
    label: str
    name: str
    active: bool
    i: Marker | None
    jfloat: Marker | None
    rm: Marker | None
    function: str
    routine: Callable[..., Any] | str | None
    tx: str
    ty: str
    tz: str
    def __init__(self, *, id: int = ..., label: str = ..., name: str = ..., active: bool = ..., i: Marker | None = ..., jfloat: Marker | None = ..., rm: Marker | None = ..., function: str = ..., routine: Callable[..., Any] | str | None = ..., tx: str = ..., ty: str = ..., tz: str = ...) -> None: ...

from . import functions as functions

def load_model(path: Any, allow_scripts: Any = ...) -> Any: ...

import math as math

def py_analys(analysis: Any, name: Any, tbegin: Any, tend: Any, iflag: Any = ...) -> Any: ...

def py_datout() -> Any: ...

def py_modfnc(element: Any, id: Any, attribute: Any) -> Any: ...

def py_modify(command: Any) -> Any: ...

def py_modset(element: Any, id: Any, attribute: Any, input: Any) -> Any: ...

def tr(text: Any, *args: Any, **kwds: Any) -> Any: ...

def ABS(*args: Any) -> Any: ...

def ACCM(*args: Any) -> float: ...

def ACCX(*args: Any) -> float: ...

def ACCY(*args: Any) -> float: ...

def ACCZ(*args: Any) -> float: ...

def ACOS(*args: Any) -> Any: ...

def AINT(*args: Any) -> Any: ...

def AKISPL(x: Any, z: Any, spline: Any, n: Any = ...) -> Any: ...

def ANINT(*args: Any) -> Any: ...

def ARYVAL(array: Any, k: Any) -> Any: ...

def ASIN(*args: Any) -> Any: ...

def ATAN(*args: Any) -> Any: ...

def ATAN2(*args: Any) -> Any: ...

def AX(*args: Any) -> float: ...

def AY(*args: Any) -> float: ...

def AZ(*args: Any) -> float: ...

def BEAM(*args: Any) -> float: ...

def BISTOP(*args: Any) -> Any: ...

def BUSH(*args: Any) -> float: ...

def CHEBY(*args: Any) -> Any: ...

def CONTACT(*args: Any) -> float: ...

def COS(*args: Any) -> Any: ...

def COSH(*args: Any) -> Any: ...

def CUBSPL(x: Any, z: Any, spline: Any, n: Any = ...) -> Any: ...

def CURVE(alpha: Any, iord: Any, comp: Any, curve: Any) -> Any: ...

def CVCV(*args: Any) -> float: ...

def DIF(diff: Any) -> Any: ...

def DIF1(diff: Any) -> Any: ...

def DIM(*args: Any) -> Any: ...

def DM(*args: Any) -> float: ...

DTOR: float

def DX(*args: Any) -> float: ...

def DY(*args: Any) -> float: ...

def DZ(*args: Any) -> float: ...

def EXP(*args: Any) -> Any: ...

def FIELD(*args: Any) -> float: ...

def FM(*args: Any) -> float: ...

def FORCOS(*args: Any) -> Any: ...

def FORSIN(*args: Any) -> Any: ...

def FRICTION(*args: Any) -> float: ...

def FX(*args: Any) -> float: ...

def FY(*args: Any) -> float: ...

def FZ(*args: Any) -> float: ...

def GFORCE(*args: Any) -> float: ...

def HAVSIN(*args: Any) -> Any: ...

def IF(x: Any, negative: Any, zero: Any, positive: Any) -> Any: ...

def IMPACT(*args: Any) -> Any: ...

def INTERP(x: Any, method: Any, spline: Any, iord: Any = ...) -> Any: ...

def JOINT(*args: Any) -> float: ...

def JPRIM(*args: Any) -> float: ...

def KE(part: Any = ...) -> Any: ...

def LINSPL(x: Any, z: Any, spline: Any, n: Any = ...) -> Any: ...

def LOG(*args: Any) -> Any: ...

def LOG10(*args: Any) -> Any: ...

def MAX(*args: Any) -> Any: ...

def MIN(*args: Any) -> Any: ...

def MOD(*args: Any) -> Any: ...

def MOTION(*args: Any) -> float: ...

def NFORCE(*args: Any) -> float: ...

def PHI(*args: Any) -> float: ...

PI: float

def PITCH(*args: Any) -> float: ...

def POLY(*args: Any) -> Any: ...

def PSI(*args: Any) -> float: ...

def PTCV(*args: Any) -> float: ...

def ROLL(*args: Any) -> float: ...

RTOD: float

def SENVAL(sensor: Any) -> Any: ...

def SFORCE(*args: Any) -> float: ...

def SHF(*args: Any) -> Any: ...

def SIGN(*args: Any) -> Any: ...

def SIN(*args: Any) -> Any: ...

def SINH(*args: Any) -> Any: ...

def SPDP(*args: Any) -> float: ...

def SQRT(*args: Any) -> Any: ...

def STEP(*args: Any) -> Any: ...

def STEP5(*args: Any) -> Any: ...

def SWEEP(*args: Any) -> Any: ...

def TAN(*args: Any) -> Any: ...

def TANH(*args: Any) -> Any: ...

def THETA(*args: Any) -> float: ...

def TIME() -> Any: ...

def TM(*args: Any) -> float: ...

def TRIM(*args: Any) -> Any: ...

def TX(*args: Any) -> float: ...

def TY(*args: Any) -> float: ...

def TZ(*args: Any) -> float: ...

def VARVAL(variable: Any) -> Any: ...

def VFORCE(*args: Any) -> float: ...

def VM(*args: Any) -> float: ...

def VR(*args: Any) -> float: ...

def VTORQ(*args: Any) -> float: ...

def VX(*args: Any) -> float: ...

def VY(*args: Any) -> float: ...

def VZ(*args: Any) -> float: ...

def WDTM(*args: Any) -> float: ...

def WDTX(*args: Any) -> float: ...

def WDTY(*args: Any) -> float: ...

def WDTZ(*args: Any) -> float: ...

def WM(*args: Any) -> float: ...

def WX(*args: Any) -> float: ...

def WY(*args: Any) -> float: ...

def WZ(*args: Any) -> float: ...

def YAW(*args: Any) -> float: ...

def py_errmes(errflg: Any, message: Any, id: Any = ..., endflag: Any = ...) -> Any: ...

def py_gtcrv(id: Any, alpha: Any, iord: Any) -> Any: ...

def py_put_spline(id: Any, x: Any, y: Any, z: Any = ...) -> Any: ...

def py_sysary(name: Any, ids: Any) -> Any: ...

def py_sysfnc(name: Any, ids: Any) -> Any: ...

def createCylindricalJoint(ibody: Any, jbody: Any, location: Any = ..., axis: Any = ..., **kwds: Any) -> Any: ...

def createFixedJoint(ibody: Any, jbody: Any, location: Any = ..., **kwds: Any) -> Any: ...

def createPlanarJoint(ibody: Any, jbody: Any, location: Any = ..., axis: Any = ..., **kwds: Any) -> Any: ...

def createRevoluteJoint(ibody: Any, jbody: Any, location: Any = ..., axis: Any = ..., **kwds: Any) -> Any: ...

def createSphericalJoint(ibody: Any, jbody: Any, location: Any = ..., **kwds: Any) -> Any: ...

def createTranslationalJoint(ibody: Any, jbody: Any, location: Any = ..., axis: Any = ..., **kwds: Any) -> Any: ...

def createUJoint(ibody: Any, jbody: Any, location: Any = ..., ishaft: Any = ..., jshaft: Any = ..., **kwds: Any) -> Any: ...

def loc_along_dir(origin: Any, vector: Any, distance: Any) -> Any: ...

def loc_between(first_point: Any, end_point: Any, dist_ratio: Any) -> Any: ...

def loc_cylindrical(coord: Any, rm: Any) -> Any: ...

def loc_mirror(master_point: Any, ref_marker: Any, plane: Any) -> Any: ...

def loc_rel_to(point: Any, marker: Any) -> Any: ...

def read_results(path: Any) -> SimulationResults: ...

def sweep(build: Any, params: Any, outputs: Any = ..., function: Any = ..., address: Any = ..., verbose: Any = ..., **simulate_args: Any) -> Any: ...

__version__: str
__all__ = ["Accgrav", "ActivateCoSim", "Arc", "Array", "Beam", "BodyResult", "Bool", "Box", "Bushing", "Cforce", "Circle", "CoSim", "Composite", "Contact", "ContactResult", "Coupler", "Curve", "Cvcv", "Cvsf", "Cylinder", "DatasetError", "DatasetWarning", "DatasetWriteError", "Dcurve", "Debug", "DeformCurve", "DeformSurface", "DeformableCurve", "DeformableSurface", "DeviationSquared", "Diff", "Double", "Dsurface", "Dv", "Ellipsoid", "EnergyResult", "Enum", "Equilibrium", "External", "Field", "FlexBody", "Fmu", "Friction", "Frustum", "Function", "Gcon", "Gear", "GenericResponse", "Gforce", "Graphics", "Gse", "H3dOutput", "Int", "Integrator", "Joint", "Jprim", "Linear", "LinearResults", "Lse", "Marker", "Mate", "Matrix", "MaxVal", "Mforce", "MinVal", "Mode", "ModeShape", "Model", "ModelError", "Motion", "MsolveError", "Nforce", "Optimizer", "Outline", "Output", "ParamCurve", "ParamSurface", "Part", "Pforce", "Pinput", "Point", "PointMass", "Point_Mass", "Poutput", "Ptcv", "Ptdcv", "Ptdsf", "Ptdsff", "Ptsf", "RMS2", "RVResult", "Reference", "Request", "RequestResult", "ResponseExpression", "Routine", "RoutineError", "Rv", "Sensor", "SensorEvent", "Sforce", "Sfsf", "SignForce", "SimulationEvent", "SimulationResults", "Slope2", "Slope2Deviation", "SolverError", "SolverObject", "Sphere", "Spline", "SpringDamper", "Springsat", "Str", "String", "Surface", "Tfsiso", "Units", "Validator", "ValueAtG", "ValueAtTime", "Variable", "Vector", "Vforce", "Vtorque", "functions", "load_model", "math", "py_analys", "py_datout", "py_modfnc", "py_modify", "py_modset", "tr", "ABS", "ACCM", "ACCX", "ACCY", "ACCZ", "ACOS", "AINT", "AKISPL", "ANINT", "ARYVAL", "ASIN", "ATAN", "ATAN2", "AX", "AY", "AZ", "BEAM", "BISTOP", "BUSH", "CHEBY", "CONTACT", "COS", "COSH", "CUBSPL", "CURVE", "CVCV", "DIF", "DIF1", "DIM", "DM", "DTOR", "DX", "DY", "DZ", "EXP", "FIELD", "FM", "FORCOS", "FORSIN", "FRICTION", "FX", "FY", "FZ", "GFORCE", "HAVSIN", "IF", "IMPACT", "INTERP", "JOINT", "JPRIM", "KE", "LINSPL", "LOG", "LOG10", "MAX", "MIN", "MOD", "MOTION", "NFORCE", "PHI", "PI", "PITCH", "POLY", "PSI", "PTCV", "ROLL", "RTOD", "SENVAL", "SFORCE", "SHF", "SIGN", "SIN", "SINH", "SPDP", "SQRT", "STEP", "STEP5", "SWEEP", "TAN", "TANH", "THETA", "TIME", "TM", "TRIM", "TX", "TY", "TZ", "VARVAL", "VFORCE", "VM", "VR", "VTORQ", "VX", "VY", "VZ", "WDTM", "WDTX", "WDTY", "WDTZ", "WM", "WX", "WY", "WZ", "YAW", "py_errmes", "py_gtcrv", "py_put_spline", "py_sysary", "py_sysfnc", "createCylindricalJoint", "createFixedJoint", "createPlanarJoint", "createRevoluteJoint", "createSphericalJoint", "createTranslationalJoint", "createUJoint", "loc_along_dir", "loc_between", "loc_cylindrical", "loc_mirror", "loc_rel_to"]
