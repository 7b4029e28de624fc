// A parametric surface in space s(u, v) (MotionSolve Surface, Reference_ParamSurface): what
// the point-to-surface and curve-to-surface constraints read (docs/equations.md §12).
// MotionSolve defines surfaces only through a SURSUB routine; its compiled form is
// system/surface_function.h.
#pragma once

#include "common/types.h"

namespace msolve::math {

/// A surface in space s(u, v) with the parameter ranges [minpar(0), maxpar(0)] in u and
/// [minpar(1), maxpar(1)] in v; a closed direction repeats with period maxpar - minpar.
class SpaceSurface {
 public:
  virtual ~SpaceSurface() = default;
  /// d^(du + dv) s / du^du dv^dv at (u, v), du + dv at most 3.
  virtual Vec3 Evaluate(double u, double v, int du, int dv) const = 0;
  virtual bool closed(int direction) const = 0;
  virtual double minpar(int direction) const = 0;
  virtual double maxpar(int direction) const = 0;
};

}  // namespace msolve::math
