// The compiled system: state layout and the residual F(t, y, y') = 0 of the stabilised
// index-2 (GGL) equations of motion, with its exact sparse Jacobian. The integrator and the
// initial-conditions analysis see the mechanics only through this class.
//
// State y, per body k at 13 k: position r of the mass centre (3, global), Euler parameters e
// (4), velocity v (3, global), angular velocity w (3, body axes); then the states of the
// Diffs (y' - f = 0, or f(y, y') = 0 when implicit); then the states x of the Tfsisos and
// of the Lses, x' - A x - B u = 0 with outputs y = C x + D u (not states: ARYVAL on a Y
// array reads the combination). A Tfsiso is realised in observable canonical form: with
// a_k, b_k the coefficients of s^k divided by a_n and d = b_n,
// x_i' = -a_(n-i) x_1 + x_(i+1) + (b_(n-i) - a_(n-i) d) u, y = x_1 + d u, x(0) = 0; an Lse
// takes its matrices as given and x(0) from its IC array; then the bristle deflections of
// the Frictions and the states of the Gses (docs/equations.md §3.10, §4.5); then the states
// of the Motions given as a velocity (s, the driven coordinate: s' = f(t)) or as an
// acceleration (s and its rate p: s' = p, p' = f(t));
// then, in a model with moving parts, the work W of the non-conservative forces
// (W' = their power, see NonConservativePower); then the multipliers lambda
// of the active joint equations (reaction forces, velocity level) and the multipliers mu of
// the active joint equations and of the unit-norm condition of every quaternion (position
// level, GGL stabilisation).
//
//   r' - v + Phi_r^T mu                      = 0
//   e' - L(e) w / 2 + Phi_e^T mu + 2 e mu_n  = 0
//   m v' / UCF - F + Phi_r^T lambda          = 0
//   (J w' + w x J w) / UCF - T + B_w^T lambda = 0,   B_w = Phi_e L(e) / 2
//   Phi_q q'(u)                              = 0     (velocity constraints, rows of lambda)
//   Phi(q) = 0,  e.e - 1 = 0                       (position constraints, rows of mu)
//
// A Motion is one more row of Phi: its coordinate c(q) minus the imposed value, that is
// c(q) - f(t) and Phi_q q'(u) - f'(t) for a DISPLACEMENT motion, c(q) - s and
// Phi_q q'(u) - f(t) for a VELOCITY motion, c(q) - s and Phi_q q'(u) - p for an
// ACCELERATION motion.
//
// Where the pieces live: compile/ (the Builder, one file per kind of element), state_layout.cc
// (offsets, design state, state blocks, descriptions), residual.cc (residual and Jacobian of
// the bodies, force elements and controls), constraints.cc (the joint rows, ForEachJointTerm),
// motions.cc, energy.cc, memories.cc (the memory layout, MakeState, AcceptStep), lookup.cc (the
// Resolver, markers, arrays, dependencies). What changes during a run is a State (state.h): the
// System is constant once compiled, and its evaluations take the state's memory.
// Force elements implement mbs::ForceElement and sit in one vector, force_elements_.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <Eigen/SparseCore>

#include "common/types.h"
#include "mbs/force_element.h"
#include "mbs/joint.h"
#include "model/entities.h"
#include "system/curve_function.h"
#include "system/expression_function.h"
#include "system/force_measure.h"
#include "system/general_states.h"
#include "system/linear_states.h"
#include "system/routine_function.h"
#include "system/spline_function.h"
#include "system/state.h"

