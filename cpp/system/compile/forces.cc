// compile(model), the force elements: one compile step per force kind (Builder::Force, each in
// system/compile/forces/), run kind after kind in the order of model/kinds.h, which is the
// order of System::force_elements_
#include "model/kinds.h"
#include "system/compile/builder.h"

namespace msolve::system {

// the active elements of one kind, each compiled by its step
template <class Type>
void Builder::ForcesOf(const std::vector<std::shared_ptr<Type>>& elements) {
  for (const auto& element : elements)
    if (element->active) sys_.force_elements_.push_back(Force(*element));
}

// one ForcesOf per line of the lists
#define MSOLVE_COMPILE_FORCES(Type, member) ForcesOf(model_.member);

void Builder::NumberForces() { MSOLVE_NUMBER_FORCE_KINDS(MSOLVE_COMPILE_FORCES) }

void Builder::ExpressionForces() { MSOLVE_EXPRESSION_FORCE_KINDS(MSOLVE_COMPILE_FORCES) }

#undef MSOLVE_COMPILE_FORCES

}  // namespace msolve::system
