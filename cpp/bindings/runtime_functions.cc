// The runtime functions of Python routines (DM, VR, DIF, TIME, ... and the expression
// language's built-ins at numbers) and the model of the analysis running on the calling
// thread, whose entities they read (docs/architecture.md §2.10). A routine runs with the GIL,
// called by callbacks.cc; these functions reach the RoutineEvaluator of that call.
#include <memory>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/running.h"
#include "bindings/spline_cache.h"
#include "expr/catalog.h"
#include "expr/expression.h"
#include "expr/functions.h"
#include "math/spline.h"
#include "mbs/measure.h"
#include "model/entities.h"
#include "system/curve_function.h"
#include "system/force_measure.h"
#include "system/routine_function.h"

namespace py = pybind11;

namespace msolve::bindings {
namespace {

// the model of the analysis running on this thread, or nullptr
thread_local const model::Model* g_running_model = nullptr;
// its Python object, once an entity has shown it (a shortcut for CheckRunningModel)
thread_local PyObject* g_running_owner = nullptr;

// An entity of another model than the running one would be read by its id in the running
// model: another entity altogether. (Entities of no model are the caller's business.)
void CheckRunningModel(py::handle entity) {
  if (g_running_model == nullptr) return;
  PyObject** dict = _PyObject_GetDictPtr(entity.ptr());
  if (dict == nullptr || *dict == nullptr) return;
  // an interned key keeps its hash: no new string and no hashing per call
  static PyObject* const key = PyUnicode_InternFromString("_model");
  PyObject* owner = PyDict_GetItemWithError(*dict, key);  // borrowed
  if (owner == nullptr && PyErr_Occurred()) throw py::error_already_set();
  if (owner == nullptr || owner == Py_None) return;
  if (owner == g_running_owner) return;
  const model::Model* model = nullptr;
  try {
    model = &py::handle(owner).cast<const model::Model&>();
  } catch (const py::cast_error&) {
    return;
  }
  if (model == g_running_model) {
    g_running_owner = owner;
    return;
  }
  throw py::value_error(entity.cast<const model::Entity&>().Describe() +
                        " belongs to another model than the one being simulated; a routine "
                        "can read only the entities of its own model");
}

// The entities a routine read last in the running analysis, with their ids: a routine reads
// the same few markers at every call. Each entry holds a reference, so that its address stays
// that entity's; the entries are dropped when the analysis ends (RunningModelScope).
struct ReadEntities {
  static constexpr int kSize = 8;
  PyObject* entity[kSize] = {};
  long id[kSize] = {};
  int next = 0;
  void Clear() {
    for (PyObject*& e : entity) Py_CLEAR(e);
    next = 0;
  }
};
thread_local ReadEntities g_read_entities;

// the id of an argument of a runtime function: an entity's id, an integer, None for 0
long EntityId(py::handle value) {
  if (PyLong_CheckExact(value.ptr())) return value.cast<long>();
  if (value.is_none()) return 0;
  ReadEntities& read = g_read_entities;
  for (int k = 0; k < ReadEntities::kSize; ++k)
    if (read.entity[k] == value.ptr()) return read.id[k];
  // the bound entity type, looked up once (PyObject_IsInstance costs more than the read)
  static PyTypeObject* const entity_type =
      reinterpret_cast<PyTypeObject*>(py::type::of<model::Entity>().ptr());
  if (PyType_IsSubtype(Py_TYPE(value.ptr()), entity_type)) {
    CheckRunningModel(value);
    const long id = value.cast<const model::Entity&>().id;
    if (g_running_model != nullptr) {
      const int k = read.next;
      read.next = (k + 1) % ReadEntities::kSize;
      Py_INCREF(value.ptr());  // (Py_NewRef is Python 3.10+; the wheels start at 3.9)
      Py_XSETREF(read.entity[k], value.ptr());
      read.id[k] = id;
    }
    return id;
  }
  const py::object ident = py::getattr(value, "id", py::none());
  if (!ident.is_none()) return py::int_(ident).cast<long>();
  if (!PyBool_Check(value.ptr()) && PyIndex_Check(value.ptr())) {
    PyObject* index = PyNumber_Index(value.ptr());
    if (index == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::int_>(index).cast<long>();
  }
  throw py::type_error("expected a Marker, an entity or an integer id, got " +
                       py::repr(value).cast<std::string>());
}

system::RoutineEvaluator& Current(const char* name) {
  system::RoutineEvaluator* current = system::RoutineEvaluator::Current();
  if (current == nullptr)
    throw py::value_error(std::string(name) +
                          " reads the solver state: call it inside a user routine while the "
                          "solver runs it");
  return *current;
}

// name(x, z, spline, order) for AKISPL, CUBSPL or LINSPL. Inside a running analysis the
// spline of that id is the compiled interpolant of the running system, the one its
// expressions read; otherwise (no analysis, or a Spline the system does not hold) the cached
// interpolant of this Spline. Both are built from the same data by math::Spline.
double EvaluateSpline(const std::string& name, const std::shared_ptr<model::Spline>& spline,
                      double x, double z, int order) {
  const bool order_valid = order >= 0 && order <= 2 && (order == 0 || spline->z.empty());
  system::RoutineEvaluator* current = system::RoutineEvaluator::Current();
  if (current != nullptr && order_valid && current->resolver().function) {
    const expr::ExternalFunction* compiled = nullptr;
    try {
      compiled = current->resolver().function(name, {spline->id, order});
    } catch (const std::invalid_argument&) {
      compiled = nullptr;  // not a Spline of the running system
    }
    const double args[2] = {x, z};
    if (compiled != nullptr) return compiled->Evaluate(args, nullptr);
  }
  const math::SplineMethod method = name == "AKISPL"   ? math::SplineMethod::kAkima
                                    : name == "CUBSPL" ? math::SplineMethod::kCubic
                                                       : math::SplineMethod::kLinear;
  static SplineCache cache;
  std::string problem;
  const math::Spline* curve = cache.Interpolant(spline, method, &problem);
  // bad data is reported before a bad order
  if (curve == nullptr) throw py::value_error(spline->Describe() + ": " + problem);
  if (!order_valid)
    throw py::value_error(name + ": the derivative order must be 0, 1 or 2 (0 for a " +
                          "surface), got " + std::to_string(order));
  return curve->Evaluate(x, z, order, nullptr, nullptr);
}

// CURVE(alpha, iord, comp, curve): inside a running analysis the compiled curve of that id;
// otherwise this Curve's data, built into a math::ParamCurve for the call (no cache: curves
// read outside an analysis are read rarely).
double EvaluateCurve(const std::shared_ptr<model::Curve>& curve, double alpha, int order,
                     int comp) {
  if (order < 0 || order > 2)
    throw py::value_error("CURVE: the derivative order iord must be 0, 1 or 2, got " +
                          std::to_string(order));
  if (comp < 1 || comp > 3)
    throw py::value_error("CURVE: the component comp must be 1, 2 or 3 (x, y, z), got " +
                          std::to_string(comp));
  system::RoutineEvaluator* current = system::RoutineEvaluator::Current();
  if (current != nullptr && current->resolver().function) {
    const expr::ExternalFunction* compiled = nullptr;
    try {
      compiled = current->resolver().function("CURVE", {order, comp, curve->id});
    } catch (const std::invalid_argument&) {
      compiled = nullptr;  // not a Curve of the running system
    }
    if (compiled != nullptr) return compiled->Evaluate(&alpha, nullptr);
  }
  return system::MakeCurve(*curve)->Evaluate(alpha, order)[comp - 1];
}

}  // namespace

RunningModelScope::RunningModelScope(const model::Model* model) : previous_(g_running_model) {
  g_running_model = model;
  g_running_owner = nullptr;
  g_read_entities.Clear();
}
RunningModelScope::~RunningModelScope() {
  g_running_model = previous_;
  g_running_owner = nullptr;
  g_read_entities.Clear();
}

void DefineRuntimeFunctions(py::module_& m) {
  m.def(
      "_read",
      [](const std::string& name, const std::vector<long>& ids) {
        return Current(name.c_str()).Read(name, ids);
      },
      "A runtime function of the routine being evaluated: name(ids...) as in an expression.");
  m.def(
      "_measure_function",
      [](const std::string& name, const std::string& doc) {
        // the runtime function `name` as a builtin of its own (DM = _measure_function("DM")):
        // a call goes straight to the reader, without a Python frame or a name argument
        return py::cpp_function(
            [name](const py::args& args) {
              size_t n = args.size();
              while (n > 1 && args[n - 1].is_none()) --n;
              std::vector<long> ids(n);
              for (size_t k = 0; k < n; ++k) ids[k] = EntityId(args[k]);
              return Current(name.c_str()).Read(name, ids);
            },
            py::name(name.c_str()), py::doc(doc.c_str()));
      },
      py::arg("name"), py::arg("doc"),
      "The runtime function `name` (DM, FX, ...) as a function of markers or ids.");
  m.def(
      "_time", []() { return Current("TIME").time(); },
      "The time of the routine evaluation in progress.");
  m.def(
      "_builtin",
      [](const std::string& name, const std::vector<double>& args) {
        const expr::FunctionInfo* info = expr::FindFunction(name);
        if (info == nullptr) throw py::value_error("unknown function '" + name + "'");
        const int n = static_cast<int>(args.size());
        if (n < info->min_args || n > info->max_args)
          throw py::type_error(name + " takes " + std::to_string(info->min_args) +
                               (info->max_args != info->min_args
                                    ? " to " + std::to_string(info->max_args)
                                    : std::string()) +
                               " arguments, got " + std::to_string(n));
        return expr::EvaluateFunction(info->fn, args.data(), n, nullptr);
      },
      "A built-in function of the expression language (STEP, HAVSIN, ...) at numbers.");
  m.def("_spline", &EvaluateSpline,
        "AKISPL, CUBSPL or LINSPL of a Spline at (x, z), derivative order 0..2.");
  m.def("_curve", &EvaluateCurve,
        "CURVE(alpha, iord, comp) of a Curve: component comp of the iord-th derivative.");
  m.def(
      "function_names",
      []() {
        std::vector<std::string> builtins;
        for (int k = 0; k < expr::FunctionCount(); ++k)
          builtins.push_back(expr::Info(static_cast<expr::Fn>(k)).name);
        py::dict names;
        names["kinematic"] = mbs::MeasureNames();
        names["forces"] = system::ForceMeasure::NetNames();
        names["elements"] = system::ForceMeasure::ElementNames();
        names["builtins"] = builtins;
        names["splines"] = expr::ExternalCallNames();
        return names;
      },
      "The function names of the expression language by kind: 'kinematic' (DX ... ROLL), "
      "'forces' (FX ... TM), 'elements' (JOINT ... GFORCE), 'builtins' (ABS ... BISTOP) and "
      "'splines' (AKISPL, CUBSPL, LINSPL).");
  m.def(
      "function_catalog",
      []() {
        py::list entries;
        for (const expr::CatalogEntry& e : expr::FunctionCatalog())
          entries.append(py::make_tuple(e.name, e.group, e.implemented, e.note));
        return entries;
      },
      "Every function of MotionSolve's expression reference as (name, group, implemented, "
      "note), as docs/expression-functions.md lists them.");
}

}  // namespace msolve::bindings