namespace msolve::system {

inline constexpr int kBodyStates = 13;

using Triplet = mbs::Triplet;

using SparseMat = Eigen::SparseMatrix<double, Eigen::ColMajor>;

/// A moving rigid body of the compiled system.
struct Body {
  const model::Part* part = nullptr;
  double mass = 0.0;
  Mat3 inertia = Mat3::Zero();  // about the mass centre, body axes
  Vec3 r0 = Vec3::Zero();       // design position of the mass centre
  Vec4 e0 = Vec4(1, 0, 0, 0);   // design orientation of the part frame
  // user initial velocities, global components (vx vy vz wx wy wz); unset = free
  std::optional<double> vel_ic[6];
  // directions of (v, w) that the mass matrix does not resist (too little mass or inertia):
  // the joints must take them
  std::vector<Eigen::Matrix<double, 6, 1>> massless_directions;
  // the point-to-curve constraint whose curve parameter this massless body carries as its
  // global z (docs/equations.md §2.7; `part` is then the System's own), nullptr for a part;
  // these bodies follow those of the parts
  const model::Entity* owner = nullptr;
};

/// One scalar joint equation, in the order of all joint rows.
struct JointRow {
  int joint = 0;    // index into joints()
  int local = 0;    // equation number within the joint
  int active = -1;  // index among the active rows, -1 when set aside as redundant
};

class Builder;

class System {
 public:
  /// Compiles a model description; throws ModelError naming the entity on bad input. The
  /// System is built where it is returned to (guaranteed copy elision): its elements and its
  /// Resolver hold its address, so it is neither copied nor moved.
  static System Compile(const model::Model& model);
  System(const System&) = delete;
  System& operator=(const System&) = delete;
  System(System&&) = delete;
  System& operator=(System&&) = delete;

  int body_count() const { return static_cast<int>(bodies_.size()); }
  int active_rows() const { return active_count_; }
  /// Number of differential states: the bodies', the Diffs', the Tfsisos' and Lses', the
  /// Motions'.
  int differential_size() const {
    return kBodyStates * body_count() + static_cast<int>(diffs_.size()) + linear_state_count_ +
           element_state_count_ + motion_state_count_ + (work_state_ >= 0 ? 1 : 0);
  }
  /// Index of the work W of the non-conservative forces in y, or -1 without moving parts.
  int work_state() const { return work_state_; }
  int size() const { return differential_size() + 2 * active_count_ + body_count(); }
  int lambda_offset() const { return differential_size(); }
  int mu_offset() const { return lambda_offset() + active_count_; }
  static int BodyOffset(int k) { return kBodyStates * k; }

  const std::vector<Body>& bodies() const { return bodies_; }
  const std::vector<mbs::JointConstraint>& joints() const { return joints_; }
  /// The applied force elements: the pair forces (SpringDampers, Bushings, SignForces,
  /// Springsats), then the Sforces, then the Vforces, Vtorques and Gforces.
  const std::vector<std::unique_ptr<mbs::ForceElement>>& force_elements() const {
    return force_elements_;
  }
  const std::vector<JointRow>& rows() const { return rows_; }
  double ucf() const { return ucf_; }
  /// Gravitational acceleration at time t (components may be expressions of TIME).
  Vec3 Gravity(double t) const;

  /// The body index of a part, or kGround / -2 (not part of the system).
  int BodyOfPart(const model::Part* part) const;
  /// The runtime marker of a marker id as written in expressions (0 = the global frame);
  /// throws std::invalid_argument("unknown marker id 7") when there is none.
  mbs::BodyMarker MarkerById(long id) const;

  /// The runtime views of the markers i and j of an element; throws ModelError naming the
  /// owner when one is not set or cannot be used.
  std::pair<mbs::BodyMarker, mbs::BodyMarker> MarkersOf(const model::Entity& owner,
                                                        const model::Marker* i,
                                                        const model::Marker* j) const;
  /// Distance of two markers in the design position.
  double DesignDistance(const mbs::BodyMarker& a, const mbs::BodyMarker& b) const;

  /// The runtime view of a marker (body and offsets); throws when unknown.
  const mbs::BodyMarker& MarkerOf(const model::Marker* marker) const;

