#include "solver/ida_driver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include <ida/ida.h>
#include <sunnonlinsol/sunnonlinsol_newton.h>

#include "common/error.h"
#include "common/interrupt.h"

namespace msolve::solver {
namespace {

// The analysis stops after this many accepted steps in a row shorter than kStalledStep times
// max(1, |t|): together they advance the time by less than 1e-7 of its scale.
constexpr int kStalledStepLimit = 1000;
constexpr double kStalledStep = 1e-10;

int Residual(double t, N_Vector y, N_Vector yp, N_Vector r, void* data) {
  auto* d = static_cast<IdaDriver*>(data);
  try {
    PollInterrupt();
    d->dae_.Residual(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(r));
    const auto F = View(r);
    if (!F.allFinite()) {
      // recoverable: IDA retries with a smaller step; keep the reason in case it gives up
      std::string why = d->dae_.OutOfDomain(N_VGetArrayPointer(y), 0.0);
      if (why.empty()) why = d->dae_.NonFinite(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp));
      if (!why.empty()) d->out_of_range_ = why;
      return 1;
    }
    // constraint residuals of this iterate, for the Newton convergence test
    for (size_t g = 0; g < d->groups_.size(); ++g) {
      const ConstraintGroup& group = d->groups_[g];
      d->group_residuals_[g] =
          group.count ? F.segment(group.first, group.count).cwiseAbs().maxCoeff() : 0.0;
    }
    return 0;
  } catch (...) {
    d->error_ = std::current_exception();
    return -1;
  }
}

int Jacobian(double t, double cj, N_Vector y, N_Vector yp, N_Vector, SUNMatrix J, void* data,
             N_Vector, N_Vector, N_Vector) {
  auto* d = static_cast<IdaDriver*>(data);
  try {
    d->dae_.Jacobian(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), cj, &d->triplets_);
    d->jac_->Fill(d->triplets_, J);
    return 0;
  } catch (...) {
    d->error_ = std::current_exception();
    return -1;
  }
}

// Error weights (IDAWFtolerances) of a Dae with states of class kRelative: as the absolute
// tolerances below, except that those states are converged by Newton to
// kRelativeStateTolerance of the largest one (reactions that forces read: otherwise their
// errors would feed the forces).
int ErrorWeights(N_Vector y, N_Vector ewt, void* data) {
  auto* d = static_cast<IdaDriver*>(data);
  const auto Y = View(y);
  auto W = View(ewt);
  W = d->fixed_weights_;
  double scale = 1.0;
  for (int i : d->relative_states_) scale = std::max(scale, std::abs(Y[i]));
  const double weight = 1.0 / (kRelativeStateTolerance * scale);
  for (int i : d->relative_states_) W[i] = weight;
  return 0;
}

// the root functions: the Dae's switches and the sensors'
int Roots(double t, N_Vector y, N_Vector yp, double* g, void* data) {
  auto* d = static_cast<IdaDriver*>(data);
  try {
    d->EvaluateRoots(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), g);
    return 0;
  } catch (...) {
    d->error_ = std::current_exception();
    return -1;
  }
}

// keep IDA's messages for the exception instead of printing them
void ErrorHandler(int, const char*, const char*, char* msg, void* data) {
  static_cast<IdaDriver*>(data)->last_message_ = msg;
}

// IDA's own Newton convergence test (rate-based, on the weighted norm of the correction), with
// one more condition: the iterate before the last correction already met the constraints to
// the constraint tolerances, so the accepted one meets them better still
int ConvergenceTest(SUNNonlinearSolver nls, N_Vector ycor, N_Vector del, double tol, N_Vector ewt,
                    void* data) {
  auto* d = static_cast<IdaDriver*>(data);
  const int flag = d->ida_test_(nls, ycor, del, tol, ewt, d->ida_test_data_);
  if (flag == SUN_NLS_SUCCESS && !d->ConstraintsMet()) return SUN_NLS_CONTINUE;
  return flag;
}

// The Jacobian reuse policy (docs/equations.md §6.3). A Newton solve that fails with a reused
// iteration matrix costs its iterations and a new matrix. At loose error bounds nearly every
// one does: the predictor starts 1e-4 .. 1e-3 away from the constraints, which the constraint
// groups hold to 1e-10 whatever the error bound, and only a current matrix (quadratic
// convergence) closes that gap within maxit iterations; a matrix one step old converges
// linearly and fails half the time. So after kFailuresBeforeRefresh such failures in a row
// the next kFirstRefreshRun solves start from a new matrix, then one reuses it again (a probe):
// when the probe fails too, the run of refreshes doubles (up to kLongestRefreshRun), when it
// converges the run halves (down to kFirstRefreshRun), and so it follows the error bound and the
// stage of the motion.
constexpr int kFailuresBeforeRefresh = 2;
constexpr int kFirstRefreshRun = 2;
constexpr int kLongestRefreshRun = 64;

