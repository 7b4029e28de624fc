// the elements with memory (angles followed through whole turns): accepting a step, and
// carrying what they remember over to a new compilation of the model
#include <sstream>
#include <type_traits>

#include "system/system.h"

namespace msolve::system {

template <class Self, class Visit>
void System::VisitMemories(Self& self, const Visit& visit) {
  for (auto& element : self.force_elements_) {
    if (!element->HasMemory()) continue;
    std::ostringstream name;
    name << "element\n" << element->source();
    visit(name.str(), *element);
  }
  // the expressions AcceptStep visits, named by owner and text (and a count for repeats)
  using Function =
      std::conditional_t<std::is_const_v<Self>, const mbs::StateFunction, mbs::StateFunction>;
  std::vector<Function*> functions;
  for (auto& element : self.force_elements_)
    for (mbs::StateFunction* f : element->functions()) functions.push_back(f);
  for (auto& [id, variable] : self.variables_) functions.push_back(variable.get());
  for (auto& d : self.diffs_) functions.push_back(d.function.get());
  std::map<std::string, int> seen;
  for (Function* f : functions) {
    const auto* expression = dynamic_cast<const ExpressionFunction*>(f);
    if (expression == nullptr) continue;
    const std::string& key = expression->key();
    visit("expression\n" + key + "\n" + std::to_string(seen[key]++), *f);
  }
}

System::Memories System::SaveMemories() const {
  Memories memories;
  VisitMemories(*this,
                [&](const std::string& name, const auto& x) { memories[name] = x.Memory(); });
  return memories;
}

void System::RestoreMemories(const Memories& memories) {
  VisitMemories(*this, [&](const std::string& name, auto& x) {
    const auto found = memories.find(name);
    if (found != memories.end()) x.SetMemory(found->second);
  });
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
