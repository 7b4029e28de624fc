// General state equations x' = f(x, u, t), y = g(x, u, t) of a Gse (MotionSolve Gse,
// Control_StateEqn of type USERSUB; docs/equations.md §4.5): the routine (GSESUB) gives f
// and g; their derivatives are forward differences in x and u, chained with the inputs'
// exact gradients.
#pragma once

#include <memory>
#include <vector>

#include "common/types.h"
#include "mbs/state_function.h"
#include "model/entities.h"

namespace msolve::system {

/// The states of one Gse: n states x at y[first .. first + n), m inputs u (the variables of
/// the U array), p outputs (read with ARYVAL on the Y array).
struct GeneralStates {
  const model::Gse* source = nullptr;
  int first = 0, n = 0, outputs = 0;
  VecX x0;
  std::vector<double> par;                        // the routine's USER(...) numbers
  std::vector<const mbs::StateFunction*> inputs;  // set once the Variables are compiled
  std::vector<int> y_deps, yp_deps;               // what the inputs read, sorted
  /// output k as a function of the state (ARYVAL on the Y array), k < outputs
  std::vector<std::unique_ptr<mbs::StateFunction>> output_functions;

  /// The routine at (t, y, yp) and the memory block of the state (which the inputs read):
  /// the n rates, then the p outputs, in out[0 .. n + p).
  void Values(double t, const double* y, const double* yp, const double* memory, double* out,
              bool iflag = false) const;
  /// Values and their derivatives: dx (n + p) x n with respect to the states, dy_in
  /// (n + p) x (columns of y_deps, then of yp_deps, the latter times cj) through the inputs.
  void Derivatives(double t, const double* y, const double* yp, const double* memory, double cj,
                   VecX* values, MatX* dx, MatX* d_inputs) const;
};

/// The states of a Gse, with the checks (arrays, sizes, routine); throws ModelError naming
/// the Gse. The inputs are set later (Builder::LinearInputs).
GeneralStates GseStates(const model::Gse& gse, int first);

/// Makes the output functions of a Gse once its inputs are set (the functions refer to it:
/// call it at its final address).
void MakeGseOutputs(GeneralStates* gse);

}  // namespace msolve::system
