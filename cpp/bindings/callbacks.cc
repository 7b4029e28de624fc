// Python user routines (docs/architecture.md §2.10; the runtime functions they call are in
// runtime_functions.cc). The solver runs with the GIL released; a routine call takes it back,
// calls the callable with MotionSolve's arguments and converts the result. No Python error
// crosses into the solver: an exception or a wrong return value becomes a std::runtime_error
// carrying the traceback or the reason, which the solver reports with the entity named
// (RoutineError).
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/running.h"
#include "common/error.h"
#include "common/interrupt.h"
#include "model/entities.h"
#include "system/compiled_routine.h"

namespace py = pybind11;

namespace msolve::bindings {

void DefineRuntimeFunctions(py::module_& m);

namespace {

using model::UserRoutine;

// "name(args)" of a Python exception, with its traceback
std::string Traceback(py::error_already_set& e) {
  try {
    py::object lines =
        py::module_::import("traceback").attr("format_exception")(e.type(), e.value(), e.trace());
    std::string text;
    for (py::handle line : lines) text += line.cast<std::string>();
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
  } catch (...) {
    return e.what();
  }
}

std::string Shown(py::handle value) {
  std::string text = py::repr(value).cast<std::string>();
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text + " (" + std::string(Py_TYPE(value.ptr())->tp_name) + ")";
}

// a sequence that is not a string
bool IsSequence(const py::handle& o) {
  return PySequence_Check(o.ptr()) && !PyUnicode_Check(o.ptr());
}

// the items of a sequence, those that are sequences themselves (rows) flattened one level
py::list Flattened(const py::handle& result) {
  py::list flat;
  for (auto item : result) {
    if (IsSequence(item)) {
      for (auto v : item) flat.append(v);
    } else {
      flat.append(item);
    }
  }
  return flat;
}

// A routine given as a Python callable (a function or a bound method). The callable lives
// in the owner entity's __dict__ under `key`, where Python's garbage collector sees it; this
// holds only a weak reference to the owner (held here, a bound method of an object owning
// the entity, e.g. a Composite, would form a cycle through C++ that the collector cannot
// break, and a dropped model would stay in memory).
class PythonRoutine : public UserRoutine {
 public:
  PythonRoutine(const py::object& owner, py::str key, const py::function& fn)
      : owner_(py::weakref(owner)), key_(std::move(key)) {
    name_ = py::str(py::getattr(fn, "__qualname__", py::repr(fn))).cast<std::string>();
    // the quick way to the callable: a weak reference to it (the owner keeps it alive)
    if (PyType_SUPPORTS_WEAKREFS(Py_TYPE(fn.ptr()))) fn_ = py::weakref(py::handle(fn));
  }

  void Evaluate(const Call& call, double* out, int count) const override {
    py::gil_scoped_acquire gil;
    try {
      py::object fn = fn_ ? fn_() : py::none();
      if (fn.is_none()) {
        const py::object owner = owner_();
        if (owner.is_none())
          throw std::runtime_error("the routine " + name_ + " belongs to an entity that no " +
                                   "longer exists");
        fn = owner.attr("__dict__")[key_];
      }
      const std::vector<double>& par = *call.par;
      py::list p(par.size());
      for (size_t k = 0; k < par.size(); ++k) p[k] = py::float_(par[k]);
      // MotionSolve's arguments, passed by vectorcall (no argument tuple is built)
      const py::int_ id(call.id);
      const py::float_ time(call.time);
      const py::int_ npar(par.size());
      py::object last, result;
      switch (call.form) {
        case Form::kMotion:
          last = py::int_(call.iord);
          break;
        case Form::kState:
        case Form::kGse:
          last = py::bool_(call.dflag);
          break;
        case Form::kRequest:
        case Form::kSensor:
          break;
        case Form::kField:
          result = CallField(fn, call);
          break;
        case Form::kCoupler:
          result = CallCoupler(fn, call);
          break;
        case Form::kCurve:
        case Form::kSurface:
          result = CallGeometry(fn, call);
          break;
      }
      if (call.form == Form::kCurve) {
        if (out) Convert(result, out, count);
        return;
      }
      if (call.form == Form::kSurface) {
        if (out) Convert(IsSequence(result) ? Flattened(result) : result, out, count);
        return;
      }
      if (call.form == Form::kField) {
        if (out) ConvertField(result, out, count);
        return;
      }
      if (call.form == Form::kCoupler) {
        if (out) ConvertCoupler(result, call.ndisp, out, count);
        return;
      }
      const py::bool_ iflag(call.iflag);
      PyObject* args[11] = {id.ptr(), time.ptr(), p.ptr(), npar.ptr()};
      size_t nargs = 4;
      if (last) args[nargs++] = last.ptr();
      args[nargs++] = iflag.ptr();
      // GSESUB: nstate, states, ninput, input, noutpt
      py::object gse[5];
      if (call.form == Form::kGse) {
        gse[0] = py::int_(call.states->size());
        gse[1] = py::cast(*call.states);
        gse[2] = py::int_(call.inputs->size());
        gse[3] = py::cast(*call.inputs);
        gse[4] = py::int_(call.noutput);
        for (const auto& a : gse) args[nargs++] = a.ptr();
      }
      result = Invoke(fn, args, nargs);
      if (call.form == Form::kGse) result = GseResult(result, call);
      if (out) Convert(result, out, count);
    } catch (py::error_already_set& e) {
      throw std::runtime_error(Traceback(e));
    }
  }

