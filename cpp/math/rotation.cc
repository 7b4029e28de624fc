#include "math/rotation.h"

#include <algorithm>
#include <cmath>

namespace msolve::math {

Eigen::Matrix<double, 4, 3> QuatL(const Vec4& e) {
  Eigen::Matrix<double, 4, 3> L;
  L << -e[1], -e[2], -e[3],  //
      e[0], -e[3], e[2],     //
      e[3], e[0], -e[1],     //
      -e[2], e[1], e[0];
  return L;
}

Eigen::Matrix4d QuatRightW(const Vec3& w) {
  Eigen::Matrix4d Q;
  Q << 0, -w[0], -w[1], -w[2],  //
      w[0], 0, w[2], -w[1],     //
      w[1], -w[2], 0, w[0],     //
      w[2], w[1], -w[0], 0;
  return Q;
}

Eigen::Matrix<double, 3, 4> QuatLTransposeTimes(const Vec4& g) {
  // L(e) is linear in e, so column k of K(g) is L(E_k)^T g for the unit quaternion E_k
  Eigen::Matrix<double, 3, 4> K;
  for (int k = 0; k < 4; ++k) K.col(k) = QuatL(Vec4::Unit(k)).transpose() * g;
  return K;
}

Vec4 MatrixToQuat(const Mat3& R) {
  Eigen::Quaterniond q(R);
  q.normalize();
  Vec4 e(q.w(), q.x(), q.y(), q.z());
  if (e[0] < 0) e = -e;
  return e;
}

Mat3 Euler313ToMatrix(const Vec3& a) {
  return (Eigen::AngleAxisd(a[0], Vec3::UnitZ()) * Eigen::AngleAxisd(a[1], Vec3::UnitX()) *
          Eigen::AngleAxisd(a[2], Vec3::UnitZ()))
      .toRotationMatrix();
}

Vec3 MatrixToEuler313(const Mat3& R) {
  // atan2 keeps full precision near theta = 0 and pi, where acos does not
  const double theta = std::atan2(std::hypot(R(0, 2), R(1, 2)), R(2, 2));
  if (std::abs(std::sin(theta)) < 1e-12) {
    // gimbal lock: only psi + phi (or psi - phi) is defined; put it all in psi
    return Vec3(std::atan2(R(1, 0), R(0, 0)), theta, 0.0);
  }
  return Vec3(std::atan2(R(0, 2), -R(1, 2)), theta, std::atan2(R(2, 0), R(2, 1)));
}

std::optional<Mat3> FrameFromPoints(const Vec3& z_point, const std::optional<Vec3>& x_point) {
  const double zn = z_point.norm();
  if (zn < 1e-14) return std::nullopt;
  const Vec3 z = z_point / zn;
  Vec3 x;
  if (x_point) {
    x = *x_point - x_point->dot(z) * z;
    if (x.norm() < 1e-12 * std::max(1.0, x_point->norm())) return std::nullopt;
  } else {
    // deterministic default: the reference x axis projected, or y when z is along x
    const Vec3 ref = std::abs(z.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
    x = ref - ref.dot(z) * z;
  }
  x.normalize();
  Mat3 R;
  R.col(0) = x;
  R.col(1) = z.cross(x);
  R.col(2) = z;
  return R;
}

FrameAxesResult FrameAxes(const std::optional<Vec3>& euler313, const std::optional<Vec3>& z_point,
                          const std::optional<Vec3>& x_point, const Vec3& origin) {
  FrameAxesResult result;
  if (euler313) {
    if (z_point || x_point)
      result.problem = FrameProblem::kAnglesAndPoints;
    else
      result.axes = Euler313ToMatrix(*euler313);
  } else if (z_point) {
    std::optional<Vec3> x;
    if (x_point) x = *x_point - origin;
    if (const auto axes = FrameFromPoints(*z_point - origin, x))
      result.axes = *axes;
    else
      result.problem = FrameProblem::kDegeneratePoints;
  } else if (x_point) {
    result.problem = FrameProblem::kXWithoutZ;
  }
  return result;
}

double OrthonormalError(const Mat3& R) {
  const double gram = (R.transpose() * R - Mat3::Identity()).cwiseAbs().maxCoeff();
  return std::max(gram, std::abs(R.determinant() - 1.0));
}

Mat3 Skew(const Vec3& a) {
  Mat3 S;
  S << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return S;
}

}  // namespace msolve::math
