// Tests of the partial derivatives of compiled expressions: every function and operator
// against central finite differences of the values at generic points (in every piece of
// the piecewise functions), with every argument a leaf so that all partials are checked;
// a few derivatives against hand-computed values; and the chosen side at kinks.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "expr_test_env.h"

namespace msolve::expr {
namespace {

using testing::Compiled;

// Expression with leaves VARVAL(1..n) set to `args`, evaluated at TIME `time`; checks every
// partial and d/dTIME against central differences with step h relative to the argument.
void ExpectDerivativesMatchDifferences(const std::string& text, const std::vector<double>& args,
                                       double time = 0.3, double tol = 1e-7) {
  SCOPED_TRACE(text);
  Compiled c(text);
  for (std::size_t i = 0; i < args.size(); ++i) {
    c.Set("VARVAL(" + std::to_string(i + 1) + ")", args[i]);
  }
  const double value = c.Derivatives(time);
  ASSERT_TRUE(std::isfinite(value));
  EXPECT_EQ(value, c.Value(time));

  const auto& leaves = c.program.leaves();
  std::vector<double> values = c.values;
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    const int leaf = leaves[i];
    const double x = values[leaf];
    const double h = 1e-6 * std::max(1.0, std::fabs(x));
    values[leaf] = x + h;
    const double plus = c.program.Evaluate(values.data(), time, 0);
    values[leaf] = x - h;
    const double minus = c.program.Evaluate(values.data(), time, 0);
    values[leaf] = x;
    const double fd = (plus - minus) / (2 * h);
    EXPECT_NEAR(c.d_leaf[i], fd, tol * std::max(1.0, std::fabs(fd))) << "leaf " << leaf;
  }
  const double h = 1e-6 * std::max(1.0, std::fabs(time));
  const double fd = (c.program.Evaluate(values.data(), time + h, 0) -
                     c.program.Evaluate(values.data(), time - h, 0)) /
                    (2 * h);
  EXPECT_NEAR(c.d_time, fd, tol * std::max(1.0, std::fabs(fd))) << "TIME";
}

TEST(ExprDerivatives, Operators) {
  ExpectDerivativesMatchDifferences("VARVAL(1) + VARVAL(2) - VARVAL(3)", {1.3, -0.7, 2.1});
  ExpectDerivativesMatchDifferences("VARVAL(1) * VARVAL(2) / VARVAL(3)", {1.3, -0.7, 2.1});
  ExpectDerivativesMatchDifferences("VARVAL(1) ** VARVAL(2)", {1.3, -0.7});
  ExpectDerivativesMatchDifferences("VARVAL(1) ** 3 + VARVAL(2) ** -2", {1.3, -0.7});
  ExpectDerivativesMatchDifferences("VARVAL(1) ** 2.5 + 2 ** VARVAL(2)", {1.3, -0.7});
  ExpectDerivativesMatchDifferences("3 - VARVAL(1) + 2 / VARVAL(2) - -VARVAL(1)", {1.3, -0.7});
  ExpectDerivativesMatchDifferences("-TIME**2 * VARVAL(1) + TIME / 3", {1.3}, 0.8);
  ExpectDerivativesMatchDifferences("(VARVAL(1) - 10) ** 3 * -10 - 1e-3 * VARVAL(2)", {10.5, 2});
}

TEST(ExprDerivatives, ElementaryFunctions) {
  const char* const unary[] = {"ABS", "AINT", "ANINT", "SQRT", "EXP",  "LOG",  "LOG10", "SIN",
                               "COS", "TAN",  "ASIN",  "ACOS", "ATAN", "SINH", "COSH",  "TANH"};
  for (const char* fn : unary) {
    for (double x : {0.37, 0.81}) {
      ExpectDerivativesMatchDifferences(std::string(fn) + "(VARVAL(1))", {x});
    }
  }
  ExpectDerivativesMatchDifferences("ABS(VARVAL(1))", {-0.4});
  ExpectDerivativesMatchDifferences("ASIN(VARVAL(1)) + ACOS(VARVAL(1))", {-0.4});
  for (const char* fn : {"SIGN", "MIN", "MAX", "MOD", "DIM", "ATAN2"}) {
    for (double a : {-1.7, 2.3}) {
      for (double b : {-0.9, 0.6}) {
        ExpectDerivativesMatchDifferences(std::string(fn) + "(VARVAL(1), VARVAL(2))", {a, b});
      }
    }
  }
}

TEST(ExprDerivatives, Shapes) {
  for (const char* fn : {"STEP", "STEP5", "HAVSIN"}) {
    // before, inside (two points), after; every argument a leaf
    for (double x : {0.2, 1.3, 1.8, 2.7}) {
      ExpectDerivativesMatchDifferences(
          std::string(fn) + "(VARVAL(1), VARVAL(2), VARVAL(3), VARVAL(4), VARVAL(5))",
          {x, 1.1, -0.5, 2.2, 3.5});
    }
    ExpectDerivativesMatchDifferences(std::string(fn) + "(TIME, 1, 0, 2, 10)", {}, 1.3);
  }
}

TEST(ExprDerivatives, ShfPolyChebyFourier) {
  ExpectDerivativesMatchDifferences(
      "SHF(VARVAL(1), VARVAL(2), VARVAL(3), VARVAL(4), VARVAL(5), VARVAL(6))",
      {0.7, 0.2, 1.5, 3.1, 0.4, -0.3});
  const std::string coefficients = "VARVAL(3), VARVAL(4), VARVAL(5), VARVAL(6)";
  const std::vector<double> args = {0.9, 0.35, 1.2, -0.8, 0.6, 2.1};
  ExpectDerivativesMatchDifferences("POLY(VARVAL(1), VARVAL(2), " + coefficients + ")", args);
  ExpectDerivativesMatchDifferences("CHEBY(VARVAL(1), VARVAL(2), " + coefficients + ")", args);
  ExpectDerivativesMatchDifferences("FORCOS(VARVAL(1), VARVAL(2), VARVAL(7), " + coefficients + ")",
                                    {0.9, 0.35, 1.2, -0.8, 0.6, 2.1, 2.7});
  ExpectDerivativesMatchDifferences("FORSIN(VARVAL(1), VARVAL(2), VARVAL(7), " + coefficients + ")",
                                    {0.9, 0.35, 1.2, -0.8, 0.6, 2.1, 2.7});
  ExpectDerivativesMatchDifferences("POLY(TIME, 0.5, 1, 2, 3, 4)", {}, 1.7);
}

TEST(ExprDerivatives, Sweep) {
  // x in the ramp and before x0, before x0 after the ramp, between x0 and x1, after x1
  const std::string sweep =
      "SWEEP(VARVAL(1), VARVAL(2), VARVAL(3), VARVAL(4), VARVAL(5), VARVAL(6), VARVAL(7))";
  for (double x : {0.21, 0.83, 1.7, 2.6, 4.3}) {
    ExpectDerivativesMatchDifferences(sweep, {x, 2, 1, 1, 3, 2, 0.5});
  }
  ExpectDerivativesMatchDifferences("SWEEP(TIME, 10, 1, 1, 5, 10, 0.1)", {}, 2.37, 1e-6);
}

TEST(ExprDerivatives, ImpactAndBistop) {
  const std::string impact =
      "IMPACT(VARVAL(1), VARVAL(2), VARVAL(3), VARVAL(4), VARVAL(5), VARVAL(6), VARVAL(7))";
  // beyond the ramp, inside the ramp, with a non-integer exponent; approaching
  ExpectDerivativesMatchDifferences(impact, {0.8, -1, 1, 100, 2, 10, 0.1});
  ExpectDerivativesMatchDifferences(impact, {0.93, -2, 1, 100, 2, 10, 0.1});
  ExpectDerivativesMatchDifferences(impact, {0.93, -2, 1, 100, 1.5, 10, 0.1});
  ExpectDerivativesMatchDifferences(impact, {1.2, -2, 1, 100, 1.5, 10, 0.1});  // no contact
  const std::string bistop =
      "BISTOP(VARVAL(1), VARVAL(2), VARVAL(3), VARVAL(4), VARVAL(5), VARVAL(6), VARVAL(7), "
      "VARVAL(8))";
  for (double x : {-1.2, -1.04, 0.3, 1.06, 1.3}) {
    for (double xd : {-1.5, 0.7}) {
      ExpectDerivativesMatchDifferences(bistop, {x, xd, -1, 1, 100, 2.2, 10, 0.1});
    }
  }
}

TEST(ExprDerivatives, HandComputed) {
  // d/dDY of -10 (DY - 10)^3 - 1e-3 VR = -30 (DY - 10)^2 = -7.5 at DY = 10.5; d/dVR = -1e-3
  Compiled c("-10*(DY(2,3)-10)**3 - 1e-3*VR(2,3)");
  c.Set("DY(2,3)", 10.5).Set("VR(2,3)", 2);
  EXPECT_DOUBLE_EQ(c.Derivatives(), -1.252);  // -10 * 0.125 - 0.002
  EXPECT_DOUBLE_EQ(c.D("DY(2,3)"), -7.5);
  EXPECT_DOUBLE_EQ(c.D("VR(2,3)"), -1e-3);
  EXPECT_EQ(c.d_time, 0);

  // STEP(TIME, 1, 0, 2, 10) at the midpoint: 10 * 6 D (1 - D) = 15
  Compiled s("STEP(TIME, 1, 0, 2, 10)");
  EXPECT_DOUBLE_EQ(s.Derivatives(1.5), 5);
  EXPECT_DOUBLE_EQ(s.d_time, 15);
  // STEP5: 10 * 30 D^2 (1 - D)^2 = 18.75; HAVSIN: 10 * pi/2 sin(pi/2) = 5 pi
  Compiled s5("STEP5(TIME, 1, 0, 2, 10)");
  s5.Derivatives(1.5);
  EXPECT_DOUBLE_EQ(s5.d_time, 18.75);
  Compiled hv("HAVSIN(TIME, 1, 0, 2, 10)");
  hv.Derivatives(1.5);
  EXPECT_DOUBLE_EQ(hv.d_time, 5 * 3.14159265358979323846);

  // IMPACT at x = 0.8, xd = -1 (beyond the ramp): d/dx = -k e (x1 - x) = -40, d/dxd = -10
  Compiled im("IMPACT(DX(1), VX(1), 1, 100, 2, 10, 0.1)");
  im.Set("DX(1)", 0.8).Set("VX(1)", -1);
  EXPECT_DOUBLE_EQ(im.Derivatives(), 14);
  EXPECT_DOUBLE_EQ(im.D("DX(1)"), -40);
  EXPECT_DOUBLE_EQ(im.D("VX(1)"), -10);
}

TEST(ExprDerivatives, KinksTakeTheSideOfTheDefinition) {
  // functions.h: the derivative at a kink is that of the piece the point belongs to
  const auto d = [](const std::string& text, double x) {
    Compiled c(text);
    c.Set("VARVAL(1)", x);
    c.Derivatives();
    return c.d_leaf.at(0);
  };
  EXPECT_EQ(d("ABS(VARVAL(1))", 0), 1);     // x >= 0 ? x : -x
  EXPECT_EQ(d("MIN(VARVAL(1), 0)", 0), 1);  // a <= b ? a : b
  EXPECT_EQ(d("MAX(VARVAL(1), 0)", 0), 1);  // a >= b ? a : b
  EXPECT_EQ(d("MIN(0, VARVAL(1))", 0), 0);
  EXPECT_EQ(d("DIM(VARVAL(1), 0)", 0), 0);  // a > b ? a - b : 0
  EXPECT_EQ(d("SIGN(2, VARVAL(1))", 0), 0);
  EXPECT_EQ(d("SIGN(VARVAL(1), -1)", 0), -1);  // -|a|, |a| has slope +1 at 0
  EXPECT_EQ(d("AINT(VARVAL(1))", 2), 0);
  EXPECT_EQ(d("ANINT(VARVAL(1))", 2.5), 0);
  EXPECT_EQ(d("MOD(7, VARVAL(1))", 3), -2);  // -AINT(7/3)
  EXPECT_EQ(d("STEP(VARVAL(1), 1, 0, 2, 10)", 1), 0);
  EXPECT_EQ(d("STEP(VARVAL(1), 1, 0, 2, 10)", 2), 0);
  // IMPACT at the stop x = x1 and where the force is exactly 0: all partials 0
  EXPECT_EQ(d("IMPACT(VARVAL(1), 0, 1, 100, 2, 10, 0.1)", 1), 0);
  EXPECT_EQ(d("IMPACT(0.5, VARVAL(1), 1, 100, 2, 10, 0.1)", 2.5), 0);  // 25 - 10*2.5 = 0
  EXPECT_EQ(d("BISTOP(VARVAL(1), 0, -1, 1, 100, 2, 10, 0.1)", 1), 0);
}

TEST(ExprDerivatives, OnlyTheChosenIfBranch) {
  // IF(DX: 1/DX, 7 DY, SQRT(VARVAL(1))) with DX = 0 and VARVAL(1) = NaN: the equal branch
  // is chosen; the others would be inf and NaN, and so would their derivatives
  Compiled c("IF(DX(2,3): 1/DX(2,3), 7*DY(2,3), SQRT(VARVAL(1)))");
  c.Set("DX(2,3)", 0).Set("DY(2,3)", 2).Set("VARVAL(1)", std::nan(""));
  EXPECT_EQ(c.Value(), 14);
  EXPECT_EQ(c.Derivatives(), 14);
  EXPECT_EQ(c.D("DX(2,3)"), 0);
  EXPECT_EQ(c.D("DY(2,3)"), 7);
  EXPECT_EQ(c.D("VARVAL(1)"), 0);
  // all three are dependencies
  EXPECT_EQ(c.program.leaves().size(), 3u);

  // the negative branch
  c.Set("DX(2,3)", -0.5);
  EXPECT_EQ(c.Derivatives(), -2);
  EXPECT_EQ(c.D("DX(2,3)"), -4);  // -1/DX^2
  EXPECT_EQ(c.D("DY(2,3)"), 0);
  EXPECT_EQ(c.d_time, 0);
}

TEST(ExprDerivatives, TimeAndMode) {
  // MODE is a parameter: no derivative; TIME is
  Compiled c("MODE * TIME**2 + DX(1)");
  c.Set("DX(1)", 5);
  EXPECT_EQ(c.Derivatives(3, 4), 41);  // 4 * 9 + 5
  EXPECT_EQ(c.d_time, 24);             // 2 * 4 * 3
  EXPECT_EQ(c.D("DX(1)"), 1);
  EXPECT_TRUE(c.program.reads_time());
  EXPECT_TRUE(c.program.reads_mode());

  // without leaves or TIME, d_leaf may be null and *d_time is 0
  Compiled m("MODE + 1");
  double d_time = -1;
  EXPECT_EQ(m.program.Evaluate(nullptr, 0, 4, nullptr, &d_time), 5);
  EXPECT_EQ(d_time, 0);
}

}  // namespace
}  // namespace msolve::expr
