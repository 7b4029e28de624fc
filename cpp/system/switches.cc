// The switching quantities of a compiled System (docs/equations.md §6.10): where the
// equations of motion stop being smooth in the state, as root functions for the integrator,
// which then ends a step exactly at each switch and restarts there.
#include <functional>
#include <string>

#include "system/expression_function.h"
#include "system/system.h"

namespace msolve::system {
namespace {

// Calls `expression` for every compiled expression of the dynamics with switching quantities,
// then `element` for every force element with its own, in the order of System::Switches.
void ForEachSource(const std::vector<const mbs::StateFunction*>& functions,
                   const std::vector<std::unique_ptr<mbs::ForceElement>>& elements,
                   const std::function<void(const ExpressionFunction&)>& expression,
                   const std::function<void(const mbs::ForceElement&)>& element) {
  for (const mbs::StateFunction* f : functions) {
    const auto* compiled = dynamic_cast<const ExpressionFunction*>(f);
    if (compiled != nullptr && compiled->switch_count() > 0) expression(*compiled);
  }
  for (const auto& e : elements)
    if (e->switch_count() > 0) element(*e);
}

}  // namespace

std::vector<const mbs::StateFunction*> System::DynamicsFunctions() const {
  // as DiscontinuityTimes (system/motions.cc) but gravity's, which are functions of time
  std::vector<const mbs::StateFunction*> list;
  for (const auto& driver : drivers_) list.push_back(driver.function.get());
  for (const auto& joint : joints_)
    if (joint.general()) list.push_back(&joint.general()->function());
  for (const auto& [id, variable] : variables_) list.push_back(variable.get());
  for (const auto& d : diffs_) list.push_back(d.function.get());
  for (const auto& e : force_elements_)
    for (const mbs::StateFunction* f : e->functions()) list.push_back(f);
  return list;
}

int System::SwitchCount() const {
  const std::vector<const mbs::StateFunction*> functions = DynamicsFunctions();
  int count = 0;
  ForEachSource(
      functions, force_elements_,
      [&count](const ExpressionFunction& f) { count += f.switch_count(); },
      [&count](const mbs::ForceElement& e) { count += e.switch_count(); });
  return count;
}

void System::Switches(double t, const double* y, const double* yp, const double* memory,
                      double* g) const {
  const std::vector<const mbs::StateFunction*> functions = DynamicsFunctions();
  ForEachSource(
      functions, force_elements_,
      [&](const ExpressionFunction& f) {
        f.Switches(t, y, yp, memory, g);
        g += f.switch_count();
      },
      [&](const mbs::ForceElement& e) {
        e.Switches(y, g);
        g += e.switch_count();
      });
}

std::string System::DescribeSwitch(int k) const {
  const std::vector<const mbs::StateFunction*> functions = DynamicsFunctions();
  std::string found;
  int first = 0;
  const auto at = [&](int count, const std::function<std::string()>& describe) {
    if (found.empty() && k >= first && k < first + count) found = describe();
    first += count;
  };
  ForEachSource(
      functions, force_elements_,
      [&](const ExpressionFunction& f) {
        at(f.switch_count(), [&] { return f.program().owner() + ": '" + f.text() + "'"; });
      },
      [&](const mbs::ForceElement& e) {
        at(e.switch_count(), [&] { return e.source()->Describe() + ": the gap of its solids"; });
      });
  return found.empty() ? "switch " + std::to_string(k) : found;
}

}  // namespace msolve::system
