// Whether a static equilibrium is stable: the eigenvalues of the stiffness in the directions
// the constraints leave free (docs/equations.md §8.2).
#pragma once

#include "common/types.h"
#include "system/system.h"

namespace msolve::analysis {

struct Stability {
  bool checked = false;     // false: the model is too large for the dense eigenvalue problem
  int free_directions = 0;  // the degrees of freedom at the equilibrium
  /// The eigenvalues omega^2 of K z = omega^2 M z in the free directions (K the reduced
  /// stiffness, M the reduced mass matrix), or of K alone when M is singular there
  /// (with_mass false); negative ones are unstable directions.
  int negative = 0;
  double lowest = 0.0;
  bool with_mass = true;
};

/// The reduced stiffness at the equilibrium (t, y) of the bodies (control states held):
/// K = N^T (dR/dq) T N with R the force and torque balance of the DAE, T the map from the
/// velocities u to the position rates, N an orthonormal basis of the null space of the active
/// velocity Jacobian B. `memory` is the memory block of the run's state (system/state.h).
Stability CheckStability(const system::System& sys, double t, const double* memory, const VecX& y);

}  // namespace msolve::analysis
