// compile(model): an Sforce, a scalar force whose magnitude is an expression or a
// routine, becomes a ScalarForceElement
#include <memory>
#include <string>

#include "common/error.h"
#include "mbs/sforce.h"
#include "system/compile/builder.h"

namespace msolve::system {

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::Sforce& force) {
  const std::string type = Upper(force.type);
  if (type != "TRANSLATION" && type != "ROTATION")
    throw ModelError(force.Describe() + ": type must be TRANSLATION or ROTATION, got '" +
                     force.type + "'");
  const auto [mi, mj] = sys_.MarkersOf(force, force.i, force.j);
  if (force.function.empty() && !force.routine)
    throw ModelError(force.Describe() + ": function (the force expression) is not set");
  const bool line_of_sight = type == "TRANSLATION" && !force.actiononly;
  if (line_of_sight) {
    if (sys_.DesignDistance(mi, mj) < 1e-12)
      throw ModelError(force.Describe() +
                       ": markers i and j coincide, so the line of action is undefined "
                       "(use actiononly or separate the markers)");
  }
  std::unique_ptr<mbs::StateFunction> magnitude;
  if (force.routine) {
    magnitude = std::make_unique<RoutineOutput>(
        AddRoutine(force, force.routine, model::UserRoutine::Form::kState, force.function, 1), 0);
  } else {
    CheckNoUserCall(force, force.function);
    magnitude = std::make_unique<ExpressionFunction>(force.function, force.Describe(), resolver_);
  }
  return std::make_unique<mbs::ScalarForceElement>(&force, type == "ROTATION", force.actiononly, mi,
                                                   mj, std::move(magnitude));
}

}  // namespace msolve::system
