// The row of a general constraint (MotionSolve GCON, XML Constraint_General;
// docs/equations.md §2.14): g(q, t) = 0 for a scalar g of the positions of any bodies and of
// time, an expression or a user routine. Its value and exact first partial derivatives come
// from the function (expressions: forward mode, expr/program.h); its second derivatives, which
// only the Newton matrices and the accelerations' right-hand side need, are central
// differences of those exact first derivatives.
#pragma once

#include <memory>
#include <vector>

#include "mbs/state_function.h"

namespace msolve::mbs {

/// g and its derivatives at one (t, y), over the bodies of the constraint's terms (7
/// position coordinates r, e each, in the order of the terms).
struct GeneralRow {
  double value = 0.0;        // g
  double rate = 0.0;         // dg/dt at constant positions
  std::vector<double> grad;  // dg/dq, 7 per term
  // with `second`: d(g_q qdot + g_t)/dq at constant qdot (7 per term), and the diagonal
  // blocks d2g/dq_k2 (49 per term, row-major)
  std::vector<double> dvel, hess;
  // with `curvature`: d2/ds2 g(q + s qdot, t + s) at s = 0, the whole right-hand side of the
  // acceleration row (q'' excepted): qdot^T g_qq qdot + 2 g_qt qdot + g_tt
  double curvature = 0.0;
};

/// Relative step of the central differences of the exact first derivatives.
inline constexpr double kGeneralStep = 1e-6;

class GeneralLaw {
 public:
  /// g of the state, reading the positions of `bodies` (one term each, in this order) and
  /// time only (the compile step checks its dependencies).
  GeneralLaw(std::unique_ptr<StateFunction> function, std::vector<int> bodies);

  const StateFunction& function() const { return *function_; }
  const std::vector<int>& bodies() const { return bodies_; }

  /// g, g_t and g_q at (t, y); with `second` also dvel and the Hessian blocks, with
  /// `curvature` the curvature. `memory`: the state's memory block.
  void Evaluate(double t, const double* y, const double* memory, bool second, bool curvature,
                GeneralRow* out) const;

  /// Gives up the function (to a law over the same function with the bodies reordered).
  std::unique_ptr<StateFunction> Release() { return std::move(function_); }

  /// g alone.
  double Value(double t, const double* y, const double* memory) const;

 private:
  // g_q (7 per term) and g_t at (t, y); returns g
  double Partials(double t, const double* y, const double* memory, double* grad,
                  double* rate) const;
  // qdot of every term's body (7 each) from the velocities in y
  std::vector<double> PositionRates(const double* y) const;

  std::unique_ptr<StateFunction> function_;
  std::vector<int> bodies_;
  std::vector<int> term_of_body_;  // by body index, -1 for a body the function does not read
};

}  // namespace msolve::mbs
