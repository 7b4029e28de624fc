// The rank of the joint equations followed through a run (docs/equations.md §5.5): at a
// singular position (the bars of a parallelogram all in line, a bifurcation point) joint
// equations that are independent elsewhere become dependent; they are set aside while the
// mechanism passes through it and taken back once they are independent again.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "system/system.h"

namespace msolve::analysis {

/// Pivots of the rank-revealing QR of B^T (rows of B scaled to unit length): an active row
/// whose pivot falls below kSingularPivot is set aside during the run; a row set aside whose
/// pivot rises above kRegularPivot is taken back. The gap between the two keeps the choice
/// from flickering near the threshold. The rotation columns of B are divided by half the
/// model's length scale (analysis/assembly.h), so that the pivots do not depend on the
/// units (docs/equations.md §5.5); a pivot is
/// then of the order of the angle (radians) by which the position is away from the singular
/// one.
inline constexpr double kSingularPivot = 1e-2;
inline constexpr double kRegularPivot = 3e-2;

/// A new choice of the active joint rows.
struct ActiveRowsChange {
  std::vector<bool> active;             // per row of sys.rows()
  int rank_before = 0, rank_after = 0;  // active rows before and after
  std::vector<std::string> set_aside;   // rows that leave the active set, readable
  std::vector<std::string> taken_back;  // rows that return to it, readable
};

/// The active rows the positions in y call for, or nullopt when the present choice stands:
/// fewer when an active row has become dependent (pivot below kSingularPivot), more when a
/// row set aside has become independent (pivot above kRegularPivot). Rows dependent
/// everywhere (pivot at roundoff) stay aside.
/// `smallest_pivot` (if given) receives the smallest pivot of the rows kept, which tells how
/// far the position is from the next singular one.
std::optional<ActiveRowsChange> TrackActiveRows(const system::System& sys, double t,
                                                const double* memory, const VecX& y,
                                                double* smallest_pivot = nullptr);

/// Makes `change` the System's active set at time t and (y, y') consistent with it: the
/// differential states kept, the positions assembled onto rows taken back (least change),
/// the velocities projected onto the new velocity constraints, then accelerations and
/// multipliers from the index-1 equations. y and yp take the System's new size.
void ApplyActiveRows(system::System* sys, const ActiveRowsChange& change, double t, double* memory,
                     VecX* y, VecX* yp);

/// Where the rank was lost: the time, the active rows then, and the differential states with
/// their first and second derivatives (computed with all those rows).
struct SingularEntry {
  double t = 0.0;
  int rank = 0;
  VecX y, d1, d2;
};

/// The entry of a singular position at (t, y), before its rows are set aside.
SingularEntry EnterSingularPosition(const system::System& sys, double t, const double* memory,
                                    const VecX& y);

/// Iterations and relative tolerance of the fixed point of BridgeSingularPosition.
inline constexpr int kBridgeIterations = 30;
inline constexpr double kBridgeTolerance = 1e-11;

/// Once the rank is back (the rows of `entry` active again) at time t: the differential
/// states in y replaced by the two-point Hermite rule x = x0 + dt/2 (x0' + x') + dt^2/12
/// (x0'' - x'') from the entry, solved by fixed point with the positions and velocities
/// projected onto all the joint equations at each pass; then accelerations and
/// multipliers. The integration with rows aside only predicts the state across the
/// singular position; this corrects it to fourth order in the time spent there
/// (docs/equations.md §5.5). False (y left consistent) when the fixed point does not settle.
bool BridgeSingularPosition(const system::System& sys, const SingularEntry& entry, double t,
                            double* memory, VecX* y, VecX* yp);

}  // namespace msolve::analysis
