// Tests of the built-in functions of expr (docs/motionsolve-compatibility.md §4.2-4.4) against
// values computed by hand from the formulas there; the comment next to each expected value shows
// the computation. Every case is evaluated twice: with the argument as a literal (the call is
// folded to a constant at compile time) and with the argument as TIME (the compiled program
// calls the function at run time); both must give the same bits.
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "expr/functions.h"
#include "expr_test_env.h"

namespace msolve::expr {
namespace {

using testing::Compiled;

constexpr double kPi = 3.14159265358979323846;

std::string Literal(double x) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "(%.17g)", x);
  return buf;
}

std::string Substitute(std::string pattern, const std::string& x) {
  for (std::size_t at = pattern.find('@'); at != std::string::npos; at = pattern.find('@'))
    pattern.replace(at, 1, x);
  return pattern;
}

// `pattern` with '@' standing for x, e.g. "STEP(@, 1, 0, 2, 10)".
void ExpectAt(const std::string& pattern, double x, double expected, double tol = 1e-14) {
  SCOPED_TRACE(pattern + " at x = " + Literal(x));
  Compiled runtime(Substitute(pattern, "TIME"));
  const double value = runtime.Value(x);
  EXPECT_NEAR(value, expected, tol * std::max(1.0, std::fabs(expected)));
  // the derivative pass gives the same value
  EXPECT_EQ(runtime.Derivatives(x), value);
  // folding gives the same bits
  Compiled folded(Substitute(pattern, Literal(x)));
  EXPECT_TRUE(folded.program.is_constant());
  EXPECT_EQ(folded.program.size(), 1);
  EXPECT_EQ(folded.Value(), value);
}

double Constant(const std::string& text) {
  Compiled c(text);
  EXPECT_TRUE(c.program.is_constant()) << text;
  return c.Value();
}

TEST(ExprFunctions, TableMatchesEnum) {
  for (int i = 0; i <= static_cast<int>(Fn::kTrim); ++i) {
    const FunctionInfo& info = Info(static_cast<Fn>(i));
    EXPECT_EQ(static_cast<int>(info.fn), i) << info.name;
    EXPECT_EQ(FindFunction(info.name), &info);
  }
  EXPECT_EQ(FindFunction("FOO"), nullptr);
  EXPECT_EQ(FindFunction("sin"), nullptr);  // the parser upper-cases first
  // FunctionCount lists the whole table (the Python runtime functions are made from it)
  EXPECT_EQ(FunctionCount(), static_cast<int>(Fn::kTrim) + 1);
}

TEST(ExprFunctions, ConstantsAndCase) {
  EXPECT_EQ(Constant("PI"), kPi);
  EXPECT_EQ(Constant("pi"), kPi);                // names are case-insensitive
  EXPECT_EQ(Constant("DTOR"), kPi / 180);        // docs/motionsolve-compatibility.md §4.2: pi/180
  EXPECT_EQ(Constant("RTOD"), 180 / kPi);        // 180/pi
  EXPECT_EQ(Constant("Sqrt(16) + sQrT(9)"), 7);  // 4 + 3
}

TEST(ExprFunctions, Abs) {
  ExpectAt("ABS(@)", -2.5, 2.5);
  ExpectAt("ABS(@)", 2.5, 2.5);
  ExpectAt("ABS(@)", 0, 0);
}

TEST(ExprFunctions, SignTransfersTheSignOfB) {
  // docs/motionsolve-compatibility.md §4.2: |a| if b >= 0, -|a| if b < 0
  ExpectAt("SIGN(@, 2)", 3, 3);
  ExpectAt("SIGN(@, 2)", -3, 3);
  ExpectAt("SIGN(@, -2)", 3, -3);
  ExpectAt("SIGN(@, -2)", -3, -3);
  ExpectAt("SIGN(@, 0)", 3, 3);  // b = 0 counts as b >= 0
  ExpectAt("SIGN(@, 0)", -3, 3);
  ExpectAt("SIGN(@, -0)", -3, 3);  // -0 >= 0 too
  ExpectAt("SIGN(3, @)", 0, 3);
}

