// Simulation::KinematicRun: the kinematic analysis over the output times of one simulate
// (analysis/kinematics.h, docs/equations.md §9).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>

#include "analysis/kinematics.h"
#include "common/error.h"
#include "simulation/simulation.h"

namespace msolve::simulation {
namespace {

// MODE in the kinematic analysis (MotionSolve's analysis modes)
constexpr double kModeKinematics = 1;
// an output this close (relative) to a kink of an input of TIME is at the kink
constexpr double kKinkTolerance = 1e-12;

}  // namespace

std::optional<Results> Simulation::KinematicRun(const SimulateOptions& options,
                                                std::vector<std::string>* messages) {
  // KINEMATICS, and TRANSIENT/DYNAMICS of a model without degrees of freedom, as MotionSolve
  // (docs/motionsolve-compatibility.md); the solution points (outputs, the motions' kinks, the
  // states between far turns) are this analysis's steps: DELAY records its history there
  const bool asked = IsKinematics(options.type);
  // no moving part: the outputs are constant, as the dynamic analysis gives them
  if (sys_.body_count() == 0) return std::nullopt;
  Results out = EmptyResults();
  try {
    InitializeOnce();
  } catch (const RoutineError& e) {
    out.ok = false;
    out.error = e.what();
    out.messages = ic_messages_;
    return out;
  }
  const int dof = 6 * sys_.body_count() - sys_.active_rows();
  if (!asked && dof != 0) return std::nullopt;
  if (asked && dof != 0) {
    const analysis::Freedom freedom =
        analysis::FreedomOf(sys_, state_.t, state_.memory.data(), state_.y);
    std::ostringstream s;
    s << "kinematics needs a model without degrees of freedom (motions driving every freedom "
         "the joints leave); this one has "
      << freedom.count << ", free parts:";
    for (size_t k = 0; k < freedom.free_parts.size(); ++k)
      s << (k ? ", " : " ") << freedom.free_parts[k];
    s << "; add motions or joints, or run DYNAMICS";
    throw ModelError(s.str());
  }
  // the integrator keeps what it alone can do: states integrated over time
  if (!analysis::OnlyBodyStates(sys_)) {
    if (asked)
      messages->push_back(
          "kinematics: the model has states integrated over time (Diffs, Tfsisos, Lses, or "
          "motions given as a velocity or an acceleration), so the 0-DOF model is integrated "
          "as in dynamics");
    return std::nullopt;
  }
  SetMode(kModeKinematics);
  out.messages = ic_messages_;
  out.messages.push_back(asked ? "kinematics: the model has no degree of freedom"
                               : "the model has no degree of freedom: kinematic analysis "
                                 "(positions, velocities, accelerations solved at each output)");
  const double start = state_.t;
  step_times_ = &out.step_times;
  try {
    SampleOnce(state_.t, state_.y, state_.yp, &out);
    const long n = OutputIntervals(start, options.end, options.dtout);
    const auto accept = [this](double t, const VecX& y, const VecX& yp) {
      AcceptStep(t, y.data(), yp.data());
      step_times_->push_back(t);
    };
    // the times where an input of TIME has a kink or a jump: solution points, as the
    // integrator's steps end there (docs/equations.md §6.8)
    const std::vector<double> kinks = sys_.DiscontinuityTimes();
    const auto near = [](double a, double b) {
      return std::abs(a - b) <= kKinkTolerance * std::max(1.0, std::abs(b));
    };
    std::vector<double> roots;  // the sensors' root functions at the last state
    if (sensors_.size() > 0) roots = SensorRoots(state_.t, state_.y, state_.yp);
    const SolveAt solve_at = [this](double t0, double t, VecX* y, VecX* yp) {
      analysis::SolveKinematics(sys_, t0, t, state_.memory.data(), nullptr, y, yp);
    };
    bool stop = false;
    for (long k = 1; k <= n && !stop; ++k) {
      double tout = k == n ? options.end : start + k * options.dtout;
      // an output a rounding away from a kink is at the kink
      for (double kink : kinks)
        if (near(kink, tout)) tout = kink;
      while (true) {
        const double t0 = state_.t;
        // the next solution point: the first kink after t0 before tout, or tout
        double target = tout;
        for (double kink : kinks)
          if (kink > t0 && !near(kink, t0) && kink < tout) {
            target = kink;
            break;
          }
        // at a kink the state of the side before it, as the integrator's step that ends there
        // gives it (docs/equations.md §6.8); the next solution starts after it
        const bool at_kink = std::binary_search(kinks.begin(), kinks.end(), target);
        const double solve_time =
            at_kink ? std::nextafter(target, -std::numeric_limits<double>::infinity()) : target;
        const VecX y0 = state_.y, yp0 = state_.yp;
        analysis::SolveKinematics(sys_, t0, solve_time, state_.memory.data(), accept, &state_.y,
                                  &state_.yp);
        // sensors whose test became true since t0 fire where it does
        // (docs/motionsolve-compatibility.md §5.7)
        const VecX y1 = state_.y, yp1 = state_.yp;
        if (LocateEvents(t0, y0, yp0, target, y1, yp1, solve_at, &roots, &out)) {
          stop = true;
          break;
        }
        state_.t = target;
        accept(state_.t, state_.y, state_.yp);
        if (target == tout) break;
        if (sensors_.size() > 0) roots = SensorRoots(state_.t, state_.y, state_.yp);
      }
      if (stop) break;
      SampleOnce(state_.t, state_.y, state_.yp, &out);
      if (sensors_.size() > 0) roots = SensorRoots(state_.t, state_.y, state_.yp);
    }
  } catch (const std::exception& e) {
    // the state stays at the last output solved
    out.ok = false;
    out.error = e.what();
  }
  step_times_ = nullptr;
  // a dynamic analysis after this one starts afresh where this one ended
  if (ida_) restart_pending_ = true;
  return out;
}

}  // namespace msolve::simulation
