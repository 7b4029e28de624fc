#include "mbs/linear_field.h"

#include <cmath>

#include "math/rotation.h"
#include "mbs/wrench.h"

namespace msolve::mbs {

template <class S>
void LinearFieldElement::ComputeT(const S* xI, const S* xJ, S* out) const {
  const MarkerMotion<S> I = Motion(i(), xI);
  const MarkerMotion<S> J = Motion(j(), xJ);
  const math::Mat3T<S> RJt = J.R.transpose();
  const math::Vec3T<S> d = I.p - J.p;
  // the coordinates q and their rates v of docs/equations.md §3.11, in J's axes
  const math::Vec3T<S> x = RJt * d;
  const math::Vec3T<S> v = RJt * math::Vec3T<S>(I.v - J.v - J.w.cross(d));
  const math::Vec3T<S> w = RJt * math::Vec3T<S>(I.w - J.w);
  // AX, AY, AZ of I relative to J (docs/motionsolve-compatibility.md §4.6), as the Bushing's
  const math::Vec3T<S> xi = I.R.col(0), zi = I.R.col(2);
  const math::Vec3T<S> xj = J.R.col(0), yj = J.R.col(1), zj = J.R.col(2);
  using std::atan2;
  S q[6] = {x[0],
            x[1],
            x[2],
            atan2(S(-zi.dot(yj)), S(zi.dot(zj))),
            atan2(S(zi.dot(xj)), S(zi.dot(zj))),
            atan2(S(xi.dot(yj)), S(xi.dot(xj)))};
  const S rate[6] = {v[0], v[1], v[2], w[0], w[1], w[2]};
  for (int a = 0; a < 6; ++a) q[a] -= data_.length[a];
  S wrench[6];
  for (int r = 0; r < 6; ++r) {
    S sum = S(data_.preload[r]);
    for (int c = 0; c < 6; ++c) {
      if (data_.K(r, c) != 0.0) sum -= data_.K(r, c) * q[c];
      if (data_.C(r, c) != 0.0) sum -= data_.C(r, c) * rate[c];
    }
    wrench[r] = sum;
  }
  const math::Vec3T<S> F = J.R * math::Vec3T<S>(wrench[0], wrench[1], wrench[2]);
  const math::Vec3T<S> T = J.R * math::Vec3T<S>(wrench[3], wrench[4], wrench[5]);
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  ToBodyAt<S>(xI, I.p, F, T, out);
  ToBodyAt<S>(xJ, I.p, math::Vec3T<S>(-F), math::Vec3T<S>(-T), out + 6);
}

void LinearFieldElement::Compute(const double* xI, const double* xJ, const double* slots,
                                 double* out) const {
  (void)slots;
  ComputeT(xI, xJ, out);
}

void LinearFieldElement::Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const {
  (void)slots;
  ComputeT(xI, xJ, out);
}

}  // namespace msolve::mbs
