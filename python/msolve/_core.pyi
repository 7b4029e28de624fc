"""
msolve core: model description types and the solver facade
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['AccgravSpec', 'ArraySpec', 'BeamSpec', 'BushingSpec', 'CompiledRoutine', 'ContactSpec', 'CouplerSpec', 'CurveSpec', 'CvcvSpec', 'CvsfSpec', 'DcurveSpec', 'DiffSpec', 'DsurfaceSpec', 'Entity', 'EquilibriumSpec', 'FieldSpec', 'FrictionSpec', 'GconSpec', 'GearSpec', 'GraphicSpec', 'GseSpec', 'IntegratorSpec', 'JointSpec', 'JprimSpec', 'LinearModeRecord', 'LinearResultRecord', 'LinearSpec', 'LseSpec', 'MarkerSpec', 'MateSpec', 'MatrixSpec', 'ModelError', 'ModelSpec', 'MotionSpec', 'NforceSpec', 'PartSpec', 'PforceSpec', 'PinputSpec', 'PointMassSpec', 'PoutputSpec', 'PtcvSpec', 'PtdcvSpec', 'PtdsfSpec', 'PtsfSpec', 'PythonRoutine', 'RequestSpec', 'Results', 'RoutineError', 'RvSpec', 'SensorEventRecord', 'SensorSpec', 'SforceSpec', 'SfsfSpec', 'SignForceSpec', 'Simulation', 'SolverError', 'SplineSpec', 'SpringDamperSpec', 'SpringsatSpec', 'SurfaceSpec', 'TfsisoSpec', 'UnitsSpec', 'UserRoutine', 'VariableSpec', 'VectorForceSpec', 'constraint_rows', 'function_catalog', 'function_names', 'resolve_simulate_options']
class ModelError(ValueError):
    """
    Bad input found when the model is compiled: names the entity and what is wrong (a ValueError).
    """
class SolverError(RuntimeError):
    """
    An analysis that cannot go on; Model.simulate raises it as MsolveError.
    """
class Entity:
    _active: bool
    _label: str
    _name: str
    def _describe(self) -> str:
        ...
    @property
    def _id(self) -> int:
        ...
    @_id.setter
    def _id(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
class UserRoutine:
    pass
class PartSpec(Entity):
    _cm: MarkerSpec
    _ground: bool
    _im: MarkerSpec
    _planar: str | None
    def __init__(self) -> None:
        ...
    @property
    def _exact(self) -> list[str]:
        ...
    @_exact.setter
    def _exact(self, arg0: collections.abc.Sequence[str]) -> None:
        ...
    @property
    def _ip(self) -> typing.Annotated[list[float], "FixedSize(6)"]:
        ...
    @_ip.setter
    def _ip(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(6)"]) -> None:
        ...
    @property
    def _mass(self) -> float:
        ...
    @_mass.setter
    def _mass(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _qg(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"]:
        ...
    @_qg.setter
    def _qg(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"]) -> None:
        ...
    @property
    def _reuler(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_reuler.setter
    def _reuler(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _vx(self) -> float | None:
        ...
    @_vx.setter
    def _vx(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _vy(self) -> float | None:
        ...
    @_vy.setter
    def _vy(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _vz(self) -> float | None:
        ...
    @_vz.setter
    def _vz(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _wx(self) -> float | None:
        ...
    @_wx.setter
    def _wx(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _wy(self) -> float | None:
        ...
    @_wy.setter
    def _wy(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _wz(self) -> float | None:
        ...
    @_wz.setter
    def _wz(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _xg(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_xg.setter
    def _xg(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _zg(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_zg.setter
    def _zg(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
class MarkerSpec(Entity):
    _part: PartSpec
    def __init__(self) -> None:
        ...
    @property
    def _qp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"]:
        ...
    @_qp.setter
    def _qp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"]) -> None:
        ...
    @property
    def _reuler(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_reuler.setter
    def _reuler(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _xp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_xp.setter
    def _xp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _zp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_zp.setter
    def _zp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
class PointMassSpec(PartSpec):
    def __init__(self) -> None:
        ...
    @property
    def _xv(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_xv.setter
    def _xv(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _zv(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_zv.setter
    def _zv(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
class JointSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    _type: str
    def __init__(self) -> None:
        ...
    @property
    def _pd(self) -> float:
        ...
    @_pd.setter
    def _pd(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _pitch(self) -> float:
        ...
    @_pitch.setter
    def _pitch(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class JprimSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    _type: str
    def __init__(self) -> None:
        ...
class MateSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    _type: str
    def __init__(self) -> None:
        ...
    @property
    def _dist(self) -> float:
        ...
    @_dist.setter
    def _dist(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _height(self) -> float:
        ...
    @_height.setter
    def _height(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _iradius(self) -> float:
        ...
    @_iradius.setter
    def _iradius(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _jradius(self) -> float:
        ...
    @_jradius.setter
    def _jradius(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _radius(self) -> float:
        ...
    @_radius.setter
    def _radius(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class CouplerSpec(Entity):
    _function: str
    _routine: UserRoutine
    _routine_xx: UserRoutine
    _routine_xx2: UserRoutine
    def __init__(self) -> None:
        ...
    @property
    def _joints(self) -> list[JointSpec]:
        ...
    @_joints.setter
    def _joints(self, arg1: collections.abc.Sequence[JointSpec]) -> None:
        ...
    @property
    def _scales(self) -> list[float]:
        ...
    @_scales.setter
    def _scales(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _type(self) -> list[str]:
        ...
    @_type.setter
    def _type(self, arg0: collections.abc.Sequence[str]) -> None:
        ...
class GconSpec(Entity):
    _function: str
    _i: MarkerSpec
    _routine: UserRoutine
    def __init__(self) -> None:
        ...
class GearSpec(Entity):
    _cv: MarkerSpec
    def __init__(self) -> None:
        ...
    @property
    def _joints(self) -> list[JointSpec]:
        ...
    @_joints.setter
    def _joints(self, arg1: collections.abc.Sequence[JointSpec]) -> None:
        ...
class MotionSpec(Entity):
    _direction: str | None
    _dtype: str
    _function: str
    _i: MarkerSpec
    _j: MarkerSpec
    _joint: JointSpec
    _jtype: str
    _routine: UserRoutine
    def __init__(self) -> None:
        ...
    @property
    def _icdisp(self) -> float | None:
        ...
    @_icdisp.setter
    def _icdisp(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _icvel(self) -> float | None:
        ...
    @_icvel.setter
    def _icvel(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class RequestSpec(Entity):
    _comment: str
    _function: str
    _i: MarkerSpec
    _j: MarkerSpec
    _rm: MarkerSpec
    _routine: UserRoutine
    _type: str
    def __init__(self) -> None:
        ...
    @property
    def _f(self) -> typing.Annotated[list[str], "FixedSize(8)"]:
        ...
    @_f.setter
    def _f(self, arg0: typing.Annotated[collections.abc.Sequence[str], "FixedSize(8)"]) -> None:
        ...
class SensorSpec(Entity):
    _compare: str
    _evaluate: str
    _evaluate_routine: UserRoutine
    _function: str
    _halt: bool
    _print: bool
    _restart: bool
    _return: bool
    _routine: UserRoutine
    _verbose: bool
    def __init__(self) -> None:
        ...
    @property
    def _dt(self) -> float | None:
        ...
    @_dt.setter
    def _dt(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _error(self) -> float:
        ...
    @_error.setter
    def _error(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _evaluate_id(self) -> int | None:
        ...
    @_evaluate_id.setter
    def _evaluate_id(self, arg0: typing.SupportsInt | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _hmax(self) -> float | None:
        ...
    @_hmax.setter
    def _hmax(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _stepsize(self) -> float | None:
        ...
    @_stepsize.setter
    def _stepsize(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _value(self) -> float:
        ...
    @_value.setter
    def _value(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _zero_crossing(self) -> float | None:
        ...
    @_zero_crossing.setter
    def _zero_crossing(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class SignForceSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    _reg: str
    def __init__(self) -> None:
        ...
    @property
    def _f_nominal(self) -> float:
        ...
    @_f_nominal.setter
    def _f_nominal(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _v0(self) -> float:
        ...
    @_v0.setter
    def _v0(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class SpringsatSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    def __init__(self) -> None:
        ...
    @property
    def _K0(self) -> float:
        ...
    @_K0.setter
    def _K0(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _Ksat(self) -> float:
        ...
    @_Ksat.setter
    def _Ksat(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _length(self) -> float | None:
        ...
    @_length.setter
    def _length(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _xsat(self) -> float:
        ...
    @_xsat.setter
    def _xsat(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class SpringDamperSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    _type: str
    def __init__(self) -> None:
        ...
    @property
    def _angle(self) -> float:
        ...
    @_angle.setter
    def _angle(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _c(self) -> float:
        ...
    @_c.setter
    def _c(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _ct(self) -> float:
        ...
    @_ct.setter
    def _ct(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _force(self) -> float:
        ...
    @_force.setter
    def _force(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _k(self) -> float:
        ...
    @_k.setter
    def _k(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _kt(self) -> float:
        ...
    @_kt.setter
    def _kt(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _length(self) -> float | None:
        ...
    @_length.setter
    def _length(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _torque(self) -> float:
        ...
    @_torque.setter
    def _torque(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class BushingSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    def __init__(self) -> None:
        ...
    @property
    def _c(self) -> typing.Annotated[list[float], "FixedSize(3)"]:
        ...
    @_c.setter
    def _c(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"]) -> None:
        ...
    @property
    def _ct(self) -> typing.Annotated[list[float], "FixedSize(3)"]:
        ...
    @_ct.setter
    def _ct(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"]) -> None:
        ...
    @property
    def _force(self) -> typing.Annotated[list[float], "FixedSize(3)"]:
        ...
    @_force.setter
    def _force(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"]) -> None:
        ...
    @property
    def _k(self) -> typing.Annotated[list[float], "FixedSize(3)"]:
        ...
    @_k.setter
    def _k(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"]) -> None:
        ...
    @property
    def _kt(self) -> typing.Annotated[list[float], "FixedSize(3)"]:
        ...
    @_kt.setter
    def _kt(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"]) -> None:
        ...
    @property
    def _torque(self) -> typing.Annotated[list[float], "FixedSize(3)"]:
        ...
    @_torque.setter
    def _torque(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"]) -> None:
        ...
class FieldSpec(Entity):
    _function: str
    _i: MarkerSpec
    _j: MarkerSpec
    _routine: UserRoutine
    def __init__(self) -> None:
        ...
    @property
    def _cmatrix(self) -> list[float]:
        ...
    @_cmatrix.setter
    def _cmatrix(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _cratio(self) -> float | None:
        ...
    @_cratio.setter
    def _cratio(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _force(self) -> typing.Annotated[list[float], "FixedSize(6)"]:
        ...
    @_force.setter
    def _force(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(6)"]) -> None:
        ...
    @property
    def _kmatrix(self) -> list[float]:
        ...
    @_kmatrix.setter
    def _kmatrix(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _length(self) -> typing.Annotated[list[float], "FixedSize(6)"]:
        ...
    @_length.setter
    def _length(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(6)"]) -> None:
        ...
class BeamSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    def __init__(self) -> None:
        ...
    @property
    def _area(self) -> float:
        ...
    @_area.setter
    def _area(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _asy(self) -> float:
        ...
    @_asy.setter
    def _asy(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _asz(self) -> float:
        ...
    @_asz.setter
    def _asz(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _cmatrix(self) -> list[float]:
        ...
    @_cmatrix.setter
    def _cmatrix(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _cratio(self) -> float:
        ...
    @_cratio.setter
    def _cratio(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _emodulus(self) -> float:
        ...
    @_emodulus.setter
    def _emodulus(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _force(self) -> typing.Annotated[list[float], "FixedSize(3)"]:
        ...
    @_force.setter
    def _force(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"]) -> None:
        ...
    @property
    def _gmodulus(self) -> float:
        ...
    @_gmodulus.setter
    def _gmodulus(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _ixx(self) -> float:
        ...
    @_ixx.setter
    def _ixx(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _iyy(self) -> float:
        ...
    @_iyy.setter
    def _iyy(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _izz(self) -> float:
        ...
    @_izz.setter
    def _izz(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _length(self) -> float:
        ...
    @_length.setter
    def _length(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _torque(self) -> typing.Annotated[list[float], "FixedSize(3)"]:
        ...
    @_torque.setter
    def _torque(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(3)"]) -> None:
        ...
class SforceSpec(Entity):
    _actiononly: bool
    _function: str
    _i: MarkerSpec
    _j: MarkerSpec
    _routine: UserRoutine
    _type: str
    def __init__(self) -> None:
        ...
class PforceSpec(Entity):
    _function: str
    _routine: UserRoutine
    _unilateral: bool
    def __init__(self) -> None:
        ...
    @property
    def _penalty(self) -> float:
        ...
    @_penalty.setter
    def _penalty(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _penalty1(self) -> float:
        ...
    @_penalty1.setter
    def _penalty1(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _smoothing_factor(self) -> float:
        ...
    @_smoothing_factor.setter
    def _smoothing_factor(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class VectorForceSpec(Entity):
    _function: str
    _i: MarkerSpec
    _jfloat: MarkerSpec
    _kind: str
    _rm: MarkerSpec
    _routine: UserRoutine
    def __init__(self) -> None:
        ...
    @property
    def _components(self) -> typing.Annotated[list[str], "FixedSize(6)"]:
        ...
    @_components.setter
    def _components(self, arg0: typing.Annotated[collections.abc.Sequence[str], "FixedSize(6)"]) -> None:
        ...
class FrictionSpec(Entity):
    _effect: str
    _inactive: str
    _joint: JointSpec
    _overlap_delta: str
    _yoke: str
    def __init__(self) -> None:
        ...
    @property
    def _ball_radius(self) -> float:
        ...
    @_ball_radius.setter
    def _ball_radius(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _bending_reaction_arm(self) -> float:
        ...
    @_bending_reaction_arm.setter
    def _bending_reaction_arm(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _bristle_stiffness(self) -> float | None:
        ...
    @_bristle_stiffness.setter
    def _bristle_stiffness(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _damping_effects(self) -> float | None:
        ...
    @_damping_effects.setter
    def _damping_effects(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _friction_arm(self) -> float:
        ...
    @_friction_arm.setter
    def _friction_arm(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _friction_force_preload(self) -> float:
        ...
    @_friction_force_preload.setter
    def _friction_force_preload(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _friction_torque_preload(self) -> float:
        ...
    @_friction_torque_preload.setter
    def _friction_torque_preload(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _initial_overlap(self) -> float:
        ...
    @_initial_overlap.setter
    def _initial_overlap(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _input_forces(self) -> list[str]:
        ...
    @_input_forces.setter
    def _input_forces(self, arg0: collections.abc.Sequence[str]) -> None:
        ...
    @property
    def _max_stiction_deformation(self) -> float:
        ...
    @_max_stiction_deformation.setter
    def _max_stiction_deformation(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _mu_dynamic(self) -> float:
        ...
    @_mu_dynamic.setter
    def _mu_dynamic(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _mu_static(self) -> float:
        ...
    @_mu_static.setter
    def _mu_static(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _pin_radius(self) -> float:
        ...
    @_pin_radius.setter
    def _pin_radius(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _reaction_arm(self) -> float:
        ...
    @_reaction_arm.setter
    def _reaction_arm(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _stiction_transition_velocity(self) -> float:
        ...
    @_stiction_transition_velocity.setter
    def _stiction_transition_velocity(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _viscous_effects(self) -> float | None:
        ...
    @_viscous_effects.setter
    def _viscous_effects(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class GraphicSpec(Entity):
    _cm: MarkerSpec
    _convex: bool
    _corner: MarkerSpec
    _filename: str
    _kind: str
    _material_inside: bool
    _mesh_problem: str
    def __init__(self) -> None:
        ...
    @property
    def _bottom(self) -> float:
        ...
    @_bottom.setter
    def _bottom(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _faces(self) -> list[int]:
        ...
    @_faces.setter
    def _faces(self, arg0: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None:
        ...
    @property
    def _length(self) -> float:
        ...
    @_length.setter
    def _length(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _radius(self) -> float:
        ...
    @_radius.setter
    def _radius(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _top(self) -> float:
        ...
    @_top.setter
    def _top(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _vertices(self) -> list[float]:
        ...
    @_vertices.setter
    def _vertices(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _x(self) -> float:
        ...
    @_x.setter
    def _x(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _y(self) -> float:
        ...
    @_y.setter
    def _y(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _z(self) -> float:
        ...
    @_z.setter
    def _z(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class ContactSpec(Entity):
    _coulomb_friction: str
    _type: str
    def __init__(self) -> None:
        ...
    @property
    def _damping(self) -> float:
        ...
    @_damping.setter
    def _damping(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _dmax(self) -> float:
        ...
    @_dmax.setter
    def _dmax(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _exponent(self) -> float:
        ...
    @_exponent.setter
    def _exponent(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _friction_transition_velocity(self) -> float:
        ...
    @_friction_transition_velocity.setter
    def _friction_transition_velocity(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _igeom(self) -> list[GraphicSpec]:
        ...
    @_igeom.setter
    def _igeom(self, arg1: collections.abc.Sequence[GraphicSpec]) -> None:
        ...
    @property
    def _jgeom(self) -> list[GraphicSpec]:
        ...
    @_jgeom.setter
    def _jgeom(self, arg1: collections.abc.Sequence[GraphicSpec]) -> None:
        ...
    @property
    def _mu_dynamic(self) -> float:
        ...
    @_mu_dynamic.setter
    def _mu_dynamic(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _mu_static(self) -> float:
        ...
    @_mu_static.setter
    def _mu_static(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _normal_trans(self) -> float:
        ...
    @_normal_trans.setter
    def _normal_trans(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _penalty(self) -> float:
        ...
    @_penalty.setter
    def _penalty(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _restitution_coefficient(self) -> float:
        ...
    @_restitution_coefficient.setter
    def _restitution_coefficient(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _stiction_transition_velocity(self) -> float:
        ...
    @_stiction_transition_velocity.setter
    def _stiction_transition_velocity(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _stiffness(self) -> float:
        ...
    @_stiffness.setter
    def _stiffness(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class DiffSpec(Entity):
    _function: str
    _implicit: bool
    _routine: UserRoutine
    _static_hold: bool
    def __init__(self) -> None:
        ...
    @property
    def _ic(self) -> float:
        ...
    @_ic.setter
    def _ic(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _ic_dot(self) -> float:
        ...
    @_ic_dot.setter
    def _ic_dot(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class RvSpec(Entity):
    _function: str
    _routine: UserRoutine
    _static_hold: bool
    def __init__(self) -> None:
        ...
    @property
    def _ic(self) -> float:
        ...
    @_ic.setter
    def _ic(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class VariableSpec(Entity):
    _function: str
    _implicit: bool
    _routine: UserRoutine
    def __init__(self) -> None:
        ...
    @property
    def _ic(self) -> float | None:
        ...
    @_ic.setter
    def _ic(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class ArraySpec(Entity):
    _type: str
    def __init__(self) -> None:
        ...
    @property
    def _numbers(self) -> list[float]:
        ...
    @_numbers.setter
    def _numbers(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _size(self) -> int:
        ...
    @_size.setter
    def _size(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def _variables(self) -> list[VariableSpec]:
        ...
    @_variables.setter
    def _variables(self, arg1: collections.abc.Sequence[VariableSpec]) -> None:
        ...
class SplineSpec(Entity):
    _linear_extrapolate: bool
    def __init__(self) -> None:
        ...
    @property
    def _x(self) -> list[float]:
        ...
    @_x.setter
    def _x(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _y(self) -> list[float]:
        ...
    @_y.setter
    def _y(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _z(self) -> list[float]:
        ...
    @_z.setter
    def _z(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
class TfsisoSpec(Entity):
    _static_hold: bool
    _u: ArraySpec
    _x: ArraySpec
    _y: ArraySpec
    def __init__(self) -> None:
        ...
    @property
    def _denominator(self) -> list[float]:
        ...
    @_denominator.setter
    def _denominator(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
    @property
    def _numerator(self) -> list[float]:
        ...
    @_numerator.setter
    def _numerator(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
class MatrixSpec(Entity):
    _full: str | None
    _sparse: bool
    def __init__(self) -> None:
        ...
    @property
    def _columns(self) -> int:
        ...
    @_columns.setter
    def _columns(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def _i(self) -> list[int]:
        ...
    @_i.setter
    def _i(self, arg0: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None:
        ...
    @property
    def _j(self) -> list[int]:
        ...
    @_j.setter
    def _j(self, arg0: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None:
        ...
    @property
    def _rows(self) -> int:
        ...
    @_rows.setter
    def _rows(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def _values(self) -> list[float]:
        ...
    @_values.setter
    def _values(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
class CurveSpec(Entity):
    _closed: bool
    _curve_points: bool
    _function: str
    _matrix: MatrixSpec
    _routine: UserRoutine
    def __init__(self) -> None:
        ...
    @property
    def _maxpar(self) -> float:
        ...
    @_maxpar.setter
    def _maxpar(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _minpar(self) -> float:
        ...
    @_minpar.setter
    def _minpar(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _xyz(self) -> list[float]:
        ...
    @_xyz.setter
    def _xyz(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
class PtcvSpec(Entity):
    _curve: CurveSpec
    _i: MarkerSpec
    _j: MarkerSpec
    def __init__(self) -> None:
        ...
    @property
    def _disp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_disp.setter
    def _disp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _vel(self) -> float | None:
        ...
    @_vel.setter
    def _vel(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class CvcvSpec(Entity):
    _i: MarkerSpec
    _icurve: CurveSpec
    _j: MarkerSpec
    _jcurve: CurveSpec
    _no_slip: bool
    def __init__(self) -> None:
        ...
    @property
    def _idisp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_idisp.setter
    def _idisp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _ivel(self) -> float | None:
        ...
    @_ivel.setter
    def _ivel(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _jdisp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_jdisp.setter
    def _jdisp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _jvel(self) -> float | None:
        ...
    @_jvel.setter
    def _jvel(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class SurfaceSpec(Entity):
    _function: str
    _routine: UserRoutine
    _uclosed: bool
    _vclosed: bool
    def __init__(self) -> None:
        ...
    @property
    def _maxpar(self) -> typing.Annotated[list[float], "FixedSize(2)"]:
        ...
    @_maxpar.setter
    def _maxpar(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(2)"]) -> None:
        ...
    @property
    def _minpar(self) -> typing.Annotated[list[float], "FixedSize(2)"]:
        ...
    @_minpar.setter
    def _minpar(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], "FixedSize(2)"]) -> None:
        ...
class PtsfSpec(Entity):
    _i: MarkerSpec
    _j: MarkerSpec
    _surface: SurfaceSpec
    def __init__(self) -> None:
        ...
    @property
    def _disp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_disp.setter
    def _disp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
class CvsfSpec(Entity):
    _curve: CurveSpec
    _i: MarkerSpec
    _j: MarkerSpec
    _no_slip: bool
    _surface: SurfaceSpec
    def __init__(self) -> None:
        ...
    @property
    def _idisp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_idisp.setter
    def _idisp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _jdisp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_jdisp.setter
    def _jdisp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
class SfsfSpec(Entity):
    _i: MarkerSpec
    _isurface: SurfaceSpec
    _j: MarkerSpec
    _jsurface: SurfaceSpec
    def __init__(self) -> None:
        ...
    @property
    def _idisp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_idisp.setter
    def _idisp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
    @property
    def _jdisp(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 1]"] | None:
        ...
    @_jdisp.setter
    def _jdisp(self, arg0: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None) -> None:
        ...
class LseSpec(Entity):
    _a: MatrixSpec
    _b: MatrixSpec
    _c: MatrixSpec
    _d: MatrixSpec
    _ic: ArraySpec
    _static_hold: bool
    _u: ArraySpec
    _x: ArraySpec
    _y: ArraySpec
    def __init__(self) -> None:
        ...
class GseSpec(Entity):
    _fmu: bool
    _function: str
    _ic: ArraySpec
    _implicit: bool
    _routine: UserRoutine
    _static_hold: bool
    _u: ArraySpec
    _x: ArraySpec
    _y: ArraySpec
    def __init__(self) -> None:
        ...
    @property
    def _no(self) -> int:
        ...
    @_no.setter
    def _no(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def _ns(self) -> int:
        ...
    @_ns.setter
    def _ns(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def _start(self) -> list[float]:
        ...
    @_start.setter
    def _start(self, arg0: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> None:
        ...
class NforceSpec(Entity):
    _cmatrix: MatrixSpec
    _force: MatrixSpec
    _j: MarkerSpec
    _kmatrix: MatrixSpec
    _length: MatrixSpec
    def __init__(self) -> None:
        ...
    @property
    def _cratio(self) -> float:
        ...
    @_cratio.setter
    def _cratio(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _imarkers(self) -> list[MarkerSpec]:
        ...
    @_imarkers.setter
    def _imarkers(self, arg1: collections.abc.Sequence[MarkerSpec]) -> None:
        ...
class UnitsSpec(Entity):
    _force: str
    _length: str
    _mass: str
    _time: str
    def __init__(self) -> None:
        ...
    def _consistency_factor(self) -> float:
        ...
    @property
    def _ucf(self) -> float | None:
        ...
    @_ucf.setter
    def _ucf(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class AccgravSpec(Entity):
    def __init__(self) -> None:
        ...
    @property
    def _expressions(self) -> typing.Annotated[list[str], "FixedSize(3)"]:
        ...
    @_expressions.setter
    def _expressions(self, arg0: typing.Annotated[collections.abc.Sequence[str], "FixedSize(3)"]) -> None:
        ...
    @property
    def _igrav(self) -> float:
        ...
    @_igrav.setter
    def _igrav(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _jgrav(self) -> float:
        ...
    @_jgrav.setter
    def _jgrav(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _kgrav(self) -> float:
        ...
    @_kgrav.setter
    def _kgrav(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class IntegratorSpec(Entity):
    _coordinates: str
    _interpolate: bool
    _type: str
    def __init__(self) -> None:
        ...
    @property
    def _dae_index(self) -> int:
        ...
    @_dae_index.setter
    def _dae_index(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def _error(self) -> float | None:
        ...
    @_error.setter
    def _error(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _hinit(self) -> float | None:
        ...
    @_hinit.setter
    def _hinit(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _hmax(self) -> float | None:
        ...
    @_hmax.setter
    def _hmax(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _hmin(self) -> float | None:
        ...
    @_hmin.setter
    def _hmin(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _kmax(self) -> int | None:
        ...
    @_kmax.setter
    def _kmax(self, arg0: typing.SupportsInt | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _maxit(self) -> int | None:
        ...
    @_maxit.setter
    def _maxit(self, arg0: typing.SupportsInt | typing.SupportsIndex | None) -> None:
        ...
class EquilibriumSpec(Entity):
    _method: str
    _type: str
    def __init__(self) -> None:
        ...
    @property
    def _error(self) -> float | None:
        ...
    @_error.setter
    def _error(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _imbalance(self) -> float | None:
        ...
    @_imbalance.setter
    def _imbalance(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _kinetic_energy_error(self) -> float | None:
        ...
    @_kinetic_energy_error.setter
    def _kinetic_energy_error(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _maxit(self) -> int | None:
        ...
    @_maxit.setter
    def _maxit(self, arg0: typing.SupportsInt | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _stability(self) -> float | None:
        ...
    @_stability.setter
    def _stability(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class PinputSpec(Entity):
    def __init__(self) -> None:
        ...
    @property
    def _hold_order(self) -> int | None:
        ...
    @_hold_order.setter
    def _hold_order(self, arg0: typing.SupportsInt | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _offset_time(self) -> float | None:
        ...
    @_offset_time.setter
    def _offset_time(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _sampling_period(self) -> float | None:
        ...
    @_sampling_period.setter
    def _sampling_period(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _variables(self) -> list[VariableSpec]:
        ...
    @_variables.setter
    def _variables(self, arg1: collections.abc.Sequence[VariableSpec]) -> None:
        ...
class PoutputSpec(Entity):
    def __init__(self) -> None:
        ...
    @property
    def _hold_order(self) -> int | None:
        ...
    @_hold_order.setter
    def _hold_order(self, arg0: typing.SupportsInt | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _offset_time(self) -> float | None:
        ...
    @_offset_time.setter
    def _offset_time(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _sampling_period(self) -> float | None:
        ...
    @_sampling_period.setter
    def _sampling_period(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _variables(self) -> list[VariableSpec]:
        ...
    @_variables.setter
    def _variables(self, arg1: collections.abc.Sequence[VariableSpec]) -> None:
        ...
class LinearSpec(Entity):
    _eigen_analysis: bool
    _eigensol: bool
    _gyroscopic: str
    _kinetic: bool
    _matlab: bool
    _nodamping: bool
    _oml: bool
    _pinput: PinputSpec
    _poutput: PoutputSpec
    _simulink_mdl: bool
    _statemat: bool
    def __init__(self) -> None:
        ...
    @property
    def _animation_scale(self) -> float | None:
        ...
    @_animation_scale.setter
    def _animation_scale(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _cutoff_frequency(self) -> float | None:
        ...
    @_cutoff_frequency.setter
    def _cutoff_frequency(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class DcurveSpec(Entity):
    _closed: bool
    _end_type_left: str
    _end_type_right: str
    def __init__(self) -> None:
        ...
    @property
    def _lambda_left(self) -> float:
        ...
    @_lambda_left.setter
    def _lambda_left(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _lambda_right(self) -> float:
        ...
    @_lambda_right.setter
    def _lambda_right(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _markers(self) -> list[MarkerSpec]:
        ...
    @_markers.setter
    def _markers(self, arg1: collections.abc.Sequence[MarkerSpec]) -> None:
        ...
    @property
    def _tension(self) -> float | None:
        ...
    @_tension.setter
    def _tension(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _u_span(self) -> float:
        ...
    @_u_span.setter
    def _u_span(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
class DsurfaceSpec(Entity):
    _end_type: str
    _u_closed: bool
    _v_closed: bool
    def __init__(self) -> None:
        ...
    @property
    def _columns(self) -> int:
        ...
    @_columns.setter
    def _columns(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def _markers(self) -> list[MarkerSpec]:
        ...
    @_markers.setter
    def _markers(self, arg1: collections.abc.Sequence[MarkerSpec]) -> None:
        ...
    @property
    def _rows(self) -> int:
        ...
    @_rows.setter
    def _rows(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def _u_span(self) -> float:
        ...
    @_u_span.setter
    def _u_span(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _u_tension(self) -> float | None:
        ...
    @_u_tension.setter
    def _u_tension(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
    @property
    def _v_span(self) -> float:
        ...
    @_v_span.setter
    def _v_span(self, arg0: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def _v_tension(self) -> float | None:
        ...
    @_v_tension.setter
    def _v_tension(self, arg0: typing.SupportsFloat | typing.SupportsIndex | None) -> None:
        ...
class PtdcvSpec(Entity):
    _dcurve: DcurveSpec
    _i: MarkerSpec
    def __init__(self) -> None:
        ...
class PtdsfSpec(Entity):
    _dsurface: DsurfaceSpec
    _i: MarkerSpec
    def __init__(self) -> None:
        ...
class ModelSpec:
    def __init__(self) -> None:
        ...
    @typing.overload
    def _add(self, arg0: PartSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: MarkerSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: JointSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: JprimSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: MateSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: CouplerSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: GearSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: GconSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: RequestSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: MotionSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: VariableSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: DiffSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: ArraySpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: TfsisoSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: MatrixSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: LseSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: SplineSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: SensorSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: GseSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: PinputSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: PoutputSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: CurveSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: GraphicSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: PtcvSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: CvcvSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: RvSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: SurfaceSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: PtsfSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: CvsfSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: SfsfSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: DcurveSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: DsurfaceSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: PtdcvSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: PtdsfSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: SpringDamperSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: BushingSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: SignForceSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: SpringsatSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: FieldSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: BeamSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: ContactSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: NforceSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: SforceSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: VectorForceSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: FrictionSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: PforceSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: UnitsSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: AccgravSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: IntegratorSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: EquilibriumSpec) -> None:
        ...
    @typing.overload
    def _add(self, arg0: LinearSpec) -> None:
        ...
class LinearModeRecord:
    @property
    def controls(self) -> list[complex]:
        ...
    @property
    def damping_ratio(self) -> float:
        ...
    @property
    def eigenvalue(self) -> complex:
        ...
    @property
    def frequency(self) -> float:
        ...
    @property
    def parts(self) -> list[typing.Annotated[list[complex], "FixedSize(6)"]]:
        ...
class LinearResultRecord:
    @property
    def A(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[m, n]"]:
        ...
    @property
    def B(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[m, n]"]:
        ...
    @property
    def C(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[m, n]"]:
        ...
    @property
    def D(self) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[m, n]"]:
        ...
    @property
    def controls(self) -> int:
        ...
    @property
    def dof(self) -> int:
        ...
    @property
    def eigenvalues(self) -> typing.Annotated[numpy.typing.NDArray[numpy.complex128], "[m, 1]"]:
        ...
    @property
    def modes(self) -> list[LinearModeRecord]:
        ...
    @property
    def pinput(self) -> PinputSpec:
        ...
    @property
    def poutput(self) -> PoutputSpec:
        ...
    @property
    def states(self) -> list[str]:
        ...
    @property
    def time(self) -> float:
        ...
class SensorEventRecord:
    @property
    def actions(self) -> list[str]:
        ...
    @property
    def sensor(self) -> SensorSpec:
        ...
    @property
    def time(self) -> float:
        ...
    @property
    def value(self) -> float:
        ...
class Results:
    @property
    def bodies(self) -> list:
        ...
    @property
    def constraint_errors(self) -> numpy.typing.NDArray[numpy.float64]:
        ...
    @property
    def contacts(self) -> list:
        ...
    @property
    def energy(self) -> numpy.typing.NDArray[numpy.float64]:
        ...
    @property
    def error(self) -> str:
        ...
    @property
    def events(self) -> list[SensorEventRecord]:
        ...
    @property
    def halted(self) -> bool:
        ...
    @property
    def linear(self) -> LinearResultRecord:
        ...
    @property
    def messages(self) -> list[str]:
        ...
    @property
    def ok(self) -> bool:
        ...
    @property
    def requests(self) -> list:
        ...
    @property
    def rvs(self) -> list:
        ...
    @property
    def stats(self) -> dict:
        ...
    @property
    def step_times(self) -> numpy.typing.NDArray[numpy.float64]:
        ...
    @property
    def stopped_by(self) -> int:
        ...
    @property
    def times(self) -> numpy.typing.NDArray[numpy.float64]:
        ...
class Simulation:
    def __init__(self, arg0: ModelSpec) -> None:
        ...
    def _output_entities(self) -> list:
        ...
    def _routines(self) -> list:
        ...
    def _time_jacobians(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> float:
        ...
    def _time_residuals(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> float:
        ...
    def continue_from(self, previous: Simulation) -> None:
        ...
    def linear(self, pinput: PinputSpec = None, poutput: PoutputSpec = None) -> Results:
        ...
    def load_state(self, state: dict) -> None:
        ...
    def save_state(self) -> dict:
        ...
    def simulate(self, type: str, end: typing.SupportsFloat | typing.SupportsIndex, dtout: typing.SupportsFloat | typing.SupportsIndex, sink: typing.Any = None, every_output: bool = True) -> Results:
        """
        Runs to `end` with outputs every `dtout`; `sink(row)`, when given, sees every output as it comes (bindings/running.h: PythonOutputSink).
        """
    def start_at(self, time: typing.SupportsFloat | typing.SupportsIndex) -> None:
        ...
    @property
    def started(self) -> bool:
        ...
    @property
    def time(self) -> float:
        ...
class RoutineError(SolverError):
    """
    A user routine failed: carries the routine's traceback (a SolverError).
    """
class PythonRoutine(UserRoutine):
    def __init__(self, owner: typing.Any, key: str, routine: collections.abc.Callable) -> None:
        ...
class CompiledRoutine(UserRoutine):
    def __init__(self, spec: str) -> None:
        ...
    def control(self, par: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], analys: collections.abc.Callable[[str, str, float, float, int], typing.SupportsInt | typing.SupportsIndex], modify: collections.abc.Callable[[str], typing.SupportsInt | typing.SupportsIndex], modset: collections.abc.Callable[[str, int, str, str], typing.SupportsInt | typing.SupportsIndex]) -> None:
        """
        Run the routine as CONSUB(par, npar); its ANALYS calls call analys(analysis, name, tbegin, tend, init), which returns istat; its MODIFY calls modify(command), its MODSET calls modset(element, id, attribute, input), which return the status.
        """
    @property
    def spec(self) -> str:
        ...
def _builtin(arg0: str, arg1: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> float:
    """
    A built-in function of the expression language (STEP, HAVSIN, ...) at numbers.
    """
def _clear_interruption() -> None:
    """
    Forgets an interruption kept on this thread outside an analysis.
    """
def _curve(arg0: CurveSpec, arg1: typing.SupportsFloat | typing.SupportsIndex, arg2: typing.SupportsInt | typing.SupportsIndex, arg3: typing.SupportsInt | typing.SupportsIndex) -> float:
    """
    CURVE(alpha, iord, comp) of a Curve: component comp of the iord-th derivative.
    """
def _euler313_to_matrix(angles: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"]) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 3]"]:
    """
    Rotation matrix of body 3-1-3 Euler angles (psi, theta, phi), radians.
    """
def _euler_parameters_to_matrix(e: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[4, 1]"]) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 3]"]:
    """
    Rotation matrix of Euler parameters (e0, e1, e2, e3): a body's axes in the global frame.
    """
def _frame_axes(euler313: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None, z_point: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None, x_point: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None, origin: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"]) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 3]"]:
    """
    Axes of a frame given by 3-1-3 Euler angles or by points relative to the origin (the solver's rule, math::FrameAxes); ValueError when they do not define axes.
    """
def _frame_from_points(z_point: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"], x_point: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 1]"] | None = None) -> typing.Annotated[numpy.typing.NDArray[numpy.float64], "[3, 3]"] | None:
    """
    Axes (columns x, y, z) from a point on the z axis and, optionally, a point in the x-z plane, both relative to the origin; None when they do not define axes.
    """
def _keep_signal_exception(exception: typing.Any) -> None:
    """
    Keeps the exception a signal handler raises on this thread as the interruption of the analysis running there (bindings/running.h; python/msolve/interruption.py).
    """
def _measure_function(name: str, doc: str) -> collections.abc.Callable:
    """
    The runtime function `name` (DM, FX, ...) as a function of markers or ids.
    """
def _num_threads(items: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    The threads the assembly uses for a model of this many bodies, joints and forces.
    """
def _orthonormal_error(rotation: typing.Annotated[numpy.typing.ArrayLike, numpy.float64, "[3, 3]"]) -> float:
    """
    How far a matrix is from a proper rotation: max |R^T R - I| and |det R - 1|.
    """
def _read(arg0: str, arg1: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> float:
    """
    A runtime function of the routine being evaluated: name(ids...) as in an expression.
    """
def _set_num_threads(threads: typing.SupportsInt | typing.SupportsIndex) -> None:
    """
    Threads of the residual and Jacobian assembly in this process: n > 0, -1 for the automatic count, or 0 for MSOLVE_NUM_THREADS (a count or 'auto'; unset: serial).
    """
def _spline(arg0: str, arg1: SplineSpec, arg2: typing.SupportsFloat | typing.SupportsIndex, arg3: typing.SupportsFloat | typing.SupportsIndex, arg4: typing.SupportsInt | typing.SupportsIndex) -> float:
    """
    AKISPL, CUBSPL or LINSPL of a Spline at (x, z), derivative order 0..2.
    """
def _time() -> float:
    """
    The time of the routine evaluation in progress.
    """
def constraint_rows(type: str, jprim: bool = False) -> int:
    """
    The number of equations of a Joint (or Jprim) type word, -1 for an unknown one.
    """
def function_catalog() -> list:
    """
    Every function of MotionSolve's expression reference as (name, group, implemented, note), as docs/expression-functions.md lists them.
    """
def function_names() -> dict:
    """
    The function names of the expression language by kind: 'kinematic' (DX ... ROLL), 'forces' (FX ... TM), 'elements' (JOINT ... GFORCE), 'builtins' (ABS ... BISTOP) and 'splines' (AKISPL, CUBSPL, LINSPL).
    """
def resolve_simulate_options(model: ModelSpec, now: typing.SupportsFloat | typing.SupportsIndex, type: str, end: typing.SupportsFloat | typing.SupportsIndex | None = None, duration: typing.SupportsFloat | typing.SupportsIndex | None = None, dtout: typing.SupportsFloat | typing.SupportsIndex | None = None, steps: typing.SupportsInt | typing.SupportsIndex | None = None) -> tuple[float, float]:
    """
    (end, dtout) of simulate's arguments for a run of `model` from time `now` (the rules of simulation/simulate_options.h); raises ModelError naming what is wrong.
    """