  /// Chooses which joint rows take part in the equations (the others are set aside as
  /// redundant); changes size() and the multipliers that force measures read. The active
  /// set fixes the layout of y (the multipliers), so it belongs to the compiled System: the
  /// initial-conditions analysis decides it once, before any State of the run exists.
  void SetActiveRows(const std::vector<bool>& active);

  /// Attributes accepted without effect, one log line each ("Friction 1: yoke = J accepted,
  /// no effect: ...").
  const std::vector<std::string>& notes() const { return notes_; }

  /// Whether a force, Diff or Tfsiso/Lse input reads reaction forces (multipliers).
  bool ReadsMultipliers() const { return reads_multipliers_; }

  /// A FORCE request's measure: the wrench at marker i from the elements connecting i and j
  /// (all elements at i when j is nullptr).
  std::unique_ptr<ForceMeasure> NetForce(const model::Marker* i, const model::Marker* j) const;

  /// The design state: bodies at their design positions, everything else zero.
  VecX DesignState() const;

  /// The differential states of one model entity: a body's 13, a Diff's 1, a Tfsiso's n, an
  /// integrated Motion's 1 or 2, at y[offset .. offset + count).
  struct StateBlock {
    const model::Entity* source;
    int offset, count;
  };
  /// Every entity's differential states, so that a recompiled system can take over the
  /// state of the previous one entity by entity.
  std::vector<StateBlock> StateBlocks() const;

  /// 1 for differential components (positions, velocities), 0 for multipliers.
  VecX DifferentialIds() const;

  // -- the state of a run (system/state.h) ---------------------------------------------------
  //
  // Every evaluation below takes `memory`, the memory block of a State (laid out by
  // memory_layout(), or by a layout that extends it): the references of the angles followed
  // through whole turns, the SENVAL values. The System itself does not change during a run.

  /// The layout of the memory block: a keyed block per element with memory.
  const MemoryLayout& memory_layout() const { return memory_layout_; }
  /// The state at the start of a run: time 0, the design state, y' = 0, and the memory with
  /// the references taken at the design state.
  State MakeState() const;

  /// Residual F(t, y, y') of the DAE.
  void Residual(double t, const double* y, const double* yp, const double* memory, double* F) const;

  /// dF/dy + cj dF/dy' as triplets; the sequence of (row, col) changes only when a contact
  /// starts or stops touching (solver::JacobianMatrix then analyses the new pattern).
  void Jacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                std::vector<Triplet>* out) const;

  // -- pieces for the initial-conditions analysis and for outputs --------------------------

  /// Solves y' of the Diff states (explicit: y' = f; implicit: f(y, y') = 0 by Newton), of
  /// the Tfsiso and Lse states and of the Motion states for the other states in y and yp.
  /// `velocity_jacobian`: VelocityJacobian(y) when the caller has it already.
  void SolveDiffRates(double t, const double* y, double* yp, const double* memory,
                      const SparseMat* velocity_jacobian = nullptr) const;

  /// The algebraic states of the implicit Variables (docs/equations.md §4.8), in order.
  std::vector<int> AlgebraicStates() const;
  /// The implicit Variables, for the messages of the analyses that cannot take them.
  std::vector<const model::Entity*> ImplicitVariables() const;
  /// Solves the implicit Variables' values in y from their residuals (Newton, the other
  /// states fixed); throws SolverError naming the Variables when Newton fails.
  void SolveImplicitVariables(double t, double* y, const double* yp, const double* memory) const;

  /// ARYVAL(id, k) of an Array (IC numbers, U variables, X states and Y outputs of a
  /// Tfsiso or Lse); `variable` compiles or finds the Variable of an id.
  Resolver::ArrayValue ArrayById(
      long id, long k, const std::function<const mbs::StateFunction*(long)>& variable) const;

  /// What entity ids in expressions refer to: markers and the compiled Variables. Built once,
  /// at the System's final address (it refers to the System), and kept.
  const Resolver& MakeResolver() const;

