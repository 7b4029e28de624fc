// Interpolating splines of the Spline entity (MotionSolve Reference_Spline, Adams SPLINE),
// read in expressions with AKISPL, CUBSPL and LINSPL (docs/motionsolve-compatibility.md §4.5).
//
// A spline is a curve y(x) through points (x_i, y_i), or a surface: a family of such curves
// y_k(x) at increasing values z_k, with y(x, z) linear in z between neighbouring curves
// (Adams AKISPL/CUBSPL help: "interpolation in the y direction is cubic, and interpolation in
// the z direction is linear"). Outside [z_1, z_m] the two end curves are extended linearly
// [I: the help says nothing of z outside the data].
//
// Methods (each curve is a polynomial of degree <= 3 between neighbouring points):
// - kAkima (AKISPL): Akima's local method (H. Akima, "A new method of interpolation and smooth
//   curve fitting based on local procedures", J. ACM 17(4), 1970). The slope at x_i is
//     t_i = (|m_{i+1} - m_i| m_{i-1} + |m_{i-1} - m_{i-2}| m_i)
//           / (|m_{i+1} - m_i| + |m_{i-1} - m_{i-2}|),
//   m_k the slope of the chord from x_k to x_{k+1}; t_i = (m_{i-1} + m_i) / 2 when the
//   denominator is 0. At the ends Akima's own rule supplies the two missing chords on each
//   side: m_{-1} = 2 m_0 - m_1, m_{-2} = 2 m_{-1} - m_0 (and the same at the right end), which
//   is the slope sequence of a parabola through the three end points. The curve is the
//   cubic Hermite interpolant of the values and slopes: value and first derivative
//   continuous, second derivative not (the MotionSolve and Adams help warn that AKISPL's
//   second derivative is unreliable). Akima reproduces straight lines exactly.
// - kCubic (CUBSPL): the global interpolating cubic spline, continuous to the second
//   derivative, with natural end conditions y'' = 0 at both end points. MotionSolve's
//   Reference_Spline help says the cubic method "ensures a much smoother fit by utilizing
//   natural splines". It reproduces straight lines exactly.
// - kLinear (LINSPL): straight lines between the points.
//
// Extrapolation (x outside [x_1, x_n]):
// - linear_extrapolate = false (the default): the parabola through the first (last) three
//   points. Adams View's spline dialog: "By default ... Adams Solver extrapolates a spline
//   that exceeds a defined range by applying a parabolic function over the first or last
//   three data points".
// - linear_extrapolate = true: the straight line through the first (last) two points (same
//   dialog: "extrapolate a spline by applying a linear function over the first or last two
//   data points").
// - LINSPL always extends its end segments, which is the linear rule above [I: a parabola
//   would contradict the piecewise-linear method; the help is silent].
// At an end point the value is continuous; the derivatives generally jump there.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace msolve::math {

enum class SplineMethod : std::uint8_t { kAkima, kCubic, kLinear };

/// Fewest points of a curve. The MotionSolve Spline help requires len(x) >= 4, Adams' SPLINE
/// statement "at least four x values", and the CUBSPL help "a minimum of four points"; every
/// method is given the same minimum. (Mathematically LINSPL needs 2 points and Akima's method
/// with the end rule above 3. MotionSolve's AKISPL subroutine page asks for six points and
/// calls the method "5th order", which reads like text carried over from QUISPL; it is not
/// enforced.)
inline constexpr int kMinSplinePoints = 4;

/// What is wrong with spline data, or "" if nothing: x strictly increasing and finite, at
/// least kMinSplinePoints values, y finite with len(x) values per curve; for a surface
/// (z not empty) at least 2 z values, strictly increasing, and len(x) * len(z) y values.
std::string CheckSplineData(const std::vector<double>& x, const std::vector<double>& y,
                            const std::vector<double>& z);

/// One curve y(x) of one method, as polynomial pieces.
class SplineCurve {
 public:
  /// `x`, `y` must pass CheckSplineData.
  SplineCurve(const std::vector<double>& x, const std::vector<double>& y, SplineMethod method,
              bool linear_extrapolate);

  /// d^k y / dx^k at x for k = 0..3 in out[0..3]. At an interior point the piece to the right
  /// is used; at x_1 and x_n the pieces inside the data.
  void Evaluate(double x, double out[4]) const;

  /// The knots x_1 .. x_n.
  const std::vector<double>& x() const { return x_; }

 private:
  std::vector<double> x_;
  // per interval i (x_i .. x_{i+1}): y = c0 + c1 t + c2 t^2 + c3 t^3, t = x - x_i
  std::vector<std::array<double, 4>> pieces_;
  // extrapolation: y = c0 + c1 t + c2 t^2 with t = x - x_1 (below), t = x - x_n (above)
  std::array<double, 4> below_{}, above_{};
};

/// A curve or a surface (a family of curves in z) of one method.
class Spline {
 public:
  /// `z` empty for a curve; otherwise y holds len(z) curves one after the other, each with
  /// len(x) values. The data must pass CheckSplineData.
  Spline(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& z,
         SplineMethod method, bool linear_extrapolate);

  bool is_surface() const { return !z_.empty(); }

  /// The knots in x (the same for every curve of a surface).
  const std::vector<double>& knots() const { return curves_.front().x(); }

  /// d^order y / dx^order at (x, z) (order 0..2; a surface has order 0 only); d_x receives
  /// its derivative with respect to x and d_z that with respect to z (0 for a curve, which
  /// ignores z). Either may be null.
  double Evaluate(double x, double z, int order, double* d_x, double* d_z) const;

 private:
  std::vector<double> z_;
  std::vector<SplineCurve> curves_;
};

}  // namespace msolve::math
