// The equations of motion of a tree of joints in joint coordinates (docs/equations.md §6.11),
// integrated by CVODE (solver/cvode_driver.h): the states are the joints' coordinates
// (analysis/tree_joints.h: one per REVOLUTE or TRANSLATIONAL joint, a quaternion per
// SPHERICAL joint, ...), their velocities and the other differential states
// (Diffs, Tfsiso/Lse, Gse, the work), as in the ODE form of analysis/ode_form.h. The body
// states follow by forward kinematics, so they meet the joint equations exactly; the applied
// forces are those of the System on those body states (every force element, expression and
// routine unchanged) and the joint accelerations come from Featherstone's articulated-body
// algorithm, O(N) in the bodies.
//
// A model with closed loops runs on a spanning tree of its joints: the joints left out (cut)
// are closure equations on the tree's coordinates, and the ODE's states are the independent
// ones (coordinate partitioning of the closure Jacobian, docs/equations.md §6.12,
// analysis/tree_loops.cc).
#pragma once

#include <string>
#include <vector>

#include <Eigen/LU>

#include "analysis/system_dae.h"
#include "analysis/tree_joints.h"
#include "solver/ode.h"
#include "system/system.h"

namespace msolve::analysis {

/// Why `sys` cannot be integrated in joint coordinates ("" when it can): every joint must be
/// a REVOLUTE, TRANSLATIONAL, FIXED, CYLINDRICAL, UNIVERSAL, HOOKE, PLANAR or SPHERICAL joint
/// (no motion, coupler or joint primitive); every moving part hangs from the ground or is free
/// (six coordinates) through one of them, the others closing loops; every part has mass and
/// inertia in every direction, and no force reads the reactions. Whether the loops close on
/// coordinates that can be dependent is known at the state only (the TreeForm's constructor).
std::string TreeFormRefusal(const system::System& sys);

class TreeForm : public solver::Ode {
 public:
  /// `sys` and `state` must outlive this object; throws SolverError with TreeFormRefusal's
  /// reason when the model is not such a tree, or when its loops cannot be closed at the
  /// state (docs/equations.md §6.12).
  TreeForm(const system::System& sys, system::State* state);

  int size() const override { return nq_ + dof_ - 2 * rank_ + static_cast<int>(others_.size()); }
  int full_size() const override { return sys_.size(); }
  std::vector<bool> ErrorTested() const override;
  bool Rhs(double t, const double* x, double* xdot) override;
  void Expand(double t, const double* x, double* y, double* yp) override;
  /// Rates between outputs only for what reads the state there (step reactions on) or
  /// elements with memory, which the System's AcceptStep updates from them.
  bool StepRatesNeeded() const override {
    return step_reactions_ || sys_.memory_layout().size() > 0;
  }
  void ExpandStates(double t, const double* x, double* y) override;
  void Reduce(double t, const double* y, double* x) override;
  std::string Repartition(double t, const double* y) override;
  void AcceptStep(double t, const double* y, const double* yp) override;
  std::vector<double> DiscontinuityTimes() const override { return dae_.DiscontinuityTimes(); }
  void Reconcile(double t, VecX* y, VecX* yp) override { dae_.Reconcile(t, y, yp); }
  int SwitchCount() const override { return dae_.SwitchCount(); }
  void Switches(double t, const double* y, const double* yp, double* g) const override {
    dae_.Switches(t, y, yp, g);
  }
  void ReconcileSwitch(double t, VecX* y, VecX* yp) override { dae_.ReconcileSwitch(t, y, yp); }
  std::string DescribeSwitch(int k) const override { return dae_.DescribeSwitch(k); }
  /// As the DAE's; else, after an evaluation without accelerations since the last accepted
  /// step, the element whose value was not finite there.
  std::string OutOfDomain(const double* y, double margin) const override;
  std::string DescribeState(int index) const override;

  /// Number of joint coordinates (velocities: a quaternion's four count as three) less the
  /// closure equations' rank: the degrees of freedom.
  int dof() const { return dof_ - rank_; }
  /// The joints cut to close loops (indices into System::joints()).
  const std::vector<int>& cuts() const { return cuts_; }
  /// Whether the loops reached a singular position (their closure equations lost rank) at
  /// an accepted step: the run must go on in body coordinates from there.
  bool singular() const { return singular_; }

  /// Whether Expand fills the multipliers (the joint reactions) of the DAE state at every
  /// step (default true): only sensors and requests read the state between outputs, and the
  /// outputs compute their own reactions (docs/equations.md §6.4, §6.11). Off, Expand leaves
  /// the multipliers zero.
  void SetStepReactions(bool on) { step_reactions_ = on; }

  using Link = TreeLink;

