// Sensors in the analyses that have no integrator steps to locate their events in
// (quasi-statics, kinematics): their root functions compared between states
// (docs/motionsolve-compatibility.md §5.7).
#include <algorithm>
#include <cmath>
#include <sstream>

#include "simulation/simulation.h"

namespace msolve::simulation {
namespace {

// the time an event is located to, relative
constexpr double kEventTolerance = 1e-12;

// per root function: +1 crossed rising, -1 falling (in its direction) from before to g, 0 not
std::vector<int> CrossedRoots(const std::vector<int>& directions, const std::vector<double>& before,
                              const std::vector<double>& g) {
  std::vector<int> found(g.size(), 0);
  for (size_t r = 0; r < g.size(); ++r) {
    const bool rising = before[r] < 0 && g[r] >= 0;
    const bool falling = before[r] > 0 && g[r] <= 0;
    if (rising && directions[r] >= 0) found[r] = +1;
    if (falling && directions[r] <= 0) found[r] = -1;
  }
  return found;
}

}  // namespace

std::vector<double> Simulation::SensorRoots(double t, const VecX& y, const VecX& yp) {
  std::vector<double> g(sensors_.RootDirections().size());
  sensors_.Roots(t, y.data(), yp.data(), state_.memory.data(), g.data());
  return g;
}

bool Simulation::SensorRootsCrossed(const std::vector<double>& before, double t, const VecX& y,
                                    const VecX& yp) {
  const std::vector<int> found =
      CrossedRoots(sensors_.RootDirections(), before, SensorRoots(t, y, yp));
  return std::any_of(found.begin(), found.end(), [](int f) { return f != 0; });
}

bool Simulation::LocateEvents(double t0, VecX y0, VecX yp0, double t1, const VecX& y1,
                              const VecX& yp1, const SolveAt& solve_at, std::vector<double>* roots,
                              Results* out) {
  if (sensors_.size() == 0 || roots->empty()) return false;
  while (SensorRootsCrossed(*roots, t1, y1, yp1)) {
    // a sensor's test became true between t0 and t1: the first such time by bisection
    double lo = t0, hi = t1;
    VecX ye = y1, ype = yp1;
    while (hi - lo > kEventTolerance * std::max(1.0, std::abs(hi))) {
      const double mid = 0.5 * (lo + hi);
      VecX ym = y0, ypm = yp0;
      solve_at(t0, mid, &ym, &ypm);
      if (SensorRootsCrossed(*roots, mid, ym, ypm)) {
        hi = mid, ye = ym, ype = ypm;
      } else {
        lo = mid;
      }
    }
    AcceptStep(hi, ye.data(), ype.data());
    const size_t fired = out->events.size();
    const bool stop = SampledSensors(hi, ye, ype, roots, out);
    bool print = stop;
    for (size_t e = fired; e < out->events.size(); ++e)
      for (const auto& action : out->events[e].actions) print = print || action == "print";
    if (print) SampleOnce(hi, ye, ype, out);
    if (stop) {
      state_.t = hi, state_.y = ye, state_.yp = ype;
      return true;
    }
    t0 = hi, y0 = std::move(ye), yp0 = std::move(ype);
  }
  return false;
}

bool Simulation::SampledSensors(double t, const VecX& y, const VecX& yp,
                                std::vector<double>* before, Results* out) {
  if (sensors_.size() == 0) return false;
  const std::vector<int> directions = sensors_.RootDirections();
  const std::vector<double> g = SensorRoots(t, y, yp);
  // the first output only sets where the root functions start
  if (before->size() != g.size()) {
    *before = g;
    return false;
  }
  const std::vector<int> found = CrossedRoots(directions, *before, g);
  *before = g;
  bool stop = false;
  for (int s : sensors_.Crossed(found)) {
    auto& sensor = sensors_[s];
    const model::Sensor& src = *sensor.source;
    SensorEvent event;
    event.sensor = &src;
    event.time = t;
    event.value = sensors_.Value(s, t, y.data(), yp.data(), state_.memory.data());
    if (sensors_.Evaluate(s, t, y.data(), yp.data(), state_.memory.data()))
      event.actions.push_back("evaluate");
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
    const long firings = sensors_.Fire(s, state_.memory.data());
    if (src.verbose || firings == 1) {
      std::ostringstream line;
      line << src.Describe() << ": active at time " << t << " (sensed value " << event.value << ")";
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
