#include "analysis/initial_conditions.h"

#include <cmath>
#include <functional>
#include <sstream>

#include <Eigen/Dense>
#include <Eigen/SparseLU>

#include "common/error.h"
#include "math/rotation.h"
#include "mbs/joint_equations.h"

namespace msolve::analysis {
namespace {

using system::SparseMat;

// up to this size the index-1 (KKT) system is solved densely
constexpr int kDenseKktLimit = 60;
// passes of the fixed point in the reactions when forces read them
constexpr int kReactionPasses = 50;
using system::System;

}  // namespace

std::string JointName(const System& sys, int row) {
  const auto& r = sys.rows()[row];
  const auto& joint = sys.joints()[r.joint];
  std::ostringstream s;
  s << joint.Describe() << " equation " << r.local + 1 << " (" << joint.RowName(r.local) << ")";
  return s.str();
}

std::vector<std::string> SetAsideRedundantRows(System* sys, double t, const double* memory,
                                               const VecX& y) {
  std::vector<std::string> lines;
  const int m = static_cast<int>(sys->rows().size());
  if (m == 0) return lines;
  // rank-revealing sparse QR of B^T (rows of B scaled to unit length): the columns whose
  // pivots fall below the threshold are equations that depend on the others
  const SparseMat B = sys->VelocityJacobian(t, y.data(), memory);
  std::vector<bool> active(m, false);
  // no moving coordinates (joints between ground parts only): every equation is a constant,
  // none independent; SparseQR cannot factor a matrix with no rows
  if (B.cols() == 0) {
    for (int r = 0; r < m; ++r) lines.push_back(JointName(*sys, r));
    sys->SetActiveRows(active);
    return lines;
  }
  const IndependentRows rows = FactorRows(*sys, B, 1e-8);
  for (int k = 0; k < rows.rank; ++k) active[rows.order[k]] = true;
  // rows that are entirely zero (B.row = 0) are dependent too
  for (int r = 0; r < m; ++r)
    if (!active[r]) lines.push_back(JointName(*sys, r));
  sys->SetActiveRows(active);
  return lines;
}

// Motion displacements that no assembly can meet: not finite, or beyond the largest a
// double holds meaningfully (an angle of 1e20 rad, a translation of 1e200)
// (order 0), or whose velocity (1) or acceleration (2) is (per unit time) as large
void CheckMotionValues(const System& sys, double t, const VecX& drivers, int order) {
  static const char* const kWhat[] = {"displacement", "velocity", "acceleration"};
  for (size_t r = 0; r < sys.rows().size(); ++r) {
    const double value = drivers[r];
    const bool angle = mbs::IsMotionAngle(sys.joints()[sys.rows()[r].joint].type());
    const double largest = angle ? kLargestMotionAngle : kLargestMotionTranslation;
    if (std::isfinite(value) && std::abs(value) <= largest) continue;
    std::ostringstream s;
    s << JointName(sys, static_cast<int>(r)) << ": its " << kWhat[order] << " at time " << t
      << " is " << value << "; ";
    if (!std::isfinite(value))
      s << "it must be finite";
    else
      s << "a Motion's " << (angle ? "angular " : "") << kWhat[order] << " must be at most "
        << largest << " in size";
    throw ModelError(s.str());
  }
}

// A force, Diff or Motion that is not finite at the start (ASIN(2), 1/TIME, a routine's NaN)
// makes the accelerations so: named here, before the integrator sees only a failed residual.
void CheckFinite(const System& sys, double t, const double* memory, const VecX& y, const VecX& yp) {
  if (y.allFinite() && yp.allFinite()) return;
  // the elements evaluated where the state is still finite: the positions and velocities
  // (the rates set to zero where they are not known)
  VecX y0 = y, yp0 = yp;
  for (Eigen::Index k = 0; k < y0.size(); ++k) {
    if (!std::isfinite(y0[k])) y0[k] = 0.0;
    if (!std::isfinite(yp0[k])) yp0[k] = 0.0;
  }
  std::string why = sys.NonFinite(t, y0.data(), yp0.data(), memory);
  if (why.empty()) why = "the initial accelerations are not finite (infinite or NaN)";
  throw ModelError(why + "; the initial conditions cannot be computed");
}

std::vector<std::string> SolveVelocities(const System& sys, double t, const double* memory,
                                         VecX* y) {
  const int nb = sys.body_count();
  // u = (v, w) with w in global axes; targets and weights
  VecX u0 = VecX::Zero(6 * nb);
  VecX winv = VecX::Ones(6 * nb);
  std::vector<Mat3> R(nb);
  for (int k = 0; k < nb; ++k) {
    const auto& b = sys.bodies()[k];
    R[k] = math::QuatToMatrix<double>(Vec4(y->segment<4>(System::BodyOffset(k) + 3)));
    for (int c = 0; c < 6; ++c) {
      if (b.vel_ic[c]) {
        u0[6 * k + c] = *b.vel_ic[c];
        winv[6 * k + c] = 1e-10;  // user values are kept unless the constraints forbid them
      }
    }
  }
  // B in global angular-velocity components, active rows only, without the motions whose
  // initial velocity is not given (they start at the velocity the others leave them)
  const std::vector<bool> later = sys.RowsImposedLater(1);
  std::vector<int> used(sys.rows().size(), -1);
  int m = 0;
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if (sys.rows()[r].active >= 0 && !later[r]) used[r] = m++;
  const SparseMat Bfull = sys.VelocityJacobian(t, y->data(), memory);
  std::vector<Eigen::Triplet<double>> trip;
  for (int c = 0; c < Bfull.outerSize(); ++c) {
    const int k = c / 6, comp = c % 6;
    for (SparseMat::InnerIterator it(Bfull, c); it; ++it) {
      const int a = used[it.row()];
      if (a < 0) continue;
      if (comp < 3) {
        trip.emplace_back(a, c, it.value());
      } else {
        // B_wbody w_body = B_wbody R^T w_global
        for (int g = 0; g < 3; ++g)
          trip.emplace_back(a, 6 * k + 3 + g, it.value() * R[k](g, comp - 3));
      }
    }
  }
  VecX u = u0;
  if (m > 0) {
    SparseMat B(m, 6 * nb);
    B.setFromTriplets(trip.begin(), trip.end());
    const SparseMat S = B * winv.asDiagonal() * B.transpose();
    Eigen::SparseLU<SparseMat> lu;
    lu.compute(S);
    if (lu.info() != Eigen::Success)
      throw SolverError("initial velocities: the velocity constraints are singular");
    // motions prescribe the rates of their rows: B u = c
    const VecX rates = sys.DriverValues(t, y->data(), memory, 1);
    CheckMotionValues(sys, t, rates, 1);
    VecX c = VecX::Zero(m);
    for (size_t r = 0; r < sys.rows().size(); ++r)
      if (used[r] >= 0) c[used[r]] = rates[r];
    const VecX z = lu.solve(c - B * u0);
    u = u0 + winv.asDiagonal() * (B.transpose() * z);
    // the weights make that solve ill-conditioned when user values meet the constraints;
    // a least-change correction with unit weights removes what is left of B u
    const SparseMat S1 = B * B.transpose();
    Eigen::SparseLU<SparseMat> lu1;
    lu1.compute(S1);
    if (lu1.info() == Eigen::Success) u -= B.transpose() * lu1.solve(B * u - c);
  }
  // user values the constraints did not allow are reported
  std::vector<std::string> lines;
  static const char* names[6] = {"vx", "vy", "vz", "wx", "wy", "wz"};
  for (int k = 0; k < nb; ++k) {
    const auto& b = sys.bodies()[k];
    for (int c = 0; c < 6; ++c) {
      if (!b.vel_ic[c]) continue;
      const double given = *b.vel_ic[c], used = u[6 * k + c];
      if (std::abs(used - given) > 1e-6 * std::max(1.0, std::abs(given))) {
        std::ostringstream line;
        line << b.part->Describe() << ": initial " << names[c] << " = " << given
             << " conflicts with the constraints; the initial-conditions analysis used " << used;
        lines.push_back(line.str());
      }
    }
  }
  for (int k = 0; k < nb; ++k) {
    y->segment<3>(System::BodyOffset(k) + 7) = u.segment<3>(6 * k);
    y->segment<3>(System::BodyOffset(k) + 10) = R[k].transpose() * u.segment<3>(6 * k + 3);
  }
  sys.StartMotionStates(t, 1, y->data(), memory);
  return lines;
}

SparseMat SolveAccelerations(const System& sys, double t, const double* memory, VecX* y, VecX* yp) {
  const int nb = sys.body_count();
  const int m = sys.active_rows();
  const SparseMat Bfull = sys.VelocityJacobian(t, y->data(), memory);
  // B u' + gamma = d2f/dt2 on motion rows
  const VecX gamma_full =
      sys.VelocityJacobianRate(t, y->data(), memory) - sys.DriverValues(t, y->data(), memory, 2);
  std::vector<int> row_of_active(m);
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if (sys.rows()[r].active >= 0) row_of_active[sys.rows()[r].active] = static_cast<int>(r);

  // parts whose mass matrix is singular must have those motions taken by the joints
  std::vector<std::pair<int, VecX>> null_dirs;  // (body, direction in u)
  for (int k = 0; k < nb; ++k)
    for (const auto& direction : sys.bodies()[k].massless_directions) {
      VecX dir = VecX::Zero(6 * nb);
      dir.segment<6>(6 * k) = direction;
      null_dirs.emplace_back(k, dir);
    }
  if (!null_dirs.empty()) {
    MatX Z(6 * nb, null_dirs.size());
    for (size_t c = 0; c < null_dirs.size(); ++c) Z.col(c) = null_dirs[c].second;
    MatX BZ = MatX::Zero(m, Z.cols());
    for (int a = 0; a < m; ++a) BZ.row(a) = Bfull.row(row_of_active[a]) * Z;
    Eigen::FullPivLU<MatX> lu(BZ.rows() > 0 ? BZ : MatX::Zero(1, Z.cols()));
    lu.setThreshold(1e-10);
    if (lu.rank() < Z.cols()) {
      const MatX kernel = lu.kernel();
      std::vector<int> named;
      for (int c = 0; c < kernel.cols(); ++c)
        for (int d = 0; d < kernel.rows(); ++d)
          if (std::abs(kernel(d, c)) > 1e-6) {
            const int k = null_dirs[d].first;
            if (std::find(named.begin(), named.end(), k) == named.end()) named.push_back(k);
          }
      std::ostringstream s;
      s << "a part without enough mass or inertia has a free motion that no joint takes:";
      for (int k : named) {
        const auto& b = sys.bodies()[k];
        s << "\n  " << b.part->Describe() << " (mass " << b.mass << ", ip [" << b.part->ip[0]
          << ", " << b.part->ip[1] << ", " << b.part->ip[2] << "])";
      }
      s << "\ngive these parts mass and inertia, or constrain the motions they cannot resist";
      throw ModelError(s.str());
    }
  }

  // KKT system [M/UCF B^T; B 0] [u'; lambda] = [F; -gamma]
  std::vector<Eigen::Triplet<double>> trip;
  const double ucf = sys.ucf();
  for (int k = 0; k < nb; ++k) {
    const auto& b = sys.bodies()[k];
    for (int i = 0; i < 3; ++i) trip.emplace_back(6 * k + i, 6 * k + i, b.mass / ucf);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (b.inertia(i, j) != 0.0)
          trip.emplace_back(6 * k + 3 + i, 6 * k + 3 + j, b.inertia(i, j) / ucf);
  }
  for (int c = 0; c < Bfull.outerSize(); ++c)
    for (SparseMat::InnerIterator it(Bfull, c); it; ++it) {
      const int a = sys.rows()[it.row()].active;
      if (a < 0) continue;
      trip.emplace_back(6 * nb + a, c, it.value());
      trip.emplace_back(c, 6 * nb + a, it.value());
    }
  const int n = 6 * nb + m;
  SparseMat K;
  std::function<VecX(const VecX&)> solve = [](const VecX& rhs) { return rhs; };
  Eigen::FullPivLU<MatX> dense_lu;
  Eigen::SparseLU<SparseMat> sparse_lu;
  if (n > 0 && n <= kDenseKktLimit) {
    // small systems: dense LU with full pivoting, the most accurate for this indefinite matrix
    MatX dense = MatX::Zero(n, n);
    for (const auto& entry : trip) dense(entry.row(), entry.col()) += entry.value();
    dense_lu.compute(dense);
    if (!dense_lu.isInvertible())
      throw ModelError("the equations of motion are singular at the initial configuration");
    solve = [&](const VecX& rhs) -> VecX { return dense_lu.solve(rhs); };
  } else if (n > 0) {
    K.resize(n, n);
    K.setFromTriplets(trip.begin(), trip.end());
    sparse_lu.compute(K);
    if (sparse_lu.info() != Eigen::Success)
      throw ModelError("the equations of motion are singular at the initial configuration");
    solve = [&](const VecX& rhs) -> VecX {
      VecX sol = sparse_lu.solve(rhs);
      return sol + sparse_lu.solve(rhs - K * sol);  // one step of iterative refinement
    };
  }
  // forces that read reactions (FX, JOINT, ...) make this a fixed point in lambda
  VecX rhs(n), sol = VecX::Zero(n);
  for (int a = 0; a < m; ++a) rhs[6 * nb + a] = -gamma_full[row_of_active[a]];
  const int max_passes = sys.ReadsMultipliers() ? kReactionPasses : 1;
  for (int pass = 0; pass < max_passes && n > 0; ++pass) {
    rhs.head(6 * nb) =
        sys.AppliedForces(t, y->data(), yp->size() == sys.size() ? yp->data() : nullptr, memory);
    const VecX previous = sol;
    sol = solve(rhs);
    for (int a = 0; a < m; ++a) (*y)[sys.lambda_offset() + a] = sol[6 * nb + a];
    if (max_passes == 1 || m == 0) break;  // (no multipliers: nothing to settle)
    const double change = (sol - previous).tail(m).cwiseAbs().maxCoeff();
    const double scale = std::max(1.0, sol.tail(m).cwiseAbs().maxCoeff());
    if (change <= 1e-12 * scale) break;
    if (pass + 1 == max_passes)
      throw ModelError(
          "the initial reaction forces do not settle: forces that read them (FX, JOINT, ...) "
          "change them too much");
  }
  yp->setZero(sys.size());
  std::vector<double> qdot(7 * nb);
  sys.PositionRates(y->data(), qdot.data());
  for (int k = 0; k < nb; ++k) {
    const int o = System::BodyOffset(k);
    for (int d = 0; d < 7; ++d) (*yp)[o + d] = qdot[7 * k + d];
    yp->segment<6>(o + 7) = sol.segment<6>(6 * k);
  }
  y->segment(sys.mu_offset(), m + nb).setZero();
  sys.SolveDiffRates(t, y->data(), yp->data(), memory, &Bfull);
  return Bfull;
}

InitialConditionsReport ComputeInitialConditions(System* sys, double t, double* memory, VecX* y,
                                                 VecX* yp, bool keep_velocities) {
  InitialConditionsReport report;
  // redundancy at the design configuration, assembly, then again where assembled
  {
    VecX resized = VecX::Zero(sys->size());
    resized.head(sys->differential_size()) = y->head(sys->differential_size());
    *y = resized;
  }
  const VecX before = *y;
  report.redundant = SetAsideRedundantRows(sys, t, memory, *y);
  sys->ReferMotionAngles(t, y->data(), memory);
  report.continuation_steps = AssemblePositions(*sys, t, memory, y);
  // the redundancy found at the design positions holds unless the assembly moved the parts
  if (*y != before) report.redundant = SetAsideRedundantRows(sys, t, memory, *y);
  // equations set aside must hold too: a redundant equation that contradicts the others
  // means the model cannot be assembled
  // (to 1e-8 of the model's length scale when it is larger than 1)
  const VecX phi =
      sys->JointResiduals(t, y->data(), memory) - sys->DriverValues(t, y->data(), memory, 0);
  const double tolerance = 1e-8 * std::max(1.0, LengthScale(*sys, y->data()));
  if (!(phi.size() == 0 || phi.cwiseAbs().maxCoeff() <= tolerance))
    ThrowOpenJoints(*sys, t, memory, before);
  {
    VecX resized = VecX::Zero(sys->size());
    resized.head(sys->differential_size()) = y->head(sys->differential_size());
    *y = resized;
  }
  for (int k = 0; k < sys->body_count(); ++k)
    report.max_position_change = std::max(
        report.max_position_change,
        (y->segment<3>(System::BodyOffset(k)) - before.segment<3>(System::BodyOffset(k))).norm());
  if (!keep_velocities) report.velocity_conflicts = SolveVelocities(*sys, t, memory, y);
  {
    // the implicit Variables from their residuals, before the forces that read them
    // (docs/equations.md §4.8)
    const VecX zeros = VecX::Zero(sys->size());
    sys->SolveImplicitVariables(t, y->data(), yp->size() == sys->size() ? yp->data() : zeros.data(),
                                memory);
  }
  SolveAccelerations(*sys, t, memory, y, yp);
  CheckFinite(*sys, t, memory, *y, *yp);
  return report;
}

}  // namespace msolve::analysis
