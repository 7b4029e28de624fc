// compile(model): a Bushing, checked, becomes a BushingElement
#include <cmath>
#include <memory>

#include "common/error.h"
#include "mbs/bushing.h"
#include "system/compile/builder.h"

namespace msolve::system {

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::Bushing& bushing) {
  const auto [mi, mj] = sys_.MarkersOf(bushing, bushing.i, bushing.j);
  for (const auto* values : {&bushing.k, &bushing.c, &bushing.kt, &bushing.ct})
    for (double v : *values)
      if (!(v >= 0))
        throw ModelError(bushing.Describe() + ": stiffness and damping must not be negative");
  for (const auto* values : {&bushing.force, &bushing.torque})
    for (double v : *values)
      if (!std::isfinite(v))
        throw ModelError(bushing.Describe() + ": preloads must be finite numbers");
  // the rotations a, b (AX, AY) are undefined where the z axes are perpendicular
  const VecX y0 = sys_.DesignState();
  const double cos_z =
      mbs::MarkerFrame(mi, System::BodyState(mi.body, y0.data()))
          .R.col(2)
          .dot(mbs::MarkerFrame(mj, System::BodyState(mj.body, y0.data())).R.col(2));
  if (!(cos_z > 0))
    throw ModelError(bushing.Describe() +
                     ": the z axes of markers i and j are 90 degrees or more apart in the "
                     "design position, where the bushing's rotations about x and y are "
                     "undefined; align the two markers");
  return std::make_unique<mbs::BushingElement>(&bushing, mi, mj);
}

}  // namespace msolve::system
