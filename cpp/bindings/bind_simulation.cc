// the solver facade: Simulation and its Results, as NumPy arrays
#include <chrono>
#include <mutex>
#include <optional>
#include <unordered_set>

#include <pybind11/complex.h>
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/running.h"
#include "common/interrupt.h"
#include "simulation/simulate_options.h"
#include "simulation/simulation.h"

namespace py = pybind11;

namespace msolve::bindings {

using simulation::Results;
using simulation::SensorEvent;
using simulation::Simulation;

namespace {

template <size_t N>
py::array_t<double> ToArray(const std::vector<std::array<double, N>>& rows) {
  py::array_t<double> a({static_cast<py::ssize_t>(rows.size()), static_cast<py::ssize_t>(N)});
  auto v = a.mutable_unchecked<2>();
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t c = 0; c < N; ++c) v(r, c) = rows[r][c];
  return a;
}

// for benchmarks: seconds for n evaluations at the simulation's current state; the time
// alternates by 1e-9 of a unit so that every call of a user routine misses its output cache
// and reaches Python
template <class Evaluate>
double TimeEvaluations(const Simulation& s, int n, const Evaluate& evaluate) {
  py::gil_scoped_release release;
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < n; ++k) evaluate(s.time() + (k % 2) * 1e-9);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// One thread at a time runs a Simulation (the Python Model serialises its simulate calls;
// this refuses the calls that bypass it rather than run one C++ simulation twice at once).
class RunGuard {
 public:
  explicit RunGuard(const Simulation* s) : s_(s) {
    std::lock_guard<std::mutex> lock(mutex());
    if (!running().insert(s_).second)
      throw std::runtime_error(
          "simulate: this model is being simulated already (by another thread, or by the "
          "routine calling it); one analysis of a model runs at a time");
  }
  ~RunGuard() {
    std::lock_guard<std::mutex> lock(mutex());
    running().erase(s_);
  }
  RunGuard(const RunGuard&) = delete;
  RunGuard& operator=(const RunGuard&) = delete;

 private:
  static std::mutex& mutex() {
    static std::mutex m;
    return m;
  }
  static std::unordered_set<const Simulation*>& running() {
    static std::unordered_set<const Simulation*> s;
    return s;
  }
  const Simulation* s_;
};

// Raises the exception that interrupted the analysis (KeyboardInterrupt, SIGTERM's) if there
// is one, with `results` (what was computed before it, or None) as its attribute
// _msolve_results; Model.simulate makes them SimulationResults (docs/architecture.md §2.10).
void RaiseInterruption(py::object interruption, py::object results) {
  if (interruption.is_none()) return;
  try {
    interruption.attr("_msolve_results") = std::move(results);
  } catch (py::error_already_set&) {
    // an exception type that takes no attributes: raised without the results
  }
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(interruption.ptr())), interruption.ptr());
  throw py::error_already_set();
}

}  // namespace

// the results of the linear analysis (analysis/linear.h)
void DefineLinearResults(py::module_& m) {
  using analysis::LinearMode;
  using analysis::LinearResult;
  py::class_<LinearMode>(m, "LinearModeRecord")
      .def_readonly("eigenvalue", &LinearMode::eigenvalue)
      .def_readonly("frequency", &LinearMode::frequency)
      .def_readonly("damping_ratio", &LinearMode::damping_ratio)
      .def_readonly("parts", &LinearMode::parts)
      .def_readonly("controls", &LinearMode::controls);
  py::class_<LinearResult, std::shared_ptr<LinearResult>>(m, "LinearResultRecord")
      .def_readonly("time", &LinearResult::time)
      .def_readonly("dof", &LinearResult::dof)
      .def_readonly("controls", &LinearResult::controls)
      .def_readonly("states", &LinearResult::states)
      .def_readonly("A", &LinearResult::A)
      .def_readonly("B", &LinearResult::B)
      .def_readonly("C", &LinearResult::C)
      .def_readonly("D", &LinearResult::D)
      .def_readonly("eigenvalues", &LinearResult::eigenvalues)
      .def_readonly("modes", &LinearResult::modes)
      .def_property_readonly(
          "pinput", [](const LinearResult& r) { return r.pinput; },
          py::return_value_policy::reference)
      .def_property_readonly(
          "poutput", [](const LinearResult& r) { return r.poutput; },
          py::return_value_policy::reference);
}

