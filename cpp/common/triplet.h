// One entry of a sparse matrix given as a list: the form in which Jacobians pass from the
// equations to the linear solvers.
#pragma once

namespace msolve {

/// The entry (row, col) of a sparse matrix; entries listed twice are summed.
struct Triplet {
  int row, col;
  double value;
};

}  // namespace msolve
