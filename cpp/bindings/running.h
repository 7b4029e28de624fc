// What the bindings know of the analysis running on the calling thread: its model (runtime
// functions of routines refuse entities of other models) and the signals and Python
// exceptions that must end it (Ctrl-C, SIGTERM through a Python handler, KeyboardInterrupt
// inside a user routine). Defined in callbacks.cc, used by bind_simulation.cc around the
// Simulation's constructor and Simulate (docs/architecture.md §2.10).
#pragma once

#include <pybind11/pybind11.h>

#include "model/entities.h"

namespace msolve::bindings {

namespace py = pybind11;

/// The check PollInterrupt calls (common/interrupt.h), without the GIL: takes the GIL, runs
/// Python's signal handlers (PyErr_CheckSignals); true when one raised, whose exception is
/// kept for TakeInterruption.
bool PythonSignalRaised();

/// With the GIL: the exception kept by PythonSignalRaised or by a routine interrupted on this
/// thread (a BaseException that is not an Exception, e.g. KeyboardInterrupt), or None; the
/// slot is emptied.
py::object TakeInterruption();

/// Makes `model` the model of the analysis running on this thread while this object lives.
class RunningModelScope {
 public:
  explicit RunningModelScope(const model::Model* model);
  ~RunningModelScope();
  RunningModelScope(const RunningModelScope&) = delete;
  RunningModelScope& operator=(const RunningModelScope&) = delete;

 private:
  const model::Model* previous_;
};

}  // namespace msolve::bindings
