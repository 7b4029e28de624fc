// The built-in functions of the expression language (docs/motionsolve-compatibility.md §4.2-4.4):
// names, argument counts, values and exact partial derivatives with respect to every argument.
//
// Piecewise functions and their derivatives. At a point where two pieces meet, the value and
// the derivative both come from the piece that the definition assigns the point to. The
// conditions are listed below, with the derivative at the kink that follows from them:
//   ABS(x)        x >= 0 ? x : -x                    d/dx = +1 at x = 0
//   SIGN(a, b)    b >= 0 ? |a| : -|a|                d/da at a = 0 as ABS; d/db = 0
//   MIN(a, b)     a <= b ? a : b                     tie: d/da = 1, d/db = 0
//   MAX(a, b)     a >= b ? a : b                     tie: d/da = 1, d/db = 0
//   DIM(a, b)     a > b ? a - b : 0                  tie: 0
//   MOD(a, b)     a - AINT(a/b) b                    d/da = 1, d/db = -AINT(a/b)
//   AINT, ANINT   piecewise constant                 derivative 0, also at the jumps
//   STEP, STEP5,  x <= x0: h0; x >= x1: h1;          the shapes have zero slope at both ends,
//   HAVSIN        else the polynomial/cosine piece  so the derivative is continuous anyway
//   IMPACT        x < x1 and f > 0 ? f : 0           at x = x1 or f = 0 all partials are 0
//   BISTOP        x < x1 and f > 0 ? f : 0,          as IMPACT, for both stops
//                 x > x2 and f < 0 ? f : 0, else 0
//   SWEEP         phase pieces x <= x0, x0 < x < x1, x >= x1 (value and slope continuous)
//
// SWEEP's amplitude ramp is STEP5(x, 0, 0, dx, 1): that is the formula printed in both the
// MotionSolve SWEEP help page and the Adams-derived reference
// (docs/motionsolve-compatibility.md §4.3, §10 item 6). With it the function is a sinusoid at f0
// before x0 (where the phase definition p = f0 x applies), sweeps linearly from f0 to f1 between x0
// and x1, and is fully active from x = dx on. The alternative STEP5(x, x0, 0, x0 + dx, 1) is not
// used.
//
// A NaN argument makes the value and every partial NaN (no piece silently hides it).
// Domain errors (SQRT(-1), LOG(0), ...) give IEEE results (NaN, inf); nothing throws.
#pragma once

#include <cstdint>
#include <string>

namespace msolve::expr {

/// The built-in functions. The order is that of the table in functions.cc.
enum class Fn : std::uint8_t {
  kAbs,
  kSign,
  kMin,
  kMax,
  kMod,
  kDim,
  kAint,
  kAnint,
  kSqrt,
  kExp,
  kLog,
  kLog10,
  kSin,
  kCos,
  kTan,
  kAsin,
  kAcos,
  kAtan,
  kAtan2,
  kSinh,
  kCosh,
  kTanh,
  kStep,
  kStep5,
  kHavsin,
  kShf,
  kPoly,
  kCheby,
  kForcos,
  kForsin,
  kSweep,
  kImpact,
  kBistop,
  kTrim,
};

/// Largest number of arguments of any built-in function: FORCOS(x, x0, w, a0, ..., a30).
inline constexpr int kMaxArgs = 34;

/// Largest |n| for which x**n with a constant integer n is computed by repeated squaring
/// (PowInt) instead of std::pow.
inline constexpr int kMaxIntPower = 16;

struct FunctionInfo {
  const char* name;  // upper case, as written in expressions
  Fn fn;
  int min_args;
  int max_args;
};

/// The built-in function named `name` (upper case), or nullptr if there is none.
const FunctionInfo* FindFunction(const std::string& name);

/// The table entry of `fn`.
const FunctionInfo& Info(Fn fn);

/// The number of built-in functions: Info(Fn(k)) for k below it lists them all.
int FunctionCount();

/// Value of `fn` at args[0 .. n), n within the function's argument count. If `partials` is
/// not null, it receives partials[i] = d value / d args[i] for i < n.
double EvaluateFunction(Fn fn, const double* args, int n, double* partials);

/// The number of switching quantities of `fn` (docs/equations.md §6.10): continuous functions
/// of its arguments whose zeros are where its value or a derivative is not smooth (0 for a
/// smooth function). ABS(x): x; SIGN(a, b): a, b; MIN, MAX, DIM(a, b): a - b; MOD(a, b):
/// sin(pi a/b); AINT(x): sin(pi x); ANINT(x): cos(pi x); STEP, STEP5, HAVSIN(x, x0, ., x1, .):
/// x - x0, x - x1; IMPACT(x, ., x1, ...): x - x1; BISTOP(x, ., x1, x2, ...): x - x1, x - x2;
/// TRIM: x minus each end of its transition (expr/trim.h).
int SwitchCount(Fn fn);

/// The switching quantities of `fn` at args[0 .. n) into g[0 .. SwitchCount(fn)).
void SwitchQuantities(Fn fn, const double* args, int n, double* g);

/// x**n for an integer n with |n| <= kMaxIntPower, by repeated squaring; if `dx` is not null
/// it receives n x**(n-1). 0**0 = 1 as in std::pow.
double PowInt(double x, int n, double* dx);

/// true if x**y with this constant y is computed by PowInt.
bool IsIntPower(double y);

/// x**y as the compiled program computes it when y is a constant (used for constant folding,
/// so that folded and run-time results agree to the last bit).
double PowConstant(double x, double y);

}  // namespace msolve::expr
