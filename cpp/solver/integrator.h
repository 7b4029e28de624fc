// What the dynamic analysis asks of an integrator, whichever method it runs: SUNDIALS IDA on
// the DAE (solver/ida_driver.h: GSTIFF, DSTIFF, HSTIFF) or SUNDIALS CVODE on the ODE form
// (solver/cvode_driver.h: MSTIFF, VSTIFF, ABAM; docs/equations.md §6.9). Either way the
// caller sees the states y, y' of the DAE.
#pragma once

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"

namespace msolve::solver {

/// The method CVODE runs on the ODE form: BDF with Newton (stiff) or Adams-Moulton with
/// fixed-point iteration (non-stiff).
enum class OdeMethod { kBdf, kAdams };

struct IntegratorSettings {
  double error = 1e-3;  // absolute local error on positions and velocities, model units
  std::optional<double> hmax, hmin, hinit;
  std::optional<int> maxit, kmax;
  // outputs interpolated from IDA's steps (Integrator interpolate) instead of hit exactly
  bool interpolate = false;
  // CVODE's method (the ODE form only)
  OdeMethod ode_method = OdeMethod::kBdf;
  // the Dae's switching quantities are root functions that end a step at each switch
  // (docs/equations.md §6.10); false only to measure what they save
  bool switch_roots = true;
};

struct IntegratorStats {
  long steps = 0;
  long residual_evals = 0;
  long jacobian_evals = 0;
  long error_test_fails = 0;
  long nonlinear_fails = 0;
  long newton_iters = 0;          // Newton iterations of the corrector
  long step_nonlinear_fails = 0;  // corrector failures that cut the step (IDA; 0 for CVODE)
  long switches = 0;           // restarts at a switch of the equations (docs/equations.md §6.10)
  long jacobian_patterns = 0;  // new sparse patterns of the Jacobian (contacts touching)
  double last_step = 0.0;
};

/// A switch that comes again this many times in a row, each within kCloseSwitch times
/// max(1, |t|) of the one before, chatters (a SIGN of a velocity that stays at zero): it is
/// let go, and the error control steps over it as it did before switches were roots.
constexpr int kChatterLimit = 10;
constexpr double kCloseSwitch = 1e-6;

/// The chatter watch of the switches of one integration, shared by the integrators.
class SwitchWatch {
 public:
  /// count switches, none muted yet
  void Reset(int count);
  /// whether switch k chatters (its root function then stays positive)
  bool muted(int k) const { return muted_[k]; }
  /// The switches found[k] != 0 were located at time t: counts the repeats and mutes a
  /// switch that chatters, with a message naming it (describe(k)) in *messages.
  void Located(const std::vector<int>& found, double t,
               const std::function<std::string(int)>& describe, std::vector<std::string>* messages);

 private:
  std::vector<bool> muted_;
  std::vector<double> last_;
  std::vector<int> repeats_;
};

/// The counts of two integrations one after the other; the last step is the second's when it
/// took one.
inline IntegratorStats AddedStats(IntegratorStats first, const IntegratorStats& second) {
  first.steps += second.steps;
  first.residual_evals += second.residual_evals;
  first.jacobian_evals += second.jacobian_evals;
  first.error_test_fails += second.error_test_fails;
  first.nonlinear_fails += second.nonlinear_fails;
  first.newton_iters += second.newton_iters;
  first.step_nonlinear_fails += second.step_nonlinear_fails;
  first.switches += second.switches;
  first.jacobian_patterns += second.jacobian_patterns;
  if (second.steps > 0) first.last_step = second.last_step;
  return first;
}

/// An integration of the equations of motion from a consistent state, step by step; the
/// states it reports are those of the DAE (solver/dae.h) whatever form it integrates.
class Integrator {
 public:
  virtual ~Integrator() = default;

  /// Integrates up to exactly tout, calling on_step after every accepted step; throws
  /// SolverError on failure, leaving the last accepted state in y(), yp(). Returns true at
  /// tout; false when a root function crossed zero first (time(), y(), yp() at the crossing,
  /// RootsFound() tells which) or when RequestStop was called from on_step.
  virtual bool AdvanceTo(
      double tout, const std::function<void(double, const double*, const double*)>& on_step) = 0;

  /// Root functions g(t, y, y', g_out), searched on accepted steps only; directions[k]: +1
  /// only rising crossings of g[k] stop AdvanceTo, -1 only falling, 0 both.
  using RootFunction = std::function<void(double, const double*, const double*, double*)>;
  virtual void SetRootFunctions(const std::vector<int>& directions, RootFunction g) = 0;
  /// Per root function, after AdvanceTo returned false: +1 rising, -1 falling, 0 not crossed.
  virtual std::vector<int> RootsFound() const = 0;

  /// Restarts at (t, y, yp): history discarded, first step hinit (0: the method's estimate).
  virtual void Restart(double t, const VecX& y, const VecX& yp, double hinit = 0.0) = 0;
  /// Restarts at the end of the last accepted step reported; returns its time.
  virtual double BackUp() = 0;
  /// Asks AdvanceTo to return false after the step being accepted (from on_step).
  virtual void RequestStop() = 0;

  virtual void SetMaxStep(double hmax) = 0;
  virtual void SetMinStep(double hmin) = 0;
  /// The end of the analysis, beyond which no step goes.
  virtual void SetEnd(double end) = 0;

  virtual double time() const = 0;
  /// The end of the last step (beyond time() after a crossing was found).
  virtual double step_end() const = 0;
  virtual Eigen::Map<VecX> y() const = 0;
  virtual Eigen::Map<VecX> yp() const = 0;
  virtual IntegratorStats stats() const = 0;

  /// Lines for run.messages gathered since the last call (a new choice of the independent
  /// coordinates of the ODE form).
  virtual std::vector<std::string> TakeMessages() { return {}; }
};

}  // namespace msolve::solver
