// Simulation::Statics: STATICS and QSTATICS over the output times of one simulate
// (analysis/statics.h, docs/equations.md §8).
#include <algorithm>
#include <sstream>

#include "analysis/mkeam.h"
#include "analysis/statics.h"
#include "common/error.h"
#include "simulation/simulation.h"

namespace msolve::simulation {
namespace {

// an unstable equilibrium, or one whose stability was not checked, in the log; whether it
// said anything
bool ReportStability(double t, const analysis::Stability& s, std::vector<std::string>* log) {
  std::ostringstream line;
  if (!s.checked) {
    line << "statics: the stability of the equilibrium is not checked (more than 100 moving "
            "parts)";
  } else if (s.negative > 0) {
    line << "statics at time " << t << ": the equilibrium is UNSTABLE: " << s.negative << " of "
         << s.free_directions << " free directions have a negative stiffness (lowest eigenvalue "
         << (s.with_mass ? "omega^2 = " : "of the stiffness ") << s.lowest << ")";
  } else {
    return false;
  }
  log->push_back(line.str());
  return true;
}

}  // namespace

Results Simulation::Statics(const SimulateOptions& options) {
  Results out = EmptyResults();
  if (!InitializeFor(&out)) return out;
  // bad settings are bad input: refused before the analysis
  const analysis::StaticsSettings settings =
      analysis::StaticsSettingsOf(model_.equilibrium.get(), &out.messages);
  // statics: one equilibrium at end; quasi-statics: one at every output time from now to end
  // (computed one by one: a long run must not hold them all)
  const bool quasi = IsQuasiStatics(options.type);
  const double start = state_.t;
  const long n = quasi ? OutputIntervals(start, options.end, options.dtout) : 0;
  const auto time_of = [&](long k) {
    if (!quasi) return options.end;
    return k == 0 ? start : k == n ? options.end : start + k * options.dtout;
  };
  // the last equilibrium reached: where the model stays when a later one fails
  VecX y_ok = state_.y, yp_ok = state_.yp;
  long most_iterations = 0;
  double largest_imbalance = 0.0;
  bool stability_said = false;
  std::string worst;
  long equilibria = 0;
  std::vector<double> roots_before;  // the sensors' root functions at the last output
  double now = state_.t;             // the time of the equilibrium being solved
  const bool attrition = settings.attrition && !quasi;
  if (settings.attrition && !attrition)
    out.messages.push_back("quasi-statics: MKEAM applies to statics only; Newton's method is used");
  // the equilibrium at a time between two outputs, where a sensor's event is located
  const SolveAt solve_at = [this, &settings](double, double t, VecX* y, VecX* yp) {
    analysis::SolveStatics(sys_, t, state_.memory.data(), settings, y, yp);
  };
  try {
    for (long k = 0; k <= n; ++k) {
      const double t = time_of(k);
      const double t0 = state_.t;
      const VecX y0 = state_.y, yp0 = state_.yp;
      now = t;
      if (attrition) {
        // MKEAM: settle by removing kinetic energy, then polish by Newton
        const analysis::AttritionReport settled = analysis::SettleByAttrition(
            sys_, t, &state_, settings.kinetic_energy_error, settings.dq_tolerance, settings.maxit,
            &state_.y, &state_.yp);
        std::ostringstream note;
        note << "statics (MKEAM) at time " << t << ": kinetic energy removed at "
             << settled.removals << " maxima in " << settled.steps
             << " integrator steps, the last maximum " << settled.kinetic
             << ", the last relative change of a position " << settled.dq
             << (settled.settled ? "" : " (not below kinetic_energy_error and error)")
             << "; Newton's method then polishes";
        out.messages.push_back(note.str());
      }
      const analysis::StaticsReport report =
          analysis::SolveStatics(sys_, t, state_.memory.data(), settings, &state_.y, &state_.yp);
      ++equilibria;
      // sensors whose test became true since the previous output fire where it does
      // (docs/motionsolve-compatibility.md §5.7)
      if (quasi && k > 0) {
        const VecX y1 = state_.y, yp1 = state_.yp;
        if (LocateEvents(t0, y0, yp0, t, y1, yp1, solve_at, &roots_before, &out)) {
          y_ok = state_.y, yp_ok = state_.yp;
          break;
        }
      }
      state_.t = t;
      y_ok = state_.y, yp_ok = state_.yp;
      most_iterations = std::max(most_iterations, report.iterations);
      if (report.imbalance >= largest_imbalance) {
        largest_imbalance = report.imbalance;
        worst = report.worst;
      }
      if (!stability_said) stability_said = ReportStability(t, report.stability, &out.messages);
      AcceptStep(state_.t, state_.y.data(), state_.yp.data());
      SampleOnce(state_.t, state_.y, state_.yp, &out);
      if (quasi && SampledSensors(state_.t, state_.y, state_.yp, &roots_before, &out)) break;
    }
  } catch (const std::exception& e) {
    // Newton's last iterate is an output (rates zero); the state stays at the last
    // equilibrium (or where it was), consistent
    if (dynamic_cast<const analysis::StaticsNotConverged*>(&e) != nullptr) {
      try {
        SampleOnce(now, state_.y, VecX::Zero(sys_.size()), &out);
      } catch (const std::exception&) {
        // an iterate whose outputs cannot be evaluated is left out
      }
    }
    state_.y = y_ok;
    state_.yp = yp_ok;
    out.ok = false;
    out.error = e.what();
  }
  std::ostringstream line;
  if (!quasi)
    line << "statics at time " << state_.t << ": equilibrium in " << most_iterations
         << " iterations";
  else
    line << "quasi-statics: " << equilibria << " equilibria from time " << start << " to "
         << state_.t << ", at most " << most_iterations << " iterations each";
  line << ", largest imbalance " << largest_imbalance;
  if (!worst.empty()) line << " (" << worst << ")";
  if (equilibria > 0) out.messages.push_back(line.str());
  // a dynamic analysis after this one starts afresh from the equilibrium
  if (ida_) ida_->Restart(state_.t, state_.y, state_.yp);
  restart_pending_ = false;
  return out;
}

}  // namespace msolve::simulation
