// TRIM(x, x0, y0, x1, y1, x2, y2, radius [, limit]): the blend of two straight lines that meet
// at (x1, y1) (docs/expression-functions.md#trim). MotionSolve's reference guarantees the lines
// outside the transition and a slope between theirs inside it; msolve's transition is the
// quadratic Bezier curve with (x1, y1) as its middle control point, from the point of line 1 to
// the point of line 2 at distance r from (x1, y1), r = min(radius, limit * shorter segment).
#pragma once

namespace msolve::expr {

/// Value of TRIM at a[0 .. n) (n = 8 or 9; limit 0.5 when n = 8); with `p` the n partials.
double Trim(const double* a, int n, double* p);

/// The two switching quantities of TRIM: x - xI1 and x - xI2 (the ends of the transition,
/// where the curvature jumps).
void TrimSwitches(const double* a, int n, double* g);

}  // namespace msolve::expr
