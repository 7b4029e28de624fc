// Position-level equations of the ideal joints (docs/equations.md §2.1). Each joint is
// written once, as a function of the global frames of its I and J markers, templated on the
// scalar so that automatic differentiation gives its exact first and second derivatives.
// The equations that are not angles are also listed term by term (JointEquationTerms), from
// which mbs/joint.cc forms their gradients in closed form.
#pragma once

#include <cmath>
#include <string>

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include "math/rotation.h"

namespace msolve::mbs {

enum class JointType {
  kFixed,
  kRevolute,
  kTranslational,
  kSpherical,
  kCylindrical,
  kUniversal,
  kPlanar,
  kHooke,
  kConvel,
  // joint primitives (Jprim; ATPOINT has the equations of kSpherical)
  kInline,
  kInplane,
  kOrientation,
  kParallelAxes,
  kPerpendicular,
  // the single coordinate a joint-based Motion drives: the translation of I along z_J, or
  // the rotation of x_I about z_J from x_J (right hand), followed through whole turns
  kMotionTranslation,
  kMotionRotation,
  // the coordinate a marker-based Motion drives (docs/equations.md §2.5): DX(I,J,J), DY(I,J,J)
  // (DZ(I,J,J) is kMotionTranslation), or one angle of the body 1-2-3 sequence of I
  // relative to J, R_J^T R_I = Rx(b1) Ry(b2) Rz(b3): b1 and b3 followed through whole
  // turns, b2 (the middle angle) within (-pi/2, pi/2)
  kMotionX,
  kMotionY,
  kMotionB1,
  kMotionB2,
  kMotionB3,
  // the rotation of a pinion (I) about its z axis relative to a rack (J) whose z axis lies
  // in the pinion's x-y plane: atan2(-y_I.z_J, x_I.z_J), zero when x_I points along z_J,
  // followed through whole turns (the angle coordinate of RACKPIN)
  kRackPinionAngle,
  // the point of a curve fixed in the frame of I, at the parameter alpha = the global z of
  // the origin of J (the parameter body of a point-to-curve constraint): -R_I c(alpha), 3
  // rows; with the 3 rows d of kSpherical between the follower point and I it makes the Ptcv
  // equations (docs/equations.md §2.7). Its equations need the curve (JointConstraint::Term)
  kCurvePoint,
  // the frame of J (the parameter body of a curve-to-curve constraint, its global z the
  // parameter alpha) along the plane curve of I at alpha: with t the unit tangent and m the
  // plane normal of the curve (JointConstraint::Term), n = m x t, all turned by R_I, the 3
  // rows z_J.t, z_J.n, x_J.n (docs/equations.md §2.8)
  kCurveFrame,
  // the point of a surface fixed in the frame of I, at the parameters u, v = the global x, y
  // of the origin of J (the parameter body of a point- or curve-to-surface constraint):
  // -R_I s(u, v), 3 rows (docs/equations.md §2.9). Its equations need the surface
  kSurfacePoint,
  // the frame of J (the parameter body of a curve-to-surface constraint's surface, its
  // global x, y the parameters u, v) with z along the surface normal and x across s_v:
  // z_J.R_I s_u / |s_u|, z_J.R_I s_v / |s_v|, x_J.R_I s_v / |s_v| (docs/equations.md §2.10)
  kSurfaceFrame,
  // the origin of I weighted by the spline weights of a deformable curve or surface
  // (JointConstraint::Term: curve, and curve_v for a surface) at the parameters of J (the
  // parameter body: u its global z, v its global x): -w(u) p_I, or -w(u) w_v(v) p_I, 3 rows;
  // one term per marker of the curve, with kSpherical between the follower point and the
  // ground, makes the Ptdcv and Ptdsf equations (docs/equations.md §2.11)
  kWeightedPoint,
  // the distance coordinates of a Mate (docs/equations.md §2.12), each one row "coordinate -
  // c" with c the term's value (JointConstraint::Term::value): the distance |d| between the
  // origins, the distance sqrt((d.x_J)^2 + (d.y_J)^2) of I's origin from J's z axis, and the
  // signed distance d.z_J of I's origin from J's x-y plane
  kMatePointDistance,
  kMateAxisDistance,
  kMatePlaneDistance,
  // one row g(q, t) = 0 of a general constraint (Gcon, docs/equations.md §2.14), one term per
  // body its function reads (I that body's frame, J the ground): term 0 carries the value,
  // each term the gradient over its body (mbs/general_constraint.h)
  kGeneral,
};

/// True for the motion types whose coordinate is an angle followed through whole turns.
inline bool IsMotionAngle(JointType type) {
  return type == JointType::kMotionRotation || type == JointType::kMotionB1 ||
         type == JointType::kMotionB2 || type == JointType::kMotionB3 ||
         type == JointType::kRackPinionAngle;
}

/// The joint type of a MotionSolve Joint type word (SCREW and RACKPIN excepted: they are
/// relations between two coordinates, built by the compiler), or false when the word is not a
/// type this solver implements.
bool ParseJointType(const std::string& word, JointType* type);

/// The joint type of a Jprim type word (ATPOINT INLINE INPLANE ORIENTATION PARALLEL_AXES
/// PERPENDICULAR), or false.
bool ParseJprimType(const std::string& word, JointType* type);

/// Number of scalar equations of a joint type.
int JointRowCount(JointType type);

/// Human-readable name of equation `row` of a joint type ("x position", "z_I.x_J").
const char* JointRowName(JointType type, int row);

/// A marker frame expressed in the global frame: origin p and axes R (columns x, y, z).
template <class S>
struct Frame {
  math::Vec3T<S> p;
  math::Mat3T<S> R;
};

/// The plain value of a scalar or of a (nested) automatic-differentiation scalar.
inline double PlainValue(double x) { return x; }
template <class D>
double PlainValue(const Eigen::AutoDiffScalar<D>& x) {
  return PlainValue(x.value());
}

/// The angle a, shifted by whole turns to lie within half a turn of `reference`.
template <class S>
S NearestTurn(const S& a, double reference) {
  return a + 2 * M_PI * std::round((reference - PlainValue(a)) / (2 * M_PI));
}

/// One term of a joint equation that is not an angle, with d = p_I - p_J and x_k, y_k, z_k
/// the global marker axes (k = 0, 1, 2 for x, y, z): the component d[a] (kPoint), the
/// component d . (axis a of J) (kAlongJ), or (axis a of I) . (axis b of J) (kAxes). These
/// have closed-form gradients (mbs/joint.cc); JointResiduals sums them.
struct JointEquationTerm {
  enum class Kind { kPoint, kAlongJ, kAxes };
  Kind kind;
  int a, b;
};

/// The terms of equation `row` of a joint type (at most 2), their number; 0 for the types
/// whose coordinate is an angle (IsMotionAngle).
int JointEquationTerms(JointType type, int row, JointEquationTerm* terms);

/// The value of one term for the marker frames I and J, d = p_I - p_J.
template <class S>
S JointTermValue(const JointEquationTerm& t, const math::Vec3T<S>& d, const Frame<S>& I,
                 const Frame<S>& J) {
  switch (t.kind) {
    case JointEquationTerm::Kind::kPoint:
      return d[t.a];
    case JointEquationTerm::Kind::kAlongJ:
      return d.dot(J.R.col(t.a));
    case JointEquationTerm::Kind::kAxes:
      return I.R.col(t.a).dot(J.R.col(t.b));
  }
  return d[0];
}

/// Residuals of the joint equations for the marker frames I and J; writes JointRowCount rows.
/// A motion angle is taken within half a turn of `reference` (its last accepted value), so
/// that it is continuous through whole turns.
template <class S>
void JointResiduals(JointType type, const Frame<S>& I, const Frame<S>& J, S* phi,
                    double reference = 0.0) {
  using std::atan2;
  using std::sqrt;
  const math::Vec3T<S> d = I.p - J.p;
  // the equations that are not angles: sums of the terms of JointEquationTerms
  JointEquationTerm terms[2];
  if (JointEquationTerms(type, 0, terms) > 0) {
    for (int r = 0; r < JointRowCount(type); ++r) {
      const int n = JointEquationTerms(type, r, terms);
      phi[r] = JointTermValue(terms[0], d, I, J);
      for (int k = 1; k < n; ++k) phi[r] = phi[r] + JointTermValue(terms[k], d, I, J);
    }
    return;
  }
  // the angles
  const auto xI = I.R.col(0);
  const auto yI = I.R.col(1);
  const auto zI = I.R.col(2);
  const auto xJ = J.R.col(0);
  const auto yJ = J.R.col(1);
  const auto zJ = J.R.col(2);
  switch (type) {
    case JointType::kRackPinionAngle:
      phi[0] = NearestTurn<S>(atan2(-yI.dot(zJ), xI.dot(zJ)), reference);
      return;
    case JointType::kMotionRotation:
      phi[0] = NearestTurn<S>(atan2(xI.dot(yJ), xI.dot(xJ)), reference);
      return;
    case JointType::kMotionB1:
    case JointType::kMotionB2:
    case JointType::kMotionB3: {
      // C = R_J^T R_I = Rx(b1) Ry(b2) Rz(b3) has first row (c2 c3, -c2 s3, s2) and third
      // column (s2, -s1 c2, c1 c2); the ratios hold for non-unit quaternions too (C is then
      // a positive multiple of a rotation)
      const S c11 = xJ.dot(xI), c12 = xJ.dot(yI), c13 = xJ.dot(zI);
      if (type == JointType::kMotionB2) {
        phi[0] = NearestTurn<S>(atan2(c13, sqrt(c11 * c11 + c12 * c12)), reference);
      } else if (type == JointType::kMotionB1) {
        phi[0] = NearestTurn<S>(atan2(-yJ.dot(zI), zJ.dot(zI)), reference);
      } else {
        phi[0] = NearestTurn<S>(atan2(-c12, c11), reference);
      }
      return;
    }
    default:  // the types of JointEquationTerms, handled above
      return;
  }
}

}  // namespace msolve::mbs
