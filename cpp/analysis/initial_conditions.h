// Initial-conditions analysis: assembly of positions, redundant-constraint detection,
// consistent velocities, then accelerations and multipliers, so that IDA starts from a
// consistent (y, y'). Part of the analysis layer, which works on a system::System through its
// public interface, beside the integrator's view of it (system_dae.h).
#pragma once

#include <string>
#include <vector>

#include "analysis/assembly.h"
#include "analysis/independent_rows.h"
#include "common/types.h"
#include "system/system.h"

namespace msolve::analysis {

struct InitialConditionsReport {
  /// Joint equations set aside as redundant, as readable lines.
  std::vector<std::string> redundant;
  /// User initial velocities that conflict with the constraints, as readable lines.
  std::vector<std::string> velocity_conflicts;
  /// Largest correction of a body position made by the assembly, in model length units.
  double max_position_change = 0.0;
  /// Continuation steps the assembly took when its direct solve failed (0: none).
  int continuation_steps = 0;
};

/// Every function below evaluates the System with `memory`, the memory block of the run's
/// state (system/state.h): the references of the angles followed through whole turns.

/// Tolerance on the joint equations after assembly.
inline constexpr double kAssemblyTolerance = 1e-10;

/// The largest displacement a Motion may impose (docs/equations.md §5): an angle beyond
/// kLargestMotionAngle radians has lost its digits below a millionth of a turn, and a
/// translation beyond kLargestMotionTranslation length units makes the squared norms of the
/// assembly overflow; either is refused, naming the Motion.
inline constexpr double kLargestMotionAngle = 1e10;
inline constexpr double kLargestMotionTranslation = 1e100;

/// A joint equation (a row of sys.rows()) for a message: "Joint 3 (REVOLUTE) equation 2 (y
/// position)".
std::string JointName(const system::System& sys, int row);

/// Marks linearly dependent joint equations of `sys` as set aside (redundant) at the
/// positions in y; returns one line per equation set aside.
std::vector<std::string> SetAsideRedundantRows(system::System* sys, double t, const double* memory,
                                               const VecX& y);

/// The motion values `drivers` of a derivative `order` (0, 1, 2) at t: throws ModelError
/// naming the Motion when one is not finite or beyond kLargestMotionAngle/Translation.
void CheckMotionValues(const system::System& sys, double t, const VecX& drivers, int order);

/// Solves velocities that satisfy the velocity constraints while keeping the user's initial
/// velocities (those not given are kept as close to zero as possible). Returns one line per
/// user value that the constraints did not allow.
std::vector<std::string> SolveVelocities(const system::System& sys, double t, const double* memory,
                                         VecX* y);

/// Solves accelerations and multipliers from the index-1 equations; fills y' and the
/// multipliers in y. Throws ModelError when a part without mass or inertia has a free motion.
/// Returns the velocity Jacobian B at the positions of y (which it does not change).
system::SparseMat SolveAccelerations(const system::System& sys, double t, const double* memory,
                                     VecX* y, VecX* yp);

/// The full analysis: redundancy, assembly, velocities, accelerations. Motion angles take
/// their imposed value at t as their reference in `memory` (System::ReferMotionAngles).
InitialConditionsReport ComputeInitialConditions(system::System* sys, double t, double* memory,
                                                 VecX* y, VecX* yp, bool keep_velocities);

}  // namespace msolve::analysis
