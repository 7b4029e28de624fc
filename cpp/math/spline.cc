// Spline pieces: Akima slopes, the natural cubic spline, straight lines, and the parabolic or
// linear extensions beyond the data (formulas in spline.h).
#include "math/spline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace msolve::math {
namespace {

std::string Format(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

// "" if `v` is finite and strictly increasing, else what is wrong
std::string CheckIncreasing(const std::vector<double>& v, const char* name) {
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!std::isfinite(v[i]))
      return std::string(name) + "[" + std::to_string(i) + "] is not a finite number";
    if (i > 0 && !(v[i] > v[i - 1]))
      return std::string(name) + " must be strictly increasing, but " + name + "[" +
             std::to_string(i) + "] = " + Format(v[i]) + " follows " + name + "[" +
             std::to_string(i - 1) + "] = " + Format(v[i - 1]);
  }
  return "";
}

// Akima's slopes at the points (spline.h), from the chord slopes m[0 .. n-2]
std::vector<double> AkimaSlopes(const std::vector<double>& m) {
  const int n = static_cast<int>(m.size()) + 1;
  // chords with two more on each side: e[k + 2] = m_k for k = -2 .. n
  std::vector<double> e(n + 3);
  for (int k = 0; k < n - 1; ++k) e[k + 2] = m[k];
  e[1] = 2 * e[2] - e[3];
  e[0] = 2 * e[1] - e[2];
  e[n + 1] = 2 * e[n] - e[n - 1];
  e[n + 2] = 2 * e[n + 1] - e[n];
  std::vector<double> t(n);
  for (int i = 0; i < n; ++i) {
    // m_{i-2}, m_{i-1}, m_i, m_{i+1}
    const double a = e[i], b = e[i + 1], c = e[i + 2], d = e[i + 3];
    const double w1 = std::abs(d - c), w2 = std::abs(b - a);
    t[i] = w1 + w2 > 0 ? (w1 * b + w2 * c) / (w1 + w2) : (b + c) / 2;
  }
  return t;
}

// second derivatives of the natural cubic spline (M_0 = M_{n-1} = 0), tridiagonal solve
std::vector<double> NaturalSecondDerivatives(const std::vector<double>& h,
                                             const std::vector<double>& m) {
  const int n = static_cast<int>(h.size()) + 1;
  std::vector<double> M(n, 0.0);
  if (n < 3) return M;
  // rows i = 1 .. n-2: h_{i-1} M_{i-1} + 2 (h_{i-1} + h_i) M_i + h_i M_{i+1} = 6 (m_i - m_{i-1})
  std::vector<double> diag(n), rhs(n);
  for (int i = 1; i <= n - 2; ++i) {
    diag[i] = 2 * (h[i - 1] + h[i]);
    rhs[i] = 6 * (m[i] - m[i - 1]);
  }
  // forward elimination (diagonally dominant: no pivoting needed)
  for (int i = 2; i <= n - 2; ++i) {
    const double f = h[i - 1] / diag[i - 1];
    diag[i] -= f * h[i - 1];
    rhs[i] -= f * rhs[i - 1];
  }
  for (int i = n - 2; i >= 1; --i) M[i] = (rhs[i] - h[i] * M[i + 1]) / diag[i];
  return M;
}

}  // namespace

std::string CheckSplineData(const std::vector<double>& x, const std::vector<double>& y,
                            const std::vector<double>& z) {
  if (static_cast<int>(x.size()) < kMinSplinePoints)
    return "x needs at least " + std::to_string(kMinSplinePoints) + " values, got " +
           std::to_string(x.size());
  std::string bad = CheckIncreasing(x, "x");
  if (!bad.empty()) return bad;
  if (!z.empty()) {
    if (z.size() < 2)
      return "z needs at least 2 values for a surface (leave it empty for a curve), got 1";
    bad = CheckIncreasing(z, "z");
    if (!bad.empty()) return bad;
  }
  const std::size_t curves = z.empty() ? 1 : z.size();
  if (y.size() != x.size() * curves) {
    if (z.empty())
      return "y must have as many values as x (" + std::to_string(x.size()) + "), got " +
             std::to_string(y.size());
    return "y must have len(x) * len(z) = " + std::to_string(x.size() * curves) +
           " values (one curve per z value), got " + std::to_string(y.size());
  }
  for (std::size_t i = 0; i < y.size(); ++i)
    if (!std::isfinite(y[i])) return "y[" + std::to_string(i) + "] is not a finite number";
  return "";
}

