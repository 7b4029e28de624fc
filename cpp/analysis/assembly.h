// Assembly of positions: the least change of the body positions that meets the joint
// equations, solved by Newton (KINSOL) on a problem scaled to the model's length scale, and
// followed in continuation steps from the design position when a direct solve fails
// (docs/equations.md §5.2). Part of the analysis layer, used by the initial-conditions
// analysis and when rank tracking takes rows back.
#pragma once

#include "common/types.h"
#include "system/system.h"

namespace msolve::analysis {

/// The model's length scale at the positions in y: the largest side of the box around the
/// mass centres and the joint markers' origins (model length units); 1 when they coincide.
double LengthScale(const system::System& sys, const double* y);

/// The scaling of the Newton solves on the position constraints, assembly and kinematic
/// analysis alike (docs/equations.md §5.2): positions q = D z with D = diag(length for a
/// translation, 1 for a quaternion component), and each row a of `rows` multiplied by
/// row_scale[a] = 1 / |row a of G D| at the positions it was made at (1 for a row whose
/// gradient nearly vanishes), so that the problem is dimensionless: a model in millimetres
/// follows the same iterates as the same model in metres.
struct PositionScaling {
  double length = 1.0;
  VecX row_scale;  // per entry of the rows it was made for
  double D(int col) const { return col % 7 < 3 ? length : 1.0; }
};

/// The scaling of `rows` (indices into sys.rows()) at the positions in y; `length` is the
/// length scale, LengthScale(sys, y) when 0.
PositionScaling ScalePositionRows(const system::System& sys, double t, const double* memory,
                                  const double* y, const std::vector<int>& rows,
                                  double length = 0.0);

/// Moves the body positions in y as little as possible (translations measured in the length
/// scale, orientations by their quaternions) so that every active joint equation and every
/// quaternion norm holds. Throws ModelError naming the joints that cannot be met and by how
/// much, at the configuration that comes closest to meeting them. Returns the number of
/// continuation steps taken (0 when the direct solve succeeded). `length` is the length
/// scale of the metric, LengthScale(sys, y) when 0; the corrections during a run (rank
/// tracking) keep the unscaled metric, length 1 (docs/equations.md §5.2). The equations are
/// met to `tolerance` in that metric, kAssemblyTolerance when 0; a state the integrator
/// restarts from needs a tenth of kConstraintTolerance (docs/equations.md §6.2).
int AssemblePositions(const system::System& sys, double t, const double* memory, VecX* y,
                      double length = 0.0, double tolerance = 0.0);

/// Throws the ModelError of a model that cannot be assembled: the joints (all rows, active or
/// set aside as redundant) that stay open at the configuration closest to meeting them, found
/// by least squares from `start`, each with its gap in model length units or radians.
[[noreturn]] void ThrowOpenJoints(const system::System& sys, double t, const double* memory,
                                  const VecX& start);

}  // namespace msolve::analysis
