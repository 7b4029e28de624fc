// The exception that interrupts the analysis running on a thread (Ctrl-C, SIGTERM's Python
// handler, a KeyboardInterrupt inside a user routine), kept until the binding of simulate
// raises it with the results so far (docs/architecture.md §2.10; bindings/running.h).
#include <pybind11/pybind11.h>

#include "bindings/running.h"

namespace msolve::bindings {
namespace {

// the exception that interrupted the analysis running on this thread (a new reference), or
// nullptr; only touched with the GIL held
thread_local PyObject* g_interruption = nullptr;

}  // namespace

void KeepInterruption() {
  PyObject *type, *value, *trace;
  PyErr_Fetch(&type, &value, &trace);
  PyErr_NormalizeException(&type, &value, &trace);
  if (trace != nullptr) PyException_SetTraceback(value, trace);
  Py_XDECREF(type);
  Py_XDECREF(trace);
  if (g_interruption == nullptr)
    g_interruption = value;
  else
    Py_XDECREF(value);
}

bool PythonSignalRaised() {
  py::gil_scoped_acquire gil;
  // a handler's exception kept by KeepSignalException, also when Python dropped it
  if (g_interruption != nullptr) return true;
  if (PyErr_CheckSignals() == 0) return false;
  KeepInterruption();
  return true;
}

void KeepSignalException(py::handle exception) {
  if (g_interruption != nullptr || !exception) return;
  g_interruption = exception.inc_ref().ptr();
}

void ClearInterruption() {
  PyObject* value = g_interruption;
  g_interruption = nullptr;
  Py_XDECREF(value);
}

py::object TakeInterruption() {
  if (g_interruption == nullptr) return py::none();
  PyObject* value = g_interruption;
  g_interruption = nullptr;
  return py::reinterpret_steal<py::object>(value);
}

void DefineInterruption(py::module_& m) {
  m.def("_keep_signal_exception", &KeepSignalException, py::arg("exception"),
        "Keeps the exception a signal handler raises on this thread as the interruption of "
        "the analysis running there (bindings/running.h; python/msolve/interruption.py).");
  m.def("_clear_interruption", &ClearInterruption,
        "Forgets an interruption kept on this thread outside an analysis.");
}

}  // namespace msolve::bindings