 private:
  static py::object Invoke(const py::object& fn, PyObject* const* args, size_t nargs) {
    py::object result =
        py::reinterpret_steal<py::object>(PyObject_Vectorcall(fn.ptr(), args, nargs, nullptr));
    if (!result) {
      // Ctrl-C (or SIGTERM's handler) while the routine ran: the analysis is interrupted,
      // not failed, and the exception reaches the caller of simulate
      if (!PyErr_ExceptionMatches(PyExc_Exception)) {
        KeepInterruption();
        throw Interrupted("interrupted");
      }
      throw py::error_already_set();
    }
    return result;
  }

  // FIESUB(id, time, par, npar, disp, velo, dflag, iflag)
  py::object CallField(const py::object& fn, const Call& call) const {
    const std::vector<double>& par = *call.par;
    py::list p(par.size()), disp(6), velo(6);
    for (size_t k = 0; k < par.size(); ++k) p[k] = py::float_(par[k]);
    for (int k = 0; k < 6; ++k)
      disp[k] = py::float_(call.disp[k]), velo[k] = py::float_(call.velo[k]);
    const py::int_ id(call.id), npar(par.size());
    const py::float_ time(call.time);
    const py::bool_ dflag(call.dflag), iflag(call.iflag);
    PyObject* args[8] = {id.ptr(),   time.ptr(), p.ptr(),     npar.ptr(),
                         disp.ptr(), velo.ptr(), dflag.ptr(), iflag.ptr()};
    return Invoke(fn, args, 8);
  }

  // COUSUB, COUXX, COUXX2(id, time, par, npar, disp, ndisp, iflag)
  py::object CallCoupler(const py::object& fn, const Call& call) const {
    const std::vector<double>& par = *call.par;
    py::list p(par.size()), disp(call.ndisp);
    for (size_t k = 0; k < par.size(); ++k) p[k] = py::float_(par[k]);
    for (int k = 0; k < call.ndisp; ++k) disp[k] = py::float_(call.disp[k]);
    const py::int_ id(call.id), npar(par.size()), ndisp(call.ndisp);
    const py::float_ time(call.time);
    const py::bool_ iflag(call.iflag);
    PyObject* args[7] = {id.ptr(),   time.ptr(),  p.ptr(),    npar.ptr(),
                         disp.ptr(), ndisp.ptr(), iflag.ptr()};
    return Invoke(fn, args, 7);
  }

  // CURSUB(id, par, npar, alpha, iord, iflag), SURSUB(id, par, npar, alpha, beta, iord, iflag)
  py::object CallGeometry(const py::object& fn, const Call& call) const {
    const std::vector<double>& par = *call.par;
    py::list p(par.size());
    for (size_t k = 0; k < par.size(); ++k) p[k] = py::float_(par[k]);
    const py::int_ id(call.id), npar(par.size()), iord(call.iord);
    const py::float_ alpha(call.alpha), beta(call.beta);
    const py::bool_ iflag(call.iflag);
    if (call.form == Form::kCurve) {
      PyObject* args[6] = {id.ptr(), p.ptr(), npar.ptr(), alpha.ptr(), iord.ptr(), iflag.ptr()};
      return Invoke(fn, args, 6);
    }
    PyObject* args[7] = {id.ptr(),   p.ptr(),    npar.ptr(), alpha.ptr(),
                         beta.ptr(), iord.ptr(), iflag.ptr()};
    return Invoke(fn, args, 7);
  }

