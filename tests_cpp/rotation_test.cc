// Tests of math/rotation: quaternion matrices and products, 3-1-3 Euler angles, frames from
// points. Expected values come from Eigen's own quaternion/angle-axis classes, from the
// definitions written in rotation.h, or from central finite differences.
#include "math/rotation.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

namespace msolve::math {
namespace {

constexpr double kPi = 3.14159265358979323846;

class RotationTest : public ::testing::Test {
 protected:
  double Uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng_); }
  Vec3 RandomVec3(double a = -1.0, double b = 1.0) {
    return Vec3(Uniform(a, b), Uniform(a, b), Uniform(a, b));
  }
  // a unit quaternion, scalar first, with a random sign of e0
  Vec4 RandomUnitQuat() {
    Vec4 e(Uniform(-1, 1), Uniform(-1, 1), Uniform(-1, 1), Uniform(-1, 1));
    return e.normalized();
  }
  // a general (non-unit) quaternion
  Vec4 RandomQuat() { return RandomUnitQuat() * Uniform(0.5, 1.5); }

  std::mt19937 rng_{20240611};
};

Eigen::Quaterniond ToEigen(const Vec4& e) { return Eigen::Quaterniond(e[0], e[1], e[2], e[3]); }
Vec4 FromEigen(const Eigen::Quaterniond& q) { return Vec4(q.w(), q.x(), q.y(), q.z()); }

TEST_F(RotationTest, QuatToMatrixIsARotationForUnitQuaternions) {
  // definition of a rotation matrix: R^T R = I, det R = +1
  for (int n = 0; n < 50; ++n) {
    const Vec4 e = RandomUnitQuat();
    const Mat3 R = QuatToMatrix<double>(e);
    EXPECT_LT((R.transpose() * R - Mat3::Identity()).norm(), 1e-14);
    EXPECT_NEAR(R.determinant(), 1.0, 1e-14);
  }
}

TEST_F(RotationTest, QuatToMatrixMatchesEigenQuaternion) {
  // reference: Eigen::Quaterniond(w, x, y, z).toRotationMatrix() (scalar-first convention)
  for (int n = 0; n < 50; ++n) {
    const Vec4 e = RandomUnitQuat();
    EXPECT_LT((QuatToMatrix<double>(e) - ToEigen(e).toRotationMatrix()).norm(), 1e-14);
  }
}

TEST_F(RotationTest, QuatToMatrixScalesWithSquaredNormForNonUnitQuaternions) {
  // documented in rotation.h: R(c e) = c^2 R(e) (the entries are quadratic forms in e)
  for (int n = 0; n < 20; ++n) {
    const Vec4 e = RandomUnitQuat();
    const double c = Uniform(0.5, 1.5);
    EXPECT_LT((QuatToMatrix<double>(Vec4(c * e)) - c * c * QuatToMatrix<double>(e)).norm(), 1e-14);
  }
}

TEST_F(RotationTest, MatrixToQuatRoundTrip) {
  // R -> e -> R is the identity; e -> R -> e gives back e up to the sign (e0 >= 0 chosen)
  for (int n = 0; n < 50; ++n) {
    const Vec4 e = RandomUnitQuat();
    const Mat3 R = QuatToMatrix<double>(e);
    const Vec4 back = MatrixToQuat(R);
    EXPECT_GE(back[0], 0.0);
    EXPECT_NEAR(back.norm(), 1.0, 1e-14);
    const Vec4 expected = e[0] < 0 ? Vec4(-e) : e;
    EXPECT_LT((back - expected).norm(), 1e-13);
    EXPECT_LT((QuatToMatrix<double>(back) - R).norm(), 1e-13);
  }
  // rotations by pi (e0 = 0) still round-trip as matrices
  for (const Vec3& axis : {Vec3(Vec3::UnitX()), Vec3(Vec3::UnitY()), Vec3(1, 2, -3)}) {
    const Mat3 R = Eigen::AngleAxisd(kPi, axis.normalized()).toRotationMatrix();
    EXPECT_LT((QuatToMatrix<double>(MatrixToQuat(R)) - R).norm(), 1e-13);
  }
}

