// The dynamics driver: SUNDIALS IDA (variable-order, variable-step BDF) on the residual of a
// Dae (solver/dae.h), algebraic states excluded from the error test, exact Jacobian, dense or
// KLU.
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "solver/dae.h"
#include "solver/integrator.h"
#include "solver/sundials_util.h"

namespace msolve::solver {

class IdaDriver : public Integrator {
 public:
  /// Starts the integration of `dae` (which must outlive the driver) at a consistent (t0, y0,
  /// yp0).
  IdaDriver(Dae& dae, const IntegratorSettings& settings, double t0, const VecX& y0,
            const VecX& yp0);
  ~IdaDriver();
  IdaDriver(const IdaDriver&) = delete;
  IdaDriver& operator=(const IdaDriver&) = delete;

  /// Integrates up to exactly tout, calling the Dae's AcceptStep, then on_step, after every
  /// accepted step; throws SolverError on failure, leaving the last accepted state in y(),
  /// yp(). The steps stop at tout, except with interpolated outputs: then they may go on up to the
  /// end set by SetEnd, and y(), yp() at tout are interpolated from the step that contains it.
  /// Returns true at tout; false when a root function crossed zero first (in the direction it
  /// watches): time(), y(), yp() are then at the crossing, located by IDA within the accepted step
  /// to near roundoff in time, and RootsFound() tells which. Calling it again goes on from there
  /// (IDA's own step ends where it did, after the crossing).
  bool AdvanceTo(double tout,
                 const std::function<void(double, const double*, const double*)>& on_step) override;

  /// Root functions g(t, y, y', g_out) of IDA's root finding, searched on accepted steps only;
  /// directions[k]: +1 only rising crossings of g[k] stop AdvanceTo, -1 only falling, 0 both.
  void SetRootFunctions(const std::vector<int>& directions, RootFunction g) override;
  /// Per root function, after AdvanceTo returned false: +1 rising, -1 falling, 0 not crossed.
  std::vector<int> RootsFound() const override;
  /// Lines for the log since the last call: switches that chattered and were let go.
  std::vector<std::string> TakeMessages() override { return std::move(notes_); }

  /// Restarts the integration at (t, y, yp): history discarded, order 1, first step hinit (0:
  /// IDA's estimate), then as before. Statistics keep counting.
  void Restart(double t, const VecX& y, const VecX& yp, double hinit = 0.0) override;
  /// Restarts at the end of the last accepted step that AdvanceTo reported (the start of
  /// the step in which it found a root); returns its time.
  double BackUp() override;

  /// Asks AdvanceTo to return false after the step being accepted (from on_step), with time(),
  /// y(), yp() at its end and no root found: the caller changes the equations and starts a
  /// new integration there. Not before an output that step passed (interpolated outputs).
  void RequestStop() override { stop_requested_ = true; }

  /// Caps the step size (e.g. at the output interval); a step already chosen larger is not
  /// shortened (IDA applies the cap when it chooses the next step; Restart applies it now).
  void SetMaxStep(double hmax) override;
  /// Lower bound of the step size (0: none).
  void SetMinStep(double hmin) override;
  /// The end of the analysis, beyond which no step goes (with interpolated outputs).
  void SetEnd(double end) override { end_ = end; }

  double time() const override { return t_; }
  /// The end of IDA's last step (beyond time() after a crossing was found).
  double step_end() const override;
  Eigen::Map<VecX> y() const override { return View(y_.get()); }
  Eigen::Map<VecX> yp() const override { return View(yp_.get()); }
  IntegratorStats stats() const override;

  /// Whether the last residual evaluation met a tenth of the tolerance of every constraint
  /// group of the Dae.
  bool ConstraintsMet() const;