  // a coupler routine's number (count 1), ndisp first derivatives (count ndisp), or second
  // derivatives (count ndisp^2: ndisp values, the diagonal, or ndisp rows of ndisp); the values
  // not given stay as they are
  void ConvertCoupler(const py::object& result, int ndisp, double* out, int count) const {
    if (count == 1) return Convert(result, out, 1);
    const std::string what =
        count == ndisp ? "it must return " + std::to_string(ndisp) + " numbers"
                       : "it must return " + std::to_string(ndisp) + " numbers (the diagonal) or " +
                             std::to_string(ndisp) + " rows of " + std::to_string(ndisp);
    if (!IsSequence(result)) throw std::runtime_error(Bad(result, what));
    const py::list flat = Flattened(result);
    const int n = static_cast<int>(py::len(flat));
    if (n != count && n != ndisp) throw std::runtime_error(Bad(result, what));
    Convert(flat, out, n);
  }

  // a FIESUB's [field, dfddis, dfdvel]: 6 values, then two 6x6 matrices (nested rows, or 36
  // values row by row; row = field component), flattened
  void ConvertField(const py::object& result, double* out, int count) const {
    const std::string what =
        "it must return [field, dfddis, dfdvel]: 6 values and two 6x6 matrices (6 rows of 6, or "
        "36 values row by row)";
    const auto seq = IsSequence;
    if (!seq(result) || PySequence_Size(result.ptr()) != 3 || count != 78)
      throw std::runtime_error(Bad(result, what));
    py::list flat;
    for (int part = 0; part < 3; ++part) {
      py::object item = result[py::int_(part)];
      if (!seq(item)) throw std::runtime_error(Bad(item, what));
      const Py_ssize_t n = PySequence_Size(item.ptr());
      if (part > 0 && n == 6) {
        for (auto row : item) {
          if (!seq(row) || PySequence_Size(row.ptr()) != 6)
            throw std::runtime_error(Bad(py::reinterpret_borrow<py::object>(row), what));
          for (auto v : row) flat.append(v);
        }
        continue;
      }
      if (n != (part == 0 ? 6 : 36)) throw std::runtime_error(Bad(item, what));
      for (auto v : item) flat.append(v);
    }
    Convert(flat, out, count);
  }

  // a GSESUB's (stated, output) pair as one flat list (a flat list passes unchanged)
  py::object GseResult(py::object result, const Call& call) const {
    if (!PyTuple_Check(result.ptr()) && !PyList_Check(result.ptr())) return result;
    if (PySequence_Size(result.ptr()) != 2) return result;
    py::object first = result[py::int_(0)], second = result[py::int_(1)];
    const auto seq = [](const py::object& o) {
      return PySequence_Check(o.ptr()) && !PyUnicode_Check(o.ptr());
    };
    if (!seq(first) || !seq(second)) return result;
    const size_t n = call.states->size();
    if (static_cast<size_t>(PySequence_Size(first.ptr())) != n)
      throw std::runtime_error("the routine " + name_ + " returned " +
                               std::to_string(PySequence_Size(first.ptr())) +
                               " state derivatives; it must return " + std::to_string(n));
    py::list flat;
    for (auto item : first) flat.append(item);
    for (auto item : second) flat.append(item);
    return std::move(flat);
  }

  // one number
  double Number(py::handle value, const std::string& what) const {
    if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()))
      throw std::runtime_error(Bad(value, what));
    const double v = PyFloat_AsDouble(value.ptr());
    if (v == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      throw std::runtime_error(Bad(value, what));
    }
    return v;
  }
  std::string Bad(py::handle value, const std::string& what) const {
    return "the routine " + name_ + " returned " + Shown(value) + "; " + what;
  }

