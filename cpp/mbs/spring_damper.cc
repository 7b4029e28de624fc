#include "mbs/spring_damper.h"

#include <cmath>

#include <unsupported/Eigen/AutoDiff>

#include "common/error.h"
#include "math/rotation.h"
#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, 2 * kBodyX, 1>>;

double Value(double x) { return x; }
double Value(const AD& x) { return x.value(); }

}  // namespace

SpringDamperElement::SpringDamperElement(const model::SpringDamper* source, bool rotation,
                                         BodyMarker i, BodyMarker j, double length)
    : source_(source), rotation_(rotation), i_(i), j_(j), length_(length) {}

template <class S>
void SpringDamperElement::Compute(const S* xI, const S* xJ, S* out, S* magnitude) const {
  const MarkerMotion<S> I = Motion(i_, xI);
  const MarkerMotion<S> J = Motion(j_, xJ);
  math::Vec3T<S> fI, tI;
  if (!rotation_) {
    // along the line of sight, positive pushing I away from J
    const math::Vec3T<S> d = I.p - J.p;
    const S len = d.norm();
    const math::Vec3T<S> n = d / len;
    const S rate = n.dot(I.v - J.v);
    const S f = -source_->k * (len - length_) - source_->c * rate + source_->force;
    fI = f * n;
    tI.setZero();
    *magnitude = f;
  } else {
    // about J's z axis; the angle follows the last accepted one through whole turns
    const math::Vec3T<S> xi = I.R.col(0), xj = J.R.col(0), yj = J.R.col(1), zj = J.R.col(2);
    S a = atan2(xi.dot(yj), xi.dot(xj));
    const double turns = std::round((reference_angle_ - Value(a)) / (2 * M_PI));
    a += 2 * M_PI * turns;
    const S rate = (I.w - J.w).dot(zj);
    const S t = -source_->kt * (a - source_->angle) - source_->ct * rate + source_->torque;
    fI.setZero();
    tI = t * zj;
    *magnitude = t;
  }
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  ToBodyAt<S>(xI, I.p, fI, tI, out);
  // the reaction: -F at the same point (on the line of action) and -T on J
  ToBodyAt<S>(xJ, I.p, math::Vec3T<S>(-fI), math::Vec3T<S>(-tI), out + 6);
}

void SpringDamperElement::Evaluate(const double* xI, const double* xJ, Wrench* on_i, Wrench* on_j,
                                   PairForceJacobian* jac) const {
  if (jac == nullptr) {
    double out[12], mag;
    Compute<double>(xI, xJ, out, &mag);
    *on_i = Eigen::Map<const Wrench>(out);
    *on_j = Eigen::Map<const Wrench>(out + 6);
    return;
  }
  AD xi[kBodyX], xj[kBodyX];
  for (int k = 0; k < kBodyX; ++k) {
    if (xI) xi[k] = AD(xI[k], 2 * kBodyX, k);
    if (xJ) xj[k] = AD(xJ[k], 2 * kBodyX, kBodyX + k);
  }
  AD out[12], mag;
  Compute<AD>(xI ? xi : nullptr, xJ ? xj : nullptr, out, &mag);
  for (int k = 0; k < 12; ++k) {
    const double v = out[k].value();
    (k < 6 ? (*on_i)[k] : (*on_j)[k - 6]) = v;
    if (out[k].derivatives().size() == 2 * kBodyX)
      jac->row(k) = out[k].derivatives().transpose();
    else
      jac->row(k).setZero();
  }
}

double SpringDamperElement::Magnitude(const double* xI, const double* xJ) const {
  double out[12], mag;
  Compute<double>(xI, xJ, out, &mag);
  return mag;
}

void SpringDamperElement::Accept(const double* xI, const double* xJ) {
  if (!rotation_) return;
  const MarkerMotion<double> I = Motion(i_, xI);
  const MarkerMotion<double> J = Motion(j_, xJ);
  const double a = std::atan2(I.R.col(0).dot(J.R.col(1)), I.R.col(0).dot(J.R.col(0)));
  reference_angle_ = a + 2 * M_PI * std::round((reference_angle_ - a) / (2 * M_PI));
}

}  // namespace msolve::mbs
