// The spline weights of the deformable curves and surfaces (math/deform_spline.h,
// docs/equations.md §11.1) against closed forms and the Curve's splines.
#include "math/deform_spline.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <vector>

#include "math/param_curve.h"

namespace msolve::math {
namespace {

constexpr double kPi = 3.14159265358979323846;

// the spline of scalar data y at u, order-th derivative
double Spline(const SplineWeights& w, const std::vector<double>& y, double u, int order) {
  std::vector<double> weights(w.count());
  w.Evaluate(u, order, weights.data());
  double s = 0.0;
  for (int k = 0; k < w.count(); ++k) s += weights[k] * y[k];
  return s;
}

// Interpolating: w_k(u_j) = delta_kj; the weights sum to 1 (constants reproduced), their
// derivatives to 0, for every end condition.
TEST(SplineWeights, InterpolateAndSumToOne) {
  const SplineEnd ends[] = {SplineEnd::kNatural, SplineEnd::kParabolic, SplineEnd::kCantilever};
  for (const SplineEnd left : ends)
    for (const SplineEnd right : ends) {
      const SplineWeights w(6, false, left, right, 0.3, 0.7, 2.5);
      for (int j = 0; j < 6; ++j)
        for (int k = 0; k < 6; ++k)
          EXPECT_NEAR(w.Weight(k, -1.25 + 0.5 * j, 0), j == k ? 1.0 : 0.0, 1e-14);
      for (double u = -1.4; u <= 1.4; u += 0.0913)
        for (int order = 0; order <= 3; ++order) {
          std::vector<double> weights(6);
          w.Evaluate(u, order, weights.data());
          double sum = 0.0;
          for (double x : weights) sum += x;
          EXPECT_NEAR(sum, order == 0 ? 1.0 : 0.0, 1e-12) << u << " " << order;
        }
    }
}

// Linear data at evenly spaced knots give the straight line for NATURAL, PARABOLIC and
// CANTILEVER ends (M = 0 meets them all); quadratic data the parabola with PARABOLIC ends
// (M constant meets M_0 = M_1).
TEST(SplineWeights, ReproducesLinesAndParabolas) {
  const SplineWeights natural(5, false, SplineEnd::kNatural, SplineEnd::kCantilever, 0.0, 0.4, 4.0);
  const std::vector<double> line = {-3.0, -1.0, 1.0, 3.0, 5.0};  // 1 + 2 u at u = -2 .. 2
  for (double u = -2.5; u <= 2.5; u += 0.117) {
    EXPECT_NEAR(Spline(natural, line, u, 0), 1.0 + 2.0 * u, 1e-13);
    EXPECT_NEAR(Spline(natural, line, u, 1), 2.0, 1e-13);
    EXPECT_NEAR(Spline(natural, line, u, 2), 0.0, 1e-12);
  }
  const SplineWeights parabolic(5, false, SplineEnd::kParabolic, SplineEnd::kParabolic, 0.0, 0.0,
                                4.0);
  const std::vector<double> square = {4.0, 1.0, 0.0, 1.0, 4.0};  // u^2
  for (double u = -2.0; u <= 2.0; u += 0.117) {
    EXPECT_NEAR(Spline(parabolic, square, u, 0), u * u, 1e-13);
    EXPECT_NEAR(Spline(parabolic, square, u, 1), 2.0 * u, 1e-12);
    EXPECT_NEAR(Spline(parabolic, square, u, 2), 2.0, 1e-12);
  }
}

// The end conditions of the reference: M_0 = 0 (NATURAL), M_0 = lambda M_1 (CANTILEVER).
TEST(SplineWeights, EndConditionsHold) {
  const std::vector<double> y = {0.3, -1.0, 2.0, 0.5, 1.5, -0.7};
  const SplineWeights w(6, false, SplineEnd::kNatural, SplineEnd::kCantilever, 0.0, 0.6, 1.0);
  const double h = 1.0 / 5;
  EXPECT_NEAR(Spline(w, y, -0.5, 2), 0.0, 1e-11);
  EXPECT_NEAR(Spline(w, y, 0.5, 2), 0.6 * Spline(w, y, 0.5 - h, 2), 1e-11);
  // PERIODIC at both ends: equal slopes and second derivatives at the two ends
  const SplineWeights p(6, false, SplineEnd::kPeriodic, SplineEnd::kPeriodic, 0.0, 0.0, 1.0);
  EXPECT_NEAR(Spline(p, y, -0.5, 1), Spline(p, y, 0.5, 1), 1e-11);
  EXPECT_NEAR(Spline(p, y, -0.5, 2), Spline(p, y, 0.5, 2), 1e-11);
}

// Closed and open natural splines through points are the Curve's splines through them
// (curve_points, parameter -1 .. 1): the same curves, evenly spaced knots.
TEST(SplineWeights, AreTheCurveSplinesThroughPoints) {
  std::vector<Vec3> circle;
  for (int k = 0; k < 12; ++k)
    circle.emplace_back(std::cos(2 * kPi * k / 12), 0.3 * std::sin(2 * kPi * k / 12), 0.1 * k);
  auto closed = std::make_shared<SplineWeights>(12, true, SplineEnd::kNatural, SplineEnd::kNatural,
                                                0.0, 0.0, 2.0);
  const FrozenSplineCurve ours(closed, circle);
  std::vector<Vec3> repeated = circle;
  repeated.push_back(circle.front());
  const ParamCurve theirs(repeated, true, true, -1.0, 1.0);
  auto open = std::make_shared<SplineWeights>(12, false, SplineEnd::kNatural, SplineEnd::kNatural,
                                              0.0, 0.0, 2.0);
  const FrozenSplineCurve ours_open(open, circle);
  const ParamCurve theirs_open(circle, false, true, -1.0, 1.0);
  for (double u = -1.3; u <= 1.3; u += 0.0731)
    for (int order = 0; order <= 2; ++order) {
      EXPECT_LT((ours.Evaluate(u, order) - theirs.Evaluate(u, order)).norm(), 1e-10);
      EXPECT_LT((ours_open.Evaluate(u, order) - theirs_open.Evaluate(u, order)).norm(), 1e-10);
    }
}

TEST(SplineWeights, RefusesWhatCannotBeASpline) {
  EXPECT_THROW(SplineWeights(2, false, SplineEnd::kNatural, SplineEnd::kNatural, 0, 0, 1),
               std::invalid_argument);
  EXPECT_THROW(SplineWeights(5, false, SplineEnd::kPeriodic, SplineEnd::kNatural, 0, 0, 1),
               std::invalid_argument);
  EXPECT_THROW(SplineWeights(5, false, SplineEnd::kNatural, SplineEnd::kNatural, 0, 0, 0.0),
               std::invalid_argument);
  EXPECT_THROW(SplineWeights(5, false, SplineEnd::kCantilever, SplineEnd::kNatural, 1.5, 0, 1),
               std::invalid_argument);
}

}  // namespace
}  // namespace msolve::math
