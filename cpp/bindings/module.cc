// msolve._core: the only translation unit set that includes pybind11.
#include <pybind11/pybind11.h>

#include "common/parallel.h"

namespace py = pybind11;

namespace msolve::bindings {
void DefineModel(py::module_& m);
void DefineSimulation(py::module_& m);
void DefineCallbacks(py::module_& m);
void DefineMath(py::module_& m);
}  // namespace msolve::bindings

PYBIND11_MODULE(_core, m) {
  m.doc() = "msolve core: model description types and the solver facade";
  msolve::bindings::DefineModel(m);
  msolve::bindings::DefineSimulation(m);
  msolve::bindings::DefineCallbacks(m);
  msolve::bindings::DefineMath(m);
  // the threads of the parallel assembly (common/parallel.h)
  m.def("_set_num_threads", &msolve::parallel::SetThreadCount, py::arg("threads"),
        "Threads of the residual and Jacobian assembly in this process: n > 0, -1 for the "
        "automatic count, or 0 for MSOLVE_NUM_THREADS (a count or 'auto'; unset: serial).");
  m.def("_num_threads", &msolve::parallel::ThreadsFor, py::arg("items"),
        "The threads the assembly uses for a model of this many bodies, joints and forces.");
}
