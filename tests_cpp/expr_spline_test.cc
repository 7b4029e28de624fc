// Tests of the external calls AKISPL, CUBSPL and LINSPL(x, z, id[, n]) in the expression
// compiler (docs/motionsolve-compatibility.md §4.5): expression arguments, the chain rule through
// dvalue/dx and dvalue/dz, the dependency list, constant folding, and the error messages. The
// spline is the fake's CubicFunction f(x, z) = x**3 + 2 z (expr_test_env.h).
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "expr_test_env.h"

namespace msolve::expr {
namespace {

using testing::Compiled;
using testing::FakeEnvironment;

TEST(ExprSpline, ValueAndChainRuleThroughX) {
  Compiled c("AKISPL(2*DX(2,3), VARVAL(1), 5)");
  c.Set("DX(2,3)", 0.5).Set("VARVAL(1)", 0.25);
  // f = (2 DX)**3 + 2 VARVAL = 1 + 0.5
  EXPECT_DOUBLE_EQ(c.Value(), 1.5);
  EXPECT_DOUBLE_EQ(c.Derivatives(), 1.5);
  // d/dDX = 3 (2 DX)**2 * 2 = 6; d/dVARVAL = 2
  EXPECT_DOUBLE_EQ(c.D("DX(2,3)"), 6.0);
  EXPECT_DOUBLE_EQ(c.D("VARVAL(1)"), 2.0);
  EXPECT_EQ(c.d_time, 0.0);
}

// the dependencies of the call are those of its arguments
TEST(ExprSpline, LeavesIncludeWhatTheArgumentsRead) {
  Compiled c("CUBSPL(DX(2,3) + DY(4), DIF(1), 5, 1) + VX(2)");
  EXPECT_EQ(c.program.leaves().size(), 4u);
  for (const char* call : {"DX(2,3)", "DY(4)", "DIF(1)", "VX(2)"}) EXPECT_GE(c.env.Leaf(call), 0);
  EXPECT_FALSE(c.program.reads_time());
}

// order n: f' = 3 x**2 and its derivative 6 x; TIME chains like any argument
TEST(ExprSpline, DerivativeOrderAndTime) {
  Compiled first("CUBSPL(TIME, 0, 5, 1)");
  EXPECT_DOUBLE_EQ(first.Derivatives(2.0), 12.0);
  EXPECT_DOUBLE_EQ(first.d_time, 12.0);
  EXPECT_TRUE(first.program.reads_time());
  EXPECT_TRUE(first.program.leaves().empty());
  Compiled second("LINSPL(3*TIME, 0, 5, 2)");
  EXPECT_DOUBLE_EQ(second.Derivatives(2.0), 36.0);
  EXPECT_DOUBLE_EQ(second.d_time, 18.0);
}

TEST(ExprSpline, NestedCallsAndDerivativesMatchDifferences) {
  Compiled c("AKISPL(SIN(AKISPL(DX(2), 0, 5)), DX(2)**2, 5) * DY(3)");
  c.Set("DX(2)", 0.7).Set("DY(3)", -1.3);
  const double value = c.Derivatives();
  EXPECT_EQ(value, c.Value());
  for (const char* call : {"DX(2)", "DY(3)"}) {
    const int leaf = c.env.Leaf(call);
    const double x = c.values[leaf], h = 1e-6;
    c.values[leaf] = x + h;
    const double plus = c.Value();
    c.values[leaf] = x - h;
    const double minus = c.Value();
    c.values[leaf] = x;
    EXPECT_NEAR(c.D(call), (plus - minus) / (2 * h), 1e-7) << call;
  }
}

// a call whose arguments are constants is folded (the functions are pure)
TEST(ExprSpline, ConstantArgumentsAreFolded) {
  Compiled c("AKISPL(2, 0.5, 5) + TIME");
  EXPECT_EQ(c.program.Disassemble(), "TIME\nADDC 9\n");
  Compiled d("AKISPL(TIME, 0, 5, 1) + AKISPL(2*TIME, 0, 5, 1) + AKISPL(TIME, 0, 5)");
  // one table entry per distinct function
  EXPECT_EQ(d.program.externals().size(), 2u);
  EXPECT_NE(d.program.Disassemble().find("ENVFN AKISPL/5/1 2"), std::string::npos);
  EXPECT_NE(d.program.Disassemble().find("ENVFN AKISPL/5 2"), std::string::npos);
  // lower case and spaces as anywhere
  EXPECT_DOUBLE_EQ(Compiled("linspl( 2 , 0 , 5 , 0 )").Value(), 8.0);
}

struct ErrorCase {
  const char* text;
  int column;
  const char* reason;
};

TEST(ExprSpline, Errors) {
  const ErrorCase cases[] = {
      {"1 + AKISPL(TIME, 0, 7)", 5, "unknown spline id 7"},
      {"AKISPL(TIME, 0)", 1, "AKISPL takes 3 or 4 arguments, AKISPL(x, z, id[, n]), but has 2"},
      {"CUBSPL()", 1, "CUBSPL takes 3 or 4 arguments, CUBSPL(x, z, id[, n]), but has 0"},
      {"LINSPL(TIME, 0, 5, 1, 2)", 1,
       "LINSPL takes 3 or 4 arguments, LINSPL(x, z, id[, n]), but has 5"},
      {"AKISPL(TIME, 0, 5, 3)", 1, "AKISPL: n must be 0, 1 or 2"},
      {"AKISPL(TIME, 0, 2+3)", 17,
       "argument 3 of AKISPL(x, z, id[, n]) must be a non-negative integer literal"},
      {"AKISPL(TIME, 0, 5.0)", 17,
       "argument 3 of AKISPL(x, z, id[, n]) must be a non-negative integer literal"},
      {"AKISPL(TIME, 0, 5, -1)", 20,
       "argument 4 of AKISPL(x, z, id[, n]) must be a non-negative integer literal"},
      {"AKISPL(TIME, 0, DX(2))", 17,
       "argument 3 of AKISPL(x, z, id[, n]) must be a non-negative integer literal"},
      {"AKISPL(TIME 0, 5)", 13, "expected ',' or ')' but found '0'"},
      {"AKISPL(TIME, 0, 5", 7, "unbalanced parentheses: this '(' is never closed"},
      {"2 * AKISPL", 5, "'AKISPL' is a function: write AKISPL(...)"},
      {"AKISPL(FOO(1), 0, 5)", 8, "unknown function 'FOO'"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.text);
    FakeEnvironment env;
    try {
      Compile(c.text, env, "Sforce 3 'spring'");
      ADD_FAILURE() << "no error";
    } catch (const ExpressionError& e) {
      EXPECT_EQ(e.reason(), c.reason);
      EXPECT_EQ(e.column(), c.column);
      EXPECT_EQ(std::string(e.what()).rfind("Sforce 3 'spring': error in expression", 0), 0u);
    }
  }
}

// an Environment that does not override ResolveFunction has no external functions
TEST(ExprSpline, DefaultEnvironmentHasNoSplines) {
  struct Bare : Environment {
    int Resolve(const std::string&, const std::vector<long>&) override { return 0; }
  } env;
  try {
    Compile("AKISPL(TIME, 0, 1)", env, "");
    ADD_FAILURE();
  } catch (const ExpressionError& e) {
    EXPECT_EQ(e.reason(), "function 'AKISPL' is not available here");
  }
}

}  // namespace
}  // namespace msolve::expr
