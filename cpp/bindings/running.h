// What the bindings know of the analysis running on the calling thread: its model (runtime
// functions of routines refuse entities of other models) and the signals and Python
// exceptions that must end it (Ctrl-C, SIGTERM through a Python handler, KeyboardInterrupt
// inside a user routine). Defined in callbacks.cc, used by bind_simulation.cc around the
// Simulation's constructor and Simulate (docs/architecture.md §2.10).
#pragma once

#include <pybind11/pybind11.h>

#include "model/entities.h"
#include "simulation/simulation.h"

namespace msolve::bindings {

namespace py = pybind11;

/// With the GIL and a Python error set: keeps that error as the interruption of the
/// analysis on this thread (unless one is kept already) and clears it.
void KeepInterruption();

/// The check PollInterrupt calls (common/interrupt.h), without the GIL: takes the GIL, runs
/// Python's signal handlers (PyErr_CheckSignals); true when one raised, whose exception is
/// kept for TakeInterruption.
bool PythonSignalRaised();

/// With the GIL: keeps `exception` (raised by a signal handler on this thread) as the
/// interruption of the analysis, unless one is kept already. A handler's exception can be
/// lost in Python (one raised inside a weakref callback or a __del__ is printed as "ignored"
/// and dropped); kept here, PythonSignalRaised still sees it (python/msolve/interruption.py).
void KeepSignalException(py::handle exception);

/// `_keep_signal_exception` and `_clear_interruption` of the module.
void DefineInterruption(py::module_& m);

/// With the GIL: empties the slot of TakeInterruption (an exception kept outside any
/// analysis must not stop the next one).
void ClearInterruption();

/// With the GIL: the exception kept by PythonSignalRaised or by a routine interrupted on this
/// thread (a BaseException that is not an Exception, e.g. KeyboardInterrupt), or None; the
/// slot is emptied.
py::object TakeInterruption();

/// The output sink of a simulate (simulation/simulation.h) that calls `sink(row)` with the
/// GIL at each output: `row` a NumPy vector of the time, the 8 values of every request and
/// the 7 of every body (in the order of Simulation::EmptyResults), the 4 energies and the 2
/// constraint errors; the sink returns whether the outputs before the last may be released.
/// With `every_output` false it is called at most every kProgressSeconds (for progress
/// alone). A KeyboardInterrupt (or another BaseException that is not an Exception) it raises
/// interrupts the analysis (kept for TakeInterruption); another error ends it as a failure.
/// An empty sink for None.
simulation::OutputSink PythonOutputSink(py::object sink, bool every_output);

/// How often a sink for progress alone is called.
inline constexpr double kProgressSeconds = 0.1;

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