// the results of an analysis (and its sensor events) as NumPy arrays
void DefineResults(py::module_& m) {
  DefineLinearResults(m);
  py::class_<SensorEvent>(m, "SensorEventRecord")
      .def_property_readonly(
          "sensor", [](const SensorEvent& e) { return e.sensor; },
          py::return_value_policy::reference)
      .def_readonly("time", &SensorEvent::time)
      .def_readonly("value", &SensorEvent::value)
      .def_readonly("actions", &SensorEvent::actions);

  py::class_<Results>(m, "Results")
      .def_property_readonly(
          "times",
          [](const Results& r) { return py::array_t<double>(r.times.size(), r.times.data()); })
      .def_property_readonly(
          "requests",
          [](const Results& r) {
            py::list out;
            for (const auto& s : r.requests)
              out.append(py::make_tuple(py::cast(s.request, py::return_value_policy::reference),
                                        ToArray(s.values)));
            return out;
          })
      .def_property_readonly(
          "bodies",
          [](const Results& r) {
            py::list out;
            for (const auto& s : r.bodies)
              out.append(py::make_tuple(py::cast(s.part, py::return_value_policy::reference),
                                        ToArray(s.values)));
            return out;
          })
      .def_property_readonly(
          "contacts",
          [](const Results& r) {
            py::list out;
            for (const auto& s : r.contacts)
              out.append(py::make_tuple(py::cast(s.contact, py::return_value_policy::reference),
                                        ToArray(s.values)));
            return out;
          })
      .def_property_readonly(
          "rvs",
          [](const Results& r) {
            py::list out;
            for (const auto& s : r.rvs)
              out.append(py::make_tuple(py::cast(s.rv, py::return_value_policy::reference),
                                        ToArray(s.values)));
            return out;
          })
      .def_property_readonly("constraint_errors",
                             [](const Results& r) { return ToArray(r.constraint_errors); })
      .def_property_readonly("energy", [](const Results& r) { return ToArray(r.energy); })
      .def_readonly("messages", &Results::messages)
      .def_property_readonly("events", [](const Results& r) { return r.events; })
      .def_readonly("stopped_by", &Results::stopped_by)
      .def_readonly("halted", &Results::halted)
      .def_property_readonly("step_times",
                             [](const Results& r) {
                               return py::array_t<double>(r.step_times.size(), r.step_times.data());
                             })
      .def_property_readonly("linear",
                             [](const Results& r) {
                               return std::const_pointer_cast<analysis::LinearResult>(r.linear);
                             })
      .def_readonly("ok", &Results::ok)
      .def_readonly("error", &Results::error)
      .def_property_readonly("stats", [](const Results& r) {
        py::dict d;
        d["steps"] = r.stats.steps;
        d["residual_evals"] = r.stats.residual_evals;
        d["jacobian_evals"] = r.stats.jacobian_evals;
        d["newton_iters"] = r.stats.newton_iters;
        d["step_nonlinear_fails"] = r.stats.step_nonlinear_fails;
        d["error_test_fails"] = r.stats.error_test_fails;
        d["nonlinear_fails"] = r.stats.nonlinear_fails;
        d["switches"] = r.stats.switches;
        d["jacobian_patterns"] = r.stats.jacobian_patterns;
        d["last_step"] = r.stats.last_step;
        return d;
      });
}