// the Newton solver's Solve with the reuse policy
int SolveNewton(SUNNonlinearSolver nls, N_Vector y0, N_Vector ycor, N_Vector w, sunrealtype tol,
                sunbooleantype call_setup, void* ida_mem) {
  auto* newton = static_cast<SUNNonlinearSolverContent_Newton>(nls->content);
  auto* d = static_cast<IdaDriver*>(newton->ctest_data);
  const bool refresh = d->RefreshBeforeSolve();
  const int flag = d->newton_solve_(nls, y0, ycor, w, tol, call_setup || refresh, ida_mem);
  // the Newton solver counts a failure only with a reused matrix (it then retries with a new
  // one); with a new one it returns the failure to IDA
  long fails = 0;
  SUNNonlinSolGetNumConvFails(nls, &fails);
  d->SolveDone(!refresh && fails > 0);
  return flag;
}

}  // namespace

void IdaDriver::SolveDone(bool reused_matrix_failed) {
  if (refresh_left_ > 0) {
    probing_ = --refresh_left_ == 0;
    return;
  }
  failed_in_a_row_ = reused_matrix_failed ? failed_in_a_row_ + 1 : 0;
  if (reused_matrix_failed && probing_) {
    refresh_run_ = std::min(2 * refresh_run_, kLongestRefreshRun);
    refresh_left_ = refresh_run_;
  } else if (failed_in_a_row_ >= kFailuresBeforeRefresh) {
    refresh_left_ = refresh_run_;
  } else if (probing_) {
    refresh_run_ = std::max(refresh_run_ / 2, kFirstRefreshRun);
  }
  probing_ = false;
}

bool IdaDriver::ConstraintsMet() const {
  for (size_t g = 0; g < groups_.size(); ++g)
    if (!(group_residuals_[g] <= 0.1 * groups_[g].tolerance)) return false;
  return true;
}

