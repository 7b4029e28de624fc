// Tests of math/spline.h and system/spline_function.h: each method against values computed
// by hand from its formula, the derivatives of order 1 to 3 against finite differences and
// closed forms, extrapolation on both sides, surfaces, and the data checks and lookup errors.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "math/spline.h"
#include "system/spline_function.h"

namespace msolve::math {
namespace {

constexpr SplineMethod kAll[] = {SplineMethod::kAkima, SplineMethod::kCubic, SplineMethod::kLinear};

struct D {
  double v[4];
};

D At(const SplineCurve& c, double x) {
  D d;
  c.Evaluate(x, d.v);
  return d;
}

// Akima slopes by hand (spline.h formula) on x = 0..4, y = 0 0 0 1 3: chords m = 0 0 1 2;
// Akima's end rule adds m_{-1} = 2 m_0 - m_1 = 0, m_{-2} = 0 on the left and m_4 = 2 m_3 -
// m_2 = 3, m_5 = 4 on the right. t_i = (|m_{i+1}-m_i| m_{i-1} + |m_{i-1}-m_{i-2}| m_i) / (sum):
//   t0: all chords 0                      -> (0 + 0) / 2 = 0
//   t1: weights |1-0| = 1, |0-0| = 0      -> m_0 = 0
//   t2: weights |2-1| = 1, |0-0| = 0      -> m_1 = 0
//   t3: weights |3-2| = 1, |1-0| = 1      -> (1 + 2) / 2 = 1.5
//   t4: weights |4-3| = 1, |2-1| = 1      -> (2 + 3) / 2 = 2.5
TEST(Spline, AkimaSlopesFromTheFormula) {
  const SplineCurve c({0, 1, 2, 3, 4}, {0, 0, 0, 1, 3}, SplineMethod::kAkima, false);
  const double slopes[] = {0, 0, 0, 1.5, 2.5};
  const double values[] = {0, 0, 0, 1, 3};
  for (int i = 0; i < 5; ++i) {
    EXPECT_NEAR(At(c, i).v[0], values[i], 1e-15) << i;
    EXPECT_NEAR(At(c, i).v[1], slopes[i], 1e-15) << i;
  }
  // the Hermite cubic on [3, 4] (y 1 -> 3, slopes 1.5 -> 2.5, chord 2):
  // c2 = 3*2 - 2*1.5 - 2.5 = 0.5, c3 = 1.5 + 2.5 - 2*2 = 0: y(3.5) = 1 + 0.75 + 0.125
  EXPECT_NEAR(At(c, 3.5).v[0], 1.875, 1e-15);
  EXPECT_NEAR(At(c, 3.5).v[2], 1.0, 1e-14);
  // on [2, 3] (0 -> 1, slopes 0 -> 1.5, chord 1): c2 = 1.5, c3 = -0.5
  EXPECT_NEAR(At(c, 2.5).v[0], 1.5 * 0.25 - 0.5 * 0.125, 1e-15);
  EXPECT_NEAR(At(c, 2.5).v[3], -3.0, 1e-14);
  // Akima's second derivative jumps at the points (help: "unreliable"): at x = 3 the
  // left piece has 2 c2 + 6 c3 = 3 - 3 = 0, the right piece 2 c2 = 1
  EXPECT_NEAR(At(c, 3 - 1e-12).v[2], 0.0, 1e-9);
  EXPECT_NEAR(At(c, 3).v[2], 1.0, 1e-14);
}

// Akima's method and the natural cubic spline reproduce straight lines exactly (all chords
// equal: Akima takes t_i = m; the natural spline has M = 0), also on uneven spacing
TEST(Spline, StraightLinesAreReproducedExactly) {
  const std::vector<double> x = {-1, 0.2, 0.5, 2, 3.7, 4};
  std::vector<double> y;
  for (double v : x) y.push_back(2 * v - 1);
  for (SplineMethod m : kAll) {
    for (bool linear : {false, true}) {
      const SplineCurve c(x, y, m, linear);
      for (double v : {-3.0, -1.0, 0.1, 0.5, 1.3, 3.9, 4.0, 7.5}) {
        const D d = At(c, v);
        EXPECT_NEAR(d.v[0], 2 * v - 1, 1e-13) << v;
        EXPECT_NEAR(d.v[1], 2, 1e-13) << v;
        EXPECT_NEAR(d.v[2], 0, 1e-12) << v;
      }
    }
  }
}

// The natural cubic spline on x = 0 1 2 3, y = 0 1 0 1 by hand: M_0 = M_3 = 0 and
// M_0 + 4 M_1 + M_2 = 6 (y0 - 2 y1 + y2) = -12, M_1 + 4 M_2 + M_3 = 6 (y1 - 2 y2 + y3) = 12,
// so M_1 = -4, M_2 = 4. On [0, 1]: S = M_1 x^3 / 6 + (y1 - M_1 / 6) x.
TEST(Spline, CubicIsTheNaturalSpline) {
  const SplineCurve c({0, 1, 2, 3}, {0, 1, 0, 1}, SplineMethod::kCubic, false);
  EXPECT_NEAR(At(c, 0.5).v[0], -4 * 0.125 / 6 + (1 + 4.0 / 6) * 0.5, 1e-15);  // 0.75
  EXPECT_NEAR(At(c, 0.5).v[0], 0.75, 1e-15);
  EXPECT_NEAR(At(c, 0.0).v[1], 1 + 4.0 / 6, 1e-15);
  EXPECT_NEAR(At(c, 0.5).v[2], -2, 1e-14);
  EXPECT_NEAR(At(c, 1.0).v[2], -4, 1e-14);
  EXPECT_NEAR(At(c, 2.0).v[2], 4, 1e-14);
  EXPECT_NEAR(At(c, 0.5).v[3], -4, 1e-14);
  // natural end conditions
  EXPECT_NEAR(At(c, 0.0).v[2], 0, 1e-14);
  EXPECT_NEAR(At(c, 3.0).v[2], 0, 1e-14);
  // symmetry of the data about (1.5, 0.5): S(3 - x) = 1 - S(x)
  EXPECT_NEAR(At(c, 2.5).v[0], 0.25, 1e-15);
}

// the cubic spline is continuous to the second derivative at the points (uneven data)
TEST(Spline, CubicHasContinuousSecondDerivative) {
  const std::vector<double> x = {0, 0.3, 1.1, 1.5, 2.8, 3.0, 4.6};
  const std::vector<double> y = {1, -0.4, 2.2, 0.1, 0.7, 3.3, -1};
  const SplineCurve c(x, y, SplineMethod::kCubic, false);
  for (std::size_t i = 1; i + 1 < x.size(); ++i) {
    const D left = At(c, x[i] - 1e-9), right = At(c, x[i]);
    EXPECT_NEAR(left.v[0], y[i], 1e-7);
    EXPECT_NEAR(right.v[0], y[i], 1e-15);
    EXPECT_NEAR(left.v[1], right.v[1], 1e-6);
    EXPECT_NEAR(left.v[2], right.v[2], 1e-6);
  }
}

// LINSPL: straight lines between the points, exact
TEST(Spline, LinearIsExact) {
  const SplineCurve c({0, 1, 3, 4}, {2, 4, 0, 1}, SplineMethod::kLinear, false);
  EXPECT_EQ(At(c, 0.25).v[0], 2.5);
  EXPECT_EQ(At(c, 0.25).v[1], 2.0);
  EXPECT_EQ(At(c, 2.5).v[0], 1.0);
  EXPECT_EQ(At(c, 2.5).v[1], -2.0);
  EXPECT_EQ(At(c, 2.5).v[2], 0.0);
  EXPECT_EQ(At(c, 3.0).v[0], 0.0);
  EXPECT_EQ(At(c, 4.0).v[0], 1.0);
}

// derivatives of order 1..3 against central differences of the order below, inside pieces
TEST(Spline, DerivativesMatchFiniteDifferences) {
  const std::vector<double> x = {0, 0.3, 1.1, 1.5, 2.8, 3.0, 4.6};
  const std::vector<double> y = {1, -0.4, 2.2, 0.1, 0.7, 3.3, -1};
  for (SplineMethod m : kAll) {
    for (bool linear : {false, true}) {
      const SplineCurve c(x, y, m, linear);
      for (double v : {-0.7, 0.1, 0.6, 1.3, 2.0, 2.9, 3.9, 5.5}) {
        const double h = 1e-5;
        const D d = At(c, v), plus = At(c, v + h), minus = At(c, v - h);
        for (int k = 0; k < 3; ++k) {
          const double fd = (plus.v[k] - minus.v[k]) / (2 * h);
          EXPECT_NEAR(d.v[k + 1], fd, 1e-6 * std::max(1.0, std::abs(fd)))
              << "method " << static_cast<int>(m) << " x " << v << " order " << k + 1;
        }
      }
    }
  }
}

// Extrapolation (Adams View spline help): by default the parabola through the three end
// points, which for data sampled from y = x^2 is x^2 itself on both sides; with
// linear_extrapolate the line through the two end points. LINSPL always extends its end
// segments.
TEST(Spline, ExtrapolationOnBothSides) {
  const std::vector<double> x = {0, 1, 2, 3, 4}, y = {0, 1, 4, 9, 16};
  for (SplineMethod m : {SplineMethod::kAkima, SplineMethod::kCubic}) {
    const SplineCurve parabolic(x, y, m, false);
    for (double v : {-2.0, -0.5, 4.5, 7.0}) {
      const D d = At(parabolic, v);
      EXPECT_NEAR(d.v[0], v * v, 1e-12) << v;
      EXPECT_NEAR(d.v[1], 2 * v, 1e-12) << v;
      EXPECT_NEAR(d.v[2], 2, 1e-12) << v;
      EXPECT_EQ(d.v[3], 0) << v;
    }
    const SplineCurve linear(x, y, m, true);
    // below: through (0, 0) and (1, 1); above: through (3, 9) and (4, 16)
    EXPECT_NEAR(At(linear, -2).v[0], -2, 1e-14);
    EXPECT_NEAR(At(linear, -2).v[1], 1, 1e-14);
    EXPECT_NEAR(At(linear, 6).v[0], 16 + 7 * 2, 1e-13);
    EXPECT_NEAR(At(linear, 6).v[1], 7, 1e-14);
    EXPECT_EQ(At(linear, 6).v[2], 0);
  }
  for (bool flag : {false, true}) {
    const SplineCurve lin(x, y, SplineMethod::kLinear, flag);
    EXPECT_NEAR(At(lin, -2).v[0], -2, 1e-14);
    EXPECT_NEAR(At(lin, 6).v[0], 30, 1e-13);
  }
}

// A surface: linear in z between the curves (Adams AKISPL/CUBSPL help), the end curves
// extended linearly beyond the z data; d/dz the difference quotient of the two curves
TEST(Spline, SurfaceIsLinearInZ) {
  const std::vector<double> x = {0, 1, 2, 3};
  const std::vector<double> y = {0, 1, 2, 3,   // z = 0: y = x
                                 0, 2, 4, 6,   // z = 2: y = 2 x
                                 1, 1, 1, 1};  // z = 3: y = 1
  const Spline s(x, y, {0, 2, 3}, SplineMethod::kCubic, false);
  ASSERT_TRUE(s.is_surface());
  double dx, dz;
  EXPECT_NEAR(s.Evaluate(1.5, 0.5, 0, &dx, &dz), 0.75 * 1.5 + 0.25 * 3.0, 1e-14);
  EXPECT_NEAR(dx, 0.75 * 1 + 0.25 * 2, 1e-14);
  EXPECT_NEAR(dz, (3.0 - 1.5) / 2, 1e-14);
  EXPECT_NEAR(s.Evaluate(1.5, 2.5, 0, &dx, &dz), 0.5 * 3 + 0.5 * 1, 1e-14);
  EXPECT_NEAR(dz, 1 - 3.0, 1e-14);
  // beyond: z = -2 extends the segment z 0..2, z = 4 the segment 2..3
  EXPECT_NEAR(s.Evaluate(1.5, -2, 0, nullptr, nullptr), 1.5 - (3.0 - 1.5), 1e-14);
  EXPECT_NEAR(s.Evaluate(1.5, 4, 0, nullptr, nullptr), 1 + (1 - 3.0), 1e-14);
  // a curve ignores z
  const Spline curve(x, {0, 1, 2, 3}, {}, SplineMethod::kAkima, false);
  EXPECT_NEAR(curve.Evaluate(1.5, 7, 0, &dx, &dz), 1.5, 1e-15);
  EXPECT_EQ(dz, 0);
  EXPECT_NEAR(curve.Evaluate(1.5, 7, 1, &dx, nullptr), 1, 1e-15);
  EXPECT_NEAR(dx, 0, 1e-14);
}

TEST(Spline, DataChecks) {
  EXPECT_EQ(CheckSplineData({0, 1, 2, 3}, {0, 0, 0, 0}, {}), "");
  EXPECT_EQ(CheckSplineData({0, 1, 2}, {0, 0, 0}, {}), "x needs at least 4 values, got 3");
  EXPECT_EQ(CheckSplineData({0, 1, 1, 3}, {0, 0, 0, 0}, {}),
            "x must be strictly increasing, but x[2] = 1 follows x[1] = 1");
  EXPECT_EQ(CheckSplineData({0, 1, 2, 3}, {0, 0, 0}, {}),
            "y must have as many values as x (4), got 3");
  EXPECT_EQ(CheckSplineData({0, 1, 2, NAN}, {0, 0, 0, 0}, {}), "x[3] is not a finite number");
  EXPECT_EQ(CheckSplineData({0, 1, 2, 3}, {0, 0, INFINITY, 0}, {}), "y[2] is not a finite number");
  EXPECT_EQ(CheckSplineData({0, 1, 2, 3}, std::vector<double>(8, 0.0), {1, 2}), "");
  EXPECT_EQ(CheckSplineData({0, 1, 2, 3}, std::vector<double>(4, 0.0), {1}),
            "z needs at least 2 values for a surface (leave it empty for a curve), got 1");
  EXPECT_EQ(CheckSplineData({0, 1, 2, 3}, std::vector<double>(8, 0.0), {2, 1}),
            "z must be strictly increasing, but z[1] = 1 follows z[0] = 2");
  EXPECT_EQ(CheckSplineData({0, 1, 2, 3}, std::vector<double>(7, 0.0), {1, 2}),
            "y must have len(x) * len(z) = 8 values (one curve per z value), got 7");
}

}  // namespace
}  // namespace msolve::math