  /// The memory slot of the value SENVAL(id) returns: stored by the sensors that store under
  /// `id` (their evaluate_id, else their id) when they fire, 0 before
  /// (docs/motionsolve-compatibility.md §5.5); -1 when no active sensor stores under `id`.
  int SensorSlot(long id) const;

  /// The analysis mode the expression function MODE returns (docs/motionsolve-compatibility.md
  /// §4.8: 1 kinematics, 3 initial conditions, 4 dynamics, the initial value, 5 statics, 6
  /// quasi-statics, 7 linear analysis) is run state: a block of the memory keyed ModeKey(),
  /// laid out when an expression reads MODE (ModeSlot), here or in a Simulation's layout.
  /// The analysis that runs writes it.

  /// The dependency pass of the user routines (each called once with iflag true at the
  /// design state, time t; the inputs they declare with memory get blocks of the memory
  /// layout), then the Jacobian pattern; call once the System is at its final address (the
  /// routines' runtime functions resolve ids through it), before a State is made. Throws
  /// RoutineError when a routine fails, ModelError for an implicit Diff whose routine does not read
  /// its DIF1.
  void PrepareRoutines(double t);
  /// The user routines (for messages about them).
  const std::vector<std::unique_ptr<RoutineEvaluator>>& routines() const { return routines_; }

  /// The values Motions impose on their coordinates over all joint rows, 0 elsewhere: the
  /// coordinate (order 0), its first (1) or second (2) time derivative. A DISPLACEMENT
  /// motion gives f, f', f''; a VELOCITY motion s (from y), f, f'; an ACCELERATION motion
  /// s, p (from y), f. A joint row's residual is JointResiduals - DriverValues(t, y, 0), its
  /// velocity residual B u - DriverValues(t, y, 1). A general constraint's row (§2.14) gives
  /// -g_t at order 1 (its value and curvature are the joint functions' own); `memory` is the
  /// state's memory block, which its function reads.
  VecX DriverValues(double t, const double* y, const double* memory, int order) const;

  /// KE(id) of the expressions: the kinetic energy of part `id` (0: of every moving part).
  /// @throws std::invalid_argument for an unknown or inactive part.
  std::unique_ptr<mbs::StateFunction> KineticEnergyOf(long id) const;

  /// Times at which an input that is a function of TIME has a kink or a jump (knots of
  /// splines of TIME, ends of STEPs of TIME, IF switches of TIME) in the Motions and in
  /// every expression of the model, sorted and unique (docs/equations.md §6.8).
  std::vector<double> DiscontinuityTimes() const;

  /// The switching quantities of the model (docs/equations.md §6.10), the integrator's root
  /// functions: those of the expressions of the Motions, Variables, Diffs and force elements
  /// (IF tests and non-smooth functions of the state), then the force elements' own (contact
  /// gaps). Their number is fixed at compile time. `g` holds the last values on entry: the
  /// quantities of IF branches not taken keep them (system/switches.cc).
  int SwitchCount() const;
  void Switches(double t, const double* y, const double* yp, const double* memory, double* g) const;
  /// Which element or expression switching quantity k belongs to, for a message.
  std::string DescribeSwitch(int k) const;

  /// Rows whose imposed value of the given order is not known before the initial-conditions
  /// analysis: order 0, the displacement of VELOCITY and ACCELERATION motions without
  /// icdisp; order 1, the velocity of ACCELERATION motions without icvel. The analysis
  /// leaves them out and then takes their states from the solution (StartMotionStates).
  std::vector<bool> RowsImposedLater(int order) const;
  /// Sets the states s (order 0) or p (order 1) of the rows of RowsImposedLater(order) to the
  /// coordinate, or its rate, at the positions and velocities in y.
  void StartMotionStates(double t, int order, double* y, const double* memory) const;
  /// Motion angles take their imposed value at time t as the reference whole turns are
  /// counted from (in `memory`), so that the assembly can meet a value of several turns.
  void ReferMotionAngles(double t, const double* y, double* memory) const;

