// The geometry of curves that the curve constraints share (compile/curves.cc) with the
// curve-to-surface constraint (compile/surfaces.cc), and the checks of the input that every
// curve and surface constraint makes (defined in compile/curves.cc).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/types.h"
#include "math/param_curve.h"
#include "math/param_surface.h"
#include "mbs/joint.h"
#include "model/entities.h"

namespace msolve::system {

/// The curve or surface `shape` of a constraint set and active. @throws ModelError
/// "<owner>: <name> is not set (<what>)" or "<owner>: its <name> <shape> is not active".
void CheckShape(const model::Entity& owner, const model::Entity* shape, const std::string& name,
                const std::string& what);

/// The two markers of a constraint on different parts and its guesses of the contact point
/// 3 finite numbers each. @throws ModelError "<owner>: markers <iname> (...) and <jname> (...)
/// are on the same part (...): <what> must be on different parts" or "<owner>: <names> must be
/// 3 finite numbers".
void CheckContactInput(const model::Entity& owner, const model::Marker& i, const char* iname,
                       const model::Marker& j, const char* jname, const std::string& what,
                       std::initializer_list<std::optional<Vec3>> guesses, const char* names);

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

/// The point term of a curve or surface constraint: -R c(alpha) of a curve (kCurvePoint), or
/// -R s(u, v) of a surface (kSurfacePoint), fixed in the frame of marker `on` (rotation R), at
/// the parameters of the parameter body `body` (docs/equations.md §2.7, §2.9).
template <class Shape>
mbs::JointConstraint::Term ShapePoint(const mbs::BodyMarker& on, int body, const Shape& shape) {
  mbs::JointConstraint::Term t;
  t.i = on;
  t.j.body = body;
  if constexpr (std::is_base_of_v<math::SpaceSurface, Shape>) {
    t.type = mbs::JointType::kSurfacePoint;
    t.surface = &shape;
  } else {
    t.type = mbs::JointType::kCurvePoint;
    t.curve = &shape;
  }
  return t;
}

/// The 3 rows of a contact point of `owner`: p_from - p_to (a SPHERICAL term) plus the point
/// terms `points` (ShapePoint).
inline mbs::JointConstraint PointRows(const model::Entity* owner, const mbs::BodyMarker& from,
                                      const mbs::BodyMarker& to,
                                      std::initializer_list<mbs::JointConstraint::Term> points) {
  mbs::JointConstraint::Term d;
  d.type = mbs::JointType::kSpherical;
  d.i = from;
  d.j = to;
  std::vector<mbs::JointConstraint::Term> terms = {d};
  terms.insert(terms.end(), points.begin(), points.end());
  return mbs::JointConstraint(owner, std::move(terms), 3);
}

}  // namespace msolve::system