namespace msolve::system {
namespace {

model::Spline MakeSpline(long id, std::vector<double> x, std::vector<double> y,
                         std::vector<double> z = {}) {
  model::Spline s;
  s.id = id;
  s.label = "table";
  s.x = std::move(x);
  s.y = std::move(y);
  s.z = std::move(z);
  return s;
}

std::string ReasonOf(const SplineTable& table, const std::string& name,
                     const std::vector<long>& ids) {
  try {
    table.Function(name, ids);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(SplineTable, FunctionsByNameIdAndOrder) {
  const model::Spline curve = MakeSpline(3, {0, 1, 2, 3}, {0, 1, 0, 1});
  SplineTable table;
  table.Add(curve);
  const double args[2] = {0.5, 0};
  double p[2];
  // CUBSPL value, first and second derivative (natural spline by hand, see above)
  EXPECT_NEAR(table.Function("CUBSPL", {3})->Evaluate(args, p), 0.75, 1e-15);
  EXPECT_NEAR(p[0], table.Function("CUBSPL", {3, 1})->Evaluate(args, nullptr), 1e-15);
  EXPECT_NEAR(table.Function("CUBSPL", {3, 2})->Evaluate(args, p), -2, 1e-14);
  EXPECT_NEAR(p[0], -4, 1e-14);  // third derivative: M_1 - M_0 over h
  EXPECT_EQ(p[1], 0);            // a curve ignores z
  EXPECT_NEAR(table.Function("LINSPL", {3})->Evaluate(args, p), 0.5, 1e-15);
  EXPECT_NEAR(p[0], 1, 1e-15);
  // the same call gives the same function
  EXPECT_EQ(table.Function("AKISPL", {3, 0}), table.Function("AKISPL", {3}));
  // moving the table keeps the functions where they are
  const expr::ExternalFunction* f = table.Function("AKISPL", {3, 1});
  SplineTable moved = std::move(table);
  EXPECT_EQ(moved.Function("AKISPL", {3, 1}), f);
}

TEST(SplineTable, Errors) {
  const model::Spline curve = MakeSpline(3, {0, 1, 2, 3}, {0, 1, 0, 1});
  const model::Spline surface = MakeSpline(4, {0, 1, 2, 3}, std::vector<double>(8, 1.0), {0, 1});
  SplineTable table;
  table.Add(curve);
  table.Add(surface);
  EXPECT_EQ(ReasonOf(table, "AKISPL", {7}), "unknown spline id 7");
  EXPECT_EQ(ReasonOf(table, "CUBSPL", {3, 3}),
            "the derivative order n of CUBSPL must be 0, 1 or 2, got 3");
  EXPECT_EQ(ReasonOf(table, "LINSPL", {4, 1}),
            "Spline 4 'table' is a surface (it has z values): LINSPL takes no derivative "
            "order n on a surface");
  EXPECT_EQ(ReasonOf(table, "LINSPL", {4, 0}), "no error");

  // bad data: a ModelError naming the Spline
  const model::Spline bad = MakeSpline(5, {0, 2, 1, 3}, {0, 1, 0, 1});
  try {
    table.Add(bad);
    ADD_FAILURE();
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()),
              "Spline 5 'table': x must be strictly increasing, but x[2] = 1 follows x[1] = 2");
  }
}

}  // namespace
}  // namespace msolve::system
