#include "analysis/ode_form.h"

#include <algorithm>
#include <cmath>
#include <sstream>

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
  const VecX phi =
      sys_.JointResiduals(y.data(), state_->memory.data()) - sys_.DriverValues(t, y.data(), 0);
  VecX r(m_ + nb_);
  for (int a = 0; a < m_; ++a) r[a] = phi[active_rows_[a]];
  for (int k = 0; k < nb_; ++k)
    r[m_ + k] = y.segment<4>(system::System::BodyOffset(k) + 3).squaredNorm() - 1.0;
  return r;
}

MatX OdeForm::PositionGradient(const VecX& y, bool scaled) const {
  const system::SparseMat P = sys_.PositionJacobian(y.data(), state_->memory.data());
  MatX G = MatX::Zero(m_ + nb_, 7 * nb_);
  for (int a = 0; a < m_; ++a) G.row(a) = P.row(active_rows_[a]);
  for (int k = 0; k < nb_; ++k)
    G.block<1, 4>(m_ + k, 7 * k + 3) =
        2.0 * y.segment<4>(system::System::BodyOffset(k) + 3).transpose();
  if (scaled) Normalise(&G, 7, 3, 4);
  return G;
}

MatX OdeForm::VelocityGradient(const VecX& y, bool scaled) const {
  const system::SparseMat B = sys_.VelocityJacobian(y.data(), state_->memory.data());
  MatX out(m_, 6 * nb_);
  for (int a = 0; a < m_; ++a) out.row(a) = B.row(active_rows_[a]);
  if (scaled) Normalise(&out, 6, 3, 3);
  return out;
}

void OdeForm::Partition(const VecX& y) {
  ChooseColumns(PositionGradient(y, true), m_ + nb_, &q_dep_, &q_ind_);
  ChooseColumns(VelocityGradient(y, true), m_, &u_dep_, &u_ind_);
}

void OdeForm::Reduce(double t, const double* y, double* x) {
  (void)t;
  reference_ = VecX::Map(y, sys_.size());
  if (q_dep_.empty() && q_ind_.empty()) Partition(reference_);
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
  MatX G = known ? gradient_q_ : PositionGradient(at, false);
  MatX B = known ? gradient_u_ : VelocityGradient(at, false);
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
  if (converged) gradient_q_ = PositionGradient(y, false);
  Eigen::PartialPivLU<MatX> lu;
  for (int it = 0; it < kNewtonIterations && !converged; ++it) {
    const VecX r = PositionResidual(t, y);
    if (!r.allFinite()) return false;
    gradient_q_ = PositionGradient(y, false);
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
    gradient_u_ = VelocityGradient(y, false);
    const MatX& B = gradient_u_;
    const VecX c = sys_.DriverValues(t, y.data(), 1);
    VecX rhs(m_);
    for (int a = 0; a < m_; ++a) rhs[a] = c[active_rows_[a]];
    for (size_t j = 0; j < u_ind_.size(); ++j) rhs -= B.col(u_ind_[j]) * y[UIndex(u_ind_[j])];
    const VecX ud = Columns(B, u_dep_).partialPivLu().solve(rhs);
    if (!ud.allFinite()) return false;
    for (size_t j = 0; j < u_dep_.size(); ++j) y[UIndex(u_dep_[j])] = ud[j];
  }
  // accelerations, multipliers and the other rates from the index-1 equations (§5.4)
  VecX yp = yp_.size() == y.size() ? yp_ : VecX::Zero(y.size());
  SolveAccelerations(sys_, t, state_->memory.data(), &y, &yp);
  if (!yp.allFinite()) return false;
  t_ = t;
  x_ = VecX::Map(x, n);
  y_ = std::move(y);
  yp_ = std::move(yp);
  cached_ = true;
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
