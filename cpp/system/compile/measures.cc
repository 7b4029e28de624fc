// compile(model), what requests and sensors read: the SENVAL store of the sensors, and the
// force measures of the expressions, linked once every element exists
#include <algorithm>

#include "common/error.h"
#include "system/compile/builder.h"

namespace msolve::system {

void Builder::SensorValues() {
  // the SENVAL store of every active sensor, so that any expression may read it: the first
  // blocks of the memory (docs/architecture.md §3.1), keyed by the id they store under
  for (const auto& sensor : model_.sensors) {
    if (!sensor->active) continue;
    const long id = sensor->evaluate_id.value_or(sensor->id);
    if (!sys_.sensor_slots_.count(id))
      sys_.sensor_slots_[id] = sys_.memory_layout_.Add(nullptr, "SENVAL " + std::to_string(id), 1);
  }
}

void Builder::Finish() {
  // force measures find their elements; a measure that reads itself is a cycle
  const std::vector<ForceMeasure*> force_measures = std::move(sys_.unlinked_force_measures_);
  sys_.unlinked_force_measures_.clear();
  for (ForceMeasure* measure : force_measures) measure->Link(sys_);
  sys_.SetActiveRows(std::vector<bool>(sys_.rows_.size(), true));
  // the dependencies are known now (SetActiveRows refreshed them): an implicit Diff given by
  // an expression must read its own DIF1 (one given by a routine is checked after the
  // routine's dependency pass, System::PrepareRoutines)
  for (const auto& diff : sys_.diffs_) {
    if (diff.source->routine || !diff.source->implicit) continue;
    // an implicit Variable's residual must read the Variable (docs/equations.md §4.8)
    if (diff.algebraic() && !std::binary_search(diff.y_deps.begin(), diff.y_deps.end(), diff.index))
      throw ModelError(diff.key->Describe() + ": an implicit Variable's function is a residual " +
                       "that must read VARVAL(" + std::to_string(diff.source->id) + ")");
    if (!diff.algebraic() &&
        !std::binary_search(diff.yp_deps.begin(), diff.yp_deps.end(), diff.index))
      throw ModelError(diff.source->Describe() + ": an implicit equation must read DIF1(" +
                       std::to_string(diff.source->id) + ")");
  }
  sys_.force_measures_.assign(force_measures.begin(), force_measures.end());
  sys_.LayOutMemory(model_);
  // with routines, PrepareRoutines checks the cycles once the routines can run
  if (sys_.routines_.empty()) sys_.CheckForceMeasureCycles();
}

}  // namespace msolve::system
