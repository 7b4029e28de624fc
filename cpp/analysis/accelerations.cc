#include "analysis/accelerations.h"

#include <algorithm>
#include <cmath>

#include <Eigen/LU>

#include "analysis/initial_conditions.h"

namespace msolve::analysis {
namespace {

using system::SparseMat;
using system::System;

// an LDL^T pivot below this fraction of the largest: S too close to singular for the Schur
// complement, whose condition is about the square of the augmented system's
constexpr double kSmallestPivot = 1e-12;

}  // namespace

bool AccelerationSolver::Prepare(const System& sys) {
  const int nb = sys.body_count();
  inverse_mass_.assign(nb, 0.0);
  inverse_inertia_.assign(nb, Mat3::Zero());
  const double ucf = sys.ucf();
  for (int k = 0; k < nb; ++k) {
    const auto& b = sys.bodies()[k];
    if (!b.massless_directions.empty() || !(b.mass > 0)) return false;
    Eigen::FullPivLU<Mat3> lu(b.inertia);
    if (!lu.isInvertible()) return false;
    inverse_mass_[k] = ucf / b.mass;
    inverse_inertia_[k] = ucf * lu.inverse();
  }
  return true;
}

bool AccelerationSolver::Factor(const System& sys, const SparseMat& Bfull) {
  const int nb = sys.body_count();
  const int m = sys.active_rows();
  // B over the active rows (all of them unless some were set aside)
  if (m == static_cast<int>(sys.rows().size())) {
    B_ = Bfull;
  } else {
    std::vector<Eigen::Triplet<double>> trip;
    trip.reserve(Bfull.nonZeros());
    for (int c = 0; c < Bfull.outerSize(); ++c)
      for (SparseMat::InnerIterator it(Bfull, c); it; ++it) {
        const int a = sys.rows()[it.row()].active;
        if (a >= 0) trip.emplace_back(a, c, it.value());
      }
    B_.resize(m, 6 * nb);
    B_.setFromTriplets(trip.begin(), trip.end());
  }
  // M^-1 B^T, block by block (the rows of a body's six coordinates)
  SparseMat Bt = B_.transpose();
  std::vector<Eigen::Triplet<double>> trip;
  trip.reserve(4 * Bt.nonZeros());
  for (int a = 0; a < Bt.outerSize(); ++a)
    for (SparseMat::InnerIterator it(Bt, a); it; ++it) {
      const int k = static_cast<int>(it.row()) / 6, comp = static_cast<int>(it.row()) % 6;
      if (comp < 3) {
        trip.emplace_back(it.row(), a, inverse_mass_[k] * it.value());
      } else {
        for (int g = 0; g < 3; ++g)
          trip.emplace_back(6 * k + 3 + g, a, inverse_inertia_[k](g, comp - 3) * it.value());
      }
    }
  MB_.resize(6 * nb, m);
  MB_.setFromTriplets(trip.begin(), trip.end());
  S_ = B_ * MB_;
  S_.makeCompressed();
  const bool same = analysed_ && S_.rows() == static_cast<Eigen::Index>(outer_.size()) - 1 &&
                    std::equal(outer_.begin(), outer_.end(), S_.outerIndexPtr()) &&
                    static_cast<Eigen::Index>(inner_.size()) == S_.nonZeros() &&
                    std::equal(inner_.begin(), inner_.end(), S_.innerIndexPtr());
  if (!same) {
    ldlt_.analyzePattern(S_);
    outer_.assign(S_.outerIndexPtr(), S_.outerIndexPtr() + S_.rows() + 1);
    inner_.assign(S_.innerIndexPtr(), S_.innerIndexPtr() + S_.nonZeros());
    analysed_ = true;
  }
  ldlt_.factorize(S_);
  if (ldlt_.info() != Eigen::Success) return false;
  const VecX d = ldlt_.vectorD();
  const double largest = d.cwiseAbs().maxCoeff();
  return d.minCoeff() > kSmallestPivot * largest;
}

SparseMat AccelerationSolver::Solve(const System& sys, double t, const double* memory, VecX* y,
                                    VecX* yp) {
  if (!prepared_) {
    schur_ = Prepare(sys);
    prepared_ = true;
  }
  const int nb = sys.body_count();
  const int m = sys.active_rows();
  if (!schur_ || m == 0 || nb == 0) return SolveAccelerations(sys, t, memory, y, yp);
  const SparseMat Bfull = sys.VelocityJacobian(t, y->data(), memory);
  if (!Factor(sys, Bfull)) return SolveAccelerations(sys, t, memory, y, yp);
  // B u' + gamma = d2f/dt2 on motion rows
  const VecX gamma_full =
      sys.VelocityJacobianRate(t, y->data(), memory) - sys.DriverValues(t, y->data(), memory, 2);
  VecX gamma(m);
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if (sys.rows()[r].active >= 0) gamma[sys.rows()[r].active] = gamma_full[r];
  // forces that read reactions (FX, JOINT, ...) make this a fixed point in lambda, as in
  // SolveAccelerations
  constexpr int kReactionPasses = 50;
  const int max_passes = sys.ReadsMultipliers() ? kReactionPasses : 1;
  lambda_.setZero(m);
  accel_.resize(6 * nb);
  for (int pass = 0; pass < max_passes; ++pass) {
    force_ =
        sys.AppliedForces(t, y->data(), yp->size() == sys.size() ? yp->data() : nullptr, memory);
    const VecX previous = lambda_;
    // S lambda = B M^-1 F + gamma, with one step of iterative refinement
    rhs_ = MB_.transpose() * force_ + gamma;
    lambda_ = ldlt_.solve(rhs_);
    lambda_ += ldlt_.solve(rhs_ - S_ * lambda_);
    y->segment(sys.lambda_offset(), m) = lambda_;
    const double change = (lambda_ - previous).cwiseAbs().maxCoeff();
    const double scale = std::max(1.0, lambda_.cwiseAbs().maxCoeff());
    if (max_passes == 1 || change <= 1e-12 * scale) break;
    if (pass + 1 == max_passes) return SolveAccelerations(sys, t, memory, y, yp);
  }
  // u' = M^-1 (F - B^T lambda)
  force_ -= B_.transpose() * lambda_;
  for (int k = 0; k < nb; ++k) {
    accel_.segment<3>(6 * k) = inverse_mass_[k] * force_.segment<3>(6 * k);
    accel_.segment<3>(6 * k + 3) = inverse_inertia_[k] * force_.segment<3>(6 * k + 3);
  }
  yp->setZero(sys.size());
  qdot_.resize(7 * nb);
  sys.PositionRates(y->data(), qdot_.data());
  for (int k = 0; k < nb; ++k) {
    const int o = System::BodyOffset(k);
    for (int d = 0; d < 7; ++d) (*yp)[o + d] = qdot_[7 * k + d];
    yp->segment<6>(o + 7) = accel_.segment<6>(6 * k);
  }
  y->segment(sys.mu_offset(), m + nb).setZero();
  sys.SolveDiffRates(t, y->data(), yp->data(), memory, &Bfull);
  return Bfull;
}

}  // namespace msolve::analysis
