// Simulation::KinematicRun: the kinematic analysis over the output times of one simulate
// (analysis/kinematics.h, docs/equations.md §9).
#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

#include "analysis/kinematics.h"
#include "common/error.h"
#include "simulation/simulation.h"

namespace msolve::simulation {
namespace {

// MODE in the kinematic analysis (MotionSolve's analysis modes)
constexpr double kModeKinematics = 1;

}  // namespace

std::optional<Results> Simulation::KinematicRun(const SimulateOptions& options,
                                                std::vector<std::string>* messages) {
  const bool asked = IsKinematics(options.type);
  // DYNAMICS of a 0-DOF model stays integrated for now: DELAY keeps its history at the
  // integrator's steps and the integrator stops at a motion's kinks (tests of both use 0-DOF
  // models); MotionSolve runs kinematics there, to be reconciled
  if (!asked) return std::nullopt;
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
    const analysis::Freedom freedom = analysis::FreedomOf(sys_, state_.memory.data(), state_.y);
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
  *sys_.AnalysisMode() = kModeKinematics;
  out.messages = ic_messages_;
  out.messages.push_back(asked ? "kinematics: the model has no degree of freedom"
                               : "the model has no degree of freedom: kinematic analysis "
                                 "(positions, velocities, accelerations solved at each output)");
  const double start = state_.t;
  try {
    SampleOnce(state_.t, state_.y, state_.yp, &out);
    const long n = OutputIntervals(start, options.end, options.dtout);
    const auto accept = [this](double t, const VecX& y, const VecX& yp) {
      AcceptStep(t, y.data(), yp.data());
    };
    std::vector<double> roots;  // the sensors' root functions at the last state
    if (sensors_.size() > 0) roots = SensorRoots(state_.t, state_.y, state_.yp);
    const SolveAt solve_at = [this](double t0, double t, VecX* y, VecX* yp) {
      analysis::SolveKinematics(sys_, t0, t, state_.memory.data(), nullptr, y, yp);
    };
    for (long k = 1; k <= n; ++k) {
      const double tout = k == n ? options.end : start + k * options.dtout;
      const double t0 = state_.t;
      const VecX y0 = state_.y, yp0 = state_.yp;
      analysis::SolveKinematics(sys_, t0, tout, state_.memory.data(), accept, &state_.y,
                                &state_.yp);
      // sensors whose test became true since t0 fire where it does
      // (docs/motionsolve-compatibility.md §5.7)
      const VecX y1 = state_.y, yp1 = state_.yp;
      if (LocateEvents(t0, y0, yp0, tout, y1, yp1, solve_at, &roots, &out)) break;
      state_.t = tout;
      AcceptStep(state_.t, state_.y.data(), state_.yp.data());
      SampleOnce(state_.t, state_.y, state_.yp, &out);
      if (sensors_.size() > 0) roots = SensorRoots(state_.t, state_.y, state_.yp);
    }
  } catch (const std::exception& e) {
    // the state stays at the last output solved
    out.ok = false;
    out.error = e.what();
  }
  // a dynamic analysis after this one starts afresh where this one ended
  if (ida_) restart_pending_ = true;
  return out;
}

}  // namespace msolve::simulation