IdaDriver::IdaDriver(Dae& dae, const IntegratorSettings& settings, double t0, const VecX& y0,
                     const VecX& yp0)
    : dae_(dae), ctx_(MakeContext()), t_(t0), interpolate_(settings.interpolate), end_(t0) {
  const int n = dae.size();
  const VecX ids = dae.DifferentialIds();
  const std::vector<StateTolerance> tolerances = dae.Tolerances();
  if (y0.size() != n || yp0.size() != n || ids.size() != n ||
      static_cast<int>(tolerances.size()) != n)
    throw SolverError("internal error: the initial state does not match the size of the DAE");
  groups_ = dae.ConstraintGroups();
  group_residuals_.assign(groups_.size(), 0.0);
  y_ = MakeVector(y0, ctx_.get());
  yp_ = MakeVector(yp0, ctx_.get());
  id_ = MakeVector(ids, ctx_.get());
  mem_ = IDACreate(ctx_.get());
  if (mem_ == nullptr) throw SolverError("IDACreate failed");
  Check(IDAInit(mem_, Residual, t0, y_.get(), yp_.get()), "IDAInit");
  Check(IDASetUserData(mem_, this), "IDASetUserData");
  Check(IDASetErrHandlerFn(mem_, ErrorHandler, this), "IDASetErrHandlerFn");
  // the error bound is absolute, in model units, as in MotionSolve (so that a model in
  // millimetres with a 1000 times larger error behaves like the same model in metres); the
  // excluded states (multipliers, which are forces whose accuracy follows from that of the
  // motion, and outputs) weigh nothing in the Newton test: the constraint groups take care
  // of the equations of the multipliers
  VecX atol = VecX::Constant(n, 1e20);
  fixed_weights_ = VecX::Constant(n, 1e-20);
  error_tested_.assign(n, false);
  for (int i = 0; i < n; ++i) {
    if (tolerances[i] == StateTolerance::kErrorBound) {
      atol[i] = settings.error;
      fixed_weights_[i] = 1.0 / settings.error;
    }
    if (tolerances[i] == StateTolerance::kRelative) relative_states_.push_back(i);
    error_tested_[i] = ids[i] > 0 && tolerances[i] != StateTolerance::kExcluded;
  }
  atol_ = MakeVector(atol, ctx_.get());
  if (!relative_states_.empty())
    Check(IDAWFtolerances(mem_, ErrorWeights), "IDAWFtolerances");
  else
    Check(IDASVtolerances(mem_, 0.0, atol_.get()), "IDASVtolerances");
  Check(IDASetId(mem_, id_.get()), "IDASetId");
  // algebraic states (multipliers are index-2 variables): out of the local error test
  Check(IDASetSuppressAlg(mem_, SUNTRUE), "IDASetSuppressAlg");
  Check(IDASetMaxNumSteps(mem_, 1000000), "IDASetMaxNumSteps");
  // outputs are hit exactly, so the step size changes at every output; keep the iteration
  // matrix until cj changes by a factor of 3 (IDA's default is 1.67), which halves the
  // Jacobian evaluations of models with frequent outputs at no loss of accuracy
  Check(IDASetDeltaCjLSetup(mem_, 0.5), "IDASetDeltaCjLSetup");
  if (settings.hmax) Check(IDASetMaxStep(mem_, *settings.hmax), "IDASetMaxStep");
  if (settings.hmin) Check(IDASetMinStep(mem_, *settings.hmin), "IDASetMinStep");
  if (settings.hinit) Check(IDASetInitStep(mem_, *settings.hinit), "IDASetInitStep");
  if (settings.kmax) Check(IDASetMaxOrd(mem_, *settings.kmax), "IDASetMaxOrd");
  dae.Jacobian(t0, y0.data(), yp0.data(), 1.0, &triplets_);
  jac_ = std::make_unique<JacobianMatrix>(n, triplets_, y_.get(), ctx_.get());
  Check(IDASetLinearSolver(mem_, jac_->solver(), jac_->matrix()), "IDASetLinearSolver");
  Check(IDASetJacFn(mem_, Jacobian), "IDASetJacFn");
  // wrap IDA's convergence test, which it installs in the Newton solver it is given
  nls_.reset(SUNNonlinSol_Newton(y_.get(), ctx_.get()));
  Check(IDASetNonlinearSolver(mem_, nls_.get()), "IDASetNonlinearSolver");
  auto* newton = static_cast<SUNNonlinearSolverContent_Newton>(nls_->content);
  ida_test_ = newton->CTest;
  ida_test_data_ = newton->ctest_data;
  Check(SUNNonlinSolSetConvTestFn(nls_.get(), ConvergenceTest, this), "SUNNonlinSolSetConvTestFn");
  // and its Solve, for the Jacobian reuse policy (the operations table is this solver's own)
  newton_solve_ = nls_->ops->solve;
  nls_->ops->solve = SolveNewton;
  Check(IDASetMaxNonlinIters(mem_, settings.maxit.value_or(4)), "IDASetMaxNonlinIters");
  saved_t_ = t0;
  saved_y_ = y0;
  saved_yp_ = yp0;
  breaks_ = dae.DiscontinuityTimes();
  if (settings.switch_roots) switch_count_ = dae.SwitchCount();
  switch_values_ = VecX::Ones(switch_count_);
  switch_watch_.Reset(switch_count_);
  InstallRoots();
}

void IdaDriver::EvaluateRoots(double t, const double* y, const double* yp, double* g) {
  if (switch_count_ > 0) {
    dae_.Switches(t, y, yp, switch_values_.data());
    for (int k = 0; k < switch_count_; ++k) g[k] = switch_watch_.muted(k) ? 1.0 : switch_values_[k];
  }
  if (roots_) roots_(t, y, yp, g + switch_count_);
}

void IdaDriver::InstallRoots() {
  const int total = switch_count_ + root_count_;
  Check(IDARootInit(mem_, total, total ? Roots : nullptr), "IDARootInit");
  if (total == 0) return;
  std::vector<int> dir(switch_count_, 0);
  dir.insert(dir.end(), root_directions_.begin(), root_directions_.end());
  Check(IDASetRootDirection(mem_, dir.data()), "IDASetRootDirection");
  // a sensed value may rightly stay at its threshold for a while (a contact force before
  // contact); IDA then waits until it moves away, which needs no warning
  Check(IDASetNoInactiveRootWarn(mem_), "IDASetNoInactiveRootWarn");
}