  /// All joint equations (active or not) at the positions in y, at time t (which only the
  /// general constraints read, docs/equations.md §2.14).
  VecX JointResiduals(double t, const double* y, const double* memory) const;
  /// Gradient of all joint equations with respect to the body positions q (7 per body).
  SparseMat PositionJacobian(double t, const double* y, const double* memory) const;
  /// B: gradient of the velocity constraints (all joint rows) with respect to u = (v, w).
  SparseMat VelocityJacobian(double t, const double* y, const double* memory) const;
  /// gamma = d(B u)/dq q'(u), so that the acceleration constraints read B u' + gamma = 0
  /// (for a general constraint, its whole curvature with g_qt and g_tt).
  VecX VelocityJacobianRate(double t, const double* y, const double* memory) const;
  /// Applied generalised forces minus gyroscopic terms, F - w x J w / UCF, per body (6 each);
  /// yp is read only by forces that depend on accelerations.
  VecX AppliedForces(double t, const double* y, const double* yp, const double* memory) const;

  /// The bodies of the two sides (I, J) of a joint and pointers to their states in y
  /// (nullptr for the ground).
  struct JointSides {
    int body[2];
    const double* state[2];
  };
  static JointSides SidesOf(const mbs::JointConstraint& joint, const double* y);
  /// The same for term `term` of a constraint (a relation between joints' coordinates has
  /// one pair of sides per term).
  static JointSides SidesOf(const mbs::JointConstraint& joint, int term, const double* y);
  /// A nonlinear Coupler's law and its derivatives (the Hessian when `second`) at the
  /// displacements in y: the `coupling` its term functions take; returns out.
  /// A general constraint's row (with its second derivatives when `second`) at (t, y).
  static const mbs::Coupling* CouplingOf(const mbs::JointConstraint& joint, double t,
                                         const double* y, const double* memory, bool second,
                                         mbs::Coupling* out);

  /// Called after every accepted step (and after the initial conditions): elements with
  /// memory (angles followed through whole turns) write the accepted state's angles into
  /// their slots of `memory` as the references of the next steps.
  void AcceptStep(double t, const double* y, const double* yp, double* memory) const;

  /// The energies of the model at the state y, in force x length (model units):
  /// kinetic, sum of (m v.v + w.J w) / 2 UCF; gravitational, -sum of m g(t).r / UCF (r the
  /// mass centre); elastic, the energy stored in SpringDampers (stiffness and preload) and
  /// Springsats; work, W from y: the work done since time zero by every other force —
  /// dampers, friction, Sforces, Vforces, Bushings (all of a bushing's work), SignForces,
  /// Motions (through their reactions), and a gravity that changes in time. The balance
  /// kinetic + gravitational + elastic - work stays at its initial value.
  struct Energy {
    double kinetic = 0.0, gravitational = 0.0, elastic = 0.0, work = 0.0;
  };
  Energy EnergyAt(double t, const double* y, const double* memory) const;

  /// The power of the non-conservative forces (the rate of W): the power of every force
  /// element less what derives from stored energy, of the constraint reactions
  /// (-lambda . B u, nonzero for Motions), and -sum of m g'(t).r / UCF.
  double NonConservativePower(double t, const double* y, const double* yp, const double* memory,
                              const SparseMat* velocity_jacobian = nullptr) const;

  /// Why the state is outside an element's domain (a Springsat at saturation, within the
  /// relative margin), or "".
  std::string OutOfRange(const double* y, const double* memory, double margin) const;

  /// What the state y[index] is, for a message: "Part 2 'block' (velocity)", ...
  std::string DescribeState(int index) const;

  /// The first element whose output is infinite or NaN at (t, y, yp), described for a
  /// message, or "" when all are finite.
  std::string NonFinite(double t, const double* y, const double* yp, const double* memory) const;