TEST(ExprFunctions, MinMaxDim) {
  ExpectAt("MIN(@, 2)", 1, 1);
  ExpectAt("MIN(@, 2)", 3, 2);
  ExpectAt("MAX(@, 2)", 1, 2);
  ExpectAt("MAX(@, 2)", 3, 3);
  ExpectAt("DIM(@, 3)", 5, 2);  // max(0, 5 - 3)
  ExpectAt("DIM(@, 3)", 1, 0);  // max(0, 1 - 3)
}

TEST(ExprFunctions, ModHasTheSignOfA) {
  // MOD(a, b) = a - AINT(a/b) b
  ExpectAt("MOD(@, 3)", 7, 1);        // 7 - 2*3
  ExpectAt("MOD(@, 3)", -7, -1);      // -7 - (-2)*3
  ExpectAt("MOD(@, -3)", 7, 1);       // 7 - (-2)(-3)
  ExpectAt("MOD(@, -3)", -7, -1);     // -7 - 2(-3)
  ExpectAt("MOD(@, 2)", 5.5, 1.5);    // 5.5 - 2*2
  ExpectAt("MOD(@, 2)", -5.5, -1.5);  // -5.5 - (-2)*2
  ExpectAt("MOD(@, 2)", 4, 0);
}

TEST(ExprFunctions, AintTruncatesAnintRoundsHalvesAway) {
  ExpectAt("AINT(@)", 2.5, 2);
  ExpectAt("AINT(@)", -2.5, -2);
  ExpectAt("AINT(@)", 2.7, 2);
  ExpectAt("AINT(@)", -2.7, -2);
  ExpectAt("ANINT(@)", 2.5, 3);  // halves away from zero
  ExpectAt("ANINT(@)", -2.5, -3);
  ExpectAt("ANINT(@)", 0.5, 1);
  ExpectAt("ANINT(@)", 2.4, 2);
  ExpectAt("ANINT(@)", -2.4, -2);
}

TEST(ExprFunctions, Elementary) {
  ExpectAt("SQRT(@)", 16, 4);
  ExpectAt("EXP(@)", 0, 1);
  ExpectAt("EXP(@)", 1, 2.718281828459045);  // e
  ExpectAt("LOG(@)", 1, 0);
  ExpectAt("LOG(EXP(@))", 2, 2);
  ExpectAt("LOG10(@)", 1000, 3);
  ExpectAt("SIN(@)", kPi / 6, 0.5);  // sin 30 deg
  ExpectAt("COS(@)", kPi / 3, 0.5);  // cos 60 deg
  ExpectAt("TAN(@)", kPi / 4, 1);    // tan 45 deg
  ExpectAt("ASIN(@)", 1, kPi / 2);
  ExpectAt("ACOS(@)", -1, kPi);
  ExpectAt("ATAN(@)", 1, kPi / 4);
  ExpectAt("SINH(@)", 1, 1.1752011936438014);  // (e - 1/e)/2
  ExpectAt("COSH(@)", 1, 1.5430806348152437);  // (e + 1/e)/2
  ExpectAt("TANH(@)", 1, 0.7615941559557649);  // sinh 1 / cosh 1
}

TEST(ExprFunctions, Atan2AllQuadrants) {
  ExpectAt("ATAN2(@, 1)", 1, kPi / 4);         // first quadrant
  ExpectAt("ATAN2(@, -1)", 1, 3 * kPi / 4);    // second
  ExpectAt("ATAN2(@, -1)", -1, -3 * kPi / 4);  // third
  ExpectAt("ATAN2(@, 1)", -1, -kPi / 4);       // fourth
  ExpectAt("ATAN2(@, 0)", 1, kPi / 2);         // positive y axis
  ExpectAt("ATAN2(@, 0)", -1, -kPi / 2);       // negative y axis
  ExpectAt("ATAN2(@, 1)", 0, 0);               // positive x axis
  ExpectAt("ATAN2(@, -1)", 0, kPi);            // negative x axis: +pi, range (-pi, pi]
  EXPECT_EQ(Constant("ATAN2(-0, -1)"), kPi);   // also for y = -0
  EXPECT_EQ(Constant("ATAN2(-1*0, -1)"), kPi);
}

