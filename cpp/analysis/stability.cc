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

Stability CheckStability(const System& sys, double t, const double* memory, const VecX& y) {
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
  sys.Jacobian(t, y.data(), yp.data(), memory, 0.0, &triplets);
  std::vector<Eigen::Triplet<double>> kq;
  for (const Triplet& e : triplets) {
    if (e.row >= System::BodyOffset(nb) || e.col >= System::BodyOffset(nb)) continue;
    const int rk = e.row / system::kBodyStates, ri = e.row % system::kBodyStates;
    const int ck = e.col / system::kBodyStates, ci = e.col % system::kBodyStates;
    if (ri >= 7 && ci < 7) kq.emplace_back(6 * rk + ri - 7, 7 * ck + ci, e.value);
  }
  SparseMat Kq(n, 7 * nb);
  Kq.setFromTriplets(kq.begin(), kq.end());
  // T: u = (v, w body) to q' = (r', e'), block diagonal; and the mass matrix M
  std::vector<Eigen::Triplet<double>> t_entries, m_entries;
  for (int k = 0; k < nb; ++k) {
    const Vec4 e = y.segment<4>(System::BodyOffset(k) + 3);
    const Eigen::Matrix<double, 4, 3> half_l = 0.5 * math::QuatL(e);
    const auto& b = sys.bodies()[k];
    for (int i = 0; i < 3; ++i) {
      t_entries.emplace_back(7 * k + i, 6 * k + i, 1.0);
      m_entries.emplace_back(6 * k + i, 6 * k + i, b.mass / sys.ucf());
      for (int d = 0; d < 4; ++d)
        t_entries.emplace_back(7 * k + 3 + d, 6 * k + 3 + i, half_l(d, i));
      for (int j = 0; j < 3; ++j)
        if (b.inertia(i, j) != 0.0)
          m_entries.emplace_back(6 * k + 3 + i, 6 * k + 3 + j, b.inertia(i, j) / sys.ucf());
    }
  }
  SparseMat T(7 * nb, n), M(n, n);
  T.setFromTriplets(t_entries.begin(), t_entries.end());
  M.setFromTriplets(m_entries.begin(), m_entries.end());
  // N: an orthonormal basis of the null space of the active rows of B
  const SparseMat B = sys.VelocityJacobian(t, y.data(), memory);
  MatX Bt = MatX::Zero(n, std::max(1, sys.active_rows()));
  for (int c = 0; c < B.outerSize(); ++c)
    for (SparseMat::InnerIterator it(B, c); it; ++it) {
      const int a = sys.rows()[it.row()].active;
      if (a >= 0) Bt(c, a) = it.value();
    }
  Eigen::ColPivHouseholderQR<MatX> qr(Bt);
  const int rank = sys.active_rows() > 0 ? static_cast<int>(qr.rank()) : 0;
  // the last n - rank columns of Q, without forming Q
  MatX N = MatX::Identity(n, n).rightCols(n - rank);
  N.applyOnTheLeft(qr.householderQ());
  out.free_directions = n - rank;
  const MatX TN = T * N;
  MatX K = N.transpose() * (Kq * TN);
  K = 0.5 * (K + K.transpose()).eval();
  const MatX Mr = N.transpose() * (M * N);
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
