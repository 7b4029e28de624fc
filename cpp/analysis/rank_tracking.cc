#include "analysis/rank_tracking.h"

#include <algorithm>
#include <cmath>

#include "analysis/assembly.h"
#include "analysis/initial_conditions.h"
#include "analysis/system_dae.h"

namespace msolve::analysis {

using system::SparseMat;
using system::System;

namespace {

// The length of the run's corrections and pivots: half the model's length scale (the radius
// of the box of §5.2), so that a model in millimetres is tracked as in metres. With the
// whole side as the positions' metric, the parallelogram bridged through its singular
// position stops soon after (docs/equations.md §5.2, §5.5)
double RunLength(const System& sys, const double* y) { return 0.5 * LengthScale(sys, y); }

}  // namespace

// the positions the integrator restarts from meet the joint equations as its Newton test
// asks (docs/equations.md §6.2): otherwise, at an error bound near that tolerance, its first
// step corrects them by more than the bound whatever its size
constexpr double kRestartTolerance = 0.1 * kConstraintTolerance;

namespace {

// B with its rotation columns divided by the run's length L (RunLength, as the assembly scales
// its positions, docs/equations.md §5.2): B diag(1, 1/L) measures rotations by the
// displacement L w, so that a model in millimetres has the pivots of the same model in
// metres; FactorRows then scales each row by its norm
SparseMat ScaledJacobian(const System& sys, double t, const double* memory, const VecX& y) {
  SparseMat B = sys.VelocityJacobian(t, y.data(), memory);
  const double length = RunLength(sys, y.data());
  for (int c = 0; c < B.outerSize(); ++c)
    if (c % 6 >= 3)
      for (SparseMat::InnerIterator it(B, c); it; ++it) it.valueRef() /= length;
  return B;
}

// the rank of the rows of B kept (the others zeroed) at a pivot threshold and the smallest
// pivot of those found independent; rank -1 when the factorisation fails
int RankOf(const System& sys, SparseMat B, const std::vector<bool>& kept, double threshold,
           double* smallest) {
  for (int c = 0; c < B.outerSize(); ++c)
    for (SparseMat::InnerIterator it(B, c); it; ++it)
      if (!kept[it.row()]) it.valueRef() = 0.0;
  B.prune(0.0);
  const IndependentRows rows = FactorRows(sys, B, threshold);
  if (!rows.ok) return -1;
  *smallest = 1.0;
  for (int k = 0; k < rows.rank; ++k) *smallest = std::min(*smallest, rows.pivots[k]);
  return rows.rank;
}

}  // namespace

std::optional<ActiveRowsChange> TrackActiveRows(const System& sys, double t, const double* memory,
                                                const VecX& y, double* smallest_pivot) {
  const int m = static_cast<int>(sys.rows().size());
  if (m == 0 || sys.body_count() == 0) return std::nullopt;
  // the same factorisation as the initial choice (SetAsideRedundantRows), with the
  // run's threshold: the columns of B^T kept are those whose part independent of the
  // columns before exceeds it, and |R(k, k)| is that part's size
  const SparseMat B = ScaledJacobian(sys, t, memory, y);
  const IndependentRows rows = FactorRows(sys, B, kSingularPivot);
  if (!rows.ok) return std::nullopt;
  const int rank = rows.rank;
  int regular = 0;
  double smallest = 1.0;
  for (int k = 0; k < rank; ++k) {
    const double pivot = rows.pivots[k];
    if (pivot > kRegularPivot) ++regular;
    smallest = std::min(smallest, pivot);
  }
  ActiveRowsChange change;
  change.active.assign(m, false);
  for (int k = 0; k < rank; ++k) change.active[rows.order[k]] = true;
  const int now = sys.active_rows();
  std::vector<bool> active(m);
  for (int r = 0; r < m; ++r) active[r] = sys.rows()[r].active >= 0;
  // within the band between the thresholds the present choice stands, as long as the active
  // rows themselves stay independent: where the equations are redundant at every position
  // (a Bricard linkage), the rows set aside at the start may be the ones the position needs
  // later, the active ones then nearly dependent although the rank has not changed; they
  // are exchanged for the factorisation's choice (docs/equations.md §5.5)
  bool exchange = false;
  if (rank >= now && regular <= now && change.active != active) {
    double active_smallest = 1.0;
    const int active_rank = RankOf(sys, B, active, kSingularPivot, &active_smallest);
    // (away from singular positions, all pivots regular, already when an active pivot
    // leaves the regular band: the integration near a dependent active set drifts in the
    // direction it no longer controls)
    exchange = active_rank >= 0 && rank == now &&
               (active_rank < now || (regular == now && active_smallest < kRegularPivot));
    // the active rows' own pivots tell how far they are from dependence
    if (!exchange) smallest = std::min(smallest, active_smallest);
  }
  if (smallest_pivot) *smallest_pivot = smallest;
  if (rank >= now && regular <= now && !exchange) return std::nullopt;
  change.rank_before = now;
  change.rank_after = rank;
  for (int r = 0; r < m; ++r) {
    if (active[r] && !change.active[r]) change.set_aside.push_back(JointName(sys, r));
    if (!active[r] && change.active[r]) change.taken_back.push_back(JointName(sys, r));
  }
  if (change.set_aside.empty() && change.taken_back.empty()) return std::nullopt;
  return change;
}

void ApplyActiveRows(System* sys, const ActiveRowsChange& change, double t, double* memory, VecX* y,
                     VecX* yp) {
  const int nd = sys->differential_size();
  const VecX differential = y->head(nd);
  sys->SetActiveRows(change.active);
  // the multipliers follow from the new rows; the other states stay
  y->setZero(sys->size());
  y->head(nd) = differential;
  // rows taken back were met only to second order while aside: positions onto them by the
  // least change, then velocities by the least impulse
  if (!change.taken_back.empty())
    AssemblePositions(*sys, t, memory, y, RunLength(*sys, y->data()), kRestartTolerance);
  ProjectVelocities(*sys, t, memory, y);
  SolveAccelerations(*sys, t, memory, y, yp);
}

namespace {

// the differential states' first and second derivatives at a position and velocity that meet
// the active rows: the first from the index-1 equations, the second by a central difference
// of the first along the motion (t +- h, y +- h y')
void Derivatives(const System& sys, double t, const double* memory, const VecX& y, VecX* d1,
                 VecX* d2) {
  const int nd = sys.differential_size();
  constexpr double h = 1e-5;
  VecX y0 = y, yp0;
  SolveAccelerations(sys, t, memory, &y0, &yp0);
  *d1 = yp0.head(nd);
  VecX yp_side[2];
  for (int s = 0; s < 2; ++s) {
    const double dt = s == 0 ? h : -h;
    VecX ys = y0;
    ys.head(nd) += dt * *d1;
    SolveAccelerations(sys, t + dt, memory, &ys, &yp_side[s]);
  }
  *d2 = (yp_side[0].head(nd) - yp_side[1].head(nd)) / (2 * h);
}

}  // namespace

SingularEntry EnterSingularPosition(const System& sys, double t, const double* memory,
                                    const VecX& y) {
  SingularEntry entry;
  entry.t = t;
  entry.rank = sys.active_rows();
  entry.y = y.head(sys.differential_size());
  Derivatives(sys, t, memory, y, &entry.d1, &entry.d2);
  return entry;
}

bool BridgeSingularPosition(const System& sys, const SingularEntry& entry, double t, double* memory,
                            VecX* y, VecX* yp) {
  const int nd = sys.differential_size();
  const double dt = t - entry.t;
  VecX d1, d2;
  VecX previous = y->head(nd);
  for (int iteration = 0; iteration < kBridgeIterations; ++iteration) {
    Derivatives(sys, t, memory, *y, &d1, &d2);
    // the two-point Hermite (fourth-order) rule from the entry to here, then back onto the
    // joint equations (which the rule meets only to its own error)
    y->head(nd) = entry.y + 0.5 * dt * (entry.d1 + d1) + dt * dt / 12.0 * (entry.d2 - d2);
    AssemblePositions(sys, t, memory, y, RunLength(sys, y->data()), kRestartTolerance);
    ProjectVelocities(sys, t, memory, y);
    const double change = (y->head(nd) - previous).cwiseAbs().maxCoeff();
    const double size = std::max(1.0, previous.cwiseAbs().maxCoeff());
    previous = y->head(nd);
    if (change <= kBridgeTolerance * size) {
      SolveAccelerations(sys, t, memory, y, yp);
      return true;
    }
  }
  return false;
}

}  // namespace msolve::analysis
