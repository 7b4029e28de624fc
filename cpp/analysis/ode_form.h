// The equations of motion of a System as an ODE in independent coordinates (coordinate
// partitioning, docs/equations.md §6.9), integrated by CVODE (solver/cvode_driver.h) for
// MotionSolve's MSTIFF, VSTIFF and ABAM: the states are the independent positions, the
// independent velocities and the other differential states (Diffs, Tfsiso/Lse, Gse, Motion
// states, the work); the dependent positions come from Newton on the position constraints,
// the dependent velocities from the velocity constraints, the accelerations from the
// index-1 equations (§5.4).
#pragma once

#include <string>
#include <vector>

#include <Eigen/LU>

#include "analysis/system_dae.h"
#include "solver/ode.h"
#include "system/system.h"

namespace msolve::analysis {

class OdeForm : public solver::Ode {
 public:
  /// `sys` and `state` must outlive this object; only `state->memory` is read and written
  /// (through the System's AcceptStep). The active rows are those of `sys` now.
  OdeForm(const system::System& sys, system::State* state);

  int size() const override { return 2 * dof_ + static_cast<int>(others_.size()); }
  int full_size() const override { return sys_.size(); }
  std::vector<bool> ErrorTested() const override;
  bool Rhs(double t, const double* x, double* xdot) override;
  void Expand(double t, const double* x, double* y, double* yp) override;
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
  std::string OutOfDomain(const double* y, double margin) const override {
    return dae_.OutOfDomain(y, margin);
  }
  std::string DescribeState(int index) const override;

  /// The independent coordinates, as indices into the DAE's y (positions, then velocities).
  std::vector<int> IndependentStates() const;
  /// A body coordinate y[state] for a message: "Part 2 'crank' e1".
  std::string Coordinate(int state) const;

 private:
  // the DAE state at (t, x) into y_, yp_ (cached for the last x); false when the dependent
  // positions cannot be recovered
  bool Evaluate(double t, const double* x);
  // the position constraints (active joint rows, quaternion norms) and their Jacobian with
  // respect to q (7 per body), the rotation columns scaled to length when `scaled`
  VecX PositionResidual(double t, const VecX& y) const;
  MatX PositionGradient(double t, const VecX& y, bool scaled) const;
  MatX VelocityGradient(double t, const VecX& y, bool scaled) const;
  // u', the multipliers and the other rates at the positions and velocities in y by the
  // reduced (null-space) solve of the index-1 equations in the independent velocities;
  // false when it does not apply (then SolveAccelerations)
  bool ReducedAccelerations(double t, VecX* y, VecX* yp) const;
  // chooses the dependent columns of the gradients at y
  void Partition(double t, const VecX& y);
  // the y index of coordinate i of q (7 per body) and of u (6 per body)
  static int QIndex(int i) { return system::System::BodyOffset(i / 7) + i % 7; }
  static int UIndex(int i) { return system::System::BodyOffset(i / 6) + 7 + i % 6; }

  const system::System& sys_;
  system::State* state_;
  SystemDae dae_;
  int nb_ = 0, m_ = 0, dof_ = 0;
  std::vector<int> active_rows_;    // the joint rows of the active equations, in order
  std::vector<int> others_;         // differential states outside the bodies
  std::vector<int> q_dep_, q_ind_;  // into q (7 per body)
  std::vector<int> u_dep_, u_ind_;  // into u (6 per body)
  VecX reference_;                  // the accepted state the dependent positions start from
  // the last evaluation
  double t_ = 0.0;
  VecX x_, y_, yp_;
  MatX gradient_q_, gradient_u_;           // the constraint gradients it used
  Eigen::PartialPivLU<MatX> velocity_lu_;  // of the dependent velocities' block
  bool reduced_accelerations_ = false;
  bool cached_ = false;
};

}  // namespace msolve::analysis