  void Convert(py::handle result, double* out, int count) const {
    if (count == 1 && !PySequence_Check(result.ptr())) {
      out[0] = Number(result, "it must return a number");
      return;
    }
    const std::string what = count == 1
                                 ? "it must return a number"
                                 : "it must return a list of " + std::to_string(count) + " numbers";
    if (!PySequence_Check(result.ptr()) || PyUnicode_Check(result.ptr()))
      throw std::runtime_error(Bad(result, what));
    const Py_ssize_t n = PySequence_Size(result.ptr());
    if (n < 0) PyErr_Clear();
    if (n != count) {
      if (count == 1) throw std::runtime_error(Bad(result, what));
      throw std::runtime_error("the routine " + name_ + " returned " + std::to_string(n) +
                               " values; " + what);
    }
    for (Py_ssize_t k = 0; k < n; ++k) {
      py::object item = py::reinterpret_steal<py::object>(PySequence_GetItem(result.ptr(), k));
      if (!item) {
        PyErr_Clear();
        throw std::runtime_error(Bad(result, what));
      }
      out[k] = Number(item, what);
    }
  }

  py::weakref owner_;
  py::str key_;
  py::weakref fn_;  // empty when the callable does not support weak references
  std::string name_;
};

}  // namespace

simulation::OutputSink PythonOutputSink(py::object sink, bool every_output) {
  if (sink.is_none()) return nullptr;
  using Clock = std::chrono::steady_clock;
  auto last = std::make_shared<Clock::time_point>();
  // the sink (a py::object) is copied and destroyed with the GIL: the binding holds the
  // std::function while it holds the GIL, and Simulation keeps a reference to it only
  return [sink = std::move(sink), every_output, last](const simulation::Results& r) -> bool {
    if (!every_output) {
      const Clock::time_point now = Clock::now();
      if (now - *last < std::chrono::duration<double>(kProgressSeconds)) return false;
      *last = now;
    }
    py::gil_scoped_acquire gil;
    const size_t width = 1 + 8 * r.requests.size() + 7 * r.bodies.size() + 12 * r.contacts.size() +
                         2 * r.rvs.size() + 4 + 2;
    py::array_t<double> row(static_cast<py::ssize_t>(width));
    double* v = row.mutable_data();
    *v++ = r.times.back();
    for (const auto& s : r.requests)
      v = std::copy(s.values.back().begin(), s.values.back().end(), v);
    for (const auto& s : r.bodies) v = std::copy(s.values.back().begin(), s.values.back().end(), v);
    for (const auto& s : r.contacts)
      v = std::copy(s.values.back().begin(), s.values.back().end(), v);
    for (const auto& s : r.rvs) v = std::copy(s.values.back().begin(), s.values.back().end(), v);
    v = std::copy(r.energy.back().begin(), r.energy.back().end(), v);
    std::copy(r.constraint_errors.back().begin(), r.constraint_errors.back().end(), v);
    try {
      return py::bool_(sink(row));
    } catch (py::error_already_set& e) {
      // Ctrl-C while the sink ran: the analysis is interrupted, not failed
      if (!e.matches(PyExc_Exception)) {
        e.restore();
        KeepInterruption();
        throw Interrupted("interrupted");
      }
      throw SolverError("writing the results: " + Traceback(e));
    }
  };
}

void DefineCallbacks(py::module_& m) {
  py::register_exception<RoutineError>(m, "RoutineError", m.attr("SolverError"));

  // UserRoutine itself: bind_model.cc, before the entities that hold one
  py::class_<PythonRoutine, UserRoutine, std::shared_ptr<PythonRoutine>>(m, "PythonRoutine")
      .def(py::init<const py::object&, py::str, const py::function&>(), py::arg("owner"),
           py::arg("key"), py::arg("routine"));
  // compiled code named by "library::FUNCTION", loaded when first compiled into a System
  py::class_<system::CompiledRoutine, UserRoutine, std::shared_ptr<system::CompiledRoutine>>(
      m, "CompiledRoutine")
      .def(py::init<std::string>(), py::arg("spec"))
      .def_property_readonly("spec", &system::CompiledRoutine::spec)
      .def("control", &system::CompiledRoutine::Control, py::arg("par"), py::arg("analys"),
           py::arg("modify"), py::arg("modset"),
           "Run the routine as CONSUB(par, npar); its ANALYS calls call analys(analysis, "
           "name, tbegin, tend, init), which returns istat; its MODIFY calls modify(command), "
           "its MODSET calls modset(element, id, attribute, input), which return the status.");

  DefineRuntimeFunctions(m);
}

}  // namespace msolve::bindings