TEST_F(RotationTest, Euler313ToMatrixIsRzRxRz) {
  // definition of body 3-1-3 angles: R = Rz(psi) Rx(theta) Rz(phi), elementary rotations
  // written out by hand
  for (int n = 0; n < 30; ++n) {
    const Vec3 a(Uniform(-kPi, kPi), Uniform(0, kPi), Uniform(-kPi, kPi));
    auto rz = [](double t) {
      Mat3 R;
      R << std::cos(t), -std::sin(t), 0, std::sin(t), std::cos(t), 0, 0, 0, 1;
      return R;
    };
    auto rx = [](double t) {
      Mat3 R;
      R << 1, 0, 0, 0, std::cos(t), -std::sin(t), 0, std::sin(t), std::cos(t);
      return R;
    };
    EXPECT_LT((Euler313ToMatrix(a) - rz(a[0]) * rx(a[1]) * rz(a[2])).norm(), 1e-14);
  }
}

TEST_F(RotationTest, MatrixToEuler313InvertsEuler313ToMatrix) {
  // for theta in (0, pi) and psi, phi in (-pi, pi) the angles are unique
  for (int n = 0; n < 50; ++n) {
    const Vec3 a(Uniform(-3.1, 3.1), Uniform(0.01, kPi - 0.01), Uniform(-3.1, 3.1));
    const Vec3 back = MatrixToEuler313(Euler313ToMatrix(a));
    EXPECT_LT((back - a).norm(), 1e-10) << "angles " << a.transpose();
  }
}

TEST_F(RotationTest, MatrixToEuler313AtGimbalLockReproducesTheMatrix) {
  // theta = 0 or pi: only a combination of psi and phi is defined, but the matrix must be kept.
  // theta comes from acos(R(2, 2)), which near +-1 resolves angles only to ~sqrt(eps) = 1e-8.
  for (double theta : {0.0, kPi}) {
    const Vec3 a(0.7, theta, -0.3);
    const Mat3 R = Euler313ToMatrix(a);
    const Vec3 back = MatrixToEuler313(R);
    EXPECT_NEAR(back[1], theta, 1e-7);
    EXPECT_LT((Euler313ToMatrix(back) - R).norm(), 1e-7);
  }
}

TEST_F(RotationTest, QuatLIsTheQuaternionProductWithAPureQuaternion) {
  // definition: e (x) (0, w) = L(e) w, product computed by Eigen
  for (int n = 0; n < 30; ++n) {
    const Vec4 e = RandomQuat();
    const Vec3 w = RandomVec3();
    const Vec4 expected = FromEigen(ToEigen(e) * Eigen::Quaterniond(0.0, w.x(), w.y(), w.z()));
    EXPECT_LT((QuatL(e) * w - expected).norm(), 1e-14);
  }
}

TEST_F(RotationTest, QuatRightWTimesEEqualsQuatLTimesW) {
  // definition: Q(w) e = e (x) (0, w) = L(e) w
  for (int n = 0; n < 30; ++n) {
    const Vec4 e = RandomQuat();
    const Vec3 w = RandomVec3();
    EXPECT_LT((QuatRightW(w) * e - QuatL(e) * w).norm(), 1e-14);
  }
}

TEST_F(RotationTest, QuatLTransposeTimesIsLinearInE) {
  // definition: K(g) e = L(e)^T g
  for (int n = 0; n < 30; ++n) {
    const Vec4 e = RandomQuat();
    const Vec4 g(Uniform(-1, 1), Uniform(-1, 1), Uniform(-1, 1), Uniform(-1, 1));
    EXPECT_LT((QuatLTransposeTimes(g) * e - QuatL(e).transpose() * g).norm(), 1e-14);
  }
}

