// The loop closures of the joint-coordinate form (analysis/tree_form.h, docs/equations.md
// §6.12): the joints cut from the spanning tree are closure equations Phi(q) = 0 on the
// tree's coordinates; a rank-revealing QR of their Jacobian chooses independent rows and
// dependent coordinates, the ODE's states are the independent coordinates, and every
// evaluation recovers the dependent positions by Newton, the dependent velocities from
// Phi_q u = 0 and the accelerations from the closed-loop equations in the independent ones.
#include <algorithm>
#include <sstream>

#include <Eigen/Cholesky>
#include <Eigen/QR>

#include "analysis/tree_form.h"
#include "common/error.h"

namespace msolve::analysis {
namespace {

// Newton on the dependent positions, as the ODE form's (docs/equations.md §6.9)
constexpr int kNewtonIterations = 10;
constexpr double kNewtonResidual = 1e-2 * kConstraintTolerance;
// rank decisions on the scaled closure Jacobian: a pivot below this fraction of the largest
// is zero (redundant closure rows, as a planar loop's out-of-plane ones, are exactly so)
constexpr double kRankThreshold = 1e-8;
// the dependent coordinates are chosen again when their block's conditioning (smallest over
// largest pivot) falls below this fraction of the best choice's
constexpr double kRepartitionRatio = 0.1;
// the loops are near a singular position (their closure equations about to lose rank) when
// the best choice's pivot ratio is below this: joint coordinates stop there
constexpr double kSingularRatio = 1e-2;

MatX Columns(const MatX& A, const std::vector<int>& cols) {
  MatX out(A.rows(), cols.size());
  for (size_t c = 0; c < cols.size(); ++c) out.col(c) = A.col(cols[c]);
  return out;
}

MatX Rows(const MatX& A, const std::vector<int>& rows) {
  MatX out(rows.size(), A.cols());
  for (size_t r = 0; r < rows.size(); ++r) out.row(r) = A.row(rows[r]);
  return out;
}

// the closure Jacobian with each column and row divided by its length at the start of the
// integration (`col_scale`, `row_scale`): pivots that do not depend on the units, and that
// fall as the loop nears a singular position (where whole rows vanish)
MatX Scaled(const MatX& A, const VecX& col_scale, const VecX& row_scale) {
  return row_scale.cwiseInverse().asDiagonal() * A * col_scale.cwiseInverse().asDiagonal();
}

// smallest over largest diagonal entry of a column-pivoted QR of a square matrix
double PivotRatio(const MatX& A) {
  if (A.rows() == 0) return 1.0;
  const Eigen::ColPivHouseholderQR<MatX> qr(A);
  const auto d = qr.matrixQR().diagonal().cwiseAbs();
  return d.maxCoeff() > 0.0 ? d.minCoeff() / d.maxCoeff() : 0.0;
}

// The first `count` pivots of a column-pivoted QR of A, sorted.
std::vector<int> Pivots(const MatX& A, int count) {
  std::vector<int> out;
  if (count == 0) return out;
  const Eigen::ColPivHouseholderQR<MatX> qr(A);
  const auto& perm = qr.colsPermutation().indices();
  for (int k = 0; k < count; ++k) out.push_back(perm[k]);
  std::sort(out.begin(), out.end());
  return out;
}

int Rank(const MatX& A) {
  if (A.size() == 0) return 0;
  Eigen::ColPivHouseholderQR<MatX> qr(A);
  qr.setThreshold(kRankThreshold);
  return static_cast<int>(qr.rank());
}

// A partition of the closure Jacobian: its rank, the independent rows, the dependent
// columns (among `eligible`) and the pivot ratio of their block (all on the scaled Jacobian)
struct Choice {
  int rank = 0, eligible_rank = 0;
  std::vector<int> rows, dep;
  double ratio = 1.0;
};

Choice Choose(const MatX& scaled, const std::vector<int>& eligible) {
  Choice c;
  c.rank = Rank(scaled);
  const MatX E = Columns(scaled, eligible);
  c.eligible_rank = Rank(E);
  if (c.eligible_rank < c.rank) return c;
  c.rows = Pivots(E.transpose(), c.rank);
  const MatX block = Rows(E, c.rows);
  for (int k : Pivots(block, c.rank)) c.dep.push_back(eligible[k]);
  c.ratio = PivotRatio(Columns(Rows(scaled, c.rows), c.dep));
  return c;
}

}  // namespace

void TreeForm::SetUpLoops() {
  cut_index_.assign(sys_.rows().size(), -1);
  for (const int k : cuts_) {
    for (const int r : joint_rows_[k]) {
      cut_index_[r] = static_cast<int>(cut_rows_.size());
      cut_rows_.push_back(r);
    }
    for (const int b : {sys_.joints()[k].i().body, sys_.joints()[k].j().body})
      if (b != kGround && std::find(cut_bodies_.begin(), cut_bodies_.end(), b) == cut_bodies_.end())
        cut_bodies_.push_back(b);
  }
  // the velocity coordinates whose rate is that of a position coordinate: all but the turns
  // of SPHERICAL joints and free parts (quaternions)
  position_of_.assign(dof_, -1);
  for (const auto& link : links_) {
    const int scalar = link.kind == TreeJointKind::kSpherical ? 0
                       : link.kind == TreeJointKind::kFree    ? 3
                                                              : link.nv;
    for (int k = 0; k < scalar; ++k) position_of_[link.v + k] = link.q + k;
  }
  jacobian_.assign(nb_, MatX::Zero(6, dof_));
  phi_body_.assign(cut_bodies_.size(), Eigen::Matrix<double, Eigen::Dynamic, 6>());
  // the tree's coordinates of the start, and the partition there
  full_ = VecX::Zero(nq_ + dof_ + static_cast<int>(others_.size()));
  TreeCoordinates(state_->y.data(), nullptr, full_.data(), full_.data() + nq_);
  for (size_t k = 0; k < others_.size(); ++k) full_[nq_ + dof_ + k] = state_->y[others_[k]];
  Kinematics(full_.data());
  ClosureJacobian(false);
  col_scale_ = VecX::Ones(dof_);
  row_scale_ = VecX::Ones(phi_q_.rows());
  for (int c = 0; c < dof_; ++c)
    if (phi_q_.col(c).norm() > 0.0) col_scale_[c] = phi_q_.col(c).norm();
  const MatX columns = phi_q_ * col_scale_.cwiseInverse().asDiagonal();
  for (int r = 0; r < phi_q_.rows(); ++r)
    if (columns.row(r).norm() > 0.0) row_scale_[r] = columns.row(r).norm();
  Partition();
  accepted_full_ = full_;
  full_valid_ = true;
}

void TreeForm::ClosureJacobian(bool values) {
  // each body's spatial velocity v = J u: its parent's columns and its joint's S
  for (const auto& link : links_) {
    MatX& J = jacobian_[link.body];
    if (link.parent == kGround)
      J.setZero();
    else
      J = jacobian_[link.parent];
    J.middleCols(link.v, link.nv) = s_[link.body];
  }
  // a closure row B_v . v_c + B_w . w (u = (v_c global, w body axes), docs/equations.md §1.2)
  // is phi . v with phi = (c x B_v + R B_w, B_v) on each body: Phi_q = sum phi^T J
  const double* memory = state_->memory.data();
  const system::SparseMat B = sys_.VelocityJacobian(t_, y_.data(), memory);
  const int m = static_cast<int>(cut_rows_.size());
  phi_q_.setZero(m, dof_);
  for (size_t i = 0; i < cut_bodies_.size(); ++i) {
    const int b = cut_bodies_[i];
    const Vec3 c = y_.segment<3>(system::System::BodyOffset(b));
    auto& phi = phi_body_[i];
    phi.setZero(m, 6);
    for (int col = 0; col < 6; ++col)
      for (system::SparseMat::InnerIterator it(B, 6 * b + col); it; ++it) {
        const int k = cut_index_[it.row()];
        if (k < 0) continue;
        if (col < 3) {
          phi(k, 3 + col) += it.value();
          phi.row(k).head<3>() += c.cross(Vec3::Unit(col)).transpose() * it.value();
        } else {
          phi.row(k).head<3>() += rotation_[b].col(col - 3).transpose() * it.value();
        }
      }
    phi_q_.noalias() += phi * jacobian_[b];
  }
  if (!values) return;
  const VecX all = sys_.JointResiduals(t_, y_.data(), memory);
  phi_.resize(m);
  for (int k = 0; k < m; ++k) phi_[k] = all[cut_rows_[k]];
}

void TreeForm::Partition() {
  std::vector<int> eligible;
  for (int v = 0; v < dof_; ++v)
    if (position_of_[v] >= 0) eligible.push_back(v);
  const Choice c = Choose(Scaled(phi_q_, col_scale_, row_scale_), eligible);
  std::string loops;
  for (size_t k = 0; k < cuts_.size(); ++k)
    loops += (k ? ", " : "") + sys_.joints()[cuts_[k]].Describe();
  if (c.eligible_rank < c.rank)
    throw SolverError("joint coordinates do not apply: the loop closed by " + loops +
                      " closes through the turns of SPHERICAL joints or free parts only, "
                      "which cannot be dependent coordinates");
  if (c.ratio < kSingularRatio)
    throw SolverError("joint coordinates do not apply: the loop closed by " + loops +
                      " is at or near a singular position (its closure equations nearly lose "
                      "rank)");
  rank_ = c.rank;
  rows_r_ = c.rows;
  dep_ = c.dep;
  ind_v_.clear();
  ind_q_.clear();
  std::vector<bool> dependent(nq_, false);
  for (const int v : dep_) dependent[position_of_[v]] = true;
  for (int v = 0; v < dof_; ++v)
    if (std::find(dep_.begin(), dep_.end(), v) == dep_.end()) ind_v_.push_back(v);
  for (int q = 0; q < nq_; ++q)
    if (!dependent[q]) ind_q_.push_back(q);
  dep_det_ = rank_ > 0 ? Columns(Rows(phi_q_, rows_r_), dep_).partialPivLu().determinant() : 1.0;
}

std::string TreeForm::Repartition(double t, const double* y) {
  (void)y;
  if (cuts_.empty() || singular_) return "";
  // the Jacobian of the evaluation at this state (the driver expanded it after the step;
  // Close leaves it out when the closure has no rank)
  if (rank_ == 0) ClosureJacobian(false);
  std::vector<int> eligible;
  for (int v = 0; v < dof_; ++v)
    if (position_of_[v] >= 0) eligible.push_back(v);
  const MatX scaled = Scaled(phi_q_, col_scale_, row_scale_);
  const Choice best = Choose(scaled, eligible);
  // near the singular position, or past it within the step: the dependent block's
  // determinant changed sign
  const double det =
      rank_ > 0 ? Columns(Rows(phi_q_, rows_r_), dep_).partialPivLu().determinant() : 1.0;
  const bool crossed = det * dep_det_ < 0.0;
  dep_det_ = det;
  if (best.rank != rank_ || best.ratio < kSingularRatio || crossed) {
    singular_ = true;  // the Simulation goes on in body coordinates (Simulation::TrackRank)
    return "";
  }
  if (best.dep == dep_ && best.rows == rows_r_) return "";
  if (PivotRatio(Columns(Rows(scaled, rows_r_), dep_)) >= kRepartitionRatio * best.ratio) return "";
  Partition();  // takes the best choice
  std::ostringstream s;
  s << "time " << t << ": the joint coordinates chose new independent coordinates "
    << "(the loops' dependent ones had become ill-conditioned):";
  for (int k = 0; k < nq_ - rank_; ++k) s << (k ? ", " : " ") << DescribeState(k);
  return s.str();
}

bool TreeForm::Close(const double* x) {
  const int nq = nq_ - rank_, nv = dof_ - rank_;
  if (!full_valid_) full_ = accepted_full_;  // the last evaluation failed: from the step
  full_valid_ = false;
  for (int i = 0; i < nq; ++i) full_[ind_q_[i]] = x[i];
  for (int i = 0; i < nv; ++i) full_[nq_ + ind_v_[i]] = x[nq + i];
  for (size_t k = 0; k < others_.size(); ++k) full_[nq_ + dof_ + k] = x[nq + nv + k];
  // the dependent positions: Newton on the independent closure rows, from the last ones
  bool converged = rank_ == 0;
  for (int it = 0; it < kNewtonIterations && !converged; ++it) {
    Kinematics(full_.data());
    ClosureJacobian(true);
    VecX r(rank_);
    for (int k = 0; k < rank_; ++k) r[k] = phi_[rows_r_[k]];
    if (!r.allFinite()) return false;
    dep_lu_.compute(Columns(Rows(phi_q_, rows_r_), dep_));
    const VecX d = dep_lu_.solve(-r);
    if (!d.allFinite()) return false;
    double scale = 1.0;
    for (int k = 0; k < rank_; ++k) {
      double& q = full_[position_of_[dep_[k]]];
      q += d[k];
      scale = std::max(scale, std::abs(q));
    }
    converged =
        r.cwiseAbs().maxCoeff() <= kNewtonResidual || d.cwiseAbs().maxCoeff() <= 1e-14 * scale;
  }
  if (!converged) return false;
  // the dependent velocities, Phi_RD u_D = -Phi_RI u_I, with the Jacobian of Newton's last
  // iterate (its positions within the last correction, at roundoff, of the final ones: the
  // velocity equations hold to roundoff times the speeds), as the accelerations
  if (rank_ > 0) {
    const MatX rows = Rows(phi_q_, rows_r_);
    for (const int v : dep_) full_[nq_ + v] = 0.0;
    const VecX ud = dep_lu_.solve(-(rows * full_.segment(nq_, dof_)));
    if (!ud.allFinite()) return false;
    for (int k = 0; k < rank_; ++k) full_[nq_ + dep_[k]] = ud[k];
  }
  Kinematics(full_.data());
  full_valid_ = true;
  return true;
}

bool TreeForm::CloseAccelerations() {
  if (rank_ == 0) return true;
  // the closure rows' acceleration equations B u' + gamma = 0 in the tree's accelerations:
  // Phi_q u' = -gamma - sum (phi a0 + B_v . (w x v_c)), a0 the bodies' spatial accelerations
  // at u' = 0 (docs/equations.md §6.12)
  const int m = static_cast<int>(cut_rows_.size());
  const VecX gamma = sys_.VelocityJacobianRate(t_, y_.data(), state_->memory.data());
  VecX rhs(m);
  for (int k = 0; k < m; ++k) rhs[k] = -gamma[cut_rows_[k]];
  std::vector<Vec6> a0(nb_);
  for (const auto& link : links_)
    a0[link.body] = c_[link.body] + (link.parent == kGround ? Vec6::Zero() : a0[link.parent]);
  for (size_t i = 0; i < cut_bodies_.size(); ++i) {
    const int b = cut_bodies_[i], o = system::System::BodyOffset(b);
    const Vec3 wv = v_[b].head<3>().cross(y_.segment<3>(o + 7));
    rhs -= phi_body_[i] * a0[b] + phi_body_[i].rightCols<3>() * wv;
  }
  // the mass matrix M = sum J^T I J; the free accelerations (from the articulated-body
  // algorithm) give the forces M u'_free = Q - C
  MatX M = MatX::Zero(dof_, dof_);
  for (int b = 0; b < nb_; ++b)
    M.noalias() += jacobian_[b].transpose() * (inertia_[b] * jacobian_[b]);
  const VecX tau = M * qdd_;
  // u' = T u'_I + g: T = [I; -Phi_RD^-1 Phi_RI], g = [0; Phi_RD^-1 rhs_R] (partition order),
  // then (T^T M T) u'_I = T^T (tau - M g) by LDLT
  const int nv = dof_ - rank_;
  VecX rhs_r(rank_);
  for (int k = 0; k < rank_; ++k) rhs_r[k] = rhs[rows_r_[k]];
  const MatX X = dep_lu_.solve(Columns(Rows(phi_q_, rows_r_), ind_v_));
  const VecX gd = dep_lu_.solve(rhs_r);
  MatX T = MatX::Zero(dof_, nv);
  VecX g = VecX::Zero(dof_);
  for (int j = 0; j < nv; ++j) T(ind_v_[j], j) = 1.0;
  for (int k = 0; k < rank_; ++k) {
    T.row(dep_[k]) = -X.row(k);
    g[dep_[k]] = gd[k];
  }
  const MatX MT = M * T;
  const Eigen::LDLT<MatX> reduced(T.transpose() * MT);
  if (reduced.info() != Eigen::Success || !reduced.isPositive()) return false;
  const VecX ui = reduced.solve(T.transpose() * (tau - M * g));
  qdd_ = T * ui + g;
  // the bodies' accelerations from the ground
  for (const auto& link : links_) {
    const int b = link.body;
    Vec6 a = c_[b] + s_[b] * qdd_.segment(link.v, link.nv);
    if (link.parent != kGround) a += a_[link.parent];
    a_[b] = a;
  }
  return qdd_.allFinite();
}

void TreeForm::LoopReactions() {
  // the force the joints pass to each body, f = I a + p, in its generalised coordinates G
  // equals -B^T lambda of all active rows: least squares by the normal equations
  VecX G(6 * nb_);
  for (int b = 0; b < nb_; ++b) {
    const Vec6 f = inertia_[b] * a_[b] + bias_[b];
    const Vec3 force = f.tail<3>();
    const Vec3 c = y_.segment<3>(system::System::BodyOffset(b));
    G.segment<3>(6 * b) = force;
    G.segment<3>(6 * b + 3) = rotation_[b].transpose() * (f.head<3>() - c.cross(force));
  }
  const system::SparseMat B = sys_.VelocityJacobian(t_, y_.data(), state_->memory.data());
  const int m = sys_.active_rows();
  MatX Ba = MatX::Zero(m, 6 * nb_);
  for (int col = 0; col < B.outerSize(); ++col)
    for (system::SparseMat::InnerIterator it(B, col); it; ++it) {
      const int a = sys_.rows()[it.row()].active;
      if (a >= 0) Ba(a, col) = it.value();
    }
  y_.segment(sys_.mu_offset(), m + nb_).setZero();
  y_.segment(sys_.lambda_offset(), m) = (Ba * Ba.transpose()).ldlt().solve(-(Ba * G));
}

}  // namespace msolve::analysis
