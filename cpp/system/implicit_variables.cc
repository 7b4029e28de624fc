// The values of the implicit Variables at given other states (docs/equations.md §4.8): Newton on
// their residuals f_i(v) = 0 in the algebraic states v alone, with the exact gradients of the
// residuals (expressions) or their differences (routines), as the integrator's Jacobian has them.
#include <algorithm>
#include <cmath>
#include <string>

#include <Eigen/Dense>

#include "common/error.h"
#include "system/system.h"

namespace msolve::system {

void System::SolveImplicitVariables(double t, double* y, const double* yp,
                                    const double* memory) const {
  std::vector<const DiffState*> equations;
  for (const auto& d : diffs_)
    if (d.algebraic()) equations.push_back(&d);
  const int n = static_cast<int>(equations.size());
  if (n == 0) return;
  constexpr int kIterations = 50;
  constexpr double kTolerance = 1e-12;  // relative step, and residual against its scale
  VecX f(n), step(n);
  MatX J(n, n);
  mbs::SparseGradient dy, dyp;
  bool converged = false;
  for (int iteration = 0; iteration < kIterations && !converged; ++iteration) {
    J.setZero();
    for (int i = 0; i < n; ++i) {
      f[i] = equations[i]->function->Gradient(t, y, yp, memory, &dy, &dyp);
      for (const auto& [index, value] : dy)
        for (int j = 0; j < n; ++j)
          if (equations[j]->index == index) J(i, j) += value;
    }
    if (!f.allFinite() || !J.allFinite()) break;
    Eigen::FullPivLU<MatX> lu(J);
    if (lu.rank() < n) break;
    step = lu.solve(f);
    double largest = 0.0;
    for (int j = 0; j < n; ++j) {
      double& v = y[equations[j]->index];
      v -= step[j];
      largest = std::max(largest, std::abs(step[j]) / (1.0 + std::abs(v)));
    }
    converged = largest <= kTolerance;
  }
  if (converged) return;
  std::string names;
  for (const DiffState* d : equations) names += (names.empty() ? "" : ", ") + d->key->Describe();
  throw SolverError("the implicit variables " + names + " could not be solved from their " +
                    "residuals at time " + std::to_string(t) +
                    " (Newton did not converge; is the residual's slope in the variable zero, or "
                    "is there no root near ic?)");
}

}  // namespace msolve::system
