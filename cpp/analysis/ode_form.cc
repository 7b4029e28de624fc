#include "analysis/ode_form.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <Eigen/QR>

#include "analysis/initial_conditions.h"
#include "common/error.h"

namespace msolve::analysis {
namespace {

// Newton on the dependent positions: at most this many iterations, converged when the
// constraints are met to a hundredth of kConstraintTolerance or the correction is at
// roundoff; one more correction follows, so that the recovered positions are a smooth
// function of x to near roundoff (the difference-quotient Jacobian of BDF sees them)
constexpr int kNewtonIterations = 10;
constexpr double kNewtonResidual = 1e-2 * kConstraintTolerance;
// the independent coordinates are chosen again when the dependent block's conditioning
// (smallest over largest pivot of its QR) falls below this fraction of the best choice's
constexpr double kRepartitionRatio = 0.1;

// smallest over largest diagonal entry of a column-pivoted QR of a square matrix
double PivotRatio(const MatX& A) {
  if (A.rows() == 0) return 1.0;
  Eigen::ColPivHouseholderQR<MatX> qr(A);
  const auto d = qr.matrixQR().diagonal().cwiseAbs();
  return d.maxCoeff() > 0.0 ? d.minCoeff() / d.maxCoeff() : 0.0;
}

MatX Columns(const MatX& A, const std::vector<int>& cols) {
  MatX out(A.rows(), cols.size());
  for (size_t c = 0; c < cols.size(); ++c) out.col(c) = A.col(cols[c]);
  return out;
}

// the first `count` columns of the column-pivoted QR of A, sorted, and the others
void ChooseColumns(const MatX& A, int count, std::vector<int>* dependent,
                   std::vector<int>* independent) {
  dependent->clear();
  independent->clear();
  std::vector<bool> is_dependent(A.cols(), false);
  if (A.rows() > 0 && count > 0) {
    Eigen::ColPivHouseholderQR<MatX> qr(A);
    const auto& perm = qr.colsPermutation().indices();
    for (int k = 0; k < count; ++k) is_dependent[perm[k]] = true;
  }
  for (int c = 0; c < A.cols(); ++c) (is_dependent[c] ? dependent : independent)->push_back(c);
}

// rows scaled to unit length, after the rotation columns (`stride` per body from `first`,
// three of them) were divided by their largest entry: pivots that do not depend on the units
void Normalise(MatX* A, int stride, int first, int count) {
  if (A->rows() == 0 || A->cols() == 0) return;
  const int nb = A->cols() / stride;
  double scale = 0.0;
  for (int k = 0; k < nb; ++k)
    scale = std::max(scale, A->middleCols(stride * k + first, count).cwiseAbs().maxCoeff());
  if (scale > 0.0)
    for (int k = 0; k < nb; ++k) A->middleCols(stride * k + first, count) /= scale;
  for (int r = 0; r < A->rows(); ++r) {
    const double n = A->row(r).norm();
    if (n > 0.0) A->row(r) /= n;
  }
}

}  // namespace

OdeForm::OdeForm(const system::System& sys, system::State* state)
    : sys_(sys), state_(state), dae_(sys, state) {
  nb_ = sys.body_count();
  m_ = sys.active_rows();
  active_rows_.assign(m_, 0);
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if (sys.rows()[r].active >= 0) active_rows_[sys.rows()[r].active] = static_cast<int>(r);
  for (int i = system::kBodyStates * nb_; i < sys.differential_size(); ++i) others_.push_back(i);
  dof_ = 6 * nb_ - m_;
  // the reduced solve needs a mass matrix without null directions and reactions that no
  // force reads (otherwise the fixed point of SolveAccelerations)
  reduced_accelerations_ = !sys.ReadsMultipliers();
  for (const auto& body : sys.bodies())
    if (!body.massless_directions.empty()) reduced_accelerations_ = false;
  if (dof_ < 0)
    throw SolverError("the ODE form needs no more independent joint equations than freedoms");
}

std::vector<bool> OdeForm::ErrorTested() const {
  std::vector<bool> tested(size(), true);
  for (size_t k = 0; k < others_.size(); ++k)
    if (others_[k] == sys_.work_state()) tested[2 * dof_ + k] = false;
  return tested;
}

std::string OdeForm::DescribeState(int index) const {
  if (index < dof_) return Coordinate(QIndex(q_ind_[index]));
  if (index < 2 * dof_) return Coordinate(UIndex(u_ind_[index - dof_]));
  return sys_.DescribeState(others_[index - 2 * dof_]);
}

std::string OdeForm::Coordinate(int state) const {
  static const char* const kNames[] = {"x",  "y",  "z",  "e0", "e1", "e2", "e3",
                                       "vx", "vy", "vz", "wx", "wy", "wz"};
  const int body = state / system::kBodyStates;
  return sys_.bodies()[body].part->Describe() + " " + kNames[state % system::kBodyStates];
}

std::vector<int> OdeForm::IndependentStates() const {
  std::vector<int> out;
  for (int i : q_ind_) out.push_back(QIndex(i));
  for (int i : u_ind_) out.push_back(UIndex(i));
  return out;
}

VecX OdeForm::PositionResidual(double t, const VecX& y) const {
  const VecX phi = sys_.JointResiduals(t, y.data(), state_->memory.data()) -
                   sys_.DriverValues(t, y.data(), state_->memory.data(), 0);
  VecX r(m_ + nb_);
  for (int a = 0; a < m_; ++a) r[a] = phi[active_rows_[a]];
  for (int k = 0; k < nb_; ++k)
    r[m_ + k] = y.segment<4>(system::System::BodyOffset(k) + 3).squaredNorm() - 1.0;
  return r;
}

MatX OdeForm::PositionGradient(double t, const VecX& y, bool scaled) const {
  const system::SparseMat P = sys_.PositionJacobian(t, y.data(), state_->memory.data());
  MatX G = MatX::Zero(m_ + nb_, 7 * nb_);
  for (int c = 0; c < P.outerSize(); ++c)
    for (system::SparseMat::InnerIterator it(P, c); it; ++it) {
      const int a = sys_.rows()[it.row()].active;
      if (a >= 0) G(a, c) = it.value();
    }
  for (int k = 0; k < nb_; ++k)
    G.block<1, 4>(m_ + k, 7 * k + 3) =
        2.0 * y.segment<4>(system::System::BodyOffset(k) + 3).transpose();
  if (scaled) Normalise(&G, 7, 3, 4);
  return G;
}

MatX OdeForm::VelocityGradient(double t, const VecX& y, bool scaled) const {
  const system::SparseMat B = sys_.VelocityJacobian(t, y.data(), state_->memory.data());
  MatX out = MatX::Zero(m_, 6 * nb_);
  for (int c = 0; c < B.outerSize(); ++c)
    for (system::SparseMat::InnerIterator it(B, c); it; ++it) {
      const int a = sys_.rows()[it.row()].active;
      if (a >= 0) out(a, c) = it.value();
    }
  if (scaled) Normalise(&out, 6, 3, 3);
  return out;
}

void OdeForm::Partition(double t, const VecX& y) {
  ChooseColumns(PositionGradient(t, y, true), m_ + nb_, &q_dep_, &q_ind_);
  ChooseColumns(VelocityGradient(t, y, true), m_, &u_dep_, &u_ind_);
}

void OdeForm::Reduce(double t, const double* y, double* x) {
  reference_ = VecX::Map(y, sys_.size());
  if (q_dep_.empty() && q_ind_.empty()) Partition(t, reference_);
  for (int i = 0; i < dof_; ++i) {
    x[i] = y[QIndex(q_ind_[i])];
    x[dof_ + i] = y[UIndex(u_ind_[i])];
  }
  for (size_t k = 0; k < others_.size(); ++k) x[2 * dof_ + k] = y[others_[k]];
  cached_ = false;
}

std::string OdeForm::Repartition(double t, const double* y) {
  const VecX at = VecX::Map(y, sys_.size());
  // the gradients of the evaluation at this state (the driver expanded it after the step)
  // rather than new ones: the positions' is from Newton's last iterate, within the
  // constraint tolerance of y, which a choice of the better-conditioned columns does not see
  const bool known = cached_ && at == y_;
  MatX G = known ? gradient_q_ : PositionGradient(t, at, false);
  MatX B = known ? gradient_u_ : VelocityGradient(t, at, false);
  Normalise(&G, 7, 3, 4);
  Normalise(&B, 6, 3, 3);
  std::vector<int> q_dep, q_ind, u_dep, u_ind;
  ChooseColumns(G, m_ + nb_, &q_dep, &q_ind);
  ChooseColumns(B, m_, &u_dep, &u_ind);
  const bool positions = q_dep != q_dep_ && PivotRatio(Columns(G, q_dep_)) <
                                                kRepartitionRatio * PivotRatio(Columns(G, q_dep));
  const bool velocities = u_dep != u_dep_ && PivotRatio(Columns(B, u_dep_)) <
                                                 kRepartitionRatio * PivotRatio(Columns(B, u_dep));
  if (!positions && !velocities) return "";
  if (positions) q_dep_ = q_dep, q_ind_ = q_ind;
  if (velocities) u_dep_ = u_dep, u_ind_ = u_ind;
  std::ostringstream s;
  s << "time " << t << ": the ODE form chose new independent "
    << (positions && velocities ? "positions and velocities"
        : positions             ? "positions"
                                : "velocities")
    << " (the dependent ones had become ill-conditioned):";
  const std::vector<int> states = IndependentStates();
  for (size_t k = 0; k < states.size(); ++k) {
    if ((k < q_ind_.size() && !positions) || (k >= q_ind_.size() && !velocities)) continue;
    s << (k == 0 || (k == q_ind_.size() && !positions) ? " " : ", ") << Coordinate(states[k]);
  }
  return s.str();
}

void OdeForm::AcceptStep(double t, const double* y, const double* yp) {
  reference_ = VecX::Map(y, sys_.size());
  dae_.AcceptStep(t, y, yp);
}

bool OdeForm::Evaluate(double t, const double* x) {
  const int n = size();
  if (cached_ && t == t_ && VecX::Map(x, n) == x_) return true;
  VecX y = reference_;
  for (int i = 0; i < dof_; ++i) {
    y[QIndex(q_ind_[i])] = x[i];
    y[UIndex(u_ind_[i])] = x[dof_ + i];
  }
  for (size_t k = 0; k < others_.size(); ++k) y[others_[k]] = x[2 * dof_ + k];
  // dependent positions: Newton on the position constraints
  bool converged = q_dep_.empty();
  if (converged) gradient_q_ = PositionGradient(t, y, false);
  Eigen::PartialPivLU<MatX> lu;
  for (int it = 0; it < kNewtonIterations && !converged; ++it) {
    const VecX r = PositionResidual(t, y);
    if (!r.allFinite()) return false;
    gradient_q_ = PositionGradient(t, y, false);
    lu.compute(Columns(gradient_q_, q_dep_));
    const VecX d = lu.solve(-r);
    if (!d.allFinite()) return false;
    double scale = 1.0;
    for (size_t c = 0; c < q_dep_.size(); ++c) {
      y[QIndex(q_dep_[c])] += d[c];
      scale = std::max(scale, std::abs(y[QIndex(q_dep_[c])]));
    }
    converged =
        r.cwiseAbs().maxCoeff() <= kNewtonResidual || d.cwiseAbs().maxCoeff() <= 1e-14 * scale;
  }
  if (!converged) return false;
  // dependent velocities: B_d u_d = c(t) - B_i u_i
  if (m_ == 0) gradient_u_.resize(0, 6 * nb_);
  if (m_ > 0) {
    gradient_u_ = VelocityGradient(t, y, false);
    const MatX& B = gradient_u_;
    const VecX c = sys_.DriverValues(t, y.data(), state_->memory.data(), 1);
    VecX rhs(m_);
    for (int a = 0; a < m_; ++a) rhs[a] = c[active_rows_[a]];
    for (size_t j = 0; j < u_ind_.size(); ++j) rhs -= B.col(u_ind_[j]) * y[UIndex(u_ind_[j])];
    velocity_lu_.compute(Columns(B, u_dep_));
    const VecX ud = velocity_lu_.solve(rhs);
    if (!ud.allFinite()) return false;
    for (size_t j = 0; j < u_dep_.size(); ++j) y[UIndex(u_dep_[j])] = ud[j];
  }
  // accelerations, multipliers and the other rates from the index-1 equations (§5.4), in
  // the independent coordinates when nothing needs the general solve
  VecX yp = yp_.size() == y.size() ? yp_ : VecX::Zero(y.size());
  if (!ReducedAccelerations(t, &y, &yp))
    SolveAccelerations(sys_, t, state_->memory.data(), &y, &yp);
  if (!yp.allFinite()) return false;
  t_ = t;
  x_ = VecX::Map(x, n);
  y_ = std::move(y);
  yp_ = std::move(yp);
  cached_ = true;
  return true;
}

bool OdeForm::ReducedAccelerations(double t, VecX* y, VecX* yp) const {
  if (!reduced_accelerations_) return false;
  const double* memory = state_->memory.data();
  const int n6 = 6 * nb_;
  // u' = N u_i' + p: the velocity constraints' rate B u' = -gamma + f'' fixes the dependent
  // accelerations, N = [-B_d^-1 B_i; I], p = [B_d^-1 (-gamma + f''); 0] (rows permuted)
  const VecX gamma =
      sys_.VelocityJacobianRate(t, y->data(), memory) - sys_.DriverValues(t, y->data(), memory, 2);
  MatX N = MatX::Zero(n6, dof_);
  VecX p = VecX::Zero(n6);
  if (m_ > 0) {
    VecX c(m_);
    for (int a = 0; a < m_; ++a) c[a] = -gamma[active_rows_[a]];
    const MatX X = velocity_lu_.solve(Columns(gradient_u_, u_ind_));
    const VecX pd = velocity_lu_.solve(c);
    for (size_t k = 0; k < u_dep_.size(); ++k) {
      N.row(u_dep_[k]) = -X.row(k);
      p[u_dep_[k]] = pd[k];
    }
  }
  for (int j = 0; j < dof_; ++j) N(u_ind_[j], j) = 1.0;
  // the mass matrix, block diagonal: m / UCF and J / UCF (body axes, as w)
  const auto mass_times = [&](const MatX& A) {
    MatX out(A.rows(), A.cols());
    for (int k = 0; k < nb_; ++k) {
      const auto& b = sys_.bodies()[k];
      out.middleRows<3>(6 * k) = (b.mass / sys_.ucf()) * A.middleRows<3>(6 * k);
      out.middleRows<3>(6 * k + 3) = (b.inertia / sys_.ucf()) * A.middleRows<3>(6 * k + 3);
    }
    return out;
  };
  const VecX F = sys_.AppliedForces(t, y->data(), yp->data(), memory);
  const MatX MN = mass_times(N);
  const Eigen::LDLT<MatX> reduced(N.transpose() * MN);
  if (reduced.info() != Eigen::Success || !reduced.isPositive()) return false;
  const VecX Mp = mass_times(p);
  const VecX ui = reduced.solve(N.transpose() * (F - Mp));
  const VecX ud = N * ui + p;
  // the reactions: B^T lambda = F - M u', on the dependent columns
  if (m_ > 0) {
    const VecX residual = F - mass_times(ud);
    VecX rd(m_);
    for (size_t k = 0; k < u_dep_.size(); ++k) rd[k] = residual[u_dep_[k]];
    y->segment(sys_.lambda_offset(), m_) = velocity_lu_.transpose().solve(rd);
  }
  y->segment(sys_.mu_offset(), m_ + nb_).setZero();
  yp->setZero();
  std::vector<double> qdot(7 * nb_);
  sys_.PositionRates(y->data(), qdot.data());
  for (int k = 0; k < nb_; ++k) {
    const int o = system::System::BodyOffset(k);
    for (int d = 0; d < 7; ++d) (*yp)[o + d] = qdot[7 * k + d];
    yp->segment<6>(o + 7) = ud.segment<6>(6 * k);
  }
  sys_.SolveDiffRates(t, y->data(), yp->data(), memory);
  return true;
}

bool OdeForm::Rhs(double t, const double* x, double* xdot) {
  if (!Evaluate(t, x)) return false;
  for (int i = 0; i < dof_; ++i) {
    xdot[i] = yp_[QIndex(q_ind_[i])];
    xdot[dof_ + i] = yp_[UIndex(u_ind_[i])];
  }
  for (size_t k = 0; k < others_.size(); ++k) xdot[2 * dof_ + k] = yp_[others_[k]];
  return true;
}

void OdeForm::Expand(double t, const double* x, double* y, double* yp) {
  if (!Evaluate(t, x)) {
    std::ostringstream s;
    s << "the ODE form cannot recover the dependent coordinates at time " << t
      << " (Newton on the position constraints does not converge)";
    throw SolverError(s.str());
  }
  VecX::Map(y, y_.size()) = y_;
  VecX::Map(yp, yp_.size()) = yp_;
}

}  // namespace msolve::analysis
