// The geometry of curves that the curve constraints share (compile/curves.cc) with the
// curve-to-surface constraint (compile/surfaces.cc).
#pragma once

#include <string>

#include "common/types.h"
#include "math/param_curve.h"

namespace msolve::system {

/// The parameter of the point of `curve` nearest to p (both in the curve's frame): the best
/// of a sampling of the parameter range, refined by Newton on (c(a) - p).c'(a) = 0.
double NearestParameter(const math::SpaceCurve& curve, const Vec3& p);

/// The unit normal of the plane a curve lies in (its frame's coordinates), from a sampling;
/// a zero vector for a straight curve. @throws ModelError "<what> is not planar ... (<need>)"
/// when the curve leaves every plane by more than 1e-6 of its size.
Vec3 CurvePlaneNormal(const math::SpaceCurve& curve, const std::string& what,
                      const std::string& need);

/// The orientation (a quaternion) of a curve's parameter body: x along the curve's tangent at
/// alpha, z along its plane normal m, both in the frame R of the curve's marker.
Vec4 CurveFrameOrientation(const math::SpaceCurve& curve, double alpha, const Vec3& m,
                           const Mat3& R);

}  // namespace msolve::system
