// TRIM (docs/expression-functions.md#trim): written once on a scalar type, evaluated in double
// and in forward-mode automatic differentiation for the partials of every argument.
#include "expr/trim.h"

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <algorithm>
#include <cmath>

namespace msolve::expr {
namespace {

constexpr int kTrimArgs = 9;
constexpr double kDefaultLimit = 0.5;  // MotionSolve's TRIM page: limit 0.5 when not given

template <class T>
struct Corner {
  T m1, m2;  // slopes of line 1 (x0 to x1) and line 2 (x1 to x2)
  T xa, xb;  // ends of the transition: xI1 = x1 - r cos(atan m1), xI2 = x1 + r cos(atan m2)
};

template <class T>
Corner<T> MakeCorner(const T* a, int n) {
  using std::sqrt;
  const T &x0 = a[1], &y0 = a[2], &x1 = a[3], &y1 = a[4], &x2 = a[5], &y2 = a[6], &radius = a[7];
  const T limit = n > 8 ? a[8] : T(kDefaultLimit);
  Corner<T> c;
  c.m1 = (y1 - y0) / (x1 - x0);
  c.m2 = (y2 - y1) / (x2 - x1);
  const T l1 = sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
  const T l2 = sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1));
  const T shorter = l1 < l2 ? l1 : l2;
  const T r = radius < limit * shorter ? radius : T(limit * shorter);
  c.xa = x1 - r / sqrt(1.0 + c.m1 * c.m1);
  c.xb = x1 + r / sqrt(1.0 + c.m2 * c.m2);
  return c;
}

template <class T>
T TrimValue(const T* a, int n) {
  using std::sqrt;
  const T &x = a[0], &x1 = a[3], &y1 = a[4];
  const Corner<T> c = MakeCorner(a, n);
  if (!(x > c.xa)) return y1 + c.m1 * (x - x1);
  if (!(x < c.xb)) return y1 + c.m2 * (x - x1);
  // x(s) = xa + 2 p s + (q - p) s^2 and y(s) = ya + 2 m1 p s + (m2 q - m1 p) s^2 with
  // p = x1 - xa, q = xb - x1: the Bezier curve (xa, ya), (x1, y1), (xb, yb); s from the root
  // of x(s) = x written without cancellation
  const T p = x1 - c.xa, q = c.xb - x1, u = x - c.xa;
  const T s = u / (p + sqrt(p * p + (q - p) * u));
  const T ya = y1 - c.m1 * p;
  return ya + 2.0 * c.m1 * p * s + (c.m2 * q - c.m1 * p) * s * s;
}

}  // namespace

double Trim(const double* a, int n, double* p) {
  if (!p) return TrimValue(a, n);
  using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, kTrimArgs, 1>>;
  AD args[kTrimArgs];
  for (int i = 0; i < n; ++i) args[i] = AD(a[i], kTrimArgs, i);
  const AD v = TrimValue(args, n);
  for (int i = 0; i < n; ++i) p[i] = v.derivatives().size() ? v.derivatives()[i] : 0.0;
  return v.value();
}

void TrimSwitches(const double* a, int n, double* g) {
  const Corner<double> c = MakeCorner(a, n);
  g[0] = a[0] - c.xa;
  g[1] = a[0] - c.xb;
}

}  // namespace msolve::expr
