// The equations of motion of a compiled system::System as the integrator's DAE
// (solver/dae.h): the one place where the integrator's view of a model is defined.
#pragma once

#include <string>
#include <vector>

#include "solver/dae.h"
#include "system/system.h"

namespace msolve::analysis {

/// Every accepted step meets the position constraints (joints, quaternion norms) to this
/// absolute tolerance and the velocity constraints to the next one: the Newton iteration of a
/// step goes on until the iterate before its last correction meets a tenth of them.
inline constexpr double kConstraintTolerance = 1e-10;
inline constexpr double kVelocityConstraintTolerance = 1e-8;

/// The residual of a System (its stabilised index-2 equations, system/system.h) as a DAE.
/// The states are the System's; the positions, velocities and other differential states are
/// held to the error bound, except the work of the non-conservative forces (an output); the
/// multipliers are algebraic, and the reactions lambda are converged to a relative tolerance
/// when forces read them. The constraint groups are the velocity constraints (the rows of
/// lambda) and the position constraints (the rows of mu). Reads the System's sizes when
/// asked, so that it follows the rows the initial-conditions analysis sets aside. The System
/// is evaluated with the memory of a run's state (system/state.h), which AcceptStep updates.
/// The velocities in y projected onto the velocity constraints B u = c(t) of the active rows,
/// in the metric of the mass matrix (the impulse of least kinetic energy; docs/equations.md
/// §6.8).
void ProjectVelocities(const system::System& sys, double t, const double* memory, VecX* y);

class SystemDae : public solver::Dae {
 public:
  /// `sys` and `state` must outlive this object; only `state->memory` is read and written
  /// here (the integrator has its own y and y').
  SystemDae(const system::System& sys, system::State* state) : sys_(sys), state_(state) {}

  int size() const override { return sys_.size(); }
  VecX DifferentialIds() const override { return sys_.DifferentialIds(); }
  std::vector<solver::StateTolerance> Tolerances() const override;
  std::vector<solver::ConstraintGroup> ConstraintGroups() const override;
  /// MotionSolve's dae_index 3 (I3, docs/equations.md §6.1): the velocity-constraint rows
  /// become mu = 0 for the joint rows' multipliers mu, the velocities are converged but not
  /// error-tested, and the velocity constraints are no constraint group. false (SI2, the
  /// stabilised index-2 form) by default. Set before the integrator starts.
  void SetIndexThree(bool on) { index_three_ = on; }
  bool index_three() const { return index_three_; }
  void Residual(double t, const double* y, const double* yp, double* F) const override;
  void Jacobian(double t, const double* y, const double* yp, double cj,
                std::vector<Triplet>* out) const override;
  void AcceptStep(double t, const double* y, const double* yp) override {
    sys_.AcceptStep(t, y, yp, state_->memory.data());
  }
  std::string OutOfDomain(const double* y, double margin) const override {
    return sys_.OutOfRange(y, memory(), margin);
  }
  std::string NonFinite(double t, const double* y, const double* yp) const override {
    return sys_.NonFinite(t, y, yp, memory());
  }
  std::string DescribeState(int index) const override { return sys_.DescribeState(index); }

  /// The System's switching quantities (docs/equations.md §6.10).
  int SwitchCount() const override { return sys_.SwitchCount(); }
  void Switches(double t, const double* y, const double* yp, double* g) const override {
    sys_.Switches(t, y, yp, memory(), g);
  }
  /// Velocities projected as at a discontinuity time when the velocity constraints allow it
  /// (a motion whose expression switched), then accelerations and multipliers.
  void ReconcileSwitch(double t, VecX* y, VecX* yp) override;
  std::string DescribeSwitch(int k) const override { return sys_.DescribeSwitch(k); }

  /// The System's discontinuity times (docs/equations.md §6.8).
  std::vector<double> DiscontinuityTimes() const override;
  /// Velocities projected onto the velocity constraints after t (a motion's new rate), in
  /// the metric of the mass matrix (the least-action impulse), then accelerations and
  /// multipliers from the index-1 equations.
  void Reconcile(double t, VecX* y, VecX* yp) override;

 private:
  // The inputs are right-continuous in TIME (a spline at a knot uses the piece after it). At
  // a discontinuity time not yet reconciled, the step that ends there is evaluated from the
  // left: just before t, within one rounding.
  double SideOf(double t) const;

  const double* memory() const { return state_->memory.data(); }
  const system::System& sys_;
  system::State* state_;
  mutable std::vector<double> breaks_;
  mutable bool breaks_known_ = false;
  double reconciled_at_ = 0.0;
  bool reconciled_ = false;
  bool index_three_ = false;
};

}  // namespace msolve::analysis
