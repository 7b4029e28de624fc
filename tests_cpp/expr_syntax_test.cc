// Tests of the expression syntax (docs/motionsolve-compatibility.md §4.1 and expr/expression.h):
// numbers and the D suffix, precedence and associativity, IF, entity references and the dependency
// list, constant folding, every error message (owner, quoted line, caret column), and hostile
// input that must give a clean error and never a crash.
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "expr_test_env.h"

namespace msolve::expr {
namespace {

using testing::Compiled;
using testing::FakeEnvironment;

constexpr double kPi = 3.14159265358979323846;

double Value(const std::string& text, double time = 0, double mode = 0) {
  Compiled c(text);
  const double v = c.Value(time, mode);
  EXPECT_EQ(c.Derivatives(time, mode), v) << text;
  return v;
}

// The error of compiling `text` (owner "Sforce 3 'spring'"); fails the test if none.
ExpressionError ErrorOf(const std::string& text) {
  FakeEnvironment env;
  try {
    Compile(text, env, "Sforce 3 'spring'");
  } catch (const ExpressionError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << text;
  return ExpressionError("", "", 0, "none");
}

TEST(ExprSyntax, Numbers) {
  EXPECT_EQ(Value("12"), 12);
  EXPECT_EQ(Value("1.5"), 1.5);
  EXPECT_EQ(Value(".5"), 0.5);
  EXPECT_EQ(Value("2."), 2);
  EXPECT_EQ(Value("1e-3"), 1e-3);
  EXPECT_EQ(Value("1.5E+2"), 150);
  EXPECT_EQ(Value("2.5e1"), 25);
  EXPECT_EQ(Value("1e308"), 1e308);
  EXPECT_EQ(Value("1e-310"), 1e-310);  // subnormal, still representable
}

TEST(ExprSyntax, DegreeSuffix) {
  // docs/motionsolve-compatibility.md §4.1: a trailing D means degrees
  EXPECT_EQ(Value("180D"), kPi);
  EXPECT_EQ(Value("180d"), kPi);
  EXPECT_EQ(Value("90D"), kPi / 2);
  EXPECT_EQ(Value("-45D"), -kPi / 4);
  EXPECT_DOUBLE_EQ(Value("SIN(30D)"), 0.5);
  EXPECT_DOUBLE_EQ(Value("1.5E1D"), 15 * kPi / 180);  // exponent, then D
  EXPECT_DOUBLE_EQ(Value(".5D"), 0.5 * kPi / 180);
  EXPECT_EQ(Value("2*90D"), kPi);
  EXPECT_EQ(Value("90D - 5"), kPi / 2 - 5);  // D, then an operator after a space
  EXPECT_EQ(Value("90D+TIME", 1), kPi / 2 + 1);
  EXPECT_EQ(Value("(90D)"), kPi / 2);
}

TEST(ExprSyntax, FortranExponentIsRejected) {
  for (const char* text : {"1.0D0", "1D-3", "2d+5", "90D-5"}) {
    const ExpressionError e = ErrorOf(text);
    EXPECT_NE(e.reason().find("ambiguous 'D'"), std::string::npos) << text;
  }
  EXPECT_EQ(ErrorOf("1.0D0").column(), 4);  // at the D
  // D followed by a name is not a suffix: 2DX is a number followed by a name
  EXPECT_EQ(ErrorOf("180DTOR").reason(), "unexpected 'D' after the number 180");
}

TEST(ExprSyntax, PrecedenceAndAssociativity) {
  EXPECT_EQ(Value("-2**2"), -4);  // ** binds tighter than unary minus (Fortran)
  EXPECT_EQ(Value("(-2)**2"), 4);
  EXPECT_EQ(Value("2**3**2"), 512);  // right-associative: 2**9
  EXPECT_EQ(Value("(2**3)**2"), 64);
  EXPECT_EQ(Value("2**-1"), 0.5);                // sign after **
  EXPECT_EQ(Value("-2**-2"), -0.25);             // -(2**(-2))
  EXPECT_EQ(Value("2**2**-1"), std::sqrt(2.0));  // 2**(2**(-1))
  EXPECT_EQ(Value("2*-3"), -6);
  EXPECT_EQ(Value("--3"), 3);
  EXPECT_EQ(Value("+3"), 3);
  EXPECT_EQ(Value("-3 - -3"), 0);
  EXPECT_EQ(Value("10-2-3"), 5);  // left-associative
  EXPECT_EQ(Value("16/4/2"), 2);  // left-associative
  EXPECT_EQ(Value("2+3*4"), 14);
  EXPECT_EQ(Value("2*3**2"), 18);
  EXPECT_EQ(Value("-TIME**2", 3), -9);
  EXPECT_EQ(Value("(-TIME)**2", 3), 9);
  EXPECT_EQ(Value("4**0.5"), 2);
  EXPECT_EQ(Value("1 - TIME + 2", 5), -2);
  EXPECT_EQ(Value("12 / TIME / 2", 3), 2);
}

TEST(ExprSyntax, WhitespaceAndNewlines) {
  EXPECT_EQ(Value(" \t2 *\n(\r\n 3 +\t1 )\n"), 8);
  EXPECT_EQ(Value("STEP (\n TIME ,\n 0 , 0 , 1 , 1 )", 2), 1);
}

TEST(ExprSyntax, ArithmeticIf) {
  // IF(t: lt, eq, gt)
  const std::string text = "IF(TIME - 1: 10, 20, 30)";
  EXPECT_EQ(Value(text, 0.5), 10);
  EXPECT_EQ(Value(text, 1), 20);
  EXPECT_EQ(Value(text, 2), 30);
  // a comma instead of the colon
  EXPECT_EQ(Value("IF(TIME - 1, 10, 20, 30)", 2), 30);
  // the MotionSolve example, with MODE
  Compiled c("IF(MODE-4:0,0,-100*DX(1,2))");
  c.Set("DX(1,2)", 0.25);
  EXPECT_EQ(c.Value(0, 4), 0);
  EXPECT_EQ(c.Value(0, 5), -25);
  EXPECT_EQ(c.Value(0, 1), 0);
  // nested
  const std::string nested = "IF(TIME: -1, IF(MODE - 4: 1, 2, 3), 4)";
  EXPECT_EQ(Value(nested, 0, 4), 2);
  EXPECT_EQ(Value(nested, 0, 5), 3);
  EXPECT_EQ(Value(nested, -1, 5), -1);
  EXPECT_EQ(Value("if(1:2,3,4) + If(-1:2,3,4)"), 6);
}

TEST(ExprSyntax, IfIsLazy) {
  // the branches not taken would divide by zero or read a NaN leaf
  Compiled c("IF(VARVAL(1): SQRT(VARVAL(2)), 1/(VARVAL(1)*0), 5*VARVAL(3))");
  c.Set("VARVAL(1)", 2).Set("VARVAL(2)", std::nan("")).Set("VARVAL(3)", 2);
  EXPECT_EQ(c.Value(), 10);
  EXPECT_EQ(c.Derivatives(), 10);
  EXPECT_EQ(c.D("VARVAL(3)"), 5);
  EXPECT_EQ(c.D("VARVAL(2)"), 0);
  EXPECT_EQ(c.D("VARVAL(1)"), 0);
  // a NaN test gives NaN (it selects no branch)
  c.Set("VARVAL(1)", std::nan(""));
  EXPECT_TRUE(std::isnan(c.Value()));
  EXPECT_TRUE(std::isnan(c.Derivatives()));
}

TEST(ExprSyntax, IfWithConstantTestIsFolded) {
  Compiled c("IF(1: DX(2), 0, 5 + TIME)");
  EXPECT_TRUE(c.program.leaves().empty());  // DX(2) is in a branch never taken
  EXPECT_EQ(c.Value(2), 7);
  EXPECT_EQ(c.program.Disassemble(), "TIME\nADDC 5\n");
}

TEST(ExprSyntax, LeavesListExactlyWhatIsRead) {
  // FakeEnvironment hands out 60, 57, 54, 51 in order of first appearance
  Compiled c("DX(2,3) + DX(2,3)*DY(2,3,0) + varval(1) - dif(2)");
  EXPECT_EQ(c.env.Leaf("DX(2,3)"), 60);
  EXPECT_EQ(c.env.Leaf("DY(2,3,0)"), 57);  // ids as written, 0 included
  EXPECT_EQ(c.env.Leaf("VARVAL(1)"), 54);  // names upper-cased
  EXPECT_EQ(c.env.Leaf("DIF(2)"), 51);
  EXPECT_EQ(c.program.leaves(), (std::vector<int>{51, 54, 57, 60}));  // sorted, unique
  EXPECT_FALSE(c.program.reads_time());
  EXPECT_FALSE(c.program.reads_mode());
  c.Set("DX(2,3)", 2).Set("DY(2,3,0)", 3).Set("VARVAL(1)", 5).Set("DIF(2)", 7);
  EXPECT_EQ(c.Derivatives(), 2 + 6 + 5 - 7);
  // d_leaf follows leaves(): DIF, VARVAL, DY, DX
  EXPECT_EQ(c.d_leaf, (std::vector<double>{-1, 1, 2, 1 + 3}));

  Compiled constant("2 * PI");
  EXPECT_TRUE(constant.program.leaves().empty());
  EXPECT_TRUE(constant.program.is_constant());
  Compiled calls("JOINT(1,0,2,0) + ARYVAL(3,1) + FX(2,3)");
  EXPECT_EQ(calls.program.leaves().size(), 3u);
}

TEST(ExprSyntax, ConstantFoldingKeepsTheOrderOfOperations) {
  // the benchmark expression compiles to 7 instructions
  Compiled c("-10*(DY(2,3)-10)**3 - 1e-3*VR(2,3)");
  EXPECT_EQ(c.program.Disassemble(),
            "LEAF 60 [1]\nADDC -10\nPOWI 3\nMULC -10\nLEAF 57 [0]\nMULC 0.001\nSUB\n");
  // a leading run of constants is combined; later constants are not reordered
  EXPECT_EQ(Compiled("1 + 2 + TIME + 3").program.Disassemble(), "TIME\nADDC 3\nADDC 3\n");
  EXPECT_EQ(Compiled("2 * 3 * TIME / 4").program.Disassemble(), "TIME\nMULC 6\nDIVC 4\n");
  EXPECT_EQ(Compiled("1 - TIME").program.Disassemble(), "TIME\nRSUBC 1\n");
  EXPECT_EQ(Compiled("1 / TIME").program.Disassemble(), "TIME\nRDIVC 1\n");
  EXPECT_EQ(Compiled("2 ** TIME").program.Disassemble(), "TIME\nRPOWC 2\n");
  EXPECT_EQ(Compiled("TIME ** 0.5").program.Disassemble(), "TIME\nPOWC 0.5\n");
  EXPECT_EQ(Compiled("SIN(PI/6) * COS(TIME)").program.Disassemble(),
            "TIME\nCALL COS 1\nMULC 0.49999999999999994\n");
  EXPECT_EQ(Compiled("- -TIME").program.Disassemble(), "TIME\n");
  // (0.1 + 0.2) + TIME, not 0.1 + (0.2 + TIME): the same bits as unfolded evaluation
  EXPECT_EQ(Value("0.1 + 0.2 + TIME", 0.3), (0.1 + 0.2) + 0.3);
  EXPECT_EQ(Value("TIME + 0.1 + 0.2", 0.3), (0.3 + 0.1) + 0.2);
}

TEST(ExprSyntax, LongChainsDoNotRecurse) {
  // 100000 terms: n-ary sums keep the tree flat (no stack overflow)
  std::string text = "TIME";
  for (int i = 0; i < 100000; ++i) text += i % 2 ? "+DX(1)" : "-1";
  Compiled c(text);
  c.Set("DX(1)", 3);
  EXPECT_EQ(c.Value(2), 2 + 50000 * (3 - 1));
  EXPECT_EQ(c.program.leaves().size(), 1u);
}

TEST(ExprSyntax, ProgramsAreCopiesAndDefaultIsZero) {
  Program empty;
  EXPECT_EQ(empty.Evaluate(nullptr, 1, 1), 0);
  EXPECT_TRUE(empty.is_constant());
  Compiled c("TIME * 2");
  Program copy = c.program;
  EXPECT_EQ(copy.Evaluate(nullptr, 3, 0), 6);
  EXPECT_EQ(c.program.Evaluate(nullptr, 4, 0), 8);
  EXPECT_EQ(copy.text(), "TIME * 2");
  EXPECT_EQ(copy.owner(), "Test 1");
}

// ---- errors ---------------------------------------------------------------------------

TEST(ExprErrors, MessageQuotesTheExpressionWithCaretAndOwner) {
  const ExpressionError e = ErrorOf("-10*FOO(2,3)");
  EXPECT_EQ(std::string(e.what()),
            "Sforce 3 'spring': error in expression at column 5: unknown function 'FOO'\n"
            "  -10*FOO(2,3)\n"
            "      ^");
  EXPECT_EQ(e.line(), 1);
  EXPECT_EQ(e.column(), 5);
  EXPECT_EQ(e.reason(), "unknown function 'FOO'");
  // an ExpressionError is a ModelError (bad input naming its entity)
  EXPECT_NO_THROW((void)dynamic_cast<const ModelError&>(e));

  // without an owner there is no prefix
  FakeEnvironment env;
  try {
    Compile("1 +", env, "");
    ADD_FAILURE();
  } catch (const ExpressionError& error) {
    EXPECT_EQ(std::string(error.what()),
              "error in expression at column 4: unexpected end of expression\n"
              "  1 +\n"
              "     ^");
  }
}

TEST(ExprErrors, MultiLineExpressionNamesLineAndColumn) {
  const ExpressionError e = ErrorOf("DX(2,3)\n  + 7 *\n\tFOO(1)");
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.column(), 2);
  EXPECT_EQ(std::string(e.what()),
            "Sforce 3 'spring': error in expression at line 3, column 2: unknown function "
            "'FOO'\n"
            "   FOO(1)\n"  // the tab is shown as a space
            "   ^");
}

TEST(ExprErrors, LongLineIsShownAroundTheColumn) {
  const std::string text = std::string(300, '1') + "+$" + std::string(300, '2');
  const ExpressionError e = ErrorOf(text);
  EXPECT_EQ(e.column(), 302);
  // the quoted line is cut to a window ("...") and the caret is under the '$'
  const std::string what = e.what();
  const std::size_t first = what.find('\n'), second = what.find('\n', first + 1);
  const std::string quoted = what.substr(first + 1, second - first - 1);
  const std::string caret = what.substr(second + 1);
  ASSERT_LT(caret.find('^'), quoted.size());
  EXPECT_EQ(quoted[caret.find('^')], '$');
  EXPECT_EQ(quoted.substr(0, 5), "  ...");
  EXPECT_LT(what.size(), 400u);
}

struct ErrorCase {
  const char* text;
  int column;
  const char* reason;
};

TEST(ExprErrors, EveryErrorPointsAtItsColumn) {
  const ErrorCase cases[] = {
      {"", 1, "empty expression"},
      {"  \n ", 1, "empty expression"},
      {"1 +", 4, "unexpected end of expression"},
      {"(1 + 2", 1, "unbalanced parentheses: this '(' is never closed"},
      {"SIN(1 + (2)", 4, "unbalanced parentheses: this '(' is never closed"},
      {"DX(2, 3", 3, "unbalanced parentheses: this '(' is never closed"},
      {"1 + 2)", 6, "unbalanced parentheses: ')' without a matching '('"},
      {"()", 2, "expected a number, a name or '(' but found ')'"},
      {"1 +* 2", 4, "expected a number, a name or '(' but found '*'"},
      {"1 2", 3, "expected an operator or the end of the expression but found '2'"},
      {"(1 2)", 4, "expected an operator or ')' but found '2'"},
      {"SIN(1 2)", 7, "expected ',' or ')' but found '2'"},
      {"1, 2", 2, "',' outside the argument list of a function"},
      {"1 : 2", 3, "':' is only allowed after the first argument of IF"},
      {"SIN(1: 2)", 6, "':' is only allowed after the first argument of IF"},
      {"IF(1, 2: 3, 4)", 8, "':' is only allowed after the first argument of IF"},
      {"2 # 3", 3, "unexpected character '#'"},
      {"2^3", 2, "unexpected character '^' (write ** for a power)"},
      {"TIME < 1", 6,
       "unexpected character '<' (there are no comparison or logical operators: use IF(t: "
       "lt, eq, gt))"},
      {"1+\x01", 3, "unexpected character byte 0x01"},
      {"1.2.3", 4, "unexpected '.' after the number 1.2"},
      {"2x", 2, "unexpected 'x' after the number 2"},
      {"1e+", 2, "malformed number: expected digits after 'E'"},
      {"1e999", 1, "number out of range (beyond the range of a double)"},
      {"1e-999", 1, "number out of range (beyond the range of a double)"},
      {"2 * FOO", 5, "unknown name 'FOO'"},
      {"sin + 1", 1, "'sin' is a function: write SIN(...)"},
      {"if", 1, "'if' is a function: write IF(...)"},
      {"PI(2)", 1, "'PI' is not a function"},
      {"1 + Time(1)", 5, "'Time' is not a function"},
      {"SIN(1, 2)", 1, "SIN takes 1 argument but has 2"},
      {"ATAN2(1)", 1, "ATAN2 takes 2 arguments but has 1"},
      {"SIN()", 1, "SIN takes 1 argument but has 0"},
      {"STEP(TIME, 0, 1, 2)", 1, "STEP takes 5 arguments but has 4"},
      {"POLY(TIME, 0)", 1, "POLY takes 3 to 33 arguments but has 2"},
      {"IF(1: 2, 3)", 1, "IF takes 4 arguments, IF(test: lt, eq, gt), but has 3"},
      {"2 + FOO(1, 2)", 5, "unknown function 'FOO'"},
      {"DX(2, 17)", 1, "unknown marker id 17"},
      {"VARVAL(1, 2)", 1, "wrong number of arguments"},
      {"DX(2, -3)", 7, "argument 2 of DX must be an entity id (a non-negative integer literal)"},
      {"DX(2.5)", 4, "argument 1 of DX must be an entity id (a non-negative integer literal)"},
      {"DX(1e1)", 4, "argument 1 of DX must be an entity id (a non-negative integer literal)"},
      {"DX(TIME)", 4, "argument 1 of DX must be an entity id (a non-negative integer literal)"},
      {"DX(2+1)", 4, "argument 1 of DX must be an entity id (a non-negative integer literal)"},
      {"DX(2,)", 6, "argument 2 of DX must be an entity id (a non-negative integer literal)"},
      {"DX(2 3)", 6, "expected ',' or ')' but found '3'"},
      {"DX(99999999999999999999999)", 4, "entity id out of range"},
      {"STEP(TIME, 1, 0, 1, 10)", 18, "STEP needs x0 < x1, but x0 = 1 and x1 = 1"},
      {"HAVSIN(TIME, 2, 0, 1, 10)", 20, "HAVSIN needs x0 < x1, but x0 = 2 and x1 = 1"},
      {"SWEEP(TIME, 1, 0, 1, 2, 3, 0)", 28, "SWEEP needs dx > 0, but dx = 0"},
      {"IMPACT(TIME, 0, 1, 100, 2, 10, -0.1)", 32, "IMPACT needs d > 0, but d = -0.1"},
      {"IMPACT(TIME, 0, 1, -1, 2, 10, 0.1)", 20, "IMPACT needs k >= 0, but k = -1"},
      {"BISTOP(TIME, 0, 1, -1, 100, 2, 10, 0.1)", 20,
       "BISTOP needs x1 < x2, but x1 = 1 and x2 = -1"},
      {"BISTOP(TIME, 0, -1, 1, 100, 0, 10, 0.1)", 29, "BISTOP needs e > 0, but e = 0"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.text);
    const ExpressionError e = ErrorOf(c.text);
    EXPECT_EQ(e.column(), c.column);
    EXPECT_EQ(e.reason(), c.reason);
    // the message ends with the caret under that column
    const std::string what = e.what();
    EXPECT_EQ(what.substr(what.rfind('\n') + 1), std::string(c.column + 1, ' ') + "^");
    EXPECT_EQ(what.rfind("Sforce 3 'spring': ", 0), 0u);
  }
}

// ---- hostile input ----------------------------------------------------------------------

TEST(ExprErrors, DeepNestingIsACleanError) {
  const int depth = 100000;
  const std::string parens = std::string(depth, '(') + "1" + std::string(depth, ')');
  EXPECT_EQ(ErrorOf(parens).reason(), "expression nested too deeply (more than 200 levels)");
  EXPECT_EQ(ErrorOf(parens).column(), kMaxNesting + 1);
  EXPECT_EQ(ErrorOf(std::string(depth, '-') + "1").column(), kMaxNesting + 1);
  std::string calls;
  for (int i = 0; i < depth; ++i) calls += "SIN(";
  EXPECT_EQ(ErrorOf(calls + "1").reason(), "expression nested too deeply (more than 200 levels)");
  std::string powers = "2";
  for (int i = 0; i < depth; ++i) powers += "**2";
  EXPECT_EQ(ErrorOf(powers).reason(), "expression nested too deeply (more than 200 levels)");

  // up to the limit is fine
  const int ok = kMaxNesting;
  EXPECT_EQ(Value(std::string(ok, '(') + "TIME" + std::string(ok, ')'), 3), 3);
  EXPECT_EQ(Value(std::string(ok, '-') + "2"), 2);
}

TEST(ExprErrors, RandomInputNeverCrashes) {
  // random strings over the language's characters, names and some bytes: each either
  // compiles and evaluates, or throws ExpressionError
  const std::vector<std::string> pieces = {
      "(",       ")",         ",",   ":",    "+",    "-",    "*",
      "/",       "**",        " ",   "\n",   "1",    "0",    "2.5",
      "1e3",     ".5",        "90D", "D",    "E",    "e-",   "TIME",
      "MODE",    "PI",        "SIN", "STEP", "IF",   "POLY", "DX",
      "DX(2,3)", "VARVAL(1)", "FOO", "$",    "\x7f", "\xff", std::string(1, '\0')};
  std::mt19937 rng(12345);
  int compiled = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    std::string text;
    const int length = static_cast<int>(rng() % 24);
    for (int i = 0; i < length; ++i) text += pieces[rng() % pieces.size()];
    FakeEnvironment env;
    try {
      const Program p = Compile(text, env, "Fuzz 1");
      std::vector<double> leaves(FakeEnvironment::kLeafCapacity, 0.5);
      std::vector<double> d(p.leaves().size());
      double d_time;
      p.Evaluate(leaves.data(), 0.25, 4, d.data(), &d_time);
      p.Evaluate(leaves.data(), 0.25, 4);
      ++compiled;
    } catch (const ExpressionError& e) {
      EXPECT_GE(e.column(), 1);
    }
  }
  EXPECT_GT(compiled, 100);  // the generator does produce valid expressions
}

}  // namespace
}  // namespace msolve::expr
