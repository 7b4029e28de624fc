// compile(model), the force elements: one compile step per force kind (Builder::Force, each in
// system/compile/forces/), run kind after kind in the order of model/kinds.h, which is the
// order of System::force_elements_
#include "model/kinds.h"
#include "system/compile/builder.h"

namespace msolve::system {

namespace {

using Elements = std::vector<std::unique_ptr<mbs::ForceElement>>;

void Append(Elements* to, std::unique_ptr<mbs::ForceElement> element) {
  to->push_back(std::move(element));
}

void Append(Elements* to, Elements elements) {
  for (auto& element : elements) to->push_back(std::move(element));
}

}  // namespace

// the active elements of one kind, each compiled by its step
template <class Type>
void Builder::ForcesOf(const std::vector<std::shared_ptr<Type>>& elements) {
  for (const auto& element : elements)
    if (element->active) Append(&sys_.force_elements_, Force(*element));
}

// one ForcesOf per line of the lists
#define MSOLVE_COMPILE_FORCES(Type, member) ForcesOf(model_.member);

void Builder::NumberForces() { MSOLVE_NUMBER_FORCE_KINDS(MSOLVE_COMPILE_FORCES) }

void Builder::ExpressionForces() { MSOLVE_EXPRESSION_FORCE_KINDS(MSOLVE_COMPILE_FORCES) }

#undef MSOLVE_COMPILE_FORCES

}  // namespace msolve::system