TEST(ExprFunctions, StepAtAndBeyondBothEnds) {
  // STEP(x, 1, 0, 2, 10): 0 for x <= 1, 10 for x >= 2, 10 D^2 (3 - 2D) between, D = x - 1
  const std::string step = "STEP(@, 1, 0, 2, 10)";
  ExpectAt(step, 0.5, 0);
  ExpectAt(step, 1, 0);
  ExpectAt(step, 1.25, 1.5625);  // 10 * 0.0625 * 2.5
  ExpectAt(step, 1.5, 5);        // midpoint: 10 * 0.25 * 2
  ExpectAt(step, 2, 10);
  ExpectAt(step, 3, 10);
  // descending with h0 != 0: STEP(x, -1, 2, 3, -6), midpoint x = 1: 2 + (-8)(0.5)
  ExpectAt("STEP(@, -1, 2, 3, -6)", 1, -2);
  ExpectAt("STEP(@, -1, 2, 3, -6)", -5, 2);
  ExpectAt("STEP(@, -1, 2, 3, -6)", 7, -6);
}

TEST(ExprFunctions, Step5AtAndBeyondBothEnds) {
  // 10 D^3 (10 - 15 D + 6 D^2) between the ends
  const std::string step5 = "STEP5(@, 1, 0, 2, 10)";
  ExpectAt(step5, 0, 0);
  ExpectAt(step5, 1, 0);
  ExpectAt(step5, 1.25, 1.03515625);  // 10 * 0.015625 * (10 - 3.75 + 0.375)
  ExpectAt(step5, 1.5, 5);            // 10 * 0.125 * (10 - 7.5 + 1.5)
  ExpectAt(step5, 2, 10);
  ExpectAt(step5, 2.5, 10);
}

TEST(ExprFunctions, Havsin) {
  // 10 (1 - cos(pi D))/2 between the ends
  const std::string havsin = "HAVSIN(@, 1, 0, 2, 10)";
  ExpectAt(havsin, 0.9, 0);
  ExpectAt(havsin, 1, 0);
  ExpectAt(havsin, 1.25, 1.4644660940672624);  // 5 (1 - sqrt(2)/2)
  ExpectAt(havsin, 1.5, 5);                    // 5 (1 - cos(pi/2))
  ExpectAt(havsin, 2, 10);
  ExpectAt(havsin, 4, 10);
}

TEST(ExprFunctions, Shf) {
  // SHF(x, x0, a, w, phi, b) = a sin(w (x - x0) - phi) + b
  ExpectAt("SHF(@, 1, 2, PI, 0, -1)", 1.5, 1);                // 2 sin(pi/2) - 1
  ExpectAt("SHF(@, 0.5, 2, PI, PI/2, 3)", 1, 3);              // 2 sin(pi/2 - pi/2) + 3
  ExpectAt("SHF(@, 0, 4, 1, 0.5, 0)", 1, 4 * std::sin(0.5));  // 4 sin(1 - 0.5)
}

TEST(ExprFunctions, Poly) {
  // sum ck (x - x0)^k
  ExpectAt("POLY(@, 1, 1, 2, 3)", 2, 6);   // 1 + 2 + 3
  ExpectAt("POLY(@, 1, 1, 2, 3)", 3, 17);  // 1 + 2*2 + 3*4
  ExpectAt("POLY(@, 1, 1, 2, 3)", 0, 2);   // 1 - 2 + 3
  ExpectAt("POLY(@, 0, 5)", 7, 5);         // one coefficient
  // the largest allowed form: 31 coefficients, all 1, at u = 1
  std::string poly31 = "POLY(@, 0";
  for (int k = 0; k < 31; ++k) poly31 += ", 1";
  ExpectAt(poly31 + ")", 1, 31);
  ExpectAt(poly31 + ")", 0.5, 2 - std::pow(0.5, 30));  // geometric sum (1 - u^31)/(1 - u)
}

