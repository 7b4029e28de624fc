// Rotations: unit quaternions (Euler parameters e0..e3, scalar first), body 3-1-3 Euler
// angles, and frames given by points, as used by MotionSolve markers and parts.
#pragma once

#include <optional>

#include "common/types.h"

namespace msolve::math {

template <class S>
using Vec3T = Eigen::Matrix<S, 3, 1>;
template <class S>
using Mat3T = Eigen::Matrix<S, 3, 3>;

/// Rotation matrix of the Euler parameters e = (e0, e1, e2, e3). For a unit quaternion this
/// is a rotation; for a non-unit one it is |e|^2 times a rotation (the solver keeps |e| = 1 by
/// a constraint). Columns are the body axes expressed in the global frame.
template <class S, class V>
Mat3T<S> QuatToMatrix(const V& e) {
  const S e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3];
  Mat3T<S> R;
  R(0, 0) = e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3;
  R(1, 1) = e0 * e0 - e1 * e1 + e2 * e2 - e3 * e3;
  R(2, 2) = e0 * e0 - e1 * e1 - e2 * e2 + e3 * e3;
  R(0, 1) = S(2) * (e1 * e2 - e0 * e3);
  R(1, 0) = S(2) * (e1 * e2 + e0 * e3);
  R(0, 2) = S(2) * (e1 * e3 + e0 * e2);
  R(2, 0) = S(2) * (e1 * e3 - e0 * e2);
  R(1, 2) = S(2) * (e2 * e3 - e0 * e1);
  R(2, 1) = S(2) * (e2 * e3 + e0 * e1);
  return R;
}

/// L(e) with e (x) (0, w) = L(e) w; the kinematic equation is de/dt = L(e) w / 2 for the
/// angular velocity w in body coordinates.
Eigen::Matrix<double, 4, 3> QuatL(const Vec4& e);

/// The 4x4 matrix Q(w) with e (x) (0, w) = Q(w) e.
Eigen::Matrix4d QuatRightW(const Vec3& w);

/// The 3x4 matrix K(g) with L(e)^T g = K(g) e.
Eigen::Matrix<double, 3, 4> QuatLTransposeTimes(const Vec4& g);

/// Unit quaternion of a rotation matrix (Shepperd's method), with e0 >= 0.
Vec4 MatrixToQuat(const Mat3& R);

/// Rotation of body 3-1-3 Euler angles: R = Rz(psi) Rx(theta) Rz(phi).
Mat3 Euler313ToMatrix(const Vec3& psi_theta_phi);

/// Body 3-1-3 Euler angles (psi, theta, phi) of a rotation, theta in [0, pi].
Vec3 MatrixToEuler313(const Mat3& R);

/// Frame axes from a point on the z axis and a point in the x-z plane (positive x side), all
/// relative to the origin. When the x point is missing, x is chosen perpendicular to z and as
/// close as possible to the reference x axis (or y axis when z is along x).
/// Returns std::nullopt when the points are degenerate (z point at the origin, x point on z).
std::optional<Mat3> FrameFromPoints(const Vec3& z_point, const std::optional<Vec3>& x_point);

/// Why FrameAxes could not make axes from what a frame was given.
enum class FrameProblem {
  kNone,
  kAnglesAndPoints,   // both Euler angles and points
  kDegeneratePoints,  // z point at the origin, or x point on the z axis
  kXWithoutZ,         // an x point without a z point
};

/// The axes of a frame as MotionSolve's entities give them (docs/conventions.md §1.3): by
/// body 3-1-3 Euler angles, or by a point on the z axis and optionally one in the x-z plane
/// (FrameFromPoints, both relative to `origin`), or none of these: the reference axes. One of
/// the two ways only; `problem` says why there are no axes (then `axes` is the identity).
struct FrameAxesResult {
  Mat3 axes = Mat3::Identity();
  FrameProblem problem = FrameProblem::kNone;
};
FrameAxesResult FrameAxes(const std::optional<Vec3>& euler313, const std::optional<Vec3>& z_point,
                          const std::optional<Vec3>& x_point, const Vec3& origin);

/// How far R is from a proper rotation: the largest of |R^T R - I| (by entry) and |det R - 1|.
double OrthonormalError(const Mat3& R);

/// Skew-symmetric cross-product matrix: Skew(a) b = a x b.
Mat3 Skew(const Vec3& a);

}  // namespace msolve::math
