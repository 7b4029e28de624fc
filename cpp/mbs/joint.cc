#include "mbs/joint.h"

#include <cmath>

#include <unsupported/Eigen/AutoDiff>

namespace msolve::mbs {
namespace {

using AD1 = Eigen::AutoDiffScalar<Eigen::Matrix<double, kPairQ, 1>>;
using AD2 = Eigen::AutoDiffScalar<Eigen::Matrix<AD1, kPairQ, 1>>;
// second-order forward mode along one direction (a univariate Taylor jet)
using Jet1 = Eigen::AutoDiffScalar<Eigen::Matrix<double, 1, 1>>;
using Jet2 = Eigen::AutoDiffScalar<Eigen::Matrix<Jet1, 1, 1>>;

// global frame of a marker, for body coordinates q (already seeded scalars) or the ground
template <class S>
Frame<S> MarkerFrameT(const BodyMarker& m, const S* q) {
  Frame<S> f;
  if (q == nullptr) {
    for (int a = 0; a < 3; ++a) {
      f.p[a] = S(m.s[a]);
      for (int b = 0; b < 3; ++b) f.R(a, b) = S(m.A(a, b));
    }
    return f;
  }
  const math::Mat3T<S> Rb = math::QuatToMatrix<S>(q + 3);
  for (int a = 0; a < 3; ++a) {
    f.p[a] = q[a];
    for (int b = 0; b < 3; ++b) {
      f.p[a] += Rb(a, b) * m.s[b];
    }
  }
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) {
      S sum = Rb(a, 0) * m.A(0, b);
      sum += Rb(a, 1) * m.A(1, b);
      sum += Rb(a, 2) * m.A(2, b);
      f.R(a, b) = sum;
    }
  }
  return f;
}

}  // namespace

Frame<double> MarkerFrame(const BodyMarker& m, const double* q) { return MarkerFrameT(m, q); }

JointConstraint::JointConstraint(const model::Joint* joint, JointType type, BodyMarker i,
                                 BodyMarker j, const model::Motion* motion)
    : joint_(joint), motion_(motion), type_(type), rows_(JointRowCount(type)), i_(i), j_(j) {}

std::string JointConstraint::Describe() const {
  if (motion_ && joint_ == nullptr) return motion_->Describe();
  if (motion_) return motion_->Describe() + " (on " + joint_->Describe() + ")";
  return joint_->Describe() + " (" + joint_->type + ")";
}

void JointConstraint::EvaluateValue(const double* qI, const double* qJ, double* phi) const {
  JointResiduals(type_, MarkerFrameT(i_, qI), MarkerFrameT(j_, qJ), phi, reference_);
}

void JointConstraint::Evaluate(const double* qI, const double* qJ, double* phi,
                               PairGradient* grad) const {
  // seed the coordinates of the moving bodies
  AD1 q[kPairQ];
  for (int k = 0; k < kBodyQ; ++k) {
    if (qI) q[k] = AD1(qI[k], kPairQ, k);
    if (qJ) q[kBodyQ + k] = AD1(qJ[k], kPairQ, kBodyQ + k);
  }
  AD1 out[6];
  JointResiduals(type_, MarkerFrameT<AD1>(i_, qI ? q : nullptr),
                 MarkerFrameT<AD1>(j_, qJ ? q + kBodyQ : nullptr), out, reference_);
  grad->resize(rows_, kPairQ);
  for (int r = 0; r < rows_; ++r) {
    phi[r] = out[r].value();
    grad->row(r) = out[r].derivatives().transpose();
  }
}

void JointConstraint::EvaluateHessians(const double* qI, const double* qJ, double* phi,
                                       PairGradient* grad, std::vector<PairHessian>* hess) const {
  // second-order forward mode: the value of each outer derivative is itself differentiated
  AD2 q[kPairQ];
  for (int k = 0; k < kPairQ; ++k) {
    const bool moving = k < kBodyQ ? qI != nullptr : qJ != nullptr;
    if (!moving) continue;
    const double x = k < kBodyQ ? qI[k] : qJ[k - kBodyQ];
    Eigen::Matrix<AD1, kPairQ, 1> d;
    for (int a = 0; a < kPairQ; ++a) d[a] = AD1(0.0, Eigen::Matrix<double, kPairQ, 1>::Zero());
    d[k] = AD1(1.0, Eigen::Matrix<double, kPairQ, 1>::Zero());
    q[k] = AD2(AD1(x, kPairQ, k), d);
  }
  AD2 out[6];
  JointResiduals(type_, MarkerFrameT<AD2>(i_, qI ? q : nullptr),
                 MarkerFrameT<AD2>(j_, qJ ? q + kBodyQ : nullptr), out, reference_);
  grad->resize(rows_, kPairQ);
  hess->resize(rows_);
  for (int r = 0; r < rows_; ++r) {
    phi[r] = out[r].value().value();
    grad->row(r) = out[r].value().derivatives().transpose();
    for (int a = 0; a < kPairQ; ++a) (*hess)[r].row(a) = out[r].derivatives()[a].derivatives();
  }
}

void JointConstraint::EvaluateCurvature(const double* qI, const double* qJ, const double* qdot,
                                        double* curvature) const {
  // q(s) = q + s qdot: the second derivative of phi(q(s)) at s = 0 is qdot^T H qdot
  Jet2 q[kPairQ];
  for (int k = 0; k < kPairQ; ++k) {
    const bool moving = k < kBodyQ ? qI != nullptr : qJ != nullptr;
    if (!moving) continue;
    const double x = k < kBodyQ ? qI[k] : qJ[k - kBodyQ];
    Eigen::Matrix<Jet1, 1, 1> d;
    d[0] = Jet1(qdot[k], Eigen::Matrix<double, 1, 1>::Zero());
    q[k] = Jet2(Jet1(x, Eigen::Matrix<double, 1, 1>::Constant(qdot[k])), d);
  }
  Jet2 out[6];
  JointResiduals(type_, MarkerFrameT<Jet2>(i_, qI ? q : nullptr),
                 MarkerFrameT<Jet2>(j_, qJ ? q + kBodyQ : nullptr), out, reference_);
  for (int r = 0; r < rows_; ++r)
    curvature[r] = out[r].derivatives().size() ? out[r].derivatives()[0].derivatives()[0] : 0.0;
}

void JointConstraint::Accept(const double* qI, const double* qJ) {
  if (!IsMotionAngle(type_)) return;
  EvaluateValue(qI, qJ, &reference_);
}

}  // namespace msolve::mbs
