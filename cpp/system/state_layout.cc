// the layout of the state y (see system.h): the design state, the blocks of the entities'
// states, which components are differential, and what a component is
#include "math/rotation.h"
#include "system/state_view.h"
#include "system/system.h"

namespace msolve::system {

VecX System::DesignState() const {
  VecX y = VecX::Zero(size());
  for (const auto& d : diffs_) y[d.index] = d.source->ic;
  for (const auto& ls : linear_) y.segment(ls.first, ls.n) = ls.x0;
  for (const auto& g : gses_) y.segment(g.first, g.n) = g.x0;
  // integrated motions start at icdisp and icvel (unset: replaced by the assembled values)
  for (const auto& driver : drivers_) {
    if (driver.order >= 1) y[driver.state] = driver.source->icdisp.value_or(0.0);
    if (driver.order == 2) y[driver.state + 1] = driver.source->icvel.value_or(0.0);
  }
  for (int k = 0; k < body_count(); ++k) {
    y.segment<3>(BodyOffset(k)) = bodies_[k].r0;
    y.segment<4>(BodyOffset(k) + 3) = bodies_[k].e0;
  }
  return y;
}

std::vector<System::StateBlock> System::StateBlocks() const {
  std::vector<StateBlock> out;
  for (int k = 0; k < body_count(); ++k)
    out.push_back(
        {bodies_[k].owner ? bodies_[k].owner : bodies_[k].part, BodyOffset(k), kBodyStates});
  for (const auto& d : diffs_) out.push_back({d.key, d.index, 1});
  for (const auto& l : linear_) out.push_back({l.source, l.first, l.n});
  for (const auto& element : force_elements_)
    if (element->state_count() > 0)
      out.push_back({element->source(), element->first_state(), element->state_count()});
  for (const auto& g : gses_)
    if (g.n > 0) out.push_back({g.source, g.first, g.n});
  for (const auto& driver : drivers_)
    if (driver.order >= 1) out.push_back({driver.source, driver.state, driver.order});
  return out;
}

VecX System::DifferentialIds() const {
  VecX id = VecX::Zero(size());
  id.head(differential_size()).setOnes();
  for (const int index : AlgebraicStates()) id[index] = 0.0;
  return id;
}

std::vector<int> System::AlgebraicStates() const {
  std::vector<int> out;
  for (const auto& d : diffs_)
    if (d.algebraic()) out.push_back(d.index);
  return out;
}

std::vector<const model::Entity*> System::ImplicitVariables() const {
  std::vector<const model::Entity*> out;
  for (const auto& d : diffs_)
    if (d.algebraic()) out.push_back(d.key);
  return out;
}

std::string System::DescribeState(int index) const {
  if (index < 0 || index >= size()) return "no state";
  if (index < kBodyStates * body_count()) {
    static const char* const kParts[] = {"position", "orientation", "velocity", "angular velocity"};
    const int c = index % kBodyStates;
    const int part = c < 3 ? 0 : c < 7 ? 1 : c < 10 ? 2 : 3;
    return bodies_[index / kBodyStates].part->Describe() + " (" + kParts[part] + ")";
  }
  for (const auto& d : diffs_)
    if (d.index == index) return d.key->Describe();
  for (const auto& ls : linear_)
    if (index >= ls.first && index < ls.first + ls.n) return ls.source->Describe();
  for (const auto& element : force_elements_) {
    const int first = element->first_state();
    if (element->state_count() > 0 && index >= first && index < first + element->state_count())
      return element->source()->Describe() + " (bristle deflection)";
  }
  for (const auto& g : gses_)
    if (index >= g.first && index < g.first + g.n) return g.source->Describe();
  for (const auto& driver : drivers_)
    if (driver.order > 0 && index >= driver.state && index < driver.state + driver.order)
      return driver.source->Describe();
  if (index == work_state_) return "the work of the non-conservative forces";
  if (index < differential_size()) return "a state";
  return index < mu_offset() ? "a reaction force" : "a stabilisation multiplier";
}

void System::PositionRates(const double* y, double* qdot) const {
  for (int k = 0; k < body_count(); ++k) {
    const double* x = y + BodyOffset(k);
    Eigen::Map<Eigen::Matrix<double, 7, 1>> qd(qdot + mbs::kBodyQ * k);
    qd.head<3>() = V3(x + 7);
    qd.tail<4>() = 0.5 * math::QuatL(V4(x + 3)) * V3(x + 10);
  }
}

}  // namespace msolve::system
