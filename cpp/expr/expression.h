// The run-time expression language of MotionSolve (docs/motionsolve-compatibility.md §4): parse a
// string such as "-10*(DY(2,3)-10)**3 - 1e-3*VR(2,3)" once, resolve its entity references through
// an Environment, and compile it to a Program that gives the value and exact partial
// derivatives many times.
//
// Syntax (docs/motionsolve-compatibility.md §4.1):
// - Numbers: 12, 1.5, .5, 1., 1e-3, 1.5E+2. A trailing D means degrees: 180D = pi, 1.5E1D =
//   15 degrees. D is the degree suffix only when it directly follows a number and is not
//   followed by a letter, digit or underscore; a D followed by a digit, or by a sign and a
//   digit (the Fortran double exponent 1.0D0, 1D-3), is an error, because "90D-5" could mean
//   either 90 degrees minus 5 or 9e-4 -- write 1.0E0 for an exponent, "90D - 5" for degrees.
//   A number that overflows or underflows a double is an error ("number out of range").
// - Operators + - * / and **. ** binds tightest and is right-associative (2**3**2 = 2**9);
//   unary minus and plus bind less tightly than ** (-2**2 = -4, as in Fortran) and may
//   follow any operator (2*-3, 2**-1 = 0.5). * / and + - are left-associative, evaluated
//   left to right exactly as written (constant folding never reorders operations).
// - Names are case-insensitive. Constants PI, DTOR (pi/180), RTOD (180/pi); variables TIME
//   and MODE. The built-in functions of expr/functions.h; IF(t: lt, eq, gt) (a comma may
//   replace the colon) evaluates only the selected branch. The spline functions AKISPL,
//   CUBSPL and LINSPL(x, z, id[, n]) (FindExternalCall below) take expressions x and z and
//   integer literals id and n; the Environment gives the function of (x, z) that the ids
//   select (Environment::ResolveFunction). Any other NAME(i, j, ...) is resolved by the
//   Environment (Environment::Resolve); its arguments must be non-negative integer literals.
// - Whitespace, including newlines, may appear between any two tokens.
// - Nesting (parentheses, calls, unary signs, the right side of **) is limited to
//   kMaxNesting levels.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/error.h"
#include "expr/program.h"

namespace msolve::expr {

/// Deepest nesting accepted by the parser (deeper input gets an ExpressionError, never a
/// stack overflow). At the limit, compiling uses under 200 KB of stack (measured, -O2).
inline constexpr int kMaxNesting = 200;

/// Thrown for a malformed expression. The message names the owner entity, says what is
/// wrong and where, and quotes the expression line with a caret under the column, e.g.
///
///     Sforce 3 'spring': error in expression at column 5: unknown function 'FOO'
///       -10*FOO(2,3)
///           ^
///
/// (for a multi-line expression "at line 2, column 5", quoting that line).
class ExpressionError : public ModelError {
 public:
  /// `offset` is the 0-based character offset in `text` that the error is about.
  ExpressionError(const std::string& owner, const std::string& text, std::size_t offset,
                  const std::string& reason);

  /// 1-based line and column (within the line) of the error.
  int line() const { return line_; }
  int column() const { return column_; }
  /// What is wrong, without owner and position (e.g. "unknown function 'FOO'").
  const std::string& reason() const { return reason_; }

 private:
  int line_ = 1, column_ = 1;
  std::string reason_;
};

/// A function of expression arguments that the Environment supplies, e.g. the spline that
/// AKISPL(x, z, 5, 1) reads: f(x, z) = d/dx of Spline 5's Akima interpolant at (x, z). It
/// must be a pure function of its arguments (calls with constant arguments are folded).
class ExternalFunction {
 public:
  virtual ~ExternalFunction() = default;
  /// Value at args[0 .. count) (count = the call's number of expression arguments); if
  /// `partials` is not null it receives partials[i] = d value / d args[i].
  virtual double Evaluate(const double* args, double* partials) const = 0;
  /// The values of the first argument x at which the function is not smooth (the knots of a
  /// spline): where the first argument is TIME, these are discontinuity times of the
  /// expression (Program::time_breakpoints). None by default.
  virtual std::vector<double> Breakpoints() const { return {}; }
};

/// A call whose leading arguments are expressions and whose trailing ones are integer
/// literals (ids), resolved by Environment::ResolveFunction.
struct ExternalCallInfo {
  const char* name;  // upper case
  int expressions;   // leading expression arguments
  int min_ids, max_ids;
  const char* form;  // for messages, e.g. "AKISPL(x, z, id[, n])"
  // TIME is passed as one more expression argument after the written ones (DELAY)
  bool appends_time = false;
};

/// The calls of that kind: AKISPL, CUBSPL, LINSPL(x, z, id[, n])
/// (docs/motionsolve-compatibility.md §4.5), and DELAY(val, dt, ic), whose function receives
/// (val, dt, ic, TIME) and keeps the history of val (docs/expression-functions.md).
const ExternalCallInfo* FindExternalCall(const std::string& name);

/// The names of the spline calls (AKISPL, CUBSPL, LINSPL); DELAY is not among them.
std::vector<std::string> ExternalCallNames();

/// Resolves the calls that are not built-in math functions: measures whose arguments are
/// entity ids (DX(2,3), VR(2,3,0), VARVAL(5), DIF(1), FX(2,3), JOINT(1,0,2,0), ARYVAL(3,1),
/// ...). Implemented by the solver; tests use a fake.
class Environment {
 public:
  virtual ~Environment() = default;

  /// Returns a leaf index >= 0 for the call `name(ids...)`: `name` in upper case, `ids` the
  /// integer arguments as written (optional trailing ones omitted; 0 means ground/omitted).
  /// The same call should give the same index. Leaf k's value is leaf_values[k] in
  /// Program::Evaluate.
  /// @throws std::invalid_argument with a short reason ("unknown marker id 7", "wrong number
  /// of arguments", "unknown function 'FOO'") that Compile turns into an ExpressionError
  /// pointing at the call.
  virtual int Resolve(const std::string& name, const std::vector<long>& ids) = 0;

  /// Returns the function of a call listed by FindExternalCall, e.g. AKISPL(x, z, 5, 1):
  /// `name` in upper case, `ids` its integer arguments as written ({5, 1}; the count is
  /// already checked against the ExternalCallInfo). The function must outlive every Program
  /// compiled with this environment. The default has none.
  /// @throws std::invalid_argument with a short reason ("unknown spline id 7", "the
  /// derivative order n must be 0, 1 or 2, got 3") that Compile turns into an ExpressionError
  /// pointing at the call.
  virtual const ExternalFunction* ResolveFunction(const std::string& name,
                                                  const std::vector<long>& ids);
};

/// Parses, resolves, folds constants and compiles `text`. `owner` names the entity the
/// expression belongs to, e.g. "Sforce 3 'spring'", and prefixes every error message.
/// @throws ExpressionError for any malformed expression (syntax, unknown names, argument
/// counts, non-integer ids, invalid constant arguments such as STEP with x0 >= x1).
Program Compile(const std::string& text, Environment& env, const std::string& owner);

}  // namespace msolve::expr
