// The law of a nonlinear Coupler (MotionSolve COUSUB, COUXX, COUXX2; docs/equations.md §2.4):
// the constraint phi = f(d_1, ..., d_n) of the displacements d_k of n = 2 or 3 joint
// coordinates from their design values, with its gradient and Hessian in d. The routine's
// own derivatives are used when it gives them (COUXX, COUXX2); otherwise they are central
// differences of the routine.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "mbs/general_constraint.h"
#include "model/entities.h"

namespace msolve::mbs {

/// f and its derivatives at one d: grad[k] = df/dd_k, hess[3 k + l] = d2f/dd_k dd_l. For a
/// general constraint (JointType::kGeneral), `general` holds its row instead.
struct Coupling {
  double value = 0.0;
  double grad[3] = {0, 0, 0};
  double hess[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  GeneralRow general;
};

/// Relative steps of the central differences (first, second derivatives).
inline constexpr double kCouplerStep1 = 1e-6;
inline constexpr double kCouplerStep2 = 1e-4;

class CouplerLaw {
 public:
  /// The routines of `coupler` (routine_xx, routine_xx2 used when available), called with
  /// `par`, the numbers of its USER(...) function, for n joint displacements.
  CouplerLaw(const model::Coupler* coupler, std::vector<double> par, int n);

  int size() const { return n_; }
  /// The first call, iflag true (MotionSolve's initialisation call), at d = 0; throws
  /// RoutineError naming the coupler when the routine fails.
  void Prepare() const;
  /// f, its gradient and, when `second`, its Hessian at disp (n values).
  void Evaluate(const double* disp, bool second, Coupling* out) const;

 private:
  // one call of `routine` (which names it in messages) giving `count` values
  void Call(const model::UserRoutine& routine, const char* which, const double* disp, bool iflag,
            int count, double* out) const;
  double Value(const double* disp) const;
  void Gradient(const double* disp, double* grad) const;  // COUXX or differences of f

  const model::Coupler* coupler_;
  std::vector<double> par_;
  int n_;
  bool has_xx_, has_xx2_;
};

}  // namespace msolve::mbs