void DefineSimulation(py::module_& m) {
  DefineResults(m);
  m.def(
      "resolve_simulate_options",
      [](const model::Model& model, double now, const std::string& type, std::optional<double> end,
         std::optional<double> duration, std::optional<double> dtout, std::optional<long> steps) {
        const simulation::SimulateOptions o =
            simulation::ResolveSimulateOptions({type, end, duration, dtout, steps}, now, model);
        return py::make_tuple(o.end, o.dtout);
      },
      py::arg("model"), py::arg("now"), py::arg("type"), py::arg("end") = py::none(),
      py::arg("duration") = py::none(), py::arg("dtout") = py::none(),
      py::arg("steps") = py::none(),
      "(end, dtout) of simulate's arguments for a run of `model` from time `now` (the rules "
      "of simulation/simulate_options.h); raises ModelError naming what is wrong.");

  DefineInterruption(m);
  py::class_<Simulation>(m, "Simulation")
      // the simulation shares the C++ model; keep_alive would make a cycle with the Python
      // Model (which holds its simulation) that the garbage collector cannot see
      .def(py::init([](std::shared_ptr<model::Model> model) {
        try {
          RunningModelScope running(model.get());
          return std::make_unique<Simulation>(
              std::shared_ptr<const model::Model>(std::move(model)));
        } catch (const Interrupted&) {
          // Ctrl-C in a routine's dependency pass
          RaiseInterruption(TakeInterruption(), py::none());
          throw;
        }
      }))
      .def(
          "simulate",
          [](Simulation& s, const std::string& type, double end, double dtout, py::object sink,
             bool every_output) {
            simulation::SimulateOptions o;
            o.type = type;
            o.end = end;
            o.dtout = dtout;
            RunGuard guard(&s);
            RunningModelScope running(&s.model());
            std::optional<Results> results;
            // destroyed after the GIL is taken back (it holds the Python sink)
            const simulation::OutputSink output_sink = PythonOutputSink(sink, every_output);
            // Python runs signal handlers in its main thread only: elsewhere there is nothing
            // to poll (and taking the GIL every few milliseconds would only slow the run)
            const py::module_ threading = py::module_::import("threading");
            const bool main_thread =
                threading.attr("current_thread")().is(threading.attr("main_thread")());
            {
              // signals are honoured within kInterruptPollSeconds while the solver runs
              InterruptCheckScope check(main_thread ? PythonSignalRaised : nullptr);
              py::gil_scoped_release release;
              try {
                results = s.Simulate(o, output_sink);
              } catch (const Interrupted&) {
                // before the first output (in the initial conditions): nothing to keep
              }
            }
            py::object interruption = TakeInterruption();
            if (!interruption.is_none())
              RaiseInterruption(interruption, results ? py::cast(std::move(*results)) : py::none());
            if (!results) throw SolverError("simulate: interrupted");
            return std::move(*results);
          },
          py::arg("type"), py::arg("end"), py::arg("dtout"), py::arg("sink") = py::none(),
          py::arg("every_output") = true,
          "Runs to `end` with outputs every `dtout`; `sink(row)`, when given, sees every output "
          "as it comes (bindings/running.h: PythonOutputSink).")
      .def("_output_entities",
           [](const Simulation& s) {
             // the requests, bodies, contacts and Rvs of an output row, in order
             py::list out;
             const Results empty = s.EmptyResults();
             for (const auto& r : empty.requests)
               out.append(py::cast(r.request, py::return_value_policy::reference));
             for (const auto& b : empty.bodies)
               out.append(py::cast(b.part, py::return_value_policy::reference));
             for (const auto& c : empty.contacts)
               out.append(py::cast(c.contact, py::return_value_policy::reference));
             for (const auto& rv : empty.rvs)
               out.append(py::cast(rv.rv, py::return_value_policy::reference));
             return out;
           })
      .def(
          "linear",
          [](Simulation& s, const model::Pinput* pinput, const model::Poutput* poutput) {
            py::gil_scoped_release release;
            return s.Linear(pinput, poutput);
          },
          py::arg("pinput") = nullptr, py::arg("poutput") = nullptr)
      .def("continue_from", &Simulation::ContinueFrom, py::arg("previous"))
      .def("save_state",
           [](const Simulation& s) {
             // {"time", "states": [[name, values]], "memory": [[name, values]], "work"}
             const Simulation::SavedState saved = s.Save();
             py::dict d;
             d["time"] = saved.t;
             d["states"] = saved.states;
             d["memory"] = saved.memory;
             d["work"] = saved.work;
             return d;
           })
      .def(
          "load_state",
          [](Simulation& s, const py::dict& d) {
            Simulation::SavedState saved;
            saved.t = d["time"].cast<double>();
            saved.states = d["states"].cast<decltype(saved.states)>();
            saved.memory = d["memory"].cast<decltype(saved.memory)>();
            saved.work = d["work"].cast<std::optional<double>>();
            s.Load(saved);
          },
          py::arg("state"))
      .def_property_readonly("time", &Simulation::time)
      .def_property_readonly("started", &Simulation::started)
      .def("start_at", &Simulation::StartAt, py::arg("time"))
      .def("_routines",
           [](const Simulation& s) {
             // each element routine: what its dependency pass declared, for tests
             py::list out;
             for (const auto& r : s.system().routines()) {
               std::vector<int> y, yp;
               r->Dependencies(&y, &yp);
               py::dict d;
               d["owner"] = r->owner();
               d["inputs"] = r->declared();
               d["y"] = y;
               d["yp"] = yp;
               d["undeclared"] = r->undeclared();
               out.append(d);
             }
             return out;
           })
      .def("_time_residuals",
           [](const Simulation& s, int n) {
             VecX F(s.system().size());
             const system::State& x = s.run_state();
             return TimeEvaluations(s, n, [&](double t) {
               s.system().Residual(t, x.y.data(), x.yp.data(), x.memory.data(), F.data());
             });
           })
      .def("_time_jacobians", [](const Simulation& s, int n) {
        std::vector<system::Triplet> triplets;
        const system::State& x = s.run_state();
        return TimeEvaluations(s, n, [&](double t) {
          s.system().Jacobian(t, x.y.data(), x.yp.data(), x.memory.data(), 1.0, &triplets);
        });
      });
}

}  // namespace msolve::bindings
