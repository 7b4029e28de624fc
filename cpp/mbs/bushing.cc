#include "mbs/bushing.h"

#include <cmath>

#include "math/rotation.h"
#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

double Value(double x) { return x; }
double Value(const PairForceElement::AD& x) { return x.value(); }

// the nearest angle to `reference` that differs from `a` by whole turns
template <class S>
S Continuous(const S& a, double reference) {
  return a + 2 * M_PI * std::round((reference - Value(a)) / (2 * M_PI));
}

}  // namespace

BushingElement::BushingElement(const model::Bushing* source, BodyMarker i, BodyMarker j)
    : PairForceElement(source, i, j), bushing_(source) {}

template <class S>
std::array<S, 3> BushingElement::Rotations(const math::Mat3T<S>& RI, const math::Mat3T<S>& RJ) {
  // AX, AY, AZ of I relative to J (docs/motionsolve-compatibility.md §4.6)
  const math::Vec3T<S> xi = RI.col(0), zi = RI.col(2);
  const math::Vec3T<S> xj = RJ.col(0), yj = RJ.col(1), zj = RJ.col(2);
  using std::atan2;
  return {atan2(S(-zi.dot(yj)), S(zi.dot(zj))), atan2(S(zi.dot(xj)), S(zi.dot(zj))),
          atan2(S(xi.dot(yj)), S(xi.dot(xj)))};
}

template <class S>
void BushingElement::ComputeT(const S* xI, const S* xJ, const double* slots, S* out) const {
  const MarkerMotion<S> I = Motion(i(), xI);
  const MarkerMotion<S> J = Motion(j(), xJ);
  const math::Mat3T<S> RJt = J.R.transpose();
  const math::Vec3T<S> d = I.p - J.p;
  // displacement and its time derivative in J's frame, both in J's axes
  const math::Vec3T<S> x = RJt * d;
  const math::Vec3T<S> v = RJt * math::Vec3T<S>(I.v - J.v - J.w.cross(d));
  const math::Vec3T<S> w = RJt * math::Vec3T<S>(I.w - J.w);
  const std::array<S, 3> angle = Rotations<S>(I.R, J.R);
  math::Vec3T<S> f, t;
  for (int a = 0; a < 3; ++a) {
    const model::Bushing& b = *bushing_;
    f[a] = -b.k[a] * x[a] - b.c[a] * v[a] + b.force[a];
    t[a] = -b.kt[a] * Continuous(angle[a], slots[a]) - b.ct[a] * w[a] + b.torque[a];
  }
  const math::Vec3T<S> F = J.R * f, T = J.R * t;
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  ToBodyAt<S>(xI, I.p, F, T, out);
  ToBodyAt<S>(xJ, I.p, math::Vec3T<S>(-F), math::Vec3T<S>(-T), out + 6);
}

void BushingElement::Compute(const double* xI, const double* xJ, const double* slots,
                             double* out) const {
  ComputeT(xI, xJ, slots, out);
}

void BushingElement::Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const {
  ComputeT(xI, xJ, slots, out);
}

void BushingElement::Accept(const double* xI, const double* xJ, double* slots) const {
  const std::array<double, 3> angle = Rotations<double>(Motion(i(), xI).R, Motion(j(), xJ).R);
  for (int a = 0; a < 3; ++a) slots[a] = Continuous(angle[a], slots[a]);
}

}  // namespace msolve::mbs
