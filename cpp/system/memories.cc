// the elements with memory (angles followed through whole turns): accepting a step, and
// carrying what they remember over to a new compilation of the model
#include <type_traits>

#include "system/system.h"

namespace msolve::system {

template <class Self, class VisitElement, class VisitExpression>
void System::VisitMemories(Self& self, const VisitElement& element,
                           const VisitExpression& expression) {
  for (auto& e : self.force_elements_)
    if (e->HasMemory()) element(e->source(), *e);
  // the expressions AcceptStep visits, keyed by owner and text (and a count for repeats)
  using Function =
      std::conditional_t<std::is_const_v<Self>, const mbs::StateFunction, mbs::StateFunction>;
  std::vector<Function*> functions;
  for (auto& e : self.force_elements_)
    for (mbs::StateFunction* f : e->functions()) functions.push_back(f);
  for (auto& [id, variable] : self.variables_) functions.push_back(variable.get());
  for (auto& d : self.diffs_) functions.push_back(d.function.get());
  std::map<std::string, int> seen;
  for (Function* f : functions) {
    const auto* compiled = dynamic_cast<const ExpressionFunction*>(f);
    if (compiled == nullptr) continue;
    const std::string& key = compiled->key();
    expression(key + "\n" + std::to_string(seen[key]++), *f);
  }
}

System::Memories System::SaveMemories() const {
  Memories memories;
  VisitMemories(
      *this,
      [&](const model::Entity* source, const auto& x) { memories.elements[source] = x.Memory(); },
      [&](const std::string& key, const auto& x) { memories.expressions[key] = x.Memory(); });
  return memories;
}

void System::RestoreMemories(const Memories& memories) {
  const auto restore = [](const auto& saved, const auto& key, auto& x) {
    const auto found = saved.find(key);
    if (found != saved.end()) x.SetMemory(found->second);
  };
  VisitMemories(
      *this, [&](const model::Entity* source, auto& x) { restore(memories.elements, source, x); },
      [&](const std::string& key, auto& x) { restore(memories.expressions, key, x); });
}

void System::AcceptStep(double t, const double* y, const double* yp) {
  for (auto& joint : joints_) {
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      joint.AcceptTerm(term, sides.state[0], sides.state[1]);
    }
  }
  for (auto& element : force_elements_) element->AcceptState(t, y, yp);
  for (auto& [id, variable] : variables_) variable->Accept(t, y, yp);
  for (auto& d : diffs_) d.function->Accept(t, y, yp);
}

}  // namespace msolve::system