SplineCurve::SplineCurve(const std::vector<double>& x, const std::vector<double>& y,
                         SplineMethod method, bool linear_extrapolate)
    : x_(x) {
  const int n = static_cast<int>(x.size());
  std::vector<double> h(n - 1), m(n - 1);
  for (int i = 0; i < n - 1; ++i) {
    h[i] = x[i + 1] - x[i];
    m[i] = (y[i + 1] - y[i]) / h[i];
  }

  pieces_.resize(n - 1);
  switch (method) {
    case SplineMethod::kAkima: {
      // cubic Hermite pieces through the values with Akima's slopes
      const std::vector<double> t = AkimaSlopes(m);
      for (int i = 0; i < n - 1; ++i) {
        pieces_[i] = {y[i], t[i], (3 * m[i] - 2 * t[i] - t[i + 1]) / h[i],
                      (t[i] + t[i + 1] - 2 * m[i]) / (h[i] * h[i])};
      }
      break;
    }
    case SplineMethod::kCubic: {
      const std::vector<double> M = NaturalSecondDerivatives(h, m);
      for (int i = 0; i < n - 1; ++i) {
        pieces_[i] = {y[i], m[i] - h[i] * (2 * M[i] + M[i + 1]) / 6, M[i] / 2,
                      (M[i + 1] - M[i]) / (6 * h[i])};
      }
      break;
    }
    case SplineMethod::kLinear:
      for (int i = 0; i < n - 1; ++i) pieces_[i] = {y[i], m[i], 0, 0};
      break;
  }

  // below x_1: t = x - x_1; above x_n: t = x - x_n
  if (linear_extrapolate || method == SplineMethod::kLinear || n < 3) {
    below_ = {y[0], m[0], 0, 0};
    above_ = {y[n - 1], m[n - 2], 0, 0};
  } else {
    // parabola through three end points, Newton form
    const double a0 = (m[1] - m[0]) / (x[2] - x[0]);
    below_ = {y[0], m[0] - a0 * h[0], a0, 0};
    const double a1 = (m[n - 2] - m[n - 3]) / (x[n - 1] - x[n - 3]);
    above_ = {y[n - 1], m[n - 2] + a1 * h[n - 2], a1, 0};
  }
}

void SplineCurve::Evaluate(double x, double out[4]) const {
  const std::array<double, 4>* c;
  double t;
  if (x < x_.front()) {
    c = &below_;
    t = x - x_.front();
  } else if (x > x_.back()) {
    c = &above_;
    t = x - x_.back();
  } else {
    const auto it = std::upper_bound(x_.begin(), x_.end(), x);
    int i = static_cast<int>(it - x_.begin()) - 1;
    i = std::clamp(i, 0, static_cast<int>(pieces_.size()) - 1);
    c = &pieces_[i];
    t = x - x_[i];
  }
  const auto& k = *c;
  out[0] = k[0] + t * (k[1] + t * (k[2] + t * k[3]));
  out[1] = k[1] + t * (2 * k[2] + 3 * k[3] * t);
  out[2] = 2 * k[2] + 6 * k[3] * t;
  out[3] = 6 * k[3];
}

Spline::Spline(const std::vector<double>& x, const std::vector<double>& y,
               const std::vector<double>& z, SplineMethod method, bool linear_extrapolate)
    : z_(z) {
  const std::size_t n = x.size(), curves = z.empty() ? 1 : z.size();
  for (std::size_t k = 0; k < curves; ++k) {
    const std::vector<double> yk(y.begin() + k * n, y.begin() + (k + 1) * n);
    curves_.emplace_back(x, yk, method, linear_extrapolate);
  }
}

double Spline::Evaluate(double x, double z, int order, double* d_x, double* d_z) const {
  double a[4];
  curves_[0].Evaluate(x, a);
  if (z_.empty()) {
    if (d_x) *d_x = a[order + 1];
    if (d_z) *d_z = 0;
    return a[order];
  }
  // linear in z between (or beyond) the two nearest curves
  const auto it = std::upper_bound(z_.begin(), z_.end(), z);
  int k = static_cast<int>(it - z_.begin()) - 1;
  k = std::clamp(k, 0, static_cast<int>(z_.size()) - 2);
  double b[4];
  curves_[k].Evaluate(x, a);
  curves_[k + 1].Evaluate(x, b);
  const double dz = z_[k + 1] - z_[k];
  const double w = (z - z_[k]) / dz;
  if (d_x) *d_x = (1 - w) * a[order + 1] + w * b[order + 1];
  if (d_z) *d_z = (b[order] - a[order]) / dz;
  return (1 - w) * a[order] + w * b[order];
}

}  // namespace msolve::math
