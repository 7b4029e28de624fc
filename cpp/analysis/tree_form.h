// The equations of motion of a tree of joints in joint coordinates (docs/equations.md §6.11),
// integrated by CVODE (solver/cvode_driver.h): the states are the joints' coordinates
// (analysis/tree_joints.h: one per REVOLUTE or TRANSLATIONAL joint, a quaternion per
// SPHERICAL joint, ...), their velocities and the other differential states
// (Diffs, Tfsiso/Lse, Gse, the work), as in the ODE form of analysis/ode_form.h. The body
// states follow by forward kinematics, so they meet the joint equations exactly; the applied
// forces are those of the System on those body states (every force element, expression and
// routine unchanged) and the joint accelerations come from Featherstone's articulated-body
// algorithm, O(N) in the bodies.
#pragma once

#include <string>
#include <vector>

#include "analysis/system_dae.h"
#include "analysis/tree_joints.h"
#include "solver/ode.h"
#include "system/system.h"

namespace msolve::analysis {

/// Why `sys` cannot be integrated in joint coordinates ("" when it can): every moving part
/// must hang from the ground or be free (six coordinates) with exactly one REVOLUTE,
/// TRANSLATIONAL, FIXED, CYLINDRICAL, UNIVERSAL, HOOKE, PLANAR or SPHERICAL joint to its
/// parent (no closed loop, no motion, coupler or joint primitive), with mass and inertia in
/// every direction, and no force may read the reactions.
std::string TreeFormRefusal(const system::System& sys);

class TreeForm : public solver::Ode {
 public:
  /// `sys` and `state` must outlive this object; throws SolverError with TreeFormRefusal's
  /// reason when the model is not such a tree.
  TreeForm(const system::System& sys, system::State* state);

  int size() const override { return nq_ + dof_ + static_cast<int>(others_.size()); }
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
  std::string Repartition(double, const double*) override { return ""; }
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

  /// Number of joint coordinates (velocities: a quaternion's four count as three).
  int dof() const { return dof_; }

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
  // the multipliers of y_ from the joint reactions (a backward pass over a_)
  void Reactions();
  bool Evaluate(double t, const double* x);
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
};

}  // namespace msolve::analysis
