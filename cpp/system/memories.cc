// the memory of a run (docs/architecture.md §3.1): its layout, one keyed block per element that
// remembers something between steps, fixed at compile time; the state at the start of a run;
// accepting a step, the only place the elements write their memory
#include "system/system.h"

namespace msolve::system {
namespace {

// the part of a key of a function of `entity`: its text when it is an expression
std::string FunctionPart(const mbs::StateFunction& f) {
  const auto* compiled = dynamic_cast<const ExpressionFunction*>(&f);
  return compiled ? "expression " + compiled->text() : "function";
}

void PlaceFunction(MemoryLayout* layout, const model::Entity* entity, mbs::StateFunction* f) {
  if (f == nullptr || f->memory_size() == 0) return;
  f->PlaceMemory(layout->Add(entity, FunctionPart(*f), f->memory_size()));
}

}  // namespace

void System::LayOutMemory(const model::Model& model) {
  // after the SENVAL values (Builder::SensorValues), in the order AcceptStep visits
  MemoryLayout& layout = memory_layout_;
  std::vector<double> initial;
  for (auto& joint : joints_) {
    if (joint.memory_size() == 0) continue;
    initial.resize(joint.memory_size());
    joint.InitialMemory(initial.data());
    // a Motion's constraint by the Motion (a joint may carry two), the others by their source
    const model::Entity* owner = joint.motion() ? joint.motion() : joint.source();
    joint.PlaceMemory(layout.Add(owner, "joint", joint.memory_size(), initial.data()));
  }
  for (auto& element : force_elements_) {
    if (element->memory_size() > 0)
      element->PlaceMemory(layout.Add(element->source(), "element", element->memory_size()));
    for (mbs::StateFunction* f : element->functions()) PlaceFunction(&layout, element->source(), f);
  }
  for (const auto& variable : model.variables) {
    const auto found = variables_.find(variable->id);
    if (found != variables_.end()) PlaceFunction(&layout, variable.get(), found->second.get());
  }
  for (auto& d : diffs_) PlaceFunction(&layout, d.source, d.function.get());
}

State System::MakeState() const {
  State state;
  state.y = DesignState();
  state.yp = VecX::Zero(size());
  state.memory = memory_layout_.Initial();
  AcceptStep(state.t, state.y.data(), state.yp.data(), state.memory.data());
  return state;
}

void System::AcceptStep(double t, const double* y, const double* yp, double* memory) const {
  for (const auto& joint : joints_) {
    double* slots = joint.Slots(memory);
    if (slots == nullptr) continue;
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      joint.AcceptTerm(term, sides.state[0], sides.state[1], slots);
    }
  }
  for (const auto& element : force_elements_) element->AcceptState(t, y, yp, memory);
  for (const auto& [id, variable] : variables_) variable->Accept(t, y, yp, memory);
  for (const auto& d : diffs_) d.function->Accept(t, y, yp, memory);
}

template <typename Visit>
void System::VisitDelays(const Visit& visit) const {
  const auto each = [&visit](const model::Entity* entity, const std::string& prefix,
                             const mbs::StateFunction* f) {
    const auto* compiled = dynamic_cast<const ExpressionFunction*>(f);
    if (compiled != nullptr && compiled->has_delays())
      visit(MemoryKey{entity, prefix + FunctionPart(*f)}, *compiled);
  };
  for (const auto& element : force_elements_)
    for (const mbs::StateFunction* f : element->functions()) each(element->source(), "", f);
  // Variables by id: the compiled System keeps no entity for them
  for (const auto& [id, variable] : variables_)
    each(nullptr, "VARIABLE " + std::to_string(id) + " ", variable.get());
  for (const auto& d : diffs_) each(d.source, "", d.function.get());
}

std::map<MemoryKey, std::vector<double>> System::DelayHistories() const {
  std::map<MemoryKey, std::vector<double>> out;
  VisitDelays([&out](const MemoryKey& key, const ExpressionFunction& f) {
    out.emplace(key, f.SaveDelays());
  });
  return out;
}

void System::TakeDelayHistories(const std::map<MemoryKey, std::vector<double>>& histories) const {
  VisitDelays([&histories](const MemoryKey& key, const ExpressionFunction& f) {
    const auto found = histories.find(key);
    if (found != histories.end()) f.RestoreDelays(found->second);
  });
}

}  // namespace msolve::system
