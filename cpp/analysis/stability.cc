#include "analysis/stability.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <Eigen/Dense>

#include "math/rotation.h"

namespace msolve::analysis {
namespace {

using system::SparseMat;
using system::System;

// the dense eigenvalue problem is checked up to this many velocity components (100 bodies)
constexpr int kLargestDense = 600;
// an eigenvalue below -this times the largest magnitude (or 1) is negative
constexpr double kNegative = 1e-9;

}  // namespace

Stability CheckStability(const System& sys, double t, const VecX& y) {
  Stability out;
  const int nb = sys.body_count(), n = 6 * nb;
  out.free_directions = n - sys.active_rows();
  if (out.free_directions <= 0) {
    out.checked = true;  // nothing moves: nothing to lose stability
    return out;
  }
  if (n > kLargestDense) return out;
  // dR/dq: the force and torque rows of the DAE's Jacobian against the body positions
  std::vector<Triplet> triplets;
  const VecX yp = VecX::Zero(sys.size());
  sys.Jacobian(t, y.data(), yp.data(), 0.0, &triplets);
  MatX Kq = MatX::Zero(n, 7 * nb);
  for (const Triplet& e : triplets) {
    if (e.row >= System::BodyOffset(nb) || e.col >= System::BodyOffset(nb)) continue;
    const int rk = e.row / system::kBodyStates, ri = e.row % system::kBodyStates;
    const int ck = e.col / system::kBodyStates, ci = e.col % system::kBodyStates;
    if (ri >= 7 && ci < 7) Kq(6 * rk + ri - 7, 7 * ck + ci) += e.value;
  }
  // T: u = (v, w body) to q' = (r', e'), and the mass matrix M
  MatX T = MatX::Zero(7 * nb, n), M = MatX::Zero(n, n);
  for (int k = 0; k < nb; ++k) {
    const Vec4 e = y.segment<4>(System::BodyOffset(k) + 3);
    T.block<3, 3>(7 * k, 6 * k).setIdentity();
    T.block<4, 3>(7 * k + 3, 6 * k + 3) = 0.5 * math::QuatL(e);
    const auto& b = sys.bodies()[k];
    M.block<3, 3>(6 * k, 6 * k) = Mat3::Identity() * b.mass / sys.ucf();
    M.block<3, 3>(6 * k + 3, 6 * k + 3) = b.inertia / sys.ucf();
  }
  // N: an orthonormal basis of the null space of the active rows of B
  const SparseMat B = sys.VelocityJacobian(y.data());
  MatX Bt = MatX::Zero(n, std::max(1, sys.active_rows()));
  for (int c = 0; c < B.outerSize(); ++c)
    for (SparseMat::InnerIterator it(B, c); it; ++it) {
      const int a = sys.rows()[it.row()].active;
      if (a >= 0) Bt(c, a) = it.value();
    }
  Eigen::ColPivHouseholderQR<MatX> qr(Bt);
  const int rank = sys.active_rows() > 0 ? static_cast<int>(qr.rank()) : 0;
  const MatX Q = qr.householderQ();
  const MatX N = Q.rightCols(n - rank);
  out.free_directions = n - rank;
  MatX K = N.transpose() * (Kq * T) * N;
  K = 0.5 * (K + K.transpose()).eval();
  const MatX Mr = N.transpose() * M * N;
  VecX eigenvalues;
  Eigen::LLT<MatX> llt(Mr);
  if (llt.info() == Eigen::Success &&
      llt.matrixLLT().diagonal().minCoeff() > 1e-12 * std::sqrt(Mr.diagonal().maxCoeff())) {
    eigenvalues = Eigen::GeneralizedSelfAdjointEigenSolver<MatX>(K, Mr).eigenvalues();
  } else {
    out.with_mass = false;
    eigenvalues = Eigen::SelfAdjointEigenSolver<MatX>(K).eigenvalues();
  }
  out.checked = true;
  if (eigenvalues.size() == 0) return out;
  const double scale = std::max(1.0, eigenvalues.cwiseAbs().maxCoeff());
  out.lowest = eigenvalues.minCoeff();
  for (int k = 0; k < eigenvalues.size(); ++k)
    if (eigenvalues[k] < -kNegative * scale) ++out.negative;
  return out;
}

}  // namespace msolve::analysis