 private:
  // the body states of y_ (positions, velocities) and the other states from x; the joints'
  // motion subspaces S_ (world, about the origin) and the bodies' spatial velocities v_
  void Kinematics(const double* x);
  // the joint accelerations for the forces at (t, y_), and the bodies' spatial
  // accelerations a_; the accelerations and the other rates into yp_
  bool Dynamics(double t, VecX* qdd);
  // one step of the articulated-body algorithm's pass from the tips for the link's body:
  // U, D^-1, d, and I^a, p^a in place of I^A, p^A; false when D is not positive definite
  bool Articulate(const Link& link);
  // the DAE's rates yp_ from the bodies' accelerations a_, and the other rates
  bool BodyRates(double t);
  // the multipliers of y_ from the joint reactions (a backward pass over a_)
  void Reactions();
  // the tree's coordinates (q, u) from the DAE state y, `previous` (or nullptr) those before
  void TreeCoordinates(const double* y, const double* previous, double* q, double* u) const;

  // -- loop closures (analysis/tree_loops.cc, docs/equations.md §6.12) --
  // the cut joints' rows and the bodies they act on; which velocity coordinates may be
  // dependent (q' = u) and their position coordinates
  void SetUpLoops();
  // the closure equations' values phi_ and Jacobian phi_q_ in the tree's velocity
  // coordinates at the kinematics, with each cut body's spatial rows phi_body_
  void ClosureJacobian(bool values);
  // chooses the independent rows and dependent coordinates at the kinematics; the rank
  void Partition();
  // full_ from the ODE state: the dependent positions by Newton, the dependent velocities;
  // leaves the kinematics of full_
  bool Close(const double* x);
  // qdd_ and a_ corrected by the closure forces from the free accelerations (after Dynamics)
  bool CloseAccelerations();
  // the multipliers of y_ of a model with loops, by least squares on all active rows
  void LoopReactions();
  bool Evaluate(double t, const double* x);
  // Evaluate at (t, x) and fill y_ (the reactions when the steps need them), or throw why not
  void ExpandInPlace(double t, const double* x);
  // why the last evaluation (at t, y_) has no accelerations: an element out of its domain
  // or whose value is not finite, named ("" when none is to blame)
  std::string WhyNoAccelerations(double t) const;

  const system::System& sys_;
  system::State* state_;
  SystemDae dae_;
  int nb_ = 0, nq_ = 0, dof_ = 0;  // bodies, position and velocity coordinates
  std::vector<Link> links_;
  std::vector<int> others_;  // differential states outside the bodies
  std::vector<Vec6> v_, a_, c_, bias_;
  std::vector<Mat6X> s_, u_axis_;       // per body: its joint's S, and U = I^A S
  std::vector<unsigned> parent_fixed_;  // which columns of S are fixed in the parent
  std::vector<Mat6> inertia_, articulated_;
  std::vector<Vec6> articulated_bias_;  // p^A per body
  std::vector<MatXX6> d_inverse_;       // D^-1 = (S^T U)^-1 per body
  std::vector<VecX6> u_;                // u = -S^T p^A per body
  // the same for one joint coordinate: U, 1 / D and d
  std::vector<Vec6> u_axis_one_;
  std::vector<double> d_one_, u_one_;
  std::vector<double> qdot_;                  // System::PositionRates' 7 per body
  std::vector<std::vector<int>> joint_rows_;  // per joint: its rows (indices into rows())
  std::vector<Mat3> rotation_;
  system::SparseMat no_velocity_rows_;  // B as zero (rows x 6 nb): B u = 0 holds exactly
  VecX reference_;  // the last accepted DAE state (quaternion signs, angle turns)
  double t_ = 0.0;
  VecX x_, y_, yp_, qdd_;
  bool cached_ = false;
  bool step_reactions_ = true;
  std::string failure_;  // WhyNoAccelerations of a failed evaluation since the last step
  // loops: the cut joints, their rows (into rows()) and bodies; per velocity coordinate its
  // position coordinate when q' = u (it may then be dependent), else -1
  std::vector<int> cuts_, cut_rows_, cut_bodies_, position_of_;
  int rank_ = 0;  // of the closure equations: the number of dependent coordinates
  // the partition: independent closure rows (into cut_rows_), dependent and independent
  // velocity coordinates, independent position coordinates
  std::vector<int> rows_r_, dep_, ind_v_, ind_q_;
  VecX full_, accepted_full_;  // the tree's (q, u, z) of the last evaluation, accepted step
  bool full_valid_ = false;
  std::vector<MatX> jacobian_;  // per body: its spatial velocity's 6 x dof_ Jacobian
  std::vector<Eigen::Matrix<double, Eigen::Dynamic, 6>> phi_body_;  // per cut body
  MatX phi_q_;                                                      // closure rows x dof_
  VecX phi_;
  std::vector<int> cut_index_;        // per row of rows(): its index in cut_rows_, or -1
  Eigen::PartialPivLU<MatX> dep_lu_;  // of the rows rows_r_ and columns dep_ of phi_q_
  double dep_det_ = 1.0;              // its determinant at the last accepted step
  VecX col_scale_, row_scale_;        // of phi_q_ for its rank decisions (docs/equations.md §6.12)
  bool singular_ = false;
};

}  // namespace msolve::analysis
