// compile(model): a SpringDamper, checked, becomes a SpringDamperElement
#include <memory>
#include <string>

#include "common/error.h"
#include "mbs/spring_damper.h"
#include "system/compile/builder.h"

namespace msolve::system {

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::SpringDamper& spring) {
  const std::string type = Upper(spring.type);
  if (type != "TRANSLATION" && type != "ROTATION")
    throw ModelError(spring.Describe() + ": type must be TRANSLATION or ROTATION, got '" +
                     spring.type + "'");
  const auto [mi, mj] = sys_.MarkersOf(spring, spring.i, spring.j);
  const double distance = sys_.DesignDistance(mi, mj);
  const double length = spring.length.value_or(distance);
  if (type == "TRANSLATION") {
    if (spring.length && !(*spring.length >= 0))
      throw ModelError(spring.Describe() + ": length must not be negative");
    if (distance < 1e-12)
      throw ModelError(spring.Describe() +
                       ": markers i and j coincide, so the direction of the force is undefined");
  }
  for (double v : {spring.k, spring.c, spring.kt, spring.ct})
    if (!(v >= 0))
      throw ModelError(spring.Describe() + ": stiffness and damping must not be negative");
  return std::make_unique<mbs::SpringDamperElement>(&spring, type == "ROTATION", mi, mj, length);
}

}  // namespace msolve::system
