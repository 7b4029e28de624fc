// compile(model): a Vforce, Vtorque or Gforce, with component expressions or a
// routine, becomes a VectorForceElement
#include <array>
#include <memory>
#include <string>

#include "common/error.h"
#include "mbs/vector_force.h"
#include "system/compile/builder.h"

namespace msolve::system {

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::VectorForce& force) {
  const auto [mi, mj] = sys_.MarkersOf(force, force.i, force.jfloat);
  mbs::BodyMarker mr;  // the global frame when rm is unset
  if (force.rm) {
    try {
      mr = sys_.MarkerOf(force.rm);
    } catch (const ModelError& e) {
      throw ModelError(force.Describe() + ": rm " + e.what());
    }
  }
  std::array<std::unique_ptr<mbs::StateFunction>, 6> components;
  static const char* names[6] = {"fx", "fy", "fz", "tx", "ty", "tz"};
  if (force.routine) {
    // VFOSUB gives fx fy fz, VTOSUB tx ty tz, GFOSUB all six
    const int first = force.kind == "Vtorque" ? 3 : 0;
    const int count = force.kind == "Gforce" ? 6 : 3;
    for (const auto& text : force.components)
      if (!text.empty())
        throw ModelError(force.Describe() +
                         ": give either the component expressions or a routine, not both");
    RoutineEvaluator* routine =
        AddRoutine(force, force.routine, model::UserRoutine::Form::kState, force.function, count);
    for (int k = 0; k < count; ++k)
      components[first + k] = std::make_unique<RoutineOutput>(routine, k);
  } else if (!force.function.empty()) {
    CheckNoUserCall(force, force.function);
    throw ModelError(force.Describe() + ": function is used only with a routine");
  }
  for (int k = 0; k < 6; ++k) {
    const std::string& text = force.components[k];
    if (text.empty()) continue;
    components[k] =
        std::make_unique<ExpressionFunction>(text, force.Describe() + " " + names[k], resolver_);
  }
  return std::make_unique<mbs::VectorForceElement>(&force, mi, mj, mr, std::move(components));
}

}  // namespace msolve::system