void IdaDriver::RestartAtSwitch(
    double t, const std::vector<int>& found,
    const std::function<void(double, const double*, const double*)>& on_step) {
  // the located switch is a point of the solution: elements with memory and the caller see
  // it as an accepted step
  t_ = t;
  dae_.AcceptStep(t, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()));
  if (on_step) on_step(t, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()));
  ++switch_events_;
  switch_watch_.Located(
      found, t, [this](int k) { return dae_.DescribeSwitch(k); }, &notes_);
  VecX y = this->y(), yp = this->yp();
  dae_.ReconcileSwitch(t, &y, &yp);
  double h = 0.0;
  IDAGetLastStep(mem_, &h);
  const long events = switch_events_;
  Restart(t, y, yp, std::abs(h));
  switch_events_ = events;
}

double IdaDriver::NextBreak(double t) const {
  const double after = t + 1e-13 * std::max(1.0, std::abs(t));
  const auto it = std::upper_bound(breaks_.begin(), breaks_.end(), after);
  return it == breaks_.end() ? std::numeric_limits<double>::infinity() : *it;
}

void IdaDriver::RestartAtBreak() {
  // the state at the end of the step before the break, made consistent after it
  VecX y = saved_y_, yp = saved_yp_;
  const double t = saved_t_;
  dae_.Reconcile(t, &y, &yp);
  // the first step as long as the last one (IDA cuts it if the error test fails) rather
  // than IDA's estimate from the rates, which is far shorter and takes many steps to regrow
  double h = 0.0;
  IDAGetLastStep(mem_, &h);
  Restart(t, y, yp, std::abs(h));
}

IdaDriver::~IdaDriver() { IDAFree(&mem_); }

void IdaDriver::SetMaxStep(double hmax) { Check(IDASetMaxStep(mem_, hmax), "IDASetMaxStep"); }

void IdaDriver::SetMinStep(double hmin) { Check(IDASetMinStep(mem_, hmin), "IDASetMinStep"); }

void IdaDriver::SetRootFunctions(const std::vector<int>& directions, RootFunction g) {
  roots_ = std::move(g);
  root_count_ = static_cast<int>(directions.size());
  root_directions_ = directions;
  InstallRoots();
}

std::vector<int> IdaDriver::RootsFound() const {
  std::vector<int> found(switch_count_ + root_count_, 0);
  if (!found.empty()) Check(IDAGetRootInfo(mem_, found.data()), "IDAGetRootInfo");
  return std::vector<int>(found.begin() + switch_count_, found.end());
}

void IdaDriver::Restart(double t, const VecX& y, const VecX& yp, double hinit) {
  const IntegratorStats now = stats();
  pending_root_ = false;
  pending_switch_ = false;
  break_pending_ = false;
  stalled_steps_ = 0;
  View(y_.get()) = y;
  View(yp_.get()) = yp;
  Check(IDAReInit(mem_, t, y_.get(), yp_.get()), "IDAReInit");
  Check(IDASetInitStep(mem_, hinit), "IDASetInitStep");
  before_restart_ = now;
  t_ = t;
  saved_t_ = t;
  saved_y_ = y;
  saved_yp_ = yp;
}

double IdaDriver::BackUp() {
  const double t = saved_t_;
  const VecX y = saved_y_, yp = saved_yp_;
  Restart(t, y, yp);
  return t;
}

