// Newton's method with line search (SUNDIALS KINSOL) on a square nonlinear system given by its
// residual and its sparse Jacobian: what the assembly and statics analyses share.
#pragma once

#include <string>
#include <vector>

#include "common/triplet.h"
#include "common/types.h"

namespace msolve::analysis {

/// f(x) = 0 with n equations in n unknowns. Residual and Jacobian may throw: the solve stops
/// and rethrows. The Jacobian's sequence of (row, col) may change (a new sparse analysis).
class NonlinearSystem {
 public:
  virtual ~NonlinearSystem() = default;
  virtual void Residual(const double* x, double* f) = 0;
  virtual void Jacobian(const double* x, std::vector<Triplet>* out) = 0;
};

struct NewtonOptions {
  double residual_tolerance = 1e-13;  // on the largest |f|
  double step_tolerance = 1e-15;      // on the largest change of an unknown
  long max_iterations = 200;
};

struct NewtonOutcome {
  int flag = 0;  // KINSOL's return flag (< 0: failed)
  long iterations = 0;
  std::string flag_name;  // its name, e.g. KIN_LINESEARCH_NONCONV
};

/// Solves from the start *x, leaving the last iterate in *x whatever the outcome (the
/// caller judges it by its residual).
NewtonOutcome SolveNewton(NonlinearSystem* system, const NewtonOptions& options, VecX* x);

}  // namespace msolve::analysis
