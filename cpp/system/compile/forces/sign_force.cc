// compile(model): a SignForce (docs/equations.md §3.6), checked, becomes a SignForceElement
#include <cmath>
#include <memory>

#include "common/error.h"
#include "mbs/sign_force.h"
#include "system/compile/builder.h"

namespace msolve::system {

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::SignForce& force) {
  const auto [mi, mj] = sys_.MarkersOf(force, force.i, force.j);
  mbs::SignRegularization reg;
  if (!mbs::ParseSignRegularization(force.reg, &reg))
    throw ModelError(force.Describe() + ": reg must be EXP, SINE, LINEAR or COSINE, got '" +
                     force.reg + "'");
  if (!(force.v0 > 0) || !std::isfinite(force.v0))
    throw ModelError(force.Describe() + ": v0 must be positive");
  if (!std::isfinite(force.f_nominal))
    throw ModelError(force.Describe() + ": f_nominal must be a finite number");
  return std::make_unique<mbs::SignForceElement>(&force, reg, mi, mj);
}

}  // namespace msolve::system
