#include "model/entity.h"

namespace msolve::model {

std::string Entity::Describe() const {
  std::string s = std::string(TypeName()) + " " + std::to_string(id);
  if (!label.empty()) s += " '" + label + "'";
  return s;
}

}  // namespace msolve::model
