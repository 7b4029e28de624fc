// Values and partial derivatives of the built-in functions
// (docs/motionsolve-compatibility.md §4.2-4.4). The derivative conventions at kinks are listed in
// functions.h.
#include "expr/functions.h"

#include "expr/trim.h"

#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>

namespace msolve::expr {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Same order as enum Fn (checked by a test).
constexpr FunctionInfo kFunctions[] = {
    {"ABS", Fn::kAbs, 1, 1},       {"SIGN", Fn::kSign, 2, 2},      {"MIN", Fn::kMin, 2, 2},
    {"MAX", Fn::kMax, 2, 2},       {"MOD", Fn::kMod, 2, 2},        {"DIM", Fn::kDim, 2, 2},
    {"AINT", Fn::kAint, 1, 1},     {"ANINT", Fn::kAnint, 1, 1},    {"SQRT", Fn::kSqrt, 1, 1},
    {"EXP", Fn::kExp, 1, 1},       {"LOG", Fn::kLog, 1, 1},        {"LOG10", Fn::kLog10, 1, 1},
    {"SIN", Fn::kSin, 1, 1},       {"COS", Fn::kCos, 1, 1},        {"TAN", Fn::kTan, 1, 1},
    {"ASIN", Fn::kAsin, 1, 1},     {"ACOS", Fn::kAcos, 1, 1},      {"ATAN", Fn::kAtan, 1, 1},
    {"ATAN2", Fn::kAtan2, 2, 2},   {"SINH", Fn::kSinh, 1, 1},      {"COSH", Fn::kCosh, 1, 1},
    {"TANH", Fn::kTanh, 1, 1},     {"STEP", Fn::kStep, 5, 5},      {"STEP5", Fn::kStep5, 5, 5},
    {"HAVSIN", Fn::kHavsin, 5, 5}, {"SHF", Fn::kShf, 6, 6},        {"POLY", Fn::kPoly, 3, 33},
    {"CHEBY", Fn::kCheby, 3, 33},  {"FORCOS", Fn::kForcos, 4, 34}, {"FORSIN", Fn::kForsin, 4, 34},
    {"SWEEP", Fn::kSweep, 7, 7},   {"IMPACT", Fn::kImpact, 7, 7},  {"BISTOP", Fn::kBistop, 8, 8},
    {"TRIM", Fn::kTrim, 8, 9},
};

// ---------------------------------------------------------------------------------------
// Elementary functions of one or two arguments: value, and with `p` the partials.

double Elementary(Fn fn, const double* a, double* p) {
  const double x = a[0];
  switch (fn) {
    case Fn::kAbs:
      if (p) p[0] = x >= 0 ? 1 : -1;
      return std::fabs(x);
    case Fn::kSign: {
      const double s = a[1] >= 0 ? 1 : -1;
      if (p) p[0] = s * (x >= 0 ? 1 : -1), p[1] = 0;
      return s * std::fabs(x);
    }
    case Fn::kMin: {
      const bool first = x <= a[1];
      if (p) p[0] = first ? 1 : 0, p[1] = first ? 0 : 1;
      return first ? x : a[1];
    }
    case Fn::kMax: {
      const bool first = x >= a[1];
      if (p) p[0] = first ? 1 : 0, p[1] = first ? 0 : 1;
      return first ? x : a[1];
    }
    case Fn::kMod: {
      // fmod is exactly a - AINT(a/b) b; the quotient AINT(a/b) is recovered from it
      const double r = std::fmod(x, a[1]);
      if (p) p[0] = 1, p[1] = -std::round((x - r) / a[1]);
      return r;
    }
    case Fn::kDim: {
      const bool positive = x > a[1];
      if (p) p[0] = positive ? 1 : 0, p[1] = positive ? -1 : 0;
      return positive ? x - a[1] : 0;
    }
    case Fn::kAint:
      if (p) p[0] = 0;
      return std::trunc(x);
    case Fn::kAnint:
      if (p) p[0] = 0;
      return std::round(x);  // halves away from zero
    case Fn::kSqrt: {
      const double v = std::sqrt(x);
      if (p) p[0] = 0.5 / v;
      return v;
    }
    case Fn::kExp: {
      const double v = std::exp(x);
      if (p) p[0] = v;
      return v;
    }
    case Fn::kLog:
      if (p) p[0] = 1 / x;
      return std::log(x);
    case Fn::kLog10:
      if (p) p[0] = 1 / (x * std::log(10.0));
      return std::log10(x);
    case Fn::kSin:
      if (p) p[0] = std::cos(x);
      return std::sin(x);
    case Fn::kCos:
      if (p) p[0] = -std::sin(x);
      return std::cos(x);
    case Fn::kTan: {
      const double v = std::tan(x);
      if (p) p[0] = 1 + v * v;
      return v;
    }
    case Fn::kAsin:
      if (p) p[0] = 1 / std::sqrt(1 - x * x);
      return std::asin(x);
    case Fn::kAcos:
      if (p) p[0] = -1 / std::sqrt(1 - x * x);
      return std::acos(x);
    case Fn::kAtan:
      if (p) p[0] = 1 / (1 + x * x);
      return std::atan(x);
    case Fn::kAtan2: {
      // y + 0.0 turns -0.0 into +0.0, so that the range is (-pi, pi]
      // (docs/motionsolve-compatibility.md §4.2)
      const double y = x + 0.0, xx = a[1];
      if (p) {
        const double r2 = y * y + xx * xx;
        p[0] = xx / r2, p[1] = -y / r2;
      }
      return std::atan2(y, xx);
    }
    case Fn::kSinh:
      if (p) p[0] = std::cosh(x);
      return std::sinh(x);
    case Fn::kCosh:
      if (p) p[0] = std::sinh(x);
      return std::cosh(x);
    case Fn::kTanh: {
      const double v = std::tanh(x);
      if (p) p[0] = 1 - v * v;
      return v;
    }
    default:
      return kNaN;  // not elementary; never reached
  }
}

// ---------------------------------------------------------------------------------------
// STEP-like shapes (docs/motionsolve-compatibility.md §4.3): h0 for x <= x0, h1 for x >= x1, in
// between h0 + (h1 - h0) S(D) with D = (x - x0)/(x1 - x0). a = (x, x0, h0, x1, h1); with `p` the
// five partials.

double Shape(Fn fn, const double* a, double* p) {
  const double x = a[0], x0 = a[1], h0 = a[2], x1 = a[3], h1 = a[4];
  if (x <= x0 || x >= x1) {
    const bool before = x <= x0;
    if (p) p[0] = p[1] = p[3] = 0, p[2] = before ? 1 : 0, p[4] = before ? 0 : 1;
    return before ? h0 : h1;
  }
  const double length = x1 - x0;
  const double d = (x - x0) / length;
  double s, ds;  // S(D) and dS/dD
  switch (fn) {
    case Fn::kStep:
      s = d * d * (3 - 2 * d);
      ds = 6 * d * (1 - d);
      break;
    case Fn::kStep5:
      s = d * d * d * (10 + d * (-15 + 6 * d));
      ds = 30 * d * d * (1 - d) * (1 - d);
      break;
    default:  // HAVSIN
      s = 0.5 * (1 - std::cos(kPi * d));
      ds = 0.5 * kPi * std::sin(kPi * d);
      break;
  }
  const double dh = h1 - h0;
  if (p) {
    // dD/dx = 1/L, dD/dx0 = (D - 1)/L, dD/dx1 = -D/L
    const double slope = dh * ds / length;
    p[0] = slope;
    p[1] = slope * (d - 1);
    p[2] = 1 - s;
    p[3] = -slope * d;
    p[4] = s;
  }
  return h0 + dh * s;
}

// SHF(x, x0, a, w, phi, b) = a sin(w (x - x0) - phi) + b
double Shf(const double* a, double* p) {
  const double u = a[0] - a[1], amp = a[2], w = a[3];
  const double theta = w * u - a[4];
  const double s = std::sin(theta);
  if (p) {
    const double c = amp * std::cos(theta);
    p[0] = c * w, p[1] = -c * w, p[2] = s, p[3] = c * u, p[4] = -c, p[5] = 1;
  }
  return amp * s + a[5];
}

// POLY(x, x0, c0, ..., cN) = sum ck u^k, u = x - x0 (Horner)
double Poly(const double* a, int n, double* p) {
  const double u = a[0] - a[1];
  const double* c = a + 2;
  const int m = n - 2;  // number of coefficients
  double v = c[m - 1], dv = 0;
  for (int k = m - 2; k >= 0; --k) {
    dv = dv * u + v;
    v = v * u + c[k];
  }
  if (p) {
    p[0] = dv, p[1] = -dv;
    double power = 1;
    for (int k = 0; k < m; ++k, power *= u) p[2 + k] = power;
  }
  return v;
}

// CHEBY(x, x0, a0, ..., aN) = sum ak Tk(u), T0 = 1, T1 = u, Tk = 2u T(k-1) - T(k-2)
double Cheby(const double* a, int n, double* p) {
  const double u = a[0] - a[1];
  const double* c = a + 2;
  const int m = n - 2;
  double t_prev = 1, t = u;    // T(k-1), T(k) for k = 1
  double dt_prev = 0, dt = 1;  // their derivatives
  double v = c[0], dv = 0;
  if (p) p[2] = 1;
  for (int k = 1; k < m; ++k) {
    if (k > 1) {
      const double t_next = 2 * u * t - t_prev;
      const double dt_next = 2 * t + 2 * u * dt - dt_prev;
      t_prev = t, t = t_next;
      dt_prev = dt, dt = dt_next;
    }
    v += c[k] * t;
    dv += c[k] * dt;
    if (p) p[2 + k] = t;
  }
  if (p) p[0] = dv, p[1] = -dv;
  return v;
}

// FORCOS / FORSIN(x, x0, w, a0, ..., aN) = a0 + sum_{k>=1} ak cos|sin(k w u), u = x - x0
double Fourier(bool cosine, const double* a, int n, double* p) {
  const double u = a[0] - a[1], w = a[2];
  const double* c = a + 3;
  const int m = n - 3;
  double v = c[0], dv_du = 0, dv_dw = 0;
  if (p) p[3] = 1;
  for (int k = 1; k < m; ++k) {
    const double theta = k * w * u;
    const double s = std::sin(theta), co = std::cos(theta);
    // d/dtheta of the basis function
    const double dbasis = cosine ? -s : co;
    v += c[k] * (cosine ? co : s);
    dv_du += c[k] * dbasis * k * w;
    dv_dw += c[k] * dbasis * k * u;
    if (p) p[3 + k] = cosine ? co : s;
  }
  if (p) p[0] = dv_du, p[1] = -dv_du, p[2] = dv_dw;
  return v;
}

// SWEEP(x, a, x0, f0, x1, f1, dx) = R(x) a sin(2 pi p(x)) with R = STEP5(x, 0, 0, dx, 1)
// (see functions.h) and the phase p of docs/motionsolve-compatibility.md §4.3.
double Sweep(const double* a, double* p) {
  const double x = a[0], amp = a[1], x0 = a[2], f0 = a[3], x1 = a[4], f1 = a[5], dx = a[6];

  // phase and its partials w.r.t. x, x0, f0, x1, f1
  double phase, px = 0, px0 = 0, pf0 = 0, px1 = 0, pf1 = 0;
  const double df = f1 - f0;
  if (x <= x0) {
    phase = f0 * x;
    px = f0, pf0 = x;
  } else if (x >= x1) {
    phase = f1 * x - df * (x1 + x0) / 2;
    px = f1, px0 = -df / 2, pf0 = (x1 + x0) / 2, px1 = -df / 2, pf1 = x - (x1 + x0) / 2;
  } else {
    const double u = x - x0, length = x1 - x0;
    const double q = u * u / (2 * length);  // u^2 / 2L
    phase = f0 * u + df * q + f0 * x0;
    px = f0 + df * u / length;
    px0 = -df * u / length + df * q / length;
    pf0 = u - q + x0;
    px1 = -df * q / length;
    pf1 = q;
  }

  // amplitude ramp
  const double ramp_args[5] = {x, 0, 0, dx, 1};
  double rp[5];
  const double ramp = Shape(Fn::kStep5, ramp_args, p ? rp : nullptr);

  const double angle = 2 * kPi * phase;
  const double s = std::sin(angle);
  if (p) {
    const double c = ramp * amp * std::cos(angle) * 2 * kPi;  // d value / d phase
    p[0] = rp[0] * amp * s + c * px;
    p[1] = ramp * s;
    p[2] = c * px0;
    p[3] = c * pf0;
    p[4] = c * px1;
    p[5] = c * pf1;
    p[6] = rp[3] * amp * s;
  }
  return ramp * amp * s;
}

// One stop of IMPACT/BISTOP (docs/motionsolve-compatibility.md §4.4). Lower stop at `x1` (force k
// (x1 - x)^e, positive, damping ramps to cmax as x goes from x1 down to x1 - d) or, with upper =
// true, upper stop at `x1` (force -k (x - x1)^e, negative, damping ramps as x goes from x1 up to
// x1 + d). The caller has checked that x is beyond the stop. p receives the partials w.r.t.
// (x, xdot, x1, k, e, cmax, d).
double Stop(bool upper, double x, double xdot, double x1, double k, double e, double cmax, double d,
            double* p) {
  const double pen = upper ? x - x1 : x1 - x;  // > 0
  const double power = std::pow(pen, e);
  double step_args[5], sp[5];
  if (upper) {
    step_args[0] = x, step_args[1] = x1, step_args[2] = 0, step_args[3] = x1 + d;
    step_args[4] = cmax;
  } else {
    step_args[0] = x, step_args[1] = x1 - d, step_args[2] = cmax, step_args[3] = x1;
    step_args[4] = 0;
  }
  const double c = Shape(Fn::kStep, step_args, p ? sp : nullptr);
  const double sign = upper ? -1 : 1;
  const double f = sign * k * power - c * xdot;
  const bool active = upper ? f < 0 : f > 0;
  if (!active) {
    if (p) std::memset(p, 0, 7 * sizeof(double));
    return 0;
  }
  if (p) {
    const double dforce = sign * k * e * power / pen;  // d(sign k pen^e)/d pen
    const double dpen_dx = upper ? 1 : -1;
    p[0] = dforce * dpen_dx - xdot * sp[0];
    p[1] = -c;
    p[2] = -dforce * dpen_dx - xdot * (sp[1] + sp[3]);
    p[3] = sign * power;
    p[4] = sign * k * power * std::log(pen);
    p[5] = -xdot * (upper ? sp[4] : sp[2]);
    p[6] = -xdot * (upper ? sp[3] : -sp[1]);
  }
  return f;
}

// IMPACT(x, xdot, x1, k, e, cmax, d)
double Impact(const double* a, double* p) {
  if (!(a[0] < a[2])) {
    if (p) std::memset(p, 0, 7 * sizeof(double));
    return 0;
  }
  return Stop(false, a[0], a[1], a[2], a[3], a[4], a[5], a[6], p);
}

// BISTOP(x, xdot, x1, x2, k, e, cmax, d)
double Bistop(const double* a, double* p) {
  const double x = a[0];
  if (x >= a[2] && x <= a[3]) {
    if (p) std::memset(p, 0, 8 * sizeof(double));
    return 0;
  }
  const bool upper = x > a[3];
  double sp[7];
  const double v =
      Stop(upper, x, a[1], upper ? a[3] : a[2], a[4], a[5], a[6], a[7], p ? sp : nullptr);
  if (p) {
    // (x, xdot, stop, k, e, cmax, d) -> (x, xdot, x1, x2, k, e, cmax, d)
    p[0] = sp[0], p[1] = sp[1];
    p[2] = upper ? 0 : sp[2];
    p[3] = upper ? sp[2] : 0;
    for (int i = 3; i < 7; ++i) p[i + 1] = sp[i];
  }
  return v;
}

}  // namespace

