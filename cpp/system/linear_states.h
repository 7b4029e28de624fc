// Linear state equations x' = A x + B u, y = C x + D u: the common runtime form of Tfsiso
// (a transfer function, realised in observable canonical form) and Lse (matrices given by
// Matrix entities), and the checks that build it from the description.
#pragma once

#include <vector>

#include "common/types.h"
#include "mbs/state_function.h"
#include "model/entities.h"

namespace msolve::system {

/// The states of one Tfsiso or Lse: n states x at y[first .. first + n - 1], m inputs u
/// (the first m variables of the U array), p outputs y (read with ARYVAL on the Y array).
struct LinearStates {
  const model::Entity* source = nullptr;  // the Tfsiso or Lse
  const model::Array* x_array = nullptr;
  const model::Array* y_array = nullptr;  // nullptr: no outputs are read
  const model::Array* u_array = nullptr;  // nullptr: no inputs
  int first = 0, n = 0;
  MatX A, B, C, D;                                // n x n, n x m, p x n, p x m
  VecX x0;                                        // initial states
  std::vector<const mbs::StateFunction*> inputs;  // m, set once the Variables are compiled
  std::vector<int> y_deps, yp_deps;               // what the inputs read, sorted

  int inputs_count() const { return static_cast<int>(B.cols()); }
  int outputs_count() const { return static_cast<int>(C.rows()); }
};

/// The rows x columns entries of a Matrix (dense in row or column order, or sparse with
/// 1-based indices); throws ModelError naming the matrix for inconsistent data.
MatX DenseMatrix(const model::Matrix& matrix);

/// The observable canonical realisation of a Tfsiso (see system.h); throws ModelError
/// naming it for bad coefficients or arrays.
LinearStates TfsisoStates(const model::Tfsiso& tf);

/// The equations of an Lse, with the dimension checks of MotionSolve's Control_StateEqn
/// (A n x n, B n x m, C p x n, D p x m; n the X array's states, m the U array's variables,
/// p the Y array's outputs, the IC array n numbers); throws ModelError naming the Lse and
/// the sizes that disagree.
LinearStates LseStates(const model::Lse& lse);

}  // namespace msolve::system
