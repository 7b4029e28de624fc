// The plain model description ("spec"): what the user wrote, with no numerics. The Python
// classes of the same names are these types, bound through pybind11; the solver compiles them
// (system::Compile) into runtime elements. References between entities are non-owning
// pointers; the Model owns every entity. The descriptions of the forces are in model/forces.h.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "model/contact.h"
#include "model/deformable.h"
#include "model/entity.h"
#include "model/forces.h"
#include "model/kinds.h"
#include "model/user_routine.h"

namespace msolve::model {

class Part;

/// A coordinate frame fixed on a part: origin qp, axes from zp/xp points or reuler angles,
/// all given in the part's frame.
class Marker : public Entity {
 public:
  const char* TypeName() const override { return "Marker"; }
  Part* part = nullptr;
  Vec3 qp = Vec3::Zero();
  std::optional<Vec3> zp, xp;
  std::optional<Vec3> reuler;
};

/// A rigid body, or the ground. The part frame is placed at qg with orientation from
/// reuler (body 3-1-3, radians) or the points zg/xg; cm and im are markers on the part.
class Part : public Entity {
 public:
  const char* TypeName() const override { return "Part"; }
  bool ground = false;
  double mass = 0.0;
  /// ixx, iyy, izz, ixy, ixz, iyz about the cm marker, in the im marker axes; the products
  /// are the off-diagonal entries of the inertia tensor as written.
  std::array<double, 6> ip{0, 0, 0, 0, 0, 0};
  Marker* cm = nullptr;
  Marker* im = nullptr;
  Vec3 qg = Vec3::Zero();
  std::optional<Vec3> zg, xg;
  std::optional<Vec3> reuler;
  /// initial velocities (global), unset = free to be chosen by the initial-conditions analysis
  std::optional<double> vx, vy, vz, wx, wy, wz;
  /// XY, YZ or ZX (YX, ZY, XZ alike): the part moves in that global plane through its design
  /// position, turning only about the plane's normal; unset = in space
  std::optional<std::string> planar;
  /// the coordinates the initial-conditions analysis keeps at their design values: X, Y, Z
  /// (the global position of the part frame's origin); PSI, THETA, PHI are kept as words only
  std::vector<std::string> exact;
};

/// A point mass (MotionSolve Point_Mass, Body_Point): a body with mass and no inertia whose
/// three translations are free while its frame keeps the orientation it is given (qg and
/// reuler or zg/xg, as a Part's): it carries markers, and the torques on it go to the ground
/// (docs/equations.md §1.5). ip, im, ground, wx, wy, wz stay unused.
class PointMass : public Part {
 public:
  const char* TypeName() const override { return "PointMass"; }
  /// the directions of the frame's z and x axes, in place of the points zg, xg
  std::optional<Vec3> zv, xv;
};

/// An ideal joint between marker i (on the first part) and marker j (on the second).
/// SCREW: the translation of i along j's z axis is pitch times the turns of i about it;
/// RACKPIN: the translation of the pinion i along the rack j's z axis is pd/2 times the
/// rotation of i about its z axis (both from the design position; docs/equations.md §2.4).
class Joint : public Entity {
 public:
  const char* TypeName() const override { return "Joint"; }
  std::string type = "SPHERICAL";
  Marker* i = nullptr;
  Marker* j = nullptr;
  double pd = 0.0;
  double pitch = 0.0;
};

/// A joint primitive between markers i and j: ATPOINT, INLINE, INPLANE, ORIENTATION,
/// PARALLEL_AXES or PERPENDICULAR (docs/equations.md §2.2).
class Jprim : public Entity {
 public:
  const char* TypeName() const override { return "Jprim"; }
  std::string type = "ATPOINT";
  Marker* i = nullptr;
  Marker* j = nullptr;
};

/// A mating constraint between geometric primitives (MotionSolve's Mate, Constraint_Mate):
/// the distance, coincidence or tangency `type` ("DIS_POI_LIN", ...) between a primitive at
/// marker i and one at marker j (docs/equations.md §2.12). The primitives' radii, the
/// distance and a cone's height are the type's numbers.
class Mate : public Entity {
 public:
  const char* TypeName() const override { return "Mate"; }
  std::string type;
  Marker* i = nullptr;
  Marker* j = nullptr;
  double radius = 0.0;
  double iradius = 0.0;
  double jradius = 0.0;
  double dist = 0.0;
  double height = 0.0;
};

/// A linear relation between the free coordinates of two or three joints (REVOLUTE:
/// rotation, TRANSLATIONAL: translation, CYLINDRICAL: either, by `type` "R" or "T"):
/// sum_k scales[k] (q_k - q_k at the design position) = 0, or, with a routine (COUSUB),
/// f(d_1, d_2[, d_3]) = 0 with d_k = q_k - q_k at the design position.
class Coupler : public Entity {
 public:
  const char* TypeName() const override { return "Coupler"; }
  std::vector<Joint*> joints;
  std::vector<std::string> type;
  std::vector<double> scales;
  /// COUSUB: the USER(...) parameters, the routine and, when given, its first (COUXX) and
  /// second (COUXX2) partial derivatives
  std::string function;
  std::shared_ptr<UserRoutine> routine, routine_xx, routine_xx2;
};

/// A general constraint (MotionSolve GCON, XML Constraint_General): `function`, an
/// expression of the positions and TIME, or the value of its `routine` (GCOSUB), held at zero
/// (docs/equations.md §2.14); the reaction is reported at marker `i` (optional).
class Gcon : public Entity {
 public:
  const char* TypeName() const override { return "Gcon"; }
  std::string function;
  std::shared_ptr<UserRoutine> routine;
  Marker* i = nullptr;
};

/// A gear pair (Adams GEAR): two joints whose J markers sit on a common carrier part with
/// the marker cv, whose origin is the contact point and whose z axis the direction of the
/// common velocity of the two gears there.
class Gear : public Entity {
 public:
  const char* TypeName() const override { return "Gear"; }
  std::vector<Joint*> joints;
  Marker* cv = nullptr;
};

/// A motion imposed on one coordinate, given either by a joint (its free coordinate;
/// REVOLUTE: rotation, TRANSLATIONAL: translation, CYLINDRICAL: either, by `jtype`) or by
/// markers i, j and a `direction` (X, Y, Z: DX/DY/DZ(I,J,J); B1, B2, B3: the body 1-2-3
/// angles of I relative to J). `function`, an expression of TIME, is the coordinate
/// (DISPLACEMENT) or its first (VELOCITY) or second (ACCELERATION) time derivative; the
/// integrated ones start at `icdisp` and `icvel` (unset: the assembled value).
class Motion : public Entity {
 public:
  const char* TypeName() const override { return "Motion"; }
  Joint* joint = nullptr;
  Marker* i = nullptr;
  Marker* j = nullptr;
  std::string jtype = "TRANSLATION";
  std::optional<std::string> direction;
  std::string dtype = "DISPLACEMENT";
  std::string function;
  std::shared_ptr<UserRoutine> routine;
  std::optional<double> icdisp, icvel;
};

/// A user differential equation: state y with y(0) = ic and y' = function (explicit), or
/// function(y, y', ...) = 0 (implicit). Read with DIF(id) (y) and DIF1(id) (y').
class Diff : public Entity {
 public:
  const char* TypeName() const override { return "Diff"; }
  std::string function;
  bool implicit = false;
  double ic = 0.0;
  /// y'(0) for an implicit equation (a first guess the initial conditions refine)
  double ic_dot = 0.0;
  bool static_hold = false;
  std::shared_ptr<UserRoutine> routine;
};

/// A response variable (MotionSolve Rv): a state whose rate is `function` (an expression, or
/// USER(...) with a routine of the Diff's form), ic at the start, so that its value is ic plus
/// the time integral of the function (docs/equations.md §4.6). The equation of an explicit
/// Diff (its other fields stay at their defaults), in a list of its own: its ids are not
/// Diff ids (DIF does not read it).
class Rv : public Diff {
 public:
  const char* TypeName() const override { return "Rv"; }
};

class Variable;

/// A list of numbers or references read with ARYVAL(id, k): X holds the states of a
/// Tfsiso or Lse, Y its outputs, U its inputs (variables), IC constants (numbers).
class Array : public Entity {
 public:
  const char* TypeName() const override { return "Array"; }
  std::string type = "X";
  int size = 0;
  std::vector<double> numbers;
  std::vector<Variable*> variables;
};

/// Tabulated data read in expressions with AKISPL, CUBSPL and LINSPL (math/spline.h): a curve
/// y(x) (z empty), or a surface, a family of curves y(x) at increasing z values, y holding
/// the curves one after the other (len(x) values each).
class Spline : public Entity {
 public:
  const char* TypeName() const override { return "Spline"; }
  std::vector<double> x, y, z;
  /// beyond the data: the line through the two end points (true) or the parabola through
  /// the three end points (false)
  bool linear_extrapolate = false;
};

/// A single-input single-output transfer function G(s) = N(s) / D(s), coefficients in
/// ascending powers of s, realised in observable canonical form (see system.h): states in
/// the X array, input from the first variable of the U array, output in the Y array.
class Tfsiso : public Entity {
 public:
  const char* TypeName() const override { return "Tfsiso"; }
  Array* x = nullptr;
  Array* y = nullptr;
  Array* u = nullptr;
  std::vector<double> numerator, denominator;
  bool static_hold = false;
};

/// A real rows x columns matrix (MotionSolve Matrix, Reference_Matrix). Dense: `values` lists
/// all rows * columns entries, row after row (full = "RORDER") or column after column
/// ("CORDER", and when full is unset). Sparse (`sparse`): entry k is values[k] at row i[k],
/// column j[k] (1-based); the other entries are 0.
class Matrix : public Entity {
 public:
  const char* TypeName() const override { return "Matrix"; }
  int rows = 0, columns = 0;
  std::optional<std::string> full;
  std::vector<double> values;
  bool sparse = false;
  std::vector<int> i, j;
};

/// A parametric curve (MotionSolve Curve, Reference_ParamCurve; math/param_curve.h): the
/// points are the rows of `matrix` (n x 3) or, without a matrix, `xyz` (x, y, z of each point
/// one after the other); `curve_points` says whether they lie on the curve (true) or are its
/// B-spline control points; a closed curve ends at its first point. The parameter runs
/// from -1 at the first point to 1 at the last. With a `routine` (CURSUB; `function` its
/// USER(...) parameters) the routine computes the curve and its derivatives, the parameter
/// runs from minpar to maxpar, and a closed curve repeats with period maxpar - minpar.
class Curve : public Entity {
 public:
  const char* TypeName() const override { return "Curve"; }
  Matrix* matrix = nullptr;
  std::vector<double> xyz;
  bool curve_points = false;
  bool closed = false;
  double minpar = -1.0, maxpar = 1.0;
  std::string function;
  std::shared_ptr<UserRoutine> routine;
};

/// A point-to-curve constraint (MotionSolve Ptcv, Constraint_PTCV; docs/equations.md §2.7):
/// the origin of marker i stays on `curve`, whose points are coordinates in the frame of
/// marker j (the `rm` of the Python class). The curve parameter is a state. `disp`, when set,
/// is a guess of the initial contact point (global coordinates); `vel` the initial sliding
/// speed along the curve (length per time, along the direction of increasing parameter),
/// unset: free.
class Ptcv : public Entity {
 public:
  const char* TypeName() const override { return "Ptcv"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  Curve* curve = nullptr;
  std::optional<Vec3> disp;
  std::optional<double> vel;
};

/// A curve-to-curve constraint (MotionSolve Cvcv, Constraint_CVCV; docs/equations.md §2.8):
/// the plane curve `icurve`, whose points are coordinates in the frame of marker i (irm),
/// touches the plane curve `jcurve` of marker j (jrm), with a common tangent; the two planes
/// parallel. The two curve parameters are states. `idisp`/`jdisp`, when set, guess the
/// initial contact point on each curve (in the frame of its marker); `ivel`/`jvel` the
/// initial sliding speed of the contact point along each curve, unset: free.
class Cvcv : public Entity {
 public:
  const char* TypeName() const override { return "Cvcv"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  Curve* icurve = nullptr;
  Curve* jcurve = nullptr;
  std::optional<Vec3> idisp, jdisp;
  std::optional<double> ivel, jvel;
  bool no_slip = false;
};

/// A parametric surface (MotionSolve Surface, Reference_ParamSurface; docs/equations.md §12):
/// the point s(u, v) in the frame of the marker that uses it, computed by its SURSUB `routine`
/// (`function` its USER(...) parameters) for u in [minpar[0], maxpar[0]] and v in
/// [minpar[1], maxpar[1]]; a closed direction repeats with period maxpar - minpar.
class Surface : public Entity {
 public:
  const char* TypeName() const override { return "Surface"; }
  bool uclosed = false, vclosed = false;
  std::array<double, 2> minpar{-1.0, -1.0}, maxpar{1.0, 1.0};
  std::string function;
  std::shared_ptr<UserRoutine> routine;
};

/// A point-to-surface constraint (MotionSolve Ptsf, Constraint_PTSF; docs/equations.md §2.9):
/// the origin of marker i stays on `surface`, whose points are coordinates in the frame of
/// marker j (the `rm` of the Python class). The surface parameters are states. `disp`, when
/// set, guesses the initial contact point (in the frame of j).
class Ptsf : public Entity {
 public:
  const char* TypeName() const override { return "Ptsf"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  Surface* surface = nullptr;
  std::optional<Vec3> disp;
};

/// A curve-to-surface constraint (MotionSolve Cvsf, Constraint_CVSF; docs/equations.md §2.10):
/// the plane `curve` of marker i (irm) touches `surface` of marker j (jrm), its tangent in
/// the surface's tangent plane at the contact point. The curve and surface parameters are
/// states. `idisp`/`jdisp` guess the initial contact point on each (in the frame of its
/// marker). `no_slip` is accepted without effect (docs/equations.md §2.10).
class Cvsf : public Entity {
 public:
  const char* TypeName() const override { return "Cvsf"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  Curve* curve = nullptr;
  Surface* surface = nullptr;
  std::optional<Vec3> idisp, jdisp;
  bool no_slip = false;
};

/// A surface-to-surface constraint (MotionSolve Sfsf, Constraint_SFSF; docs/equations.md
/// §2.13): `isurface` of marker i (irm) touches `jsurface` of marker j (jrm) at one point with
/// a common normal there. The four surface parameters at the contact point are states.
/// `idisp`/`jdisp` guess the initial contact point on each (in the frame of its marker).
class Sfsf : public Entity {
 public:
  const char* TypeName() const override { return "Sfsf"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  Surface* isurface = nullptr;
  Surface* jsurface = nullptr;
  std::optional<Vec3> idisp, jdisp;
};

/// Linear state equations (MotionSolve Lse, Control_StateEqn; Adams LSE):
/// x' = A x + B u, y = C x + D u, with the states x in the X array, the inputs u the
/// variables of the U array (in order), the outputs y in the Y array and x(0) the numbers of
/// the IC array (zero when unset). a is required; b, c and d are optional.
class Lse : public Entity {
 public:
  const char* TypeName() const override { return "Lse"; }
  Array* x = nullptr;
  Array* y = nullptr;
  Array* u = nullptr;
  Array* ic = nullptr;
  Matrix* a = nullptr;
  Matrix* b = nullptr;
  Matrix* c = nullptr;
  Matrix* d = nullptr;
  /// accepted; statics are not available yet, and it has no effect in dynamics
  bool static_hold = false;
};

/// General state equations (MotionSolve Gse, Control_StateEqn of type USERSUB; Adams GSE):
/// x' = f(x, u, t), y = g(x, u, t), both given by the routine (GSESUB), with the ns states x
/// in the X array, the inputs u the variables of the U array, the no outputs y in the Y
/// array and x(0) the numbers of the IC array (zero when unset). A Functional Mock-up Unit
/// (msolve.Fmu, python/msolve/fmu.py) is compiled as a Gse whose routine calls the FMU.
class Gse : public Entity {
 public:
  const char* TypeName() const override { return fmu ? "Fmu" : "Gse"; }
  Array* x = nullptr;
  Array* y = nullptr;
  Array* u = nullptr;
  Array* ic = nullptr;
  int ns = 0;  // number of states; 0: the size of the X array or of the IC array
  int no = 0;  // number of outputs
  bool static_hold = false;
  bool implicit = false;
  std::string function;  // USER(p1, ...): the routine's parameters
  std::shared_ptr<UserRoutine> routine;
  bool fmu = false;           // an Fmu: named so in messages, its routine the FMU
  std::vector<double> start;  // x(0) without an IC array (an Fmu's start values); empty: 0
};

/// An algebraic variable: the value of `function`, read by other expressions with VARVAL.
class Variable : public Entity {
 public:
  const char* TypeName() const override { return "Variable"; }
  std::string function;
  bool implicit = false;
  std::optional<double> ic;
  std::shared_ptr<UserRoutine> routine;
};

/// An output request: displacement, velocity, acceleration or force of marker i relative to
/// marker j, resolved in marker rm (ground when unset).
class Request : public Entity {
 public:
  const char* TypeName() const override { return "Request"; }
  std::string type = "DISPLACEMENT";
  Marker* i = nullptr;
  Marker* j = nullptr;
  Marker* rm = nullptr;
  std::string comment;
  /// f1..f8 of an EXPRESSION request (empty = unused)
  std::array<std::string, 8> f;
  /// USER(...) parameters of the routine, which then gives the 8 components
  std::string function;
  std::shared_ptr<UserRoutine> routine;
};

/// An event sensor (MotionSolve Sensor / Sensor_Event, Adams SENSOR;
/// docs/motionsolve-compatibility.md §5): it watches the sensed value f, the expression `function`
/// or the value of `routine` (SENSUB), and is active while its test against `value` holds: GE f >=
/// value - error, LE (XML LT) f <= value + error, EQ |f - value| <= error. When it becomes active
/// (after an accepted step, at the located crossing) it takes its actions: `evaluate` (or
/// `evaluate_routine`, SEVSUB) is stored for SENVAL, and the other fields below act on the
/// analysis.
class Sensor : public Entity {
 public:
  const char* TypeName() const override { return "Sensor"; }
  double value = 0.0;
  double error = 0.0;
  std::string compare = "EQ";  // GE, LE (or LT, the XML spelling), EQ
  /// the sensed value: an expression, or USER(p1, ...) giving the routine's par
  std::string function;
  std::shared_ptr<UserRoutine> routine;
  /// the value stored at each firing for SENVAL: an expression, or USER(...) with the routine
  std::string evaluate;
  std::shared_ptr<UserRoutine> evaluate_routine;
  /// the id SENVAL reads the stored value under (a Sensor_Evaluate's id); unset: this id
  std::optional<long> evaluate_id;
  bool halt = false;     // end the analysis
  bool return_ = false;  // end the current simulate; the next one continues
  bool restart = false;  // restart the integrator (history discarded)
  bool print = false;    // an output record at the event time
  bool verbose = false;  // log every firing, not only the first
  /// new output interval; largest step from the event on; largest next step; zero-crossing
  /// refinement factor of the largest step (unset: no such action)
  std::optional<double> dt, hmax, stepsize, zero_crossing;
};

/// Units of the model; the units consistency factor (force * UCF = mass * acceleration)
/// follows from the four unit words unless ucf is given.
class Units : public Entity {
 public:
  const char* TypeName() const override { return "Units"; }
  std::string force = "NEWTON";
  std::string mass = "KILOGRAM";
  std::string length = "METER";
  std::string time = "SECOND";
  std::optional<double> ucf;

