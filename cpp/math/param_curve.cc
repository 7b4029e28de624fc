#include "math/param_curve.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <Eigen/LU>

namespace msolve::math {

namespace {

// the values of the four uniform cubic B-spline basis functions, or of their order-th
// derivative with respect to the local parameter t (param_curve.h)
std::array<double, 4> Basis(double t, int order) {
  const double u = 1.0 - t;
  switch (order) {
    case 0:
      return {u * u * u / 6.0, (3 * t * t * t - 6 * t * t + 4) / 6.0,
              (-3 * t * t * t + 3 * t * t + 3 * t + 1) / 6.0, t * t * t / 6.0};
    case 1:
      return {-u * u / 2.0, 1.5 * t * t - 2 * t, -1.5 * t * t + t + 0.5, t * t / 2.0};
    case 2:
      return {u, 3 * t - 2, -3 * t + 1, t};
    default:
      return {-1.0, 3.0, -3.0, 1.0};
  }
}

// the control points C (one row each) of the cubic spline through `points` at the segment
// ends: open, the natural spline (C_0 .. C_{n+1}, zero second derivative at both ends);
// closed, the periodic one (C_0 .. C_{n-1} cyclic, point k at the start of segment k)
MatX InterpolatingControls(const std::vector<Vec3>& points, bool closed) {
  const int n = static_cast<int>(points.size());
  const int m = closed ? n : n + 2;
  MatX a = MatX::Zero(m, m), rhs = MatX::Zero(m, 3);
  for (int k = 0; k < n; ++k) {
    // (C_{k-1} + 4 C_k + C_{k+1}) / 6 = P_k, in the indices of each layout
    const int row = closed ? k : k + 1;
    a(row, (row - 1 + m) % m) += 1.0 / 6.0;
    a(row, row) += 4.0 / 6.0;
    a(row, (row + 1) % m) += 1.0 / 6.0;
    rhs.row(row) = points[k].transpose();
  }
  if (!closed) {  // C_0 - 2 C_1 + C_2 = 0 and C_{n-1} - 2 C_n + C_{n+1} = 0
    a(0, 0) = 1, a(0, 1) = -2, a(0, 2) = 1;
    a(m - 1, m - 3) = 1, a(m - 1, m - 2) = -2, a(m - 1, m - 1) = 1;
  }
  return a.partialPivLu().solve(rhs);
}

}  // namespace

std::string CheckCurveData(const std::vector<Vec3>& points, bool closed, double minpar,
                           double maxpar) {
  if (static_cast<int>(points.size()) < kMinCurvePoints)
    return "a curve needs at least " + std::to_string(kMinCurvePoints) + " points, got " +
           std::to_string(points.size());
  for (std::size_t k = 0; k < points.size(); ++k)
    if (!points[k].allFinite()) return "point " + std::to_string(k + 1) + " is not finite";
  if (!std::isfinite(minpar) || !std::isfinite(maxpar) || !(minpar < maxpar))
    return "minpar must be less than maxpar, got " + std::to_string(minpar) + " and " +
           std::to_string(maxpar);
  if (closed) {
    const double scale = (points.front() - points[points.size() / 2]).norm();
    if ((points.front() - points.back()).norm() > 1e-9 * std::max(scale, 1.0))
      return "a closed curve must end at its first point (the Reference_ParamCurve rule)";
    for (std::size_t k = 0; k + 1 < points.size(); ++k)
      if (points[k] == points[k + 1])
        return "points " + std::to_string(k + 1) + " and " + std::to_string(k + 2) +
               " are the same";
  }
  return "";
}

ParamCurve::ParamCurve(const std::vector<Vec3>& points, bool closed, bool curve_points,
                       double minpar, double maxpar)
    : closed_(closed), minpar_(minpar), maxpar_(maxpar) {
  const int n = static_cast<int>(points.size());
  if (closed) {
    // the distinct points, cyclic; control_ unrolled so that segment k uses
    // control_[k .. k+3] = C_{k-1} .. C_{k+2}
    const std::vector<Vec3> distinct(points.begin(), points.end() - 1);
    const int count = n - 1;
    MatX c(count, 3);
    if (curve_points) {
      c = InterpolatingControls(distinct, true);
    } else {
      for (int k = 0; k < count; ++k) c.row(k) = distinct[k].transpose();
    }
    segments_ = count;
    for (int i = 0; i < count + 3; ++i) control_.push_back(c.row((i - 1 + count) % count));
  } else {
    segments_ = n - 1;
    if (curve_points) {
      const MatX c = InterpolatingControls(points, false);
      for (int i = 0; i < c.rows(); ++i) control_.push_back(c.row(i).transpose());
    } else {
      control_.push_back(2 * points[0] - points[1]);
      control_.insert(control_.end(), points.begin(), points.end());
      control_.push_back(2 * points[n - 1] - points[n - 2]);
    }
  }
}

Vec3 ParamCurve::Evaluate(double alpha, int order) const {
  const double range = maxpar_ - minpar_;
  double s = (alpha - minpar_) / range * segments_;
  int k;
  if (closed_) {
    s -= segments_ * std::floor(s / segments_);
    k = std::min(static_cast<int>(s), segments_ - 1);
  } else {
    k = std::clamp(static_cast<int>(std::floor(s)), 0, segments_ - 1);
  }
  const double t = s - k;
  const std::array<double, 4> b = Basis(t, order);
  Vec3 r = Vec3::Zero();
  for (int j = 0; j < 4; ++j) r += b[j] * control_[k + j];
  return r * std::pow(segments_ / range, order);
}

std::vector<double> ParamCurve::Breakpoints() const {
  std::vector<double> knots;
  for (int k = 0; k <= segments_; ++k)
    knots.push_back(minpar_ + (maxpar_ - minpar_) * k / segments_);
  return knots;
}

}  // namespace msolve::math
