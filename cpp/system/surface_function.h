// The Surfaces of a compiled model: a surface computed by its SURSUB routine
// (docs/equations.md §12), read by the point-to-surface and curve-to-surface constraints.
#pragma once

#include <memory>
#include <vector>

#include "math/param_surface.h"
#include "model/entities.h"

namespace msolve::system {

/// Relative step (of maxpar - minpar) of the central differences that give the third
/// derivatives of a SURSUB surface from its second (docs/equations.md §12).
inline constexpr double kSurfaceRoutineStep = 1e-4;

/// A surface computed by a SURSUB routine: the routine gives the point (iord 0), its first
/// derivatives (iord 1: d/du, then d/dv) and its second (iord 2: d2/du2, d2/dudv, d2/dv2);
/// the third are central differences of the second. A closed direction is evaluated with its
/// parameter brought into [minpar, maxpar).
class RoutineSurface : public math::SpaceSurface {
 public:
  /// `surface` has a routine; par are its USER(...) numbers. Calls the routine once with
  /// iflag true. @throws RoutineError naming the Surface when that call fails.
  RoutineSurface(const model::Surface& surface, std::vector<double> par);
  Vec3 Evaluate(double u, double v, int du, int dv) const override;
  bool closed(int direction) const override {
    return direction == 0 ? surface_.uclosed : surface_.vclosed;
  }
  double minpar(int direction) const override { return surface_.minpar[direction]; }
  double maxpar(int direction) const override { return surface_.maxpar[direction]; }

 private:
  // the routine's 3 * (iord + 1) values at (u, v)
  std::vector<double> Call(double u, double v, int iord, bool iflag) const;
  Vec3 Second(double u, double v, int dv) const;

  const model::Surface& surface_;
  std::shared_ptr<const model::UserRoutine> routine_;
  std::vector<double> par_;
};

/// The surface of a Surface (its SURSUB routine).
/// @throws ModelError naming the Surface when it has no routine or its data are not valid.
std::unique_ptr<math::SpaceSurface> MakeSurface(const model::Surface& surface);

}  // namespace msolve::system