TEST_F(RotationTest, QuatLOfUnitQuaternionHasOrthonormalColumnsOrthogonalToE) {
  // from the definition: L(e)^T L(e) = |e|^2 I and L(e)^T e = 0 (so |e| is preserved)
  for (int n = 0; n < 20; ++n) {
    const Vec4 e = RandomQuat();
    const auto L = QuatL(e);
    EXPECT_LT((L.transpose() * L - e.squaredNorm() * Mat3::Identity()).norm(), 1e-14);
    EXPECT_LT((L.transpose() * e).norm(), 1e-14);
  }
}

TEST_F(RotationTest, KinematicEquationGivesBodyAngularVelocity) {
  // d/dt R(e) = R(e) Skew(w) for de/dt = L(e) w / 2 with w in body axes; the left side by a
  // central finite difference along de/dt
  for (int n = 0; n < 20; ++n) {
    const Vec4 e = RandomUnitQuat();
    const Vec3 w = RandomVec3(-3, 3);
    const Vec4 edot = 0.5 * QuatL(e) * w;
    const double h = 1e-6;
    const Mat3 dR =
        (QuatToMatrix<double>(Vec4(e + h * edot)) - QuatToMatrix<double>(Vec4(e - h * edot))) /
        (2 * h);
    const Mat3 expected = QuatToMatrix<double>(e) * Skew(w);
    EXPECT_LT((dR - expected).norm(), 1e-8 * (1 + expected.norm()));
  }
}

TEST_F(RotationTest, SkewIsTheCrossProduct) {
  // definition: Skew(a) b = a x b
  for (int n = 0; n < 10; ++n) {
    const Vec3 a = RandomVec3(), b = RandomVec3();
    EXPECT_LT((Skew(a) * b - a.cross(b)).norm(), 1e-15);
    EXPECT_LT((Skew(a) + Skew(a).transpose()).norm(), 1e-15);
  }
}

void ExpectRotation(const Mat3& R) {
  EXPECT_LT((R.transpose() * R - Mat3::Identity()).norm(), 1e-13);
  EXPECT_NEAR(R.determinant(), 1.0, 1e-13);
}

TEST_F(RotationTest, FrameFromPointsPutsZAlongTheZPointAndXPointInThePositiveXZHalfPlane) {
  // definition (docs/conventions.md §1.3): z points at zp; xp lies in the x-z plane, x side
  // positive
  for (int n = 0; n < 30; ++n) {
    const Vec3 zp = RandomVec3(-2, 2);
    const Vec3 xp = RandomVec3(-2, 2);
    const auto R = FrameFromPoints(zp, xp);
    ASSERT_TRUE(R.has_value());
    ExpectRotation(*R);
    EXPECT_LT((R->col(2) - zp.normalized()).norm(), 1e-13);
    EXPECT_NEAR(xp.dot(R->col(1)), 0.0, 1e-13);  // in the x-z plane
    EXPECT_GT(xp.dot(R->col(0)), 0.0);           // on the positive x side
  }
  // a closed-form case: z along global y, so x is xp with its y component removed
  const auto R = FrameFromPoints(Vec3(0, 3, 0), Vec3(0.5, 1, -2));
  ASSERT_TRUE(R.has_value());
  EXPECT_LT((R->col(2) - Vec3(0, 1, 0)).norm(), 1e-14);
  EXPECT_LT((R->col(0) - Vec3(0.5, 0, -2).normalized()).norm(), 1e-14);
}

