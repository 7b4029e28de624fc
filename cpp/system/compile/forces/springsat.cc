// compile(model): a Springsat, a saturating spring (docs/equations.md §3.7), checked,
// becomes a SpringsatElement
#include <cmath>
#include <memory>
#include <string>

#include "common/error.h"
#include "mbs/springsat.h"
#include "system/compile/builder.h"

namespace msolve::system {

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::Springsat& spring) {
  const auto [mi, mj] = sys_.MarkersOf(spring, spring.i, spring.j);
  const std::string who = spring.Describe() + ": ";
  if (!(spring.xsat > 0) || !std::isfinite(spring.xsat))
    throw ModelError(who + "xsat must be positive");
  if (!std::isfinite(spring.K0) || !std::isfinite(spring.Ksat))
    throw ModelError(who + "K0 and Ksat must be finite numbers");
  const double distance = sys_.DesignDistance(mi, mj);
  if (distance < 1e-12)
    throw ModelError(who +
                     "markers i and j coincide, so the direction of the force is "
                     "undefined");
  if (spring.length && !(*spring.length >= 0))
    throw ModelError(who + "length must not be negative");
  const double length = spring.length.value_or(distance);
  if (!(std::abs(distance - length) < spring.xsat))
    throw ModelError(who + "the deflection in the design position, " +
                     std::to_string(distance - length) +
                     ", is not within xsat = " + std::to_string(spring.xsat));
  return std::make_unique<mbs::SpringsatElement>(&spring, mi, mj, length);
}

}  // namespace msolve::system
