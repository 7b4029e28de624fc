// The model:: descriptions of the deformable curves and surfaces and their constraints
// (model/deformable.h) as Python types: the Python classes of msolve/deformable.py subclass
// them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/ref_property.h"
#include "model/entities.h"

namespace py = pybind11;

namespace msolve::bindings {

using namespace model;  // NOLINT

namespace {

// a non-owning list of markers (entities are owned by the Model)
template <class C>
void MarkerList(py::class_<C, Entity, std::shared_ptr<C>>& cls) {
  cls.def_property(
      "_markers", [](C& self) { return self.markers; },
      [](C& self, std::vector<Marker*> value) { self.markers = std::move(value); },
      py::return_value_policy::reference);
}

}  // namespace

void DefineDeformableSpecs(py::module_& m) {
  py::class_<Dcurve, Entity, std::shared_ptr<Dcurve>> dcurve(m, "DcurveSpec");
  dcurve.def(py::init<>())
      .def_readwrite("_end_type_left", &Dcurve::end_type_left)
      .def_readwrite("_end_type_right", &Dcurve::end_type_right)
      .def_readwrite("_lambda_left", &Dcurve::lambda_left)
      .def_readwrite("_lambda_right", &Dcurve::lambda_right)
      .def_readwrite("_u_span", &Dcurve::u_span)
      .def_readwrite("_tension", &Dcurve::tension)
      .def_readwrite("_closed", &Dcurve::closed);
  MarkerList(dcurve);

  py::class_<Dsurface, Entity, std::shared_ptr<Dsurface>> dsurface(m, "DsurfaceSpec");
  dsurface.def(py::init<>())
      .def_readwrite("_rows", &Dsurface::rows)
      .def_readwrite("_columns", &Dsurface::columns)
      .def_readwrite("_end_type", &Dsurface::end_type)
      .def_readwrite("_u_span", &Dsurface::u_span)
      .def_readwrite("_v_span", &Dsurface::v_span)
      .def_readwrite("_u_tension", &Dsurface::u_tension)
      .def_readwrite("_v_tension", &Dsurface::v_tension)
      .def_readwrite("_u_closed", &Dsurface::u_closed)
      .def_readwrite("_v_closed", &Dsurface::v_closed);
  MarkerList(dsurface);

  py::class_<Ptdcv, Entity, std::shared_ptr<Ptdcv>> ptdcv(m, "PtdcvSpec");
  ptdcv.def(py::init<>());
  RefProperty(ptdcv, "_i", &Ptdcv::i);
  RefProperty(ptdcv, "_dcurve", &Ptdcv::dcurve);

  py::class_<Ptdsf, Entity, std::shared_ptr<Ptdsf>> ptdsf(m, "PtdsfSpec");
  ptdsf.def(py::init<>());
  RefProperty(ptdsf, "_i", &Ptdsf::i);
  RefProperty(ptdsf, "_dsurface", &Ptdsf::dsurface);
}

}  // namespace msolve::bindings
