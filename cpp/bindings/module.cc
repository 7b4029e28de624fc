// msolve._core: the only translation unit set that includes pybind11.
#include <pybind11/pybind11.h>

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
}