bool IdaDriver::AdvanceTo(
    double tout, const std::function<void(double, const double*, const double*)>& on_step) {
  // within roundoff of tout (after a crossing located there): nothing left to integrate
  if (tout - t_ <= 1e-13 * std::max(1.0, std::abs(tout))) {
    t_ = std::max(t_, tout);
    return true;
  }
  // IDA's steps stop at tout, or with interpolated outputs at the end of the analysis, and
  // at every discontinuity time before (docs/equations.md §6.8)
  double step_end = t_;
  IDAGetCurrentTime(mem_, &step_end);
  if (pending_root_) {
    // a crossing found beyond an earlier output: report it once the outputs reach it
    if (root_time_ > tout) return Interpolate(tout);
    pending_root_ = false;
    Check(IDAGetDky(mem_, root_time_, 0, y_.get()), "IDAGetDky");
    Check(IDAGetDky(mem_, root_time_, 1, yp_.get()), "IDAGetDky");
    t_ = root_time_;
    if (!pending_switch_) return false;
    // a switch of the equations: restart there and go on to tout
    RestartAtSwitch(root_time_, SwitchesFound(), on_step);
  }
  // a stop asked for after a step that also passed an earlier (interpolated) output
  if (stop_requested_ && saved_t_ <= tout) {
    stop_requested_ = false;
    View(y_.get()) = saved_y_;
    View(yp_.get()) = saved_yp_;
    t_ = saved_t_;
    return false;
  }
  // an interpolated output inside a step already taken and reported
  if (interpolate_ && step_end >= tout && step_end == saved_t_) return Interpolate(tout);
  double tret = t_;
  while (tret < tout) {
    if (break_pending_) {
      RestartAtBreak();
      // the discontinuity was within roundoff of tout: the output is the state after it
      if (tout - tret <= 1e-13 * std::max(1.0, std::abs(tout))) {
        t_ = tout;
        return true;
      }
    }
    double tn = tret, h = 0.0;
    IDAGetCurrentTime(mem_, &tn);
    IDAGetCurrentStep(mem_, &h);
    const double next_break = NextBreak(tn);
    double stop = std::min(interpolate_ ? std::max(tout, end_) : tout, next_break);
    if (!interpolate_) {
      // Outputs are hit by cutting the step that would pass them. When the next step would
      // stop short of the output by less than half its length, that cut leaves a sliver of
      // a step, after which IDA refactors its Jacobian and grows its step again over several
      // steps. Reach the output in two equal steps instead. (Not when the distance exceeds
      // the step by less than 1 %: it does so by roundoff when the steps are as long as the
      // output interval, and splitting those would double the steps.)
      const double left = stop - tn;
      const bool split = h > 0.0 && left > 1.01 * h && left < 1.5 * h;
      if (split) stop = tn + 0.5 * left;
    }
    if (stop > tn) Check(IDASetStopTime(mem_, stop), "IDASetStopTime");
    // one step at a time, so that elements with memory see every accepted step
    const int flag = IDASolve(mem_, tout, &tret, y_.get(), yp_.get(), IDA_ONE_STEP);
    if (error_) {
      auto e = error_;
      error_ = nullptr;
      std::rethrow_exception(e);
    }
    if (flag < 0) {
      double tcur = t_;
      IDAGetCurrentTime(mem_, &tcur);
      std::ostringstream s;
      // an element that reached the end of its domain (or came within 1e-6 of it) is why
      std::string why = out_of_range_;
      if (why.empty()) why = dae_.OutOfDomain(N_VGetArrayPointer(y_.get()), 1e-6);
      if (!why.empty()) {
        s << why << "; the analysis stopped at time " << tcur;
        throw SolverError(s.str());
      }
      s << "the integrator failed at time " << tcur << " (" << IDAGetReturnFlagName(flag) << ")";
      if (!last_message_.empty())
        s << ": "
          << (last_message_.back() == '.' ? last_message_.substr(0, last_message_.size() - 1)
                                          : last_message_);
      if (flag == IDA_TOO_MUCH_ACC) {
        // the error bound is below the roundoff of the largest state (a position of 1e155)
        const auto Y = View(y_.get());
        Eigen::Index largest = 0;
        if (Y.size() > 0) {
          Y.cwiseAbs().maxCoeff(&largest);
          s << "; the largest state, " << dae_.DescribeState(static_cast<int>(largest)) << ", is "
            << Y[largest] << ": the error bound is below its roundoff (a size that large is "
            << "likely a mistake in the model's numbers or units)";
        }
      }
      throw SolverError(s.str());
    }
    out_of_range_.clear();
    // IDA keeps accepting steps that hardly advance the time (down to t + h = t) where the
    // solution changes faster than the error bound allows (a pole such as 1/(0.3-TIME));
    // with one step per call, its own step limit never stops that
    h = 0.0;
    IDAGetLastStep(mem_, &h);
    const bool stalled = std::abs(h) < kStalledStep * std::max(1.0, std::abs(tret));
    stalled_steps_ = stalled ? stalled_steps_ + 1 : 0;
    if (stalled_steps_ >= kStalledStepLimit) {
      std::ostringstream s;
      s << "the integrator cannot advance past time " << tret << ": " << kStalledStepLimit
        << " steps in a row were shorter than " << kStalledStep * std::max(1.0, std::abs(tret))
        << " (the last " << h
        << "); the solution changes faster than the error bound allows (a function with a "
           "pole, or an error bound too tight for the model's units)";
      const int worst = LargestErrorState();
      if (worst >= 0) s << "; the largest error is in " << dae_.DescribeState(worst);
      throw SolverError(s.str());
    }
    if (flag == IDA_ROOT_RETURN) {
      // only the Dae's switches crossed: the integrator restarts there by itself
      const std::vector<int> external = RootsFound();
      const bool switch_only = std::find(external.begin(), external.end(), 1) == external.end() &&
                               std::find(external.begin(), external.end(), -1) == external.end();
      if (tret > tout) {
        // the step passed tout before the crossing: the output at tout comes first
        pending_root_ = true;
        pending_switch_ = switch_only;
        root_time_ = tret;
        return Interpolate(tout);
      }
      t_ = tret;
      if (!switch_only) return false;
      RestartAtSwitch(tret, SwitchesFound(), on_step);
      if (stop_requested_) {
        stop_requested_ = false;
        return false;
      }
      continue;
    }
    t_ = tret;
    saved_t_ = tret;
    saved_y_ = y();
    saved_yp_ = yp();
    dae_.AcceptStep(tret, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()));
    if (on_step) on_step(tret, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()));
    // at a discontinuity time: restart there before the next step
    if (flag == IDA_TSTOP_RETURN && tret == next_break) break_pending_ = true;
    // the caller changes the equations here (a restart at a discontinuity comes first)
    if (stop_requested_ && !break_pending_ && tret <= tout) {
      stop_requested_ = false;
      return false;
    }
    if (flag == IDA_TSTOP_RETURN && tret >= tout) break;
  }
  if (tret > tout) return Interpolate(tout);
  t_ = tout;
  return true;
}