  /// The units consistency factor (1 for N-kg-m-s, 1000 for N-kg-mm-s).
  double ConsistencyFactor() const;
};

/// Gravitational acceleration, in model length / time^2, along the global axes.
class Accgrav : public Entity {
 public:
  const char* TypeName() const override { return "Accgrav"; }
  double igrav = 0.0, jgrav = 0.0, kgrav = 0.0;
  /// components given as expressions of TIME instead (empty = the number above)
  std::array<std::string, 3> expressions;
};

/// Integrator settings of dynamic analyses (MotionSolve defaults when unset).
class Integrator : public Entity {
 public:
  const char* TypeName() const override { return "Integrator"; }
  std::string type = "DSTIFF";
  std::optional<double> error, hmax, hmin, hinit;
  std::optional<int> maxit, kmax;
  bool interpolate = false;
  // msolve's own: "JOINT" integrates a tree of joints in joint coordinates
  // (analysis/tree_form.h), "BODY" (default) in the body coordinates
  std::string coordinates = "BODY";
  // MotionSolve's dae_index: 2 the stabilised index-2 form (SI2), 3 the index-3 form (I3) of
  // the DAE integrators (docs/equations.md §6.1)
  int dae_index = 2;
};

/// Settings of static analyses (MotionSolve's Equilibrium; docs/equations.md §8). Unset
/// values take msolve's defaults. FIM_S and FIM_D are Newton on the force balance; MKEAM
/// (the kinetic-energy attrition method), `stability` and `kinetic_energy_error` are
/// accepted and reported without effect.
class Equilibrium : public Entity {
 public:
  const char* TypeName() const override { return "Equilibrium"; }
  std::string type = "STATIC";
  std::string method = "FIM_D";
  std::optional<double> error, imbalance, stability, kinetic_energy_error;
  std::optional<int> maxit;
};

/// The inputs of a plant (MotionSolve Pinput, Control_PlantInput): the values of these
/// Variables are the inputs u of the linearised model x' = A x + B u, y = C x + D u
/// (docs/equations.md §10), read in expressions with PINVAL(id, k). hold_order,
/// sampling_period and offset_time concern co-simulation only.
class Pinput : public Entity {
 public:
  const char* TypeName() const override { return "Pinput"; }
  std::vector<Variable*> variables;
  std::optional<int> hold_order;
  std::optional<double> sampling_period, offset_time;
};

/// The outputs of a plant (MotionSolve Poutput, Control_PlantOutput): the values of these
/// Variables are the outputs y of the linearised model, read with POUVAL(id, k).
class Poutput : public Entity {
 public:
  const char* TypeName() const override { return "Poutput"; }
  std::vector<Variable*> variables;
  std::optional<int> hold_order;
  std::optional<double> sampling_period, offset_time;
};

/// Settings of the linear analysis (MotionSolve's Linear, Param_Linear; docs/equations.md
/// §10). `nodamping` leaves out the damping of the force elements in the eigensolution;
/// `eigen_analysis` false skips the eigensolution; `pinput` and `poutput` give the inputs
/// and outputs of B, C, D. The file and animation options are accepted and reported without
/// effect.
class Linear : public Entity {
 public:
  const char* TypeName() const override { return "Linear"; }
  bool nodamping = false;
  bool eigen_analysis = true;
  Pinput* pinput = nullptr;
  Poutput* poutput = nullptr;
  std::string gyroscopic = "FULL";
  std::optional<double> animation_scale, cutoff_frequency;
  bool eigensol = false, statemat = false, kinetic = false;
  bool simulink_mdl = false, matlab = false;
  bool oml = true;  // MotionSolve's default
};

/// The whole description. Owns every entity: one container per kind of element (the list
/// is model/kinds.h), and the settings.
class Model {
 public:
#define MSOLVE_MODEL_CONTAINER(Type, member) std::vector<std::shared_ptr<Type>> member;
  MSOLVE_MODEL_KINDS(MSOLVE_MODEL_CONTAINER)
#undef MSOLVE_MODEL_CONTAINER
  std::shared_ptr<Units> units;
  std::shared_ptr<Accgrav> accgrav;
  std::shared_ptr<Integrator> integrator;
  std::shared_ptr<Equilibrium> equilibrium;
  std::shared_ptr<Linear> linear;
};

}  // namespace msolve::model
