#include "solver/cvode_driver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include <cvode/cvode.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "common/error.h"
#include "common/interrupt.h"

namespace msolve::solver {
namespace {

// ABAM reports stiffness when its fixed-point iteration fails to converge on more than this
// fraction of its steps (after kStiffnessMinSteps): the step is then bounded by the
// stability of the iteration rather than by the error bound
constexpr double kStiffnessFailRatio = 0.1;
constexpr long kStiffnessMinSteps = 200;

int Rhs(double t, N_Vector x, N_Vector xdot, void* data) {
  auto* d = static_cast<CvodeDriver*>(data);
  try {
    PollInterrupt();
    if (!d->ode_.Rhs(t, N_VGetArrayPointer(x), N_VGetArrayPointer(xdot))) return 1;
    // recoverable: CVODE retries with a smaller step
    return View(xdot).allFinite() ? 0 : 1;
  } catch (...) {
    d->error_ = std::current_exception();
    return -1;
  }
}

int Roots(double t, N_Vector x, double* g, void* data) {
  auto* d = static_cast<CvodeDriver*>(data);
  try {
    d->EvaluateRoots(t, N_VGetArrayPointer(x), g);
    return 0;
  } catch (...) {
    d->error_ = std::current_exception();
    return -1;
  }
}

void ErrorHandler(int, const char*, const char*, char* msg, void* data) {
  static_cast<CvodeDriver*>(data)->last_message_ = msg;
}

}  // namespace

CvodeDriver::CvodeDriver(Ode& ode, const IntegratorSettings& settings, double t0, const VecX& y0,
                         const VecX& yp0)
    : ode_(ode), method_(settings.ode_method), ctx_(MakeContext()), t_(t0), end_(t0) {
  const int full = ode.full_size();
  if (y0.size() != full || yp0.size() != full)
    throw SolverError("internal error: the initial state does not match the size of the ODE");
  y_ = y0;
  yp_ = yp0;
  root_y_ = y0;
  root_yp_ = yp0;
  const int n = ode.size();
  VecX x0(n);
  ode.Reduce(t0, y0.data(), x0.data());
  x_ = MakeVector(x0, ctx_.get());
  mem_ = CVodeCreate(method_ == OdeMethod::kAdams ? CV_ADAMS : CV_BDF, ctx_.get());
  if (mem_ == nullptr) throw SolverError("CVodeCreate failed");
  Check(CVodeInit(mem_, solver::Rhs, t0, x_.get()), "CVodeInit");
  Check(CVodeSetUserData(mem_, this), "CVodeSetUserData");
  Check(CVodeSetErrHandlerFn(mem_, ErrorHandler, this), "CVodeSetErrHandlerFn");
  // the same absolute error bound in model units as the DAE form (docs/equations.md §6.1);
  // outputs integrated alongside are out of the error test
  const std::vector<bool> tested = ode.ErrorTested();
  VecX atol(n);
  for (int i = 0; i < n; ++i) atol[i] = tested[i] ? settings.error : 1e20;
  atol_ = MakeVector(atol, ctx_.get());
  Check(CVodeSVtolerances(mem_, 0.0, atol_.get()), "CVodeSVtolerances");
  if (method_ == OdeMethod::kAdams) {
    // ABAM: Adams-Moulton corrected by fixed-point (functional) iteration, no Jacobian
    nls_.reset(SUNNonlinSol_FixedPoint(x_.get(), 0, ctx_.get()));
    Check(CVodeSetNonlinearSolver(mem_, nls_.get()), "CVodeSetNonlinearSolver");
  } else {
    // the ODE has as many states as the model has freedoms: a dense difference-quotient
    // Jacobian costs that many evaluations of f
    matrix_.reset(SUNDenseMatrix(std::max(n, 1), std::max(n, 1), ctx_.get()));
    linsol_.reset(SUNLinSol_Dense(x_.get(), matrix_.get(), ctx_.get()));
    Check(CVodeSetLinearSolver(mem_, linsol_.get(), matrix_.get()), "CVodeSetLinearSolver");
  }
  Check(CVodeSetMaxNumSteps(mem_, 1000000), "CVodeSetMaxNumSteps");
  if (settings.hmax) Check(CVodeSetMaxStep(mem_, *settings.hmax), "CVodeSetMaxStep");
  if (settings.hmin) Check(CVodeSetMinStep(mem_, *settings.hmin), "CVodeSetMinStep");
  if (settings.hinit) Check(CVodeSetInitStep(mem_, *settings.hinit), "CVodeSetInitStep");
  if (settings.kmax) Check(CVodeSetMaxOrd(mem_, *settings.kmax), "CVodeSetMaxOrd");
  if (settings.maxit)
    Check(CVodeSetMaxNonlinIters(mem_, *settings.maxit), "CVodeSetMaxNonlinIters");
  saved_t_ = t0;
  saved_y_ = y0;
  saved_yp_ = yp0;
  breaks_ = ode.DiscontinuityTimes();
  if (settings.switch_roots) switch_count_ = ode.SwitchCount();
  switch_values_ = VecX::Ones(switch_count_);
  switch_watch_.Reset(switch_count_);
  InstallRoots();
}

void CvodeDriver::EvaluateRoots(double t, const double* x, double* g) {
  ode_.Expand(t, x, root_y_.data(), root_yp_.data());
  if (switch_count_ > 0) {
    ode_.Switches(t, root_y_.data(), root_yp_.data(), switch_values_.data());
    for (int k = 0; k < switch_count_; ++k) g[k] = switch_watch_.muted(k) ? 1.0 : switch_values_[k];
  }
  if (roots_) roots_(t, root_y_.data(), root_yp_.data(), g + switch_count_);
}

void CvodeDriver::InstallRoots() {
  const int total = switch_count_ + root_count_;
  Check(CVodeRootInit(mem_, total, total ? Roots : nullptr), "CVodeRootInit");
  if (total == 0) return;
  std::vector<int> dir(switch_count_, 0);
  dir.insert(dir.end(), root_directions_.begin(), root_directions_.end());
  Check(CVodeSetRootDirection(mem_, dir.data()), "CVodeSetRootDirection");
  // a sensed value may rightly stay at its threshold for a while: no warning
  Check(CVodeSetNoInactiveRootWarn(mem_), "CVodeSetNoInactiveRootWarn");
}

std::vector<int> CvodeDriver::SwitchesFound() const {
  std::vector<int> found(switch_count_ + root_count_, 0);
  if (!found.empty()) Check(CVodeGetRootInfo(mem_, found.data()), "CVodeGetRootInfo");
  found.resize(switch_count_);
  return found;
}

void CvodeDriver::RestartAtSwitch(
    const std::vector<int>& found,
    const std::function<void(double, const double*, const double*)>& on_step) {
  // as IdaDriver: the located switch is a point of the solution that elements with memory
  // and the caller see as an accepted step; a switch that chatters is let go
  const double t = t_;
  ode_.AcceptStep(t, y_.data(), yp_.data());
  if (on_step) on_step(t, y_.data(), yp_.data());
  ++switch_events_;
  switch_watch_.Located(
      found, t, [this](int k) { return ode_.DescribeSwitch(k); }, &messages_);
  VecX y = y_, yp = yp_;
  ode_.ReconcileSwitch(t, &y, &yp);
  double h = 0.0;
  CVodeGetLastStep(mem_, &h);
  Restart(t, y, yp, std::abs(h));
}

CvodeDriver::~CvodeDriver() { CVodeFree(&mem_); }

void CvodeDriver::SetMaxStep(double hmax) { Check(CVodeSetMaxStep(mem_, hmax), "CVodeSetMaxStep"); }

void CvodeDriver::SetMinStep(double hmin) { Check(CVodeSetMinStep(mem_, hmin), "CVodeSetMinStep"); }

void CvodeDriver::SetRootFunctions(const std::vector<int>& directions, RootFunction g) {
  roots_ = std::move(g);
  root_count_ = static_cast<int>(directions.size());
  root_directions_ = directions;
  InstallRoots();
}

std::vector<int> CvodeDriver::RootsFound() const {
  std::vector<int> found(switch_count_ + root_count_, 0);
  if (!found.empty()) Check(CVodeGetRootInfo(mem_, found.data()), "CVodeGetRootInfo");
  return std::vector<int>(found.begin() + switch_count_, found.end());
}

void CvodeDriver::ReInit(double t, const VecX& y, double hinit) {
  const IntegratorStats now = stats();
  VecX x(ode_.size());
  ode_.Reduce(t, y.data(), x.data());
  View(x_.get()) = x;
  Check(CVodeReInit(mem_, t, x_.get()), "CVodeReInit");
  Check(CVodeSetInitStep(mem_, hinit), "CVodeSetInitStep");
  before_restart_ = now;
}

void CvodeDriver::Restart(double t, const VecX& y, const VecX& yp, double hinit) {
  ReInit(t, y, hinit);
  t_ = t;
  y_ = y;
  yp_ = yp;
  saved_t_ = t;
  saved_y_ = y;
  saved_yp_ = yp;
}

double CvodeDriver::BackUp() {
  const double t = saved_t_;
  const VecX y = saved_y_, yp = saved_yp_;
  Restart(t, y, yp);
  return t;
}

double CvodeDriver::NextBreak(double t) const {
  const double after = t + 1e-13 * std::max(1.0, std::abs(t));
  const auto it = std::upper_bound(breaks_.begin(), breaks_.end(), after);
  return it == breaks_.end() ? std::numeric_limits<double>::infinity() : *it;
}

void CvodeDriver::Fail(int flag) const {
  double tcur = t_;
  CVodeGetCurrentTime(mem_, &tcur);
  std::ostringstream s;
  const std::string why = ode_.OutOfDomain(y_.data(), 1e-6);
  if (!why.empty()) {
    s << why << "; the analysis stopped at time " << tcur;
    throw SolverError(s.str());
  }
  s << "the integrator (CVODE, ODE form) failed at time " << tcur << " ("
    << CVodeGetReturnFlagName(flag) << ")";
  if (!last_message_.empty()) s << ": " << last_message_;
  throw SolverError(s.str());
}

bool CvodeDriver::AdvanceTo(
    double tout, const std::function<void(double, const double*, const double*)>& on_step) {
  if (tout - t_ <= 1e-13 * std::max(1.0, std::abs(tout))) {
    t_ = std::max(t_, tout);
    return true;
  }
  double tret = t_;
  while (tret < tout) {
    double tn = tret;
    CVodeGetCurrentTime(mem_, &tn);
    const double next_break = NextBreak(tn);
    // outputs are hit exactly (CVODE's stop time), and every discontinuity time before them
    const double stop = std::min(tout, next_break);
    if (stop > tn) Check(CVodeSetStopTime(mem_, stop), "CVodeSetStopTime");
    const int flag = CVode(mem_, tout, x_.get(), &tret, CV_ONE_STEP);
    if (error_) {
      auto e = error_;
      error_ = nullptr;
      std::rethrow_exception(e);
    }
    if (flag < 0) Fail(flag);
    // a step inside the output interval whose rates nothing reads: its y only (Ode::
    // StepRatesNeeded); yp_ keeps the last rates computed until the next full state
    const bool states_only = flag == CV_SUCCESS && tret < tout && !ode_.StepRatesNeeded();
    if (states_only)
      ode_.ExpandStates(tret, N_VGetArrayPointer(x_.get()), y_.data());
    else
      ode_.Expand(tret, N_VGetArrayPointer(x_.get()), y_.data(), yp_.data());
    t_ = tret;
    if (flag == CV_ROOT_RETURN) {
      // only the Ode's switches crossed: restart there and go on to tout
      const std::vector<int> external = RootsFound();
      if (std::any_of(external.begin(), external.end(), [](int r) { return r != 0; })) return false;
      RestartAtSwitch(SwitchesFound(), on_step);
      if (stop_requested_) {
        stop_requested_ = false;
        return false;
      }
      continue;
    }
    saved_t_ = tret;
    saved_y_ = y_;
    saved_yp_ = yp_;
    ode_.AcceptStep(tret, y_.data(), yp_.data());
    if (on_step) on_step(tret, y_.data(), yp_.data());
    if (flag == CV_TSTOP_RETURN && tret == next_break) {
      // at a discontinuity time (docs/equations.md §6.8): the state made consistent after
      // it, and a restart there with a first step as long as the last one
      double h = 0.0;
      CVodeGetLastStep(mem_, &h);
      VecX y = y_, yp = yp_;
      ode_.Reconcile(tret, &y, &yp);
      Restart(tret, y, yp, std::abs(h));
    } else {
      // the independent coordinates chosen again when they became ill-conditioned
      const std::string change = ode_.Repartition(tret, y_.data());
      if (!change.empty()) {
        messages_.push_back(change);
        double h = 0.0;
        CVodeGetLastStep(mem_, &h);
        ReInit(tret, y_, std::abs(h));
      }
    }
    if (stop_requested_) {
      stop_requested_ = false;
      if (states_only) {
        // the caller reads the state where the run stops: with its rates
        ode_.Expand(tret, N_VGetArrayPointer(x_.get()), y_.data(), yp_.data());
        saved_yp_ = yp_;
      }
      return false;
    }
    if (flag == CV_TSTOP_RETURN && tret >= tout) break;
  }
  t_ = tout;
  return true;
}

double CvodeDriver::step_end() const {
  double t = t_;
  CVodeGetCurrentTime(mem_, &t);
  return t;
}

IntegratorStats CvodeDriver::stats() const {
  IntegratorStats s;
  CVodeGetNumSteps(mem_, &s.steps);
  CVodeGetNumRhsEvals(mem_, &s.residual_evals);
  if (method_ == OdeMethod::kBdf) {
    CVodeGetNumJacEvals(mem_, &s.jacobian_evals);
    // the difference-quotient Jacobian's evaluations of f count too
    long dq = 0;
    CVodeGetNumLinRhsEvals(mem_, &dq);
    s.residual_evals += dq;
  }
  CVodeGetNumErrTestFails(mem_, &s.error_test_fails);
  CVodeGetNumNonlinSolvConvFails(mem_, &s.nonlinear_fails);
  CVodeGetNumNonlinSolvIters(mem_, &s.newton_iters);
  CVodeGetLastStep(mem_, &s.last_step);
  s.switches = switch_events_;
  if (s.steps == 0) s.last_step = before_restart_.last_step;
  s.steps += before_restart_.steps;
  s.residual_evals += before_restart_.residual_evals;
  s.jacobian_evals += before_restart_.jacobian_evals;
  s.error_test_fails += before_restart_.error_test_fails;
  s.nonlinear_fails += before_restart_.nonlinear_fails;
  s.newton_iters += before_restart_.newton_iters;
  return s;
}

std::vector<std::string> CvodeDriver::TakeMessages() {
  const IntegratorStats s = stats();
  if (method_ == OdeMethod::kAdams && !stiffness_reported_ && s.steps >= kStiffnessMinSteps &&
      s.nonlinear_fails > kStiffnessFailRatio * s.steps) {
    stiffness_reported_ = true;
    std::ostringstream m;
    m << "ABAM: the model looks stiff (the fixed-point iteration failed to converge on "
      << s.nonlinear_fails << " of " << s.steps
      << " steps, which keeps the steps small); MSTIFF or DSTIFF suit it better";
    messages_.push_back(m.str());
  }
  std::vector<std::string> out;
  out.swap(messages_);
  return out;
}

}  // namespace msolve::solver
