// TRIM (docs/expression-functions.md#trim) against what MotionSolve's TRIM page documents: the
// first line before the transition, the second after it, a slope between the two inside it, the
// radius around the corner capped at limit (0.5 unset) times the shorter segment; and msolve's
// blend (a quadratic Bezier curve through the corner) at the corner itself.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "expr/functions.h"
#include "expr/trim.h"
#include "expr_test_env.h"

namespace msolve::expr {
namespace {

using testing::Compiled;

// The page's example: TRIM(time, 0,0, 1,1, 2,0, .1), lines y = x and y = 2 - x
const std::string kExample = "TRIM(TIME, 0, 0, 1, 1, 2, 0, 0.1)";

TEST(ExprTrim, LinesOutsideTheTransition) {
  Compiled c(kExample);
  const double xa = 1 - 0.1 / std::sqrt(2.0), xb = 1 + 0.1 / std::sqrt(2.0);
  for (double x : {-1.0, 0.0, 0.5, xa - 1e-9, xa}) {
    EXPECT_NEAR(c.Value(x), x, 1e-15) << x;
    c.Derivatives(x);
    EXPECT_NEAR(c.d_time, 1.0, 1e-12) << x;
  }
  for (double x : {xb, xb + 1e-9, 1.5, 2.0, 3.0}) {
    EXPECT_NEAR(c.Value(x), 2 - x, 1e-15) << x;
    c.Derivatives(x);
    EXPECT_NEAR(c.d_time, -1.0, 1e-12) << x;
  }
}

TEST(ExprTrim, CornerBlendedWithSlopesBetweenTheLines) {
  Compiled c(kExample);
  // symmetric corner: the curve's middle (s = 1/2) is at x = 1, y = (yI1 + 2 y1 + yI2) / 4
  EXPECT_NEAR(c.Value(1.0), 1 - 0.05 / std::sqrt(2.0), 1e-15);
  c.Derivatives(1.0);
  EXPECT_NEAR(c.d_time, 0.0, 1e-12);
  // the slope stays within [m2, m1] = [-1, 1], falls monotonically, and matches differences
  double previous = 1.0;
  for (double x = 0.93; x < 1.07; x += 0.005) {
    c.Derivatives(x);
    EXPECT_LE(c.d_time, 1.0 + 1e-12) << x;
    EXPECT_GE(c.d_time, -1.0 - 1e-12) << x;
    EXPECT_LE(c.d_time, previous + 1e-12) << x;
    previous = c.d_time;
    const double h = 1e-6;
    EXPECT_NEAR(c.d_time, (c.Value(x + h) - c.Value(x - h)) / (2 * h), 1e-7) << x;
  }
}

TEST(ExprTrim, RadiusLimitedByTheShorterSegment) {
  // segments of length sqrt 2 and sqrt 5; radius 10 is capped at 0.5 sqrt 2 (limit unset), so
  // the transition starts where line 1 is 0.5 sqrt 2 from the corner: x = 0.5
  Compiled unset("TRIM(TIME, 0, 0, 1, 1, 3, 0, 10)");
  EXPECT_NEAR(unset.Value(0.5), 0.5, 1e-15);
  EXPECT_NEAR(unset.Value(0.49), 0.49, 1e-15);
  EXPECT_LT(unset.Value(0.51), 0.51 - 1e-6);
  // limit 0.25: from x = 0.75
  Compiled limited("TRIM(TIME, 0, 0, 1, 1, 3, 0, 10, 0.25)");
  EXPECT_NEAR(limited.Value(0.74), 0.74, 1e-15);
  EXPECT_LT(limited.Value(0.76), 0.76 - 1e-6);
}

TEST(ExprTrim, PartialsOfEveryArgument) {
  const double args[9] = {1.02, 0.1, -0.2, 1.0, 1.1, 2.5, 0.3, 0.2, 0.4};
  double p[9];
  Trim(args, 9, p);
  for (int i = 0; i < 9; ++i) {
    double up[9], down[9];
    std::copy(args, args + 9, up);
    std::copy(args, args + 9, down);
    const double h = 1e-6;
    up[i] += h, down[i] -= h;
    EXPECT_NEAR(p[i], (Trim(up, 9, nullptr) - Trim(down, 9, nullptr)) / (2 * h), 1e-6) << i;
  }
}

TEST(ExprTrim, BadArgumentsNamed) {
  EXPECT_THROW(Compiled("TRIM(TIME, 1, 0, 1, 1, 2, 0, 0.1)"), std::exception);
  EXPECT_THROW(Compiled("TRIM(TIME, 0, 0, 1, 1, 2, 0, 0)"), std::exception);
  EXPECT_THROW(Compiled("TRIM(TIME, 0, 0, 1, 1, 2, 0)"), std::exception);
}

}  // namespace
}  // namespace msolve::expr
