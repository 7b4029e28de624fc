// The kinetic-energy attrition method of statics (MotionSolve's MKEAM): the model moves under
// its own forces at a frozen time, and whenever its kinetic energy passes a maximum every
// velocity is set to zero, until the energy at a maximum is below a tolerance; Newton's
// statics then polishes the equilibrium (docs/equations.md §8.3).
#pragma once

#include "common/types.h"
#include "system/state.h"
#include "system/system.h"

namespace msolve::analysis {

struct AttritionReport {
  long removals = 0;     // maxima of the kinetic energy at which it was removed
  double kinetic = 0.0;  // the kinetic energy at the last maximum
  long steps = 0;        // the integrator's steps
  bool settled = false;  // the energy at a maximum fell below the tolerance
  /// the largest relative change of a position state since the previous removal (or the
  /// start), |dq| / max(1, |q|), when the attrition stopped
  double dq = 0.0;
};

/// Moves the positions in y (and the free control states) towards a stable equilibrium at
/// time t by kinetic-energy attrition: at most `max_removals` maxima, until the kinetic
/// energy at a maximum is below `kinetic_tolerance` (model energy units) and the positions
/// changed by less than `dq_tolerance` (relative) since the previous removal (MotionSolve's
/// max_ke_tol and max_dq_tol). Velocities end at
/// zero; motions hold their values at t, control states with static_hold and the motions'
/// states are held. y' is left consistent with y (SolveAccelerations). Throws SolverError
/// when the integration fails. The model is evaluated with `state`'s memory, which the
/// integrator's accepted steps update (only state->memory is used).
AttritionReport SettleByAttrition(const system::System& sys, double t, system::State* state,
                                  double kinetic_tolerance, double dq_tolerance, long max_removals,
                                  VecX* y, VecX* yp);

}  // namespace msolve::analysis
