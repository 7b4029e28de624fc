// the solver facade: Simulation and its Results, as NumPy arrays
#include <chrono>
#include <optional>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

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

}  // namespace

void DefineSimulation(py::module_& m) {
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
      .def_readonly("ok", &Results::ok)
      .def_readonly("error", &Results::error)
      .def_property_readonly("stats", [](const Results& r) {
        py::dict d;
        d["steps"] = r.stats.steps;
        d["residual_evals"] = r.stats.residual_evals;
        d["jacobian_evals"] = r.stats.jacobian_evals;
        d["error_test_fails"] = r.stats.error_test_fails;
        d["nonlinear_fails"] = r.stats.nonlinear_fails;
        d["last_step"] = r.stats.last_step;
        return d;
      });

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

  py::class_<Simulation>(m, "Simulation")
      // the simulation shares the C++ model; keep_alive would make a cycle with the Python
      // Model (which holds its simulation) that the garbage collector cannot see
      .def(py::init([](std::shared_ptr<model::Model> model) {
        return std::make_unique<Simulation>(std::shared_ptr<const model::Model>(std::move(model)));
      }))
      .def(
          "simulate",
          [](Simulation& s, const std::string& type, double end, double dtout) {
            simulation::SimulateOptions o;
            o.type = type;
            o.end = end;
            o.dtout = dtout;
            py::gil_scoped_release release;
            return s.Simulate(o);
          },
          py::arg("type"), py::arg("end"), py::arg("dtout"))
      .def("continue_from", &Simulation::ContinueFrom, py::arg("previous"))
      .def_property_readonly("time", &Simulation::time)
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
             return TimeEvaluations(s, n, [&](double t) {
               const system::State& state = s.run_state();
               s.system().Residual(t, state.y.data(), state.yp.data(), state.memory.data(),
                                   F.data());
             });
           })
      .def("_time_jacobians", [](const Simulation& s, int n) {
        std::vector<system::Triplet> triplets;
        return TimeEvaluations(s, n, [&](double t) {
          const system::State& state = s.run_state();
          s.system().Jacobian(t, state.y.data(), state.yp.data(), state.memory.data(), 1.0,
                              &triplets);
        });
      });
}

}  // namespace msolve::bindings