TEST(ExprFunctions, Cheby) {
  // u = 0.5: T0 = 1, T1 = 0.5, T2 = 2u^2 - 1 = -0.5, T3 = 4u^3 - 3u = -1
  ExpectAt("CHEBY(@, 1, 1, 2, 3, 4)", 1.5, -3.5);  // 1 + 1 - 1.5 - 4
  // u = 2: T2 = 7, T3 = 26
  ExpectAt("CHEBY(@, 0, 0, 0, 0, 1)", 2, 26);
  ExpectAt("CHEBY(@, 0, 0, 0, 1)", 2, 7);
  ExpectAt("CHEBY(@, 0, 3)", 2, 3);
}

TEST(ExprFunctions, ForcosForsin) {
  // FORCOS: a0 + sum ak cos(k w u)
  ExpectAt("FORCOS(@, 0, PI/3, 1, 2, 4)", 1, 0);  // 1 + 2 cos(pi/3) + 4 cos(2 pi/3) = 1+1-2
  ExpectAt("FORCOS(@, 1, PI/3, 1, 2, 4)", 2, 0);  // the same with x0 = 1
  ExpectAt("FORCOS(@, 0, 1, 7)", 3, 7);           // a0 only
  // FORSIN: a0 + sum ak sin(k w u): 1 + 2 sin(pi/6) + 4 sin(pi/3) = 2 + 2 sqrt(3)
  ExpectAt("FORSIN(@, 0, PI/6, 1, 2, 4)", 1, 2 + 2 * std::sqrt(3.0));
  // the MotionSolve help example FORSIN(TIME, 0.1, 6.28, 0.1, 0.2) at TIME = 0.35:
  // 0.1 + 0.2 sin(6.28 * 0.25)
  ExpectAt("FORSIN(@, 0.1, 6.28, 0.1, 0.2)", 0.35, 0.1 + 0.2 * std::sin(6.28 * 0.25));
}

TEST(ExprFunctions, SweepPhaseAndRampFromZero) {
  // SWEEP(x, 2, 1, 1, 3, 2, 0.5): a = 2, x0 = 1, f0 = 1, x1 = 3, f1 = 2, dx = 0.5;
  // value R a sin(2 pi p) with R = STEP5(x, 0, 0, dx, 1) (functions.h)
  const std::string sweep = "SWEEP(@, 2, 1, 1, 3, 2, 0.5)";
  ExpectAt(sweep, 0, 0);      // R = 0
  ExpectAt(sweep, 0.25, 1);   // R = STEP5 midpoint 0.5, p = f0 x = 0.25: 0.5 * 2 * 1
  ExpectAt(sweep, 0.75, -2);  // R = 1, p = 0.75: 2 sin(1.5 pi)
  // x0 < x < x1: p = f0 u + (f1 - f0) u^2 / (2 L) + f0 x0, u = 1, L = 2: 1 + 0.25 + 1
  ExpectAt(sweep, 2, 2, 1e-13);  // 2 sin(4.5 pi)
  // x >= x1: p = f1 x - (f1 - f0)(x1 + x0)/2 = 8.25 - 2 at x = 4.125
  ExpectAt(sweep, 4.125, 2, 1e-13);  // 2 sin(12.5 pi)
  ExpectAt(sweep, 3, 0, 1e-13);      // p = 4 from both sides: 2 sin(8 pi)
}

