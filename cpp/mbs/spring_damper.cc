#include "mbs/spring_damper.h"

#include <cmath>

#include "common/error.h"
#include "math/rotation.h"
#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

double Value(double x) { return x; }
double Value(const PairForceElement::AD& x) { return x.value(); }

}  // namespace

SpringDamperElement::SpringDamperElement(const model::SpringDamper* source, bool rotation,
                                         BodyMarker i, BodyMarker j, double length)
    : PairForceElement(source, i, j), spring_(source), rotation_(rotation), length_(length) {}

template <class S>
void SpringDamperElement::ComputeT(const S* xI, const S* xJ, const double* slots, S* out) const {
  const MarkerMotion<S> I = Motion(i(), xI);
  const MarkerMotion<S> J = Motion(j(), xJ);
  math::Vec3T<S> fI, tI;
  if (!rotation_) {
    // along the line of sight, positive pushing I away from J
    const math::Vec3T<S> d = I.p - J.p;
    const S len = d.norm();
    const math::Vec3T<S> n = d / len;
    const S rate = n.dot(I.v - J.v);
    const S f = -spring_->k * (len - length_) - spring_->c * rate + spring_->force;
    fI = f * n;
    tI.setZero();
  } else {
    // about J's z axis; the angle follows the last accepted one through whole turns
    const math::Vec3T<S> xi = I.R.col(0), xj = J.R.col(0), yj = J.R.col(1), zj = J.R.col(2);
    S a = atan2(xi.dot(yj), xi.dot(xj));
    const double turns = std::round((slots[0] - Value(a)) / (2 * M_PI));
    a += 2 * M_PI * turns;
    const S rate = (I.w - J.w).dot(zj);
    const S t = -spring_->kt * (a - spring_->angle) - spring_->ct * rate + spring_->torque;
    fI.setZero();
    tI = t * zj;
  }
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  ToBodyAt<S>(xI, I.p, fI, tI, out);
  // the reaction: -F at the same point (on the line of action) and -T on J
  ToBodyAt<S>(xJ, I.p, math::Vec3T<S>(-fI), math::Vec3T<S>(-tI), out + 6);
}

void SpringDamperElement::Compute(const double* xI, const double* xJ, const double* slots,
                                  double* out) const {
  ComputeT(xI, xJ, slots, out);
}

void SpringDamperElement::Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const {
  ComputeT(xI, xJ, slots, out);
}

void SpringDamperElement::Accept(const double* xI, const double* xJ, double* slots) const {
  if (!rotation_) return;
  const MarkerMotion<double> I = Motion(i(), xI);
  const MarkerMotion<double> J = Motion(j(), xJ);
  const double a = std::atan2(I.R.col(0).dot(J.R.col(1)), I.R.col(0).dot(J.R.col(0)));
  slots[0] = a + 2 * M_PI * std::round((slots[0] - a) / (2 * M_PI));
}

void SpringDamperElement::Deflection(const double* xI, const double* xJ, const double* slots,
                                     double* deflection, double* rate) const {
  const MarkerMotion<double> I = Motion(i(), xI);
  const MarkerMotion<double> J = Motion(j(), xJ);
  if (!rotation_) {
    const Vec3 d = I.p - J.p;
    *deflection = d.norm() - length_;
    *rate = d.normalized().dot(I.v - J.v);
    return;
  }
  // a = atan2(x_I.y_J, x_I.x_J): its rate from those of the axes (dx/dt = w x x)
  const Vec3 xi = I.R.col(0), xj = J.R.col(0), yj = J.R.col(1);
  const double u = xi.dot(xj), w = xi.dot(yj);
  const Vec3 dxi = I.w.cross(xi), dxj = J.w.cross(xj), dyj = J.w.cross(yj);
  const double du = dxi.dot(xj) + xi.dot(dxj), dw = dxi.dot(yj) + xi.dot(dyj);
  double a = std::atan2(w, u);
  a += 2 * M_PI * std::round((slots[0] - a) / (2 * M_PI));
  *deflection = a - spring_->angle;
  *rate = (u * dw - w * du) / (u * u + w * w);
}

double SpringDamperElement::Energy(const double* xI, const double* xJ, const double* slots) const {
  double x = 0.0, rate = 0.0;
  Deflection(xI, xJ, slots, &x, &rate);
  const double k = rotation_ ? spring_->kt : spring_->k;
  const double preload = rotation_ ? spring_->torque : spring_->force;
  return 0.5 * k * x * x - preload * x;
}

double SpringDamperElement::NonConservativePower(const double* xI, const double* xJ,
                                                 const double* slots, const Wrench& on_i,
                                                 const Wrench& on_j) const {
  // the whole power plus the rate of the stored energy
  double x = 0.0, rate = 0.0;
  Deflection(xI, xJ, slots, &x, &rate);
  const double k = rotation_ ? spring_->kt : spring_->k;
  const double preload = rotation_ ? spring_->torque : spring_->force;
  return PairForceElement::NonConservativePower(xI, xJ, slots, on_i, on_j) +
         (k * x - preload) * rate;
}

}  // namespace msolve::mbs