const FunctionInfo* FindFunction(const std::string& name) {
  for (const FunctionInfo& info : kFunctions) {
    if (name == info.name) return &info;
  }
  return nullptr;
}

const FunctionInfo& Info(Fn fn) { return kFunctions[static_cast<int>(fn)]; }

int FunctionCount() { return static_cast<int>(std::size(kFunctions)); }

double EvaluateFunction(Fn fn, const double* args, int n, double* partials) {
  // a NaN argument gives NaN everywhere, whatever piece it would select
  for (int i = 0; i < n; ++i) {
    if (std::isnan(args[i])) {
      if (partials) {
        for (int j = 0; j < n; ++j) partials[j] = kNaN;
      }
      return kNaN;
    }
  }
  switch (fn) {
    case Fn::kStep:
    case Fn::kStep5:
    case Fn::kHavsin:
      return Shape(fn, args, partials);
    case Fn::kShf:
      return Shf(args, partials);
    case Fn::kPoly:
      return Poly(args, n, partials);
    case Fn::kCheby:
      return Cheby(args, n, partials);
    case Fn::kForcos:
    case Fn::kForsin:
      return Fourier(fn == Fn::kForcos, args, n, partials);
    case Fn::kSweep:
      return Sweep(args, partials);
    case Fn::kImpact:
      return Impact(args, partials);
    case Fn::kBistop:
      return Bistop(args, partials);
    case Fn::kTrim:
      return Trim(args, n, partials);
    default:
      return Elementary(fn, args, partials);
  }
}

