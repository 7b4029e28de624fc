// The equations of the joint terms that are not joint types of mbs/joint_equations.h: the
// curve and surface points and frames of the higher-pair constraints and the Mate distances,
// templated on the scalar for automatic differentiation (used by mbs/joint.cc only).
#pragma once

#include <cmath>

#include "mbs/joint.h"

namespace msolve::mbs {

// the point of a curve at the parameter alpha, for a (nested) automatic-differentiation
// scalar: the second-order Taylor expansion at the plain value, whose value and first and
// second derivatives are the curve's (all that the gradients, Hessians and curvatures read)
template <class S>
math::Vec3T<S> CurvePointT(const math::SpaceCurve& curve, const S& alpha) {
  const double a = PlainValue(alpha);
  const Vec3 c0 = curve.Evaluate(a, 0), c1 = curve.Evaluate(a, 1), c2 = curve.Evaluate(a, 2);
  const S da = alpha - a;
  const S half = 0.5 * da * da;
  math::Vec3T<S> c;
  for (int k = 0; k < 3; ++k) c[k] = c0[k] + c1[k] * da + c2[k] * half;
  return c;
}

// the unit tangent of a curve at alpha, as CurvePointT: the second-order Taylor expansion of
// c'(alpha) (a curve without a third derivative, a routine's, gives zero for it), normalised
template <class S>
math::Vec3T<S> CurveTangentT(const math::SpaceCurve& curve, const S& alpha) {
  const double a = PlainValue(alpha);
  const Vec3 c1 = curve.Evaluate(a, 1), c2 = curve.Evaluate(a, 2), c3 = curve.Evaluate(a, 3);
  const S da = alpha - a;
  const S half = 0.5 * da * da;
  math::Vec3T<S> t;
  for (int k = 0; k < 3; ++k) t[k] = c1[k] + c2[k] * da + c3[k] * half;
  using std::sqrt;
  const S norm = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
  for (int k = 0; k < 3; ++k) t[k] = t[k] / norm;
  return t;
}

// the 3 rows of kCurveFrame (docs/equations.md §2.8)
template <class S>
void CurveFrameResiduals(const JointConstraint::Term& t, const Frame<S>& I, const Frame<S>& J,
                         S* phi) {
  const math::Vec3T<S> tl = CurveTangentT(*t.curve, J.p[2]);
  math::Vec3T<S> nl;
  nl[0] = t.normal[1] * tl[2] - t.normal[2] * tl[1];
  nl[1] = t.normal[2] * tl[0] - t.normal[0] * tl[2];
  nl[2] = t.normal[0] * tl[1] - t.normal[1] * tl[0];
  S zt = S(0.0), zn = S(0.0), xn = S(0.0);
  for (int r = 0; r < 3; ++r) {
    S tg = I.R(r, 0) * tl[0], ng = I.R(r, 0) * nl[0];
    tg += I.R(r, 1) * tl[1] + I.R(r, 2) * tl[2];
    ng += I.R(r, 1) * nl[1] + I.R(r, 2) * nl[2];
    zt += J.R(r, 2) * tg;
    zn += J.R(r, 2) * ng;
    xn += J.R(r, 0) * ng;
  }
  phi[0] = zt, phi[1] = zn, phi[2] = xn;
}

// the derivative d^(du + dv) s / du^du dv^dv of a surface at (u, v), for a (nested)
// automatic-differentiation scalar: the second-order Taylor expansion at the plain values, as
// CurvePointT (docs/equations.md §2.9)
template <class S>
math::Vec3T<S> SurfaceDerivativeT(const math::SpaceSurface& surface, const S& u, const S& v, int du,
                                  int dv) {
  const double u0 = PlainValue(u), v0 = PlainValue(v);
  const Vec3 s0 = surface.Evaluate(u0, v0, du, dv);
  const Vec3 su = surface.Evaluate(u0, v0, du + 1, dv), sv = surface.Evaluate(u0, v0, du, dv + 1);
  const Vec3 suu = surface.Evaluate(u0, v0, du + 2, dv);
  const Vec3 suv = surface.Evaluate(u0, v0, du + 1, dv + 1);
  const Vec3 svv = surface.Evaluate(u0, v0, du, dv + 2);
  const S a = u - u0, b = v - v0;
  const S aa = 0.5 * a * a, ab = a * b, bb = 0.5 * b * b;
  math::Vec3T<S> s;
  for (int k = 0; k < 3; ++k)
    s[k] = s0[k] + su[k] * a + sv[k] * b + suu[k] * aa + suv[k] * ab + svv[k] * bb;
  return s;
}

// w turned by R: R w
template <class S>
math::Vec3T<S> Turned(const math::Mat3T<S>& R, const math::Vec3T<S>& w) {
  math::Vec3T<S> g;
  for (int r = 0; r < 3; ++r) {
    S sum = R(r, 0) * w[0];
    sum += R(r, 1) * w[1];
    sum += R(r, 2) * w[2];
    g[r] = sum;
  }
  return g;
}

// the 3 rows of kSurfaceFrame (docs/equations.md §2.10)
template <class S>
void SurfaceFrameResiduals(const JointConstraint::Term& t, const Frame<S>& I, const Frame<S>& J,
                           S* phi) {
  using std::sqrt;
  math::Vec3T<S> su = SurfaceDerivativeT(*t.surface, J.p[0], J.p[1], 1, 0);
  math::Vec3T<S> sv = SurfaceDerivativeT(*t.surface, J.p[0], J.p[1], 0, 1);
  const S nu = sqrt(su[0] * su[0] + su[1] * su[1] + su[2] * su[2]);
  const S nv = sqrt(sv[0] * sv[0] + sv[1] * sv[1] + sv[2] * sv[2]);
  for (int k = 0; k < 3; ++k) su[k] = su[k] / nu, sv[k] = sv[k] / nv;
  const math::Vec3T<S> gu = Turned(I.R, su), gv = Turned(I.R, sv);
  S zu = S(0.0), zv = S(0.0), xv = S(0.0);
  for (int r = 0; r < 3; ++r) {
    zu += J.R(r, 2) * gu[r];
    zv += J.R(r, 2) * gv[r];
    xv += J.R(r, 0) * gv[r];
  }
  phi[0] = zu, phi[1] = zv, phi[2] = xv;
}

// the row of a Mate distance term, coordinate - c (docs/equations.md §2.12)
template <class S>
void MateResidual(const JointConstraint::Term& t, const Frame<S>& I, const Frame<S>& J, S* phi) {
  using std::sqrt;
  const math::Vec3T<S> d = I.p - J.p;
  S along[3];
  for (int a = 0; a < 3; ++a) {
    along[a] = d[0] * J.R(0, a);
    along[a] += d[1] * J.R(1, a);
    along[a] += d[2] * J.R(2, a);
  }
  if (t.type == JointType::kMatePlaneDistance) {
    phi[0] = along[2] - t.value;
  } else if (t.type == JointType::kMateAxisDistance) {
    phi[0] = sqrt(along[0] * along[0] + along[1] * along[1]) - t.value;
  } else {
    phi[0] = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) - t.value;
  }
}

}  // namespace msolve::mbs
