// Error types of the core. Every message names the entity it is about.
#pragma once

#include <stdexcept>
#include <string>

namespace msolve {

/// Raised for bad input found while compiling or analysing a model: the message names the
/// entity (type, id, label) and says what is wrong.
class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Raised when an analysis cannot continue (integrator failure, singular system).
class SolverError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Raised when a user routine fails (an exception, a wrong return value): the message names
/// the entity and carries the routine's own report (a Python traceback).
class RoutineError : public SolverError {
 public:
  using SolverError::SolverError;
};

}  // namespace msolve
