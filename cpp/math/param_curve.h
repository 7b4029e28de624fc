// A parametric curve through or around points in space (MotionSolve Curve,
// Reference_ParamCurve), read in expressions with CURVE(alpha, iord, comp, id) and by the
// point-to-curve constraints. The rule (docs/equations.md §11):
//
// Every curve is a uniform cubic B-spline: with control points C_0 .. C_{m-1} and the local
// parameter t in [0, 1) of segment k, r(t) = sum_j B_j(t) C_{k+j}, j = 0..3, where
//   B_0 = (1 - t)^3 / 6, B_1 = (3t^3 - 6t^2 + 4) / 6, B_2 = (-3t^3 + 3t^2 + 3t + 1) / 6,
//   B_3 = t^3 / 6,
// continuous to the second derivative everywhere. The control points come from the data
// points P_0 .. P_{n-1}:
//   * control points (curve_points false), open: C = P with one point added at each end,
//     2 P_0 - P_1 before and 2 P_{n-1} - P_{n-2} after, so that the curve starts at P_0 and
//     ends at P_{n-1} with zero second derivative; n - 1 segments.
//   * control points, closed: C = P cyclically (the repeated last point dropped); n segments.
//   * curve points (curve_points true), open: the natural cubic spline through the points,
//     C solved from r(k) = P_k and zero second derivative at both ends; n - 1 segments.
//   * curve points, closed: the periodic cubic spline through the points; n segments.
// The segments share the parameter range [minpar, maxpar] evenly (alpha = minpar at the
// first point, maxpar at the last; a Curve's range is [-1, 1], system/curve_function.h). A closed
// curve repeats with period maxpar - minpar; an open curve beyond its ends continues its end
// segments' cubics.
#pragma once

#include <string>
#include <vector>

#include "common/types.h"

namespace msolve::math {

/// Fewest data points of a curve (a cubic needs four; for a closed curve the repeated first
/// point counts).
inline constexpr int kMinCurvePoints = 4;

/// What is wrong with curve data, or "" if nothing: at least kMinCurvePoints finite points,
/// minpar < maxpar (both finite), and for a closed curve the last point equal to the first
/// (the Reference_ParamCurve help requires it) with at least three distinct points before it.
std::string CheckCurveData(const std::vector<Vec3>& points, bool closed, double minpar,
                           double maxpar);

/// A curve in space r(alpha): what the point-to-curve constraints and CURVE read. A curve
/// through points (ParamCurve) or one computed by a CURSUB routine.
class SpaceCurve {
 public:
  virtual ~SpaceCurve() = default;
  /// d^order r / d alpha^order at alpha, order 0..3 (a routine's curve: 0..2).
  virtual Vec3 Evaluate(double alpha, int order) const = 0;
  /// Whether the curve repeats with period maxpar - minpar.
  virtual bool closed() const = 0;
  virtual double minpar() const = 0;
  virtual double maxpar() const = 0;
  /// The values of alpha where a derivative jumps (none by default).
  virtual std::vector<double> Breakpoints() const { return {}; }
};

class ParamCurve : public SpaceCurve {
 public:
  /// `points` must pass CheckCurveData.
  ParamCurve(const std::vector<Vec3>& points, bool closed, bool curve_points, double minpar,
             double maxpar);

  /// d^order r / d alpha^order at alpha, order 0..3.
  Vec3 Evaluate(double alpha, int order) const override;

  bool closed() const override { return closed_; }
  double minpar() const override { return minpar_; }
  double maxpar() const override { return maxpar_; }
  /// The values of alpha where the segments meet (the third derivative jumps there).
  std::vector<double> Breakpoints() const override;

 private:
  std::vector<Vec3> control_;  // open: segment k uses control_[k .. k+3]; closed: cyclic
  int segments_ = 0;
  bool closed_ = false;
  double minpar_ = -1.0, maxpar_ = 1.0;
};

}  // namespace msolve::math
