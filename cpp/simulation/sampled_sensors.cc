// Simulation::SampledSensors: sensors in the analyses that have no integrator steps to locate
// their events in (quasi-statics): tested at every output (docs/motionsolve-compatibility.md
// §5.7).
#include <algorithm>
#include <sstream>

#include "simulation/simulation.h"

namespace msolve::simulation {

bool Simulation::SampledSensors(double t, const VecX& y, const VecX& yp,
                                std::vector<double>* before, Results* out) {
  if (sensors_.size() == 0) return false;
  const std::vector<int> directions = sensors_.RootDirections();
  std::vector<double> g(directions.size());
  sensors_.Roots(t, y.data(), yp.data(), g.data());
  // the first output only sets where the root functions start
  if (before->size() != g.size()) {
    *before = g;
    return false;
  }
  std::vector<int> found(g.size(), 0);
  for (size_t r = 0; r < g.size(); ++r) {
    const bool rising = (*before)[r] < 0 && g[r] >= 0;
    const bool falling = (*before)[r] > 0 && g[r] <= 0;
    if (rising && directions[r] >= 0) found[r] = +1;
    if (falling && directions[r] <= 0) found[r] = -1;
  }
  *before = g;
  bool stop = false;
  for (int s : sensors_.Crossed(found)) {
    auto& sensor = sensors_[s];
    const model::Sensor& src = *sensor.source;
    SensorEvent event;
    event.sensor = &src;
    event.time = t;
    event.value = sensors_.Value(s, t, y.data(), yp.data());
    if (sensors_.Evaluate(s, t, y.data(), yp.data())) event.actions.push_back("evaluate");
    if (src.halt) {
      event.actions.push_back("halt");
      out->halted = halted_ = true;
      stop = true;
    }
    if (src.return_) {
      event.actions.push_back("return");
      stop = true;
    }
    if (src.print) event.actions.push_back("print");  // every output is printed here
    ++sensor.firings;
    if (src.verbose || sensor.firings == 1) {
      std::ostringstream line;
      line << src.Describe() << ": active at the output at time " << t << " (sensed value "
           << event.value << ")";
      for (size_t a = 0; a < event.actions.size(); ++a)
        line << (a ? ", " : "; ") << event.actions[a];
      if (src.dt || src.hmax || src.stepsize || src.restart || src.zero_crossing)
        line << " (dt, hmax, stepsize, restart and zero_crossing act on integrator steps: "
                "none here)";
      out->messages.push_back(line.str());
    }
    if (stop && out->stopped_by < 0) out->stopped_by = static_cast<int>(out->events.size());
    out->events.push_back(std::move(event));
  }
  return stop;
}

}  // namespace msolve::simulation
