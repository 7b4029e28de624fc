// Templated helpers of the force elements: marker motion from a body's states, and the
// generalised force on a body of a force applied at a point plus a torque.
#pragma once

#include "math/rotation.h"
#include "mbs/joint.h"

namespace msolve::mbs {

// position, axes, velocity and angular velocity (global) of a marker
template <class S>
struct MarkerMotion {
  math::Vec3T<S> p, v, w;
  math::Mat3T<S> R;
};

template <class S>
MarkerMotion<S> Motion(const BodyMarker& m, const S* x) {
  MarkerMotion<S> k;
  if (x == nullptr) {
    for (int a = 0; a < 3; ++a) {
      k.p[a] = S(m.s[a]);
      k.v[a] = S(0.0);
      k.w[a] = S(0.0);
      for (int b = 0; b < 3; ++b) k.R(a, b) = S(m.A(a, b));
    }
    return k;
  }
  const math::Mat3T<S> Rb = math::QuatToMatrix<S>(x + 3);
  math::Vec3T<S> s, wb;
  math::Mat3T<S> A;
  for (int a = 0; a < 3; ++a) {
    s[a] = S(m.s[a]);
    wb[a] = x[10 + a];
    for (int b = 0; b < 3; ++b) A(a, b) = S(m.A(a, b));
  }
  const math::Vec3T<S> rho = Rb * s;
  k.w = Rb * wb;
  for (int a = 0; a < 3; ++a) k.p[a] = x[a] + rho[a];
  const math::Vec3T<S> wxr = k.w.cross(rho);
  for (int a = 0; a < 3; ++a) k.v[a] = x[7 + a] + wxr[a];
  k.R = Rb * A;
  return k;
}

// generalised force on a body (states x) of a force applied at the global point p, plus a
// torque; nothing for the ground
template <class S>
void ToBodyAt(const S* x, const math::Vec3T<S>& p, const math::Vec3T<S>& force,
              const math::Vec3T<S>& torque, S* out) {
  if (x == nullptr) return;
  const math::Mat3T<S> Rb = math::QuatToMatrix<S>(x + 3);
  math::Vec3T<S> arm;
  for (int a = 0; a < 3; ++a) arm[a] = p[a] - x[a];
  const math::Vec3T<S> body = Rb.transpose() * (torque + arm.cross(force));
  for (int a = 0; a < 3; ++a) {
    out[a] = force[a];
    out[3 + a] = body[a];
  }
}

}  // namespace msolve::mbs