int SwitchCount(Fn fn) {
  switch (fn) {
    case Fn::kAbs:
    case Fn::kMin:
    case Fn::kMax:
    case Fn::kDim:
    case Fn::kMod:
    case Fn::kAint:
    case Fn::kAnint:
    case Fn::kImpact:
      return 1;
    case Fn::kSign:
    case Fn::kStep:
    case Fn::kStep5:
    case Fn::kHavsin:
    case Fn::kBistop:
    case Fn::kTrim:
      return 2;
    default:
      return 0;
  }
}

void SwitchQuantities(Fn fn, const double* args, int n, double* g) {
  constexpr double kPi = 3.14159265358979323846;
  switch (fn) {
    case Fn::kAbs:
      g[0] = args[0];
      break;
    case Fn::kSign:
      g[0] = args[0], g[1] = args[1];
      break;
    case Fn::kMin:
    case Fn::kMax:
    case Fn::kDim:
      g[0] = args[0] - args[1];
      break;
    case Fn::kMod:
      // a jump wherever a/b crosses a whole number
      g[0] = std::sin(kPi * (args[0] / args[1]));
      break;
    case Fn::kAint:
      g[0] = std::sin(kPi * args[0]);
      break;
    case Fn::kAnint:
      g[0] = std::cos(kPi * args[0]);
      break;
    case Fn::kStep:
    case Fn::kStep5:
    case Fn::kHavsin:
      g[0] = args[0] - args[1], g[1] = args[0] - args[3];
      break;
    case Fn::kImpact:
      g[0] = args[0] - args[2];
      break;
    case Fn::kBistop:
      g[0] = args[0] - args[2], g[1] = args[0] - args[3];
      break;
    case Fn::kTrim:
      TrimSwitches(args, n, g);
      break;
    default:
      break;
  }
}

double PowInt(double x, int n, double* dx) {
  const int m = n < 0 ? -n : n;
  if (m == 0) {
    if (dx) *dx = 0;
    return 1;
  }
  // p = x^(m-1) by repeated squaring, then x^m = p x
  double p = 1, base = x;
  for (int e = m - 1; e > 0; e >>= 1) {
    if (e & 1) p *= base;
    base *= base;
  }
  const double xm = p * x;
  if (n > 0) {
    if (dx) *dx = m * p;
    return xm;
  }
  // x^-m = 1/x^m, derivative -m x^(m-1) / x^(2m)
  const double v = 1 / xm;
  if (dx) *dx = -m * p * v * v;
  return v;
}

bool IsIntPower(double y) { return std::fabs(y) <= kMaxIntPower && y == std::trunc(y); }

double PowConstant(double x, double y) {
  return IsIntPower(y) ? PowInt(x, static_cast<int>(y), nullptr) : std::pow(x, y);
}

}  // namespace msolve::expr