TEST(ExprFunctions, ImpactBothSidesAndDampingRamp) {
  // IMPACT(x, xd, x1 = 1, k = 100, e = 2, cmax = 10, d = 0.1)
  const auto impact = [](double xd) {
    return "IMPACT(@, " + Literal(xd) + ", 1, 100, 2, 10, 0.1)";
  };
  ExpectAt(impact(0), 1.2, 0);    // x > x1: no contact
  ExpectAt(impact(-1), 1, 0);     // x = x1: no contact
  ExpectAt(impact(0), 0.8, 4);    // 100 * 0.2^2
  ExpectAt(impact(-1), 0.8, 14);  // 4 - STEP(...)=10 * (-1): full damping below x1 - d
  ExpectAt(impact(1), 0.8, 0);    // 4 - 10 * 1 < 0: max(0, .) prevents pulling
  // in the ramp: x = 0.95, STEP(0.95, 0.9, 10, 1, 0) = 5 (midpoint), 100 * 0.05^2 = 0.25
  ExpectAt(impact(-2), 0.95, 10.25);  // 0.25 + 5 * 2
  // x = 0.925: STEP = 10 - 10 * 0.15625 = 8.4375, 100 * 0.075^2 = 0.5625
  ExpectAt(impact(-1), 0.925, 9);  // 0.5625 + 8.4375
}

TEST(ExprFunctions, BistopBothStopsAndGap) {
  // BISTOP(x, xd, x1 = -1, x2 = 1, k = 100, e = 2, cmax = 10, d = 0.1)
  const auto bistop = [](double xd) {
    return "BISTOP(@, " + Literal(xd) + ", -1, 1, 100, 2, 10, 0.1)";
  };
  ExpectAt(bistop(5), 0, 0);  // in the gap
  ExpectAt(bistop(5), -1, 0);
  ExpectAt(bistop(5), 1, 0);
  // lower stop: max(0, k (x1 - x)^e - STEP(x, x1 - d, cmax, x1, 0) xd)
  ExpectAt(bistop(0), -1.2, 4);        // 100 * 0.2^2
  ExpectAt(bistop(-1), -1.2, 14);      // 4 + 10
  ExpectAt(bistop(1), -1.2, 0);        // 4 - 10 < 0
  ExpectAt(bistop(-2), -1.05, 10.25);  // 0.25 + STEP midpoint 5 * 2
  // upper stop: min(0, -k (x - x2)^e - STEP(x, x2, 0, x2 + d, cmax) xd)
  ExpectAt(bistop(0), 1.2, -4);
  ExpectAt(bistop(1), 1.2, -14);      // -4 - 10
  ExpectAt(bistop(-1), 1.2, 0);       // -4 + 10 > 0
  ExpectAt(bistop(2), 1.05, -10.25);  // -0.25 - 5 * 2
}

TEST(ExprFunctions, NanArgumentGivesNan) {
  // a NaN argument must not be hidden by a piece that ignores it
  Compiled c("STEP(VARVAL(1), 1, 0, 2, 10) + MIN(VARVAL(2), 1) * 0");
  c.Set("VARVAL(1)", std::numeric_limits<double>::quiet_NaN()).Set("VARVAL(2)", 0);
  EXPECT_TRUE(std::isnan(c.Value()));
  Compiled m("MIN(VARVAL(1), 1)");
  m.Set("VARVAL(1)", std::numeric_limits<double>::quiet_NaN());
  EXPECT_TRUE(std::isnan(m.Value()));
  EXPECT_TRUE(std::isnan(m.Derivatives()));
  EXPECT_TRUE(std::isnan(m.d_leaf[0]));
}

TEST(ExprFunctions, IntegerPowers) {
  // PowInt against std::pow on exact cases
  double d = 0;
  EXPECT_EQ(PowInt(3, 4, &d), 81);
  EXPECT_EQ(d, 108);  // 4 * 27
  EXPECT_EQ(PowInt(2, -3, &d), 0.125);
  EXPECT_EQ(d, -0.1875);  // -3 / 16
  EXPECT_EQ(PowInt(0, 0, &d), 1);
  EXPECT_EQ(d, 0);
  EXPECT_EQ(PowInt(-2, 5, nullptr), -32);
  EXPECT_TRUE(IsIntPower(16));
  EXPECT_FALSE(IsIntPower(17));
  EXPECT_FALSE(IsIntPower(0.5));
}

}  // namespace
}  // namespace msolve::expr
