// The parametric curves of Curve / Reference_ParamCurve (math/param_curve.h,
// docs/equations.md §11) against closed forms.
#include "math/param_curve.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace msolve::math {
namespace {

constexpr double kPi = 3.14159265358979323846;

std::vector<Vec3> CirclePoints(int n, double radius) {  // n + 1 points, the last = the first
  std::vector<Vec3> points;
  for (int k = 0; k <= n; ++k) {
    const double a = 2 * kPi * (k % n) / n;
    points.emplace_back(radius * std::cos(a), radius * std::sin(a), 0.5);
  }
  return points;
}

// The periodic cubic spline through 72 points of a circle of radius 2, parameter -1..1 for
// one turn, is the circle r(alpha) = 2 (cos pi(alpha+1), sin pi(alpha+1)) within the cubic
// spline's error bounds, h = 2/72 and |r''''| = 2 pi^4: 5/384 h^4 |r''''| = 1.5e-6 for the
// point, h^3/24 |r''''| = 1.7e-4 for the first and h^2/12 |r''''| = 1.3e-2 for the second
// derivative.
TEST(ParamCurve, ClosedCurveThroughCirclePointsIsTheCircle) {
  const ParamCurve curve(CirclePoints(72, 2.0), true, true, -1.0, 1.0);
  for (double alpha = -1.0; alpha <= 1.0; alpha += 0.0371) {
    const double a = kPi * (alpha + 1);
    const Vec3 r = curve.Evaluate(alpha, 0), v = curve.Evaluate(alpha, 1);
    const Vec3 acc = curve.Evaluate(alpha, 2);
    EXPECT_NEAR(r.x(), 2 * std::cos(a), 1.5e-6);
    EXPECT_NEAR(r.y(), 2 * std::sin(a), 1.5e-6);
    EXPECT_DOUBLE_EQ(r.z(), 0.5);
    EXPECT_NEAR(v.x(), -2 * kPi * std::sin(a), 1.7e-4);
    EXPECT_NEAR(v.y(), 2 * kPi * std::cos(a), 1.7e-4);
    EXPECT_NEAR(acc.x(), -2 * kPi * kPi * std::cos(a), 1.3e-2);
    EXPECT_NEAR(acc.y(), -2 * kPi * kPi * std::sin(a), 1.3e-2);
  }
  // periodic: one turn later the same point, and the closure conditions at the ends
  for (int order = 0; order <= 2; ++order)
    EXPECT_LT((curve.Evaluate(-1.0, order) - curve.Evaluate(1.0, order)).norm(), 1e-9);
  EXPECT_LT((curve.Evaluate(0.3, 0) - curve.Evaluate(4.3, 0)).norm(), 1e-12);
}

// Curve points lie on the curve, at evenly spaced parameters.
TEST(ParamCurve, CurvePointsAreInterpolated) {
  const std::vector<Vec3> points = {{0, 0, 0}, {1, 2, 0}, {2, -1, 1}, {4, 0, 3}, {5, 5, 5}};
  const ParamCurve open(points, false, true, 0.0, 8.0);
  for (int k = 0; k < 5; ++k) EXPECT_LT((open.Evaluate(2.0 * k, 0) - points[k]).norm(), 1e-12) << k;
  // natural ends: zero second derivative at the first and last point
  EXPECT_LT(open.Evaluate(0.0, 2).norm(), 1e-12);
  EXPECT_LT(open.Evaluate(8.0, 2).norm(), 1e-12);
}

// A B-spline reproduces a straight line from evenly spaced control points, at constant
// speed, and an open control-point curve starts and ends at its end points.
TEST(ParamCurve, ControlPointsOnALineGiveTheLine) {
  std::vector<Vec3> points;
  for (int k = 0; k < 6; ++k) points.emplace_back(1.0 + k, 2.0 * k, -k);
  const ParamCurve curve(points, false, false, -1.0, 1.0);
  for (double alpha = -1.0; alpha <= 1.0; alpha += 0.113) {
    const double s = (alpha + 1) / 2 * 5;  // index along the points
    EXPECT_LT((curve.Evaluate(alpha, 0) - Vec3(1 + s, 2 * s, -s)).norm(), 1e-12);
    EXPECT_LT((curve.Evaluate(alpha, 1) - Vec3(2.5, 5, -2.5)).norm(), 1e-12);
    EXPECT_LT(curve.Evaluate(alpha, 2).norm(), 1e-12);
  }
}

// The derivatives are those of the values (central differences), orders 1..3, open and
// closed, control and curve points.
TEST(ParamCurve, DerivativesMatchDifferences) {
  const std::vector<Vec3> points = {{0, 0, 0}, {1, 2, 0}, {2, -1, 1}, {4, 0, 3}, {0, 0, 0}};
  const double h = 1e-5;
  for (bool closed : {false, true})
    for (bool curve_points : {false, true}) {
      const ParamCurve curve(points, closed, curve_points, -1.0, 1.0);
      for (double alpha : {-0.9, -0.31, 0.27, 0.8})
        for (int order = 1; order <= 3; ++order) {
          const Vec3 fd =
              (curve.Evaluate(alpha + h, order - 1) - curve.Evaluate(alpha - h, order - 1)) /
              (2 * h);
          EXPECT_LT((curve.Evaluate(alpha, order) - fd).norm(), 1e-4 * (1 + fd.norm()))
              << closed << curve_points << alpha << order;
        }
    }
}

TEST(ParamCurve, BadDataIsNamed) {
  EXPECT_NE(CheckCurveData({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, false, -1, 1).find("at least 4"),
            std::string::npos);
  const std::vector<Vec3> open = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  EXPECT_NE(CheckCurveData(open, true, -1, 1).find("end at its first point"), std::string::npos);
  EXPECT_NE(CheckCurveData(open, false, 1, 1).find("minpar"), std::string::npos);
  EXPECT_EQ(CheckCurveData(open, false, -1, 1), "");
}

}  // namespace
}  // namespace msolve::math
