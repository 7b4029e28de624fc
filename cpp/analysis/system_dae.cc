#include "analysis/system_dae.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/SparseLU>

#include "analysis/initial_conditions.h"
#include "common/error.h"
#include "math/rotation.h"

namespace msolve::analysis {

using solver::StateTolerance;

std::vector<StateTolerance> SystemDae::Tolerances() const {
  std::vector<StateTolerance> tolerances(sys_.size(), StateTolerance::kExcluded);
  const int n = sys_.differential_size();
  std::fill(tolerances.begin(), tolerances.begin() + n, StateTolerance::kErrorBound);
  // the work of the non-conservative forces is an output: no part of the error test
  if (sys_.work_state() >= 0) tolerances[sys_.work_state()] = StateTolerance::kExcluded;
  // implicit Variables are algebraic: converged by Newton, as reactions read by forces
  for (const int index : sys_.AlgebraicStates()) tolerances[index] = StateTolerance::kRelative;
  // reactions that forces (FX, JOINT, ...) read feed the equations back: converged to a
  // relative tolerance; otherwise, as the multipliers mu, they follow from the motion
  if (sys_.ReadsMultipliers())
    std::fill(tolerances.begin() + sys_.lambda_offset(),
              tolerances.begin() + sys_.lambda_offset() + sys_.active_rows(),
              StateTolerance::kRelative);
  // the index-3 form bounds the error of the positions only: its velocities are index-2
  // variables, out of the error test and of Newton's weighted test; they follow from the
  // positions through the BDF formula of the kinematic equations (docs/equations.md §6.1)
  if (index_three_)
    for (int k = 0; k < sys_.body_count(); ++k) {
      const int o = system::System::BodyOffset(k);
      std::fill(tolerances.begin() + o + 7, tolerances.begin() + o + 13, StateTolerance::kExcluded);
    }
  return tolerances;
}

void SystemDae::Residual(double t, const double* y, const double* yp, double* F) const {
  sys_.Residual(SideOf(t), y, yp, memory(), F);
  if (!index_three_) return;
  // I3: the rows of lambda (the velocity constraints) hold the joint rows' mu at zero
  const int lam0 = sys_.lambda_offset(), mu0 = sys_.mu_offset();
  for (int a = 0; a < sys_.active_rows(); ++a) F[lam0 + a] = y[mu0 + a];
}

std::vector<solver::ConstraintGroup> SystemDae::ConstraintGroups() const {
  const int m = sys_.active_rows();
  // I3: the velocity constraints are not enforced (docs/equations.md §6.2)
  if (index_three_) return {{sys_.mu_offset(), m + sys_.body_count(), kConstraintTolerance}};
  return {
      // velocity constraints: the rows of the multipliers lambda
      {sys_.lambda_offset(), m, kVelocityConstraintTolerance},
      // position constraints: joint rows and quaternion norms, the rows of mu
      {sys_.mu_offset(), m + sys_.body_count(), kConstraintTolerance},
  };
}

void SystemDae::Jacobian(double t, const double* y, const double* yp, double cj,
                         std::vector<Triplet>* out) const {
  sys_.Jacobian(SideOf(t), y, yp, memory(), cj, out);
  if (!index_three_) return;
  // I3: the rows of lambda are mu_a = 0 (see Residual)
  const int lam0 = sys_.lambda_offset(), mu0 = sys_.mu_offset(), m = sys_.active_rows();
  out->erase(std::remove_if(out->begin(), out->end(),
                            [&](const Triplet& e) { return e.row >= lam0 && e.row < lam0 + m; }),
             out->end());
  for (int a = 0; a < m; ++a) out->push_back({lam0 + a, mu0 + a, 1.0});
}

std::vector<double> SystemDae::DiscontinuityTimes() const {
  if (!breaks_known_) {
    breaks_ = sys_.DiscontinuityTimes();
    breaks_known_ = true;
  }
  return breaks_;
}

double SystemDae::SideOf(double t) const {
  if (!breaks_known_ || breaks_.empty()) return t;
  if (reconciled_ && t == reconciled_at_) return t;
  if (!std::binary_search(breaks_.begin(), breaks_.end(), t)) return t;
  return std::nextafter(t, -std::numeric_limits<double>::infinity());
}

void SystemDae::Reconcile(double t, VecX* y, VecX* yp) {
  reconciled_ = true;
  reconciled_at_ = t;
  ProjectVelocities(sys_, t, memory(), y);
  SolveAccelerations(sys_, t, memory(), y, yp);
}

void SystemDae::ReconcileSwitch(double t, VecX* y, VecX* yp) {
  // the velocities met the constraints before the switch; only a motion that switched
  // imposes new ones, and at a singular position the projection has no unique answer
  try {
    ProjectVelocities(sys_, t, memory(), y);
  } catch (const SolverError&) {
  }
  SolveAccelerations(sys_, t, memory(), y, yp);
}

void ProjectVelocities(const system::System& sys, double t, const double* memory, VecX* y) {
  const int nb = sys.body_count();
  if (nb == 0 || sys.active_rows() == 0) return;
  // u = (v, w), w in global axes; W the inverse mass matrix in those coordinates (identity
  // for a body without mass or with a singular inertia)
  std::vector<Mat3> R(nb);
  std::vector<Eigen::Triplet<double>> w_trip;
  VecX u(6 * nb);
  for (int k = 0; k < nb; ++k) {
    const int o = system::System::BodyOffset(k);
    R[k] = math::QuatToMatrix<double>(Vec4(y->segment<4>(o + 3)));
    u.segment<3>(6 * k) = y->segment<3>(o + 7);
    u.segment<3>(6 * k + 3) = R[k] * y->segment<3>(o + 10);
    const auto& b = sys.bodies()[k];
    const double m = b.mass > 0 ? 1.0 / b.mass : 1.0;
    Mat3 jinv = Mat3::Identity();
    Eigen::FullPivLU<Mat3> lu(b.inertia);
    if (lu.isInvertible()) jinv = R[k] * lu.inverse() * R[k].transpose();
    for (int a = 0; a < 3; ++a) {
      w_trip.emplace_back(6 * k + a, 6 * k + a, m);
      for (int c = 0; c < 3; ++c) w_trip.emplace_back(6 * k + 3 + a, 6 * k + 3 + c, jinv(a, c));
    }
  }
  system::SparseMat W(6 * nb, 6 * nb);
  W.setFromTriplets(w_trip.begin(), w_trip.end());
  // B over the active rows, angular columns in global axes
  std::vector<int> used(sys.rows().size(), -1);
  int m = 0;
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if (sys.rows()[r].active >= 0) used[r] = m++;
  const system::SparseMat Bfull = sys.VelocityJacobian(t, y->data(), memory);
  std::vector<Eigen::Triplet<double>> trip;
  for (int c = 0; c < Bfull.outerSize(); ++c) {
    const int k = c / 6, comp = c % 6;
    for (system::SparseMat::InnerIterator it(Bfull, c); it; ++it) {
      const int a = used[it.row()];
      if (a < 0) continue;
      if (comp < 3) {
        trip.emplace_back(a, c, it.value());
      } else {
        for (int g = 0; g < 3; ++g)
          trip.emplace_back(a, 6 * k + 3 + g, it.value() * R[k](g, comp - 3));
      }
    }
  }
  system::SparseMat B(m, 6 * nb);
  B.setFromTriplets(trip.begin(), trip.end());
  const VecX rates = sys.DriverValues(t, y->data(), memory, 1);
  VecX c = VecX::Zero(m);
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if (used[r] >= 0) c[used[r]] = rates[r];
  // u+ = u - W B^T (B W B^T)^-1 (B u - c)
  const system::SparseMat S = B * W * B.transpose();
  Eigen::SparseLU<system::SparseMat> lu;
  lu.compute(S);
  if (lu.info() != Eigen::Success)
    throw SolverError("restart at a discontinuity: the velocity constraints are singular");
  u -= W * (B.transpose() * lu.solve(B * u - c));
  for (int k = 0; k < nb; ++k) {
    const int o = system::System::BodyOffset(k);
    y->segment<3>(o + 7) = u.segment<3>(6 * k);
    y->segment<3>(o + 10) = R[k].transpose() * u.segment<3>(6 * k + 3);
  }
}

}  // namespace msolve::analysis