  /// Pointer to the states of body k in y, or nullptr for the ground.
  static const double* BodyState(int body, const double* y) {
    return body >= 0 ? y + BodyOffset(body) : nullptr;
  }

  /// q'(u): time derivative of the positions for the velocities in y.
  void PositionRates(const double* y, double* qdot7_per_body) const;

 private:
  friend class Builder;
  // Compile's body: the Builder fills the System in place
  explicit System(const model::Model& model);

  // -- the joint equations (constraints.cc) -----------------------------------------------
  // visit(joint, term, first row, sides, slots, coupling) for every term of every joint, in
  // order: the one loop over the joint equations (slots: the joint's memory slots in
  // `memory`; coupling: a nonlinear Coupler's law at its displacements, with its Hessian
  // when `second`, else nullptr)
  template <class Visit>
  void ForEachJointTerm(double t, const double* y, const double* memory, const Visit& visit,
                        bool second = false) const {
    mbs::Coupling coupling;
    for (size_t jn = 0; jn < joints_.size(); ++jn) {
      const mbs::JointConstraint& joint = joints_[jn];
      const double* slots = joint.Slots(memory);
      const mbs::Coupling* law = nullptr;
      if (joint.coupled()) law = CouplingOf(joint, t, y, memory, second, &coupling);
      for (int term = 0; term < joint.terms(); ++term)
        visit(joint, term, joint_row_start_[jn], SidesOf(joint, term, y), slots, law);
    }
  }
  // the law's cross terms d2f/dd_k dd_l (k != l) of a nonlinear Coupler's curvature
  static double CouplingCrossCurvature(const mbs::JointConstraint& joint, const double* y,
                                       const double* slots, const mbs::Coupling& coupling);
  // the joint rows of the residual (constraints, reactions, stabilisation); adds the
  // reactions' power to *power
  void JointResidual(double t, const double* y, const double* memory, double* F,
                     double* power) const;
  // the joint rows and columns of the Jacobian
  void JointJacobian(double t, const double* y, const double* memory,
                     std::vector<Triplet>* out) const;