TEST_F(RotationTest, FrameAxesTakesAnglesOrPointsRelativeToTheOriginNeverBoth) {
  // docs/conventions.md 1.3: Euler angles, or points relative to the origin, or neither
  const Vec3 origin(1, 2, 3), angles(0.3, -1.2, 2.5);
  EXPECT_EQ(FrameAxes(std::nullopt, std::nullopt, std::nullopt, origin).axes, Mat3::Identity());
  const FrameAxesResult by_angles = FrameAxes(angles, std::nullopt, std::nullopt, origin);
  EXPECT_EQ(by_angles.problem, FrameProblem::kNone);
  EXPECT_EQ(by_angles.axes, Euler313ToMatrix(angles));
  const FrameAxesResult by_points = FrameAxes(std::nullopt, Vec3(origin + Vec3(0, 3, 0)),
                                              Vec3(origin + Vec3(0.5, 1, -2)), origin);
  EXPECT_EQ(by_points.problem, FrameProblem::kNone);
  EXPECT_EQ(by_points.axes, *FrameFromPoints(Vec3(0, 3, 0), Vec3(0.5, 1, -2)));
  EXPECT_EQ(FrameAxes(angles, Vec3(0, 0, 1), std::nullopt, origin).problem,
            FrameProblem::kAnglesAndPoints);
  EXPECT_EQ(FrameAxes(std::nullopt, origin, std::nullopt, origin).problem,
            FrameProblem::kDegeneratePoints);
  EXPECT_EQ(FrameAxes(std::nullopt, std::nullopt, Vec3(1, 0, 0), origin).problem,
            FrameProblem::kXWithoutZ);
}

TEST_F(RotationTest, FrameFromPointsDefaultXRule) {
  // documented rule: without xp, x is the reference x axis projected onto the plane normal
  // to z, or the y axis when z is (nearly) along x
  {
    const auto R = FrameFromPoints(Vec3(0, 0, 2), std::nullopt);
    ASSERT_TRUE(R.has_value());
    EXPECT_LT((*R - Mat3::Identity()).norm(), 1e-14);
  }
  {
    const auto R = FrameFromPoints(Vec3(0, -1, 0), std::nullopt);
    ASSERT_TRUE(R.has_value());
    ExpectRotation(*R);
    EXPECT_LT((R->col(0) - Vec3::UnitX()).norm(), 1e-14);
  }
  {
    // z along x: x is taken from the y axis
    const auto R = FrameFromPoints(Vec3(5, 0, 0), std::nullopt);
    ASSERT_TRUE(R.has_value());
    ExpectRotation(*R);
    EXPECT_LT((R->col(2) - Vec3::UnitX()).norm(), 1e-14);
    EXPECT_LT((R->col(0) - Vec3::UnitY()).norm(), 1e-14);
  }
  for (int n = 0; n < 20; ++n) {
    const Vec3 zp = RandomVec3();
    const auto R = FrameFromPoints(zp, std::nullopt);
    ASSERT_TRUE(R.has_value());
    ExpectRotation(*R);
    const Vec3 z = zp.normalized();
    const Vec3 ref = std::abs(z.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
    EXPECT_LT((R->col(0) - (ref - ref.dot(z) * z).normalized()).norm(), 1e-13);
  }
}

TEST_F(RotationTest, FrameFromPointsRejectsDegenerateInput) {
  // the axes are undefined: z point at the origin, or x point on the z axis
  EXPECT_FALSE(FrameFromPoints(Vec3::Zero(), std::nullopt).has_value());
  EXPECT_FALSE(FrameFromPoints(Vec3::Zero(), Vec3(1, 0, 0)).has_value());
  EXPECT_FALSE(FrameFromPoints(Vec3(0, 0, 1), Vec3(0, 0, 3)).has_value());
  EXPECT_FALSE(FrameFromPoints(Vec3(1, 2, 3), Vec3(-2, -4, -6)).has_value());
  EXPECT_FALSE(FrameFromPoints(Vec3(1, 2, 3), Vec3::Zero()).has_value());
}

TEST_F(RotationTest, OrthonormalErrorIsZeroForRotationsOnly) {
  for (int k = 0; k < 20; ++k) {
    const Mat3 R = Euler313ToMatrix(RandomVec3(-kPi, kPi));
    EXPECT_LT(OrthonormalError(R), 1e-14);
  }
  // a reflection: R^T R = I but det R = -1
  EXPECT_EQ(OrthonormalError(Vec3(1, 1, -1).asDiagonal()), 2.0);
  // a stretch: the Gram matrix is off by 1.5^2 - 1
  EXPECT_EQ(OrthonormalError(Vec3(1, 1, 1.5).asDiagonal()), 1.25);
}

}  // namespace
}  // namespace msolve::math
