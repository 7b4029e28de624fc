#include "math/deform_spline.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace msolve::math {

bool ParseSplineEnd(const std::string& word, SplineEnd* end) {
  if (word == "NATURAL")
    *end = SplineEnd::kNatural;
  else if (word == "PARABOLIC")
    *end = SplineEnd::kParabolic;
  else if (word == "PERIODIC")
    *end = SplineEnd::kPeriodic;
  else if (word == "CANTILEVER")
    *end = SplineEnd::kCantilever;
  else
    return false;
  return true;
}

namespace {

// the row of one end condition of an open spline (deform_spline.h): M_e - factor M_next = 0
void EndRow(SplineEnd end, double lambda, int e, int next, MatX* a) {
  (*a)(e, e) = 1.0;
  if (end == SplineEnd::kParabolic) (*a)(e, next) = -1.0;
  if (end == SplineEnd::kCantilever) (*a)(e, next) = -lambda;
}

}  // namespace

SplineWeights::SplineWeights(int count, bool closed, SplineEnd left, SplineEnd right,
                             double lambda_left, double lambda_right, double span)
    : count_(count), closed_(closed), span_(span) {
  if (count < 3)
    throw std::invalid_argument(std::string("needs at least 3 ") + (closed ? "distinct " : "") +
                                "points, got " + std::to_string(count));
  if (!(span > 0.0) || !std::isfinite(span))
    throw std::invalid_argument("the span of the parameter must be a positive number");
  for (const double lambda : {lambda_left, lambda_right})
    if (!(lambda >= 0.0 && lambda <= 1.0))
      throw std::invalid_argument("a CANTILEVER lambda must lie in [0, 1]");
  const bool periodic = left == SplineEnd::kPeriodic || right == SplineEnd::kPeriodic;
  if (!closed && periodic && left != right)
    throw std::invalid_argument("a PERIODIC end needs the other end PERIODIC too");
  const int n = count;
  segments_ = closed ? n : n - 1;
  h_ = span / segments_;
  const double h = h_, c = 6.0 / (h * h);
  MatX a = MatX::Zero(n, n), b = MatX::Zero(n, n);
  // M_j-1 + 4 M_j + M_j+1 = 6 (y_j-1 - 2 y_j + y_j+1) / h^2 (cyclic on a closed spline)
  for (int j = closed ? 0 : 1; j < (closed ? n : n - 1); ++j) {
    const int before = (j - 1 + n) % n, after = (j + 1) % n;
    a(j, before) += 1.0, a(j, j) += 4.0, a(j, after) += 1.0;
    b(j, before) += c, b(j, j) -= 2.0 * c, b(j, after) += c;
  }
  if (!closed && !periodic) {
    EndRow(left, lambda_left, 0, 1, &a);
    EndRow(right, lambda_right, n - 1, n - 2, &a);
  } else if (!closed) {
    // M_0 = M_N, and S'(u_0) = S'(u_N):
    // (y_1 - y_0) / h - h (2 M_0 + M_1) / 6 = (y_N - y_N-1) / h + h (M_N-1 + 2 M_N) / 6
    const int e = n - 1;
    a(0, 0) = 1.0, a(0, e) = -1.0;
    a(e, 0) += h / 3.0, a(e, 1) += h / 6.0, a(e, e - 1) += h / 6.0, a(e, e) += h / 3.0;
    b(e, 1) += 1.0 / h, b(e, 0) -= 1.0 / h, b(e, e) -= 1.0 / h, b(e, e - 1) += 1.0 / h;
  }
  const Eigen::FullPivLU<MatX> lu(a);
  if (!lu.isInvertible())
    throw std::invalid_argument("the end conditions leave the spline undetermined");
  second_ = lu.solve(b);
}

std::vector<double> SplineWeights::Breakpoints() const {
  std::vector<double> knots;
  for (int j = 1; j < segments_; ++j) knots.push_back(minpar() + j * h_);
  return knots;
}

void SplineWeights::Locate(double u, int* segment, double* s) const {
  double t = (u - minpar()) / h_;
  if (closed_) t -= segments_ * std::floor(t / segments_);
  int j = static_cast<int>(std::floor(t));
  j = std::min(std::max(j, 0), segments_ - 1);
  *segment = j;
  *s = t - j;
}

double SplineWeights::Weight(int k, double u, int order) const {
  int j;
  double s;
  Locate(u, &j, &s);
  const int j1 = (j + 1) % count_;
  const double a = second_(j, k), b = second_(j1, k);
  const double yj = k == j ? 1.0 : 0.0, yj1 = k == j1 ? 1.0 : 0.0;
  const double r = 1.0 - s, h = h_;
  switch (order) {
    case 0:
      return r * yj + s * yj1 + h * h / 6.0 * ((r * r * r - r) * a + (s * s * s - s) * b);
    case 1:
      return (yj1 - yj) / h + h / 6.0 * ((1.0 - 3.0 * r * r) * a + (3.0 * s * s - 1.0) * b);
    case 2:
      return r * a + s * b;
    default:
      return (b - a) / h;
  }
}

void SplineWeights::Evaluate(double u, int order, double* w) const {
  for (int k = 0; k < count_; ++k) w[k] = Weight(k, u, order);
}

Vec3 FrozenSplineCurve::Evaluate(double u, int order) const {
  Vec3 c = Vec3::Zero();
  for (int k = 0; k < weights_->count(); ++k) c += weights_->Weight(k, u, order) * points_[k];
  return c;
}

}  // namespace msolve::math