int IdaDriver::LargestErrorState() const {
  VectorPtr error = MakeVector(VecX::Zero(y().size()), ctx_.get());
  VectorPtr weight = MakeVector(VecX::Zero(y().size()), ctx_.get());
  if (IDAGetEstLocalErrors(mem_, error.get()) != IDA_SUCCESS ||
      IDAGetErrWeights(mem_, weight.get()) != IDA_SUCCESS)
    return -1;
  // only the error-tested states: not the algebraic ones, not the excluded outputs
  VecX scaled = View(error.get()).cwiseProduct(View(weight.get())).cwiseAbs();
  for (int i = 0; i < scaled.size(); ++i)
    if (!error_tested_[i]) scaled[i] = 0.0;
  Eigen::Index worst = -1;
  scaled.maxCoeff(&worst);
  return static_cast<int>(worst);
}

bool IdaDriver::Interpolate(double tout) {
  // IDA's interpolating polynomial of its last step, which contains tout
  Check(IDAGetDky(mem_, tout, 0, y_.get()), "IDAGetDky");
  Check(IDAGetDky(mem_, tout, 1, yp_.get()), "IDAGetDky");
  t_ = tout;
  return true;
}

double IdaDriver::step_end() const {
  double t = t_;
  IDAGetCurrentTime(mem_, &t);
  return t;
}

std::vector<int> IdaDriver::SwitchesFound() const {
  std::vector<int> found(switch_count_ + root_count_, 0);
  if (!found.empty()) Check(IDAGetRootInfo(mem_, found.data()), "IDAGetRootInfo");
  found.resize(switch_count_);
  return found;
}

IntegratorStats IdaDriver::stats() const {
  IntegratorStats s;
  IDAGetNumSteps(mem_, &s.steps);
  IDAGetNumResEvals(mem_, &s.residual_evals);
  IDAGetNumJacEvals(mem_, &s.jacobian_evals);
  IDAGetNumErrTestFails(mem_, &s.error_test_fails);
  IDAGetNumNonlinSolvConvFails(mem_, &s.nonlinear_fails);
  IDAGetNumStepSolveFails(mem_, &s.step_nonlinear_fails);
  IDAGetNumNonlinSolvIters(mem_, &s.newton_iters);
  IDAGetLastStep(mem_, &s.last_step);
  if (s.steps == 0) s.last_step = before_restart_.last_step;
  s.steps += before_restart_.steps;
  s.residual_evals += before_restart_.residual_evals;
  s.jacobian_evals += before_restart_.jacobian_evals;
  s.error_test_fails += before_restart_.error_test_fails;
  s.nonlinear_fails += before_restart_.nonlinear_fails;
  s.newton_iters += before_restart_.newton_iters;
  s.step_nonlinear_fails += before_restart_.step_nonlinear_fails;
  s.switches = switch_events_;
  s.jacobian_patterns = jac_ ? jac_->pattern_changes() : 0;
  return s;
}

}  // namespace msolve::solver
