// Base of every model entity: id, label, name, active flag, and a readable description
// ("Part 2 'arm'") used in every error message.
#pragma once

#include <string>

namespace msolve::model {

class Entity {
 public:
  virtual ~Entity() = default;

  /// The MotionSolve class name ("Part", "Marker", ...).
  virtual const char* TypeName() const = 0;

  /// "Part 2 'arm'": type, id and label (when there is one), for messages.
  std::string Describe() const;

  int id = 0;
  std::string label;
  std::string name;
  bool active = true;
};

}  // namespace msolve::model
