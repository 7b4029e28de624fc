// The relative coordinates of a linear field (docs/equations.md §3.11), shared by the Field,
// the Beam and the multi-point force Nforce (§3.14): templated for automatic differentiation.
#pragma once

#include <cmath>

#include "math/rotation.h"
#include "mbs/wrench.h"

namespace msolve::mbs {

// The relative coordinates of docs/equations.md §3.11: q (position of I's origin relative to
// J's, in J's axes, and the rotations AX, AY, AZ of I relative to J) and their rates v.
template <class S>
struct FieldCoordinates {
  MarkerMotion<S> I, J;
  S q[6];
  S rate[6];
};

template <class S>
FieldCoordinates<S> Coordinates(const BodyMarker& i, const BodyMarker& j, const S* xI,
                                const S* xJ) {
  FieldCoordinates<S> c{Motion(i, xI), Motion(j, xJ), {}, {}};
  const MarkerMotion<S>& I = c.I;
  const MarkerMotion<S>& J = c.J;
  const math::Mat3T<S> RJt = J.R.transpose();
  const math::Vec3T<S> d = I.p - J.p;
  const math::Vec3T<S> x = RJt * d;
  const math::Vec3T<S> v = RJt * math::Vec3T<S>(I.v - J.v - J.w.cross(d));
  const math::Vec3T<S> w = RJt * math::Vec3T<S>(I.w - J.w);
  // AX, AY, AZ of I relative to J (docs/motionsolve-compatibility.md §4.6), as the Bushing's
  const math::Vec3T<S> xi = I.R.col(0), zi = I.R.col(2);
  const math::Vec3T<S> xj = J.R.col(0), yj = J.R.col(1), zj = J.R.col(2);
  using std::atan2;
  const S q[6] = {x[0],
                  x[1],
                  x[2],
                  atan2(S(-zi.dot(yj)), S(zi.dot(zj))),
                  atan2(S(zi.dot(xj)), S(zi.dot(zj))),
                  atan2(S(xi.dot(yj)), S(xi.dot(xj)))};
  const S rate[6] = {v[0], v[1], v[2], w[0], w[1], w[2]};
  for (int a = 0; a < 6; ++a) c.q[a] = q[a], c.rate[a] = rate[a];
  return c;
}

// the wrench (F, T) on I in J's axes onto the bodies: I gets it, J the same reversed at I
template <class S>
void ApplyWrench(const FieldCoordinates<S>& c, const S* xI, const S* xJ, const S* wrench, S* out) {
  const math::Vec3T<S> F = c.J.R * math::Vec3T<S>(wrench[0], wrench[1], wrench[2]);
  const math::Vec3T<S> T = c.J.R * math::Vec3T<S>(wrench[3], wrench[4], wrench[5]);
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  ToBodyAt<S>(xI, c.I.p, F, T, out);
  ToBodyAt<S>(xJ, c.I.p, math::Vec3T<S>(-F), math::Vec3T<S>(-T), out + 6);
}

}  // namespace msolve::mbs