  // -- pieces of the residual and Jacobian (residual.cc) ------------------------------------
  void BodyResidual(double t, const double* y, const double* yp, const double* memory,
                    double* F) const;
  void BodyJacobian(const double* y, double cj, std::vector<Triplet>* out) const;
  // the Diffs, Tfsisos, Lses and the Motions' states
  void ControlResidual(double t, const double* y, const double* yp, const double* memory,
                       double* F) const;
  void ControlJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                       std::vector<Triplet>* out) const;

  // lays out the memory block: a keyed block per element with memory (memories.cc)
  void LayOutMemory(const model::Model& model);
  // empties the DELAY histories of the elements', Variables' and Diffs' expressions in
  // `memory` (MakeState)
  void ClearDelays(double* memory) const;
  // appends a constraint and its rows
  void AddConstraint(mbs::JointConstraint constraint);

  // -- the compiled model (filled by the Builder) -------------------------------------------
  std::vector<Body> bodies_;
  std::vector<mbs::JointConstraint> joints_;
  // the applied force elements, in the order of their kinds: pair forces, Sforces, vector
  // forces (the order their wrenches are summed in)
  std::vector<std::unique_ptr<mbs::ForceElement>> force_elements_;
  // the functions of the state the dynamics reads, whose switches stop the integrator
  // (system/switches.cc)
  std::vector<const mbs::StateFunction*> DynamicsFunctions() const;
  // Motions: the joint row each drives, its function of time, what the function gives (0
  // displacement, 1 velocity, 2 acceleration) and the index of s (then p) when integrated
  struct Driver {
    int row;
    std::unique_ptr<ExpressionFunction> function;  // nullptr when a routine gives it
    int order = 0;
    int state = -1;
    const model::Motion* source = nullptr;
    RoutineEvaluator* routine = nullptr;  // MOTSUB: iord 0, 1, 2 give f, f', f''
  };
  // the function of a motion and its first time derivative at t (of the order given)
  double DriverFunction(const Driver& driver, double t, double* rate) const;
  std::vector<Driver> drivers_;
  int motion_state_count_ = 0;
  int work_state_ = -1;
  // the time derivative of the gravitational acceleration
  Vec3 GravityRate(double t) const;
  // Diffs: the state index of each and its equation
  // an implicit Variable is an algebraic Diff state: `equation` is the implicit Diff made from
  // it (source points to it), `key` the Variable, which names and keys the state
  struct DiffState {
    const model::Diff* source;
    int index;
    std::unique_ptr<mbs::StateFunction> function;
    std::vector<int> y_deps, yp_deps;    // what the function reads, sorted
    const model::Entity* key = nullptr;  // the source, or the implicit Variable
    std::unique_ptr<model::Diff> equation;
    bool algebraic() const { return equation != nullptr; }
  };
  std::vector<DiffState> diffs_;
  // Tfsisos, then Lses
  std::vector<LinearStates> linear_;
  int linear_state_count_ = 0;
  // the force elements' own states (Friction bristles), then the Gses' states
  std::vector<GeneralStates> gses_;
  int element_state_count_ = 0;
  std::unordered_map<long, const model::Array*> arrays_;
  // the variable ids of the active plant inputs and outputs (PINVAL, POUVAL), by their ids
  std::unordered_map<long, std::vector<long>> plant_inputs_, plant_outputs_;
  // the Variable id of PINVAL(id, k) (output false) or POUVAL(id, k) (true)
  long PlantVariable(bool output, long id, long k) const;
  SplineTable splines_;
  CurveTable curves_;
  // the curves of the point-to-curve constraints, and the parts that stand for their
  // parameter bodies (Body::owner)
  std::vector<std::unique_ptr<math::SpaceCurve>> constraint_curves_;
  // the surfaces of the point- and curve-to-surface constraints (compile/surfaces.cc)
  std::vector<std::unique_ptr<math::SpaceSurface>> constraint_surfaces_;
  std::vector<std::unique_ptr<model::Part>> parameter_parts_;
  // compiled Variables by id (null while being compiled: a reference back is a cycle)
  std::unordered_map<long, std::unique_ptr<mbs::StateFunction>> variables_;
  // the user routines of the elements (Sforce, Vforce, Diff, Variable, Motion)
  std::vector<std::unique_ptr<RoutineEvaluator>> routines_;
  std::vector<int> joint_row_start_;
  std::vector<JointRow> rows_;
  std::unordered_map<const model::Marker*, mbs::BodyMarker> markers_;
  std::unordered_map<const model::Part*, int> part_bodies_;
  std::unordered_map<long, const model::Marker*> marker_ids_;
  int active_count_ = 0;
  double ucf_ = 1.0;
  Vec3 gravity_ = Vec3::Zero();
  std::array<std::unique_ptr<ExpressionFunction>, 3> gravity_functions_;
  // force measures created while compiling, linked once every element exists
  std::vector<ForceMeasure*> unlinked_force_measures_;
  std::vector<const ForceMeasure*> force_measures_;
  // evaluates every force measure once: one that reads itself throws
  void CheckForceMeasureCycles() const;

  // the layout of the memory block of a State
  MemoryLayout memory_layout_;
  // the memory slot of each SENVAL id
  std::map<long, int> sensor_slots_;

  // the resolver of MakeResolver, built on first use and kept (the System never moves)
  mutable std::unique_ptr<Resolver> resolver_;

  bool reads_multipliers_ = false;
  std::vector<std::string> notes_;
  // what the force elements, Diffs and Tfsiso/Lse inputs read (depends on the active rows)
  void RefreshDependencies();
};

}  // namespace msolve::system
