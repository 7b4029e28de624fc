// Kinematic analysis (simulate type KINEMATICS): for a model whose motions and joints fix
// every freedom, the positions, velocities, accelerations and reactions at each output time
// are solved from the constraints alone, never integrated (docs/equations.md §9).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/types.h"
#include "system/system.h"

namespace msolve::analysis {

/// The degrees of freedom the active joint equations leave, at the positions in y.
struct Freedom {
  int count = 0;
  /// The parts that can move with every motion held, described ("Part 2 'crank'").
  std::vector<std::string> free_parts;
};

/// 6 per body less the active (independent) joint equations; the free parts from the null
/// space of the velocity Jacobian when there are any. `memory` is the memory block of the
/// run's state (system/state.h).
Freedom FreedomOf(const system::System& sys, double t, const double* memory, const VecX& y);

/// Whether every differential state of `sys` is a body's (or the work of the non-conservative
/// forces): the others (Diffs, Tfsisos, Lses, Motions given as a velocity or an acceleration)
/// are integrals over time that the kinematic analysis cannot solve algebraically.
bool OnlyBodyStates(const system::System& sys);

/// Moves the state (y, y') of a model without degrees of freedom from time t0 to time t:
/// positions by Newton on the position constraints and the quaternion norms (started from
/// the positions at t0 moved on by their rates), velocities from the velocity constraints,
/// accelerations and reactions from the index-1 equations, the work of the non-conservative
/// forces from the energy balance. Throws SolverError when the position constraints cannot
/// be met (the configuration locks up, or a motion leaves the reach of the mechanism); y and
/// y' are then unchanged. When a part turns far between t0 and t the interval is taken in
/// steps, each state between given to `accept` (elements that follow angles through whole
/// turns take it, as after an integrator's step; it may write the run's `memory`).
using AcceptState = std::function<void(double t, const VecX& y, const VecX& yp)>;
void SolveKinematics(const system::System& sys, double t0, double t, const double* memory,
                     const AcceptState& accept, VecX* y, VecX* yp);

}  // namespace msolve::analysis