  // callbacks (public for the C trampolines)
  std::string last_message_;
  SUNNonlinSolConvTestFn ida_test_ = nullptr;
  void* ida_test_data_ = nullptr;
  // the Newton solver's own Solve, which IdaDriver's wraps to apply the refresh policy
  int (*newton_solve_)(SUNNonlinearSolver, N_Vector, N_Vector, N_Vector, sunrealtype,
                       sunbooleantype, void*) = nullptr;
  // the Jacobian reuse policy (docs/equations.md §6.3): whether the next Newton solve starts
  // from a new iteration matrix whatever IDA decided, and what the one before found
  bool RefreshBeforeSolve() const { return refresh_left_ > 0; }
  void SolveDone(bool reused_matrix_failed);
  Dae& dae_;
  // the Dae's constraint groups and the largest residual of each at the last evaluation
  std::vector<ConstraintGroup> groups_;
  std::vector<double> group_residuals_;
  // error weights with states of class kRelative: those of the other states, fixed, and the
  // indices of the relative ones
  VecX fixed_weights_;
  std::vector<int> relative_states_;
  std::vector<Triplet> triplets_;
  std::unique_ptr<JacobianMatrix> jac_;
  std::exception_ptr error_;
  // why a residual since the last accepted step had no value (an element out of its domain)
  std::string out_of_range_;
  RootFunction roots_;
  // the root functions at (t, y, y'): the Dae's switches, then the caller's
  void EvaluateRoots(double t, const double* y, const double* yp, double* g);

 private:
  // per switching quantity, IDA's report of the last root return
  std::vector<int> SwitchesFound() const;
  // IDA's root functions: the Dae's switches (directions 0), then the caller's
  void InstallRoots();
  // at a switch located at time t (y(), yp() there): the step accepted there, the Dae's
  // ReconcileSwitch, a restart; `found` IDA's root report
  void RestartAtSwitch(double t, const std::vector<int>& found,
                       const std::function<void(double, const double*, const double*)>& on_step);

  // y(), yp() at tout (within IDA's last step) from IDA's interpolation; returns true
  bool Interpolate(double tout);
  // the error-tested state with the largest weighted local error estimate of the last
  // step, or -1
  int LargestErrorState() const;

  // the first discontinuity time of the Dae after t (beyond roundoff), or +inf
  double NextBreak(double t) const;
  // at a discontinuity time the last step ended at: the Dae's Reconcile, then Restart
  void RestartAtBreak();

  // the Dae's discontinuity times; a step ended at one and the restart there is pending
  std::vector<double> breaks_;
  bool break_pending_ = false;
  // per state, whether IDA tests its local error (differential, not excluded)
  std::vector<bool> error_tested_;
  // RequestStop was called and AdvanceTo has not yet returned for it
  bool stop_requested_ = false;
  // accepted steps in a row too small to advance the time (see AdvanceTo)
  int stalled_steps_ = 0;
  // the Jacobian reuse policy: solves left that refresh the matrix, how many a failure of the
  // reused matrix starts, and whether the last solve was the first to reuse it after them
  int refresh_left_ = 0;
  int refresh_run_ = 2;  // kFirstRefreshRun
  bool probing_ = false;
  int failed_in_a_row_ = 0;  // solves with a reused matrix that failed, in a row

  ContextPtr ctx_;
  VectorPtr y_, yp_, id_, atol_;
  NonlinSolPtr nls_;
  void* mem_ = nullptr;
  double t_ = 0.0;
  bool interpolate_ = false;
  double end_ = 0.0;
  // with interpolated outputs, a crossing IDA found beyond the next output (reported by
  // AdvanceTo after that output)
  bool pending_root_ = false;
  double root_time_ = 0.0;
  int root_count_ = 0;  // the caller's root functions
  std::vector<int> root_directions_;
  // the Dae's switching quantities: their last values, whether one was let go after it
  // chattered, the time of its last switch and how many came in a row close together
  int switch_count_ = 0;
  VecX switch_values_;
  SwitchWatch switch_watch_;  // the switches that chatter
  long switch_events_ = 0;
  bool pending_switch_ = false;  // the pending root is a switch (interpolated outputs)
  std::vector<std::string> notes_;
  // counts of the integrations before the last restart (IDAReInit resets IDA's)
  IntegratorStats before_restart_;
  // the last accepted step end reported (or restart point), for BackUp
  double saved_t_ = 0.0;
  VecX saved_y_, saved_yp_;
};

}  // namespace msolve::solver
