#include "solver/ida_driver.h"

#include <cmath>
#include <sstream>

#include <ida/ida.h>

#include "common/error.h"

namespace msolve::solver {
namespace {

int Residual(double t, N_Vector y, N_Vector yp, N_Vector r, void* data) {
  auto* d = static_cast<IdaDriver*>(data);
  try {
    d->sys_.Residual(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(r));
    for (double v : View(r))
      if (!std::isfinite(v)) return 1;  // recoverable: IDA retries with a smaller step
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
    d->sys_.Jacobian(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), cj, &d->triplets_);
    d->jac_->Fill(d->triplets_, J);
    return 0;
  } catch (...) {
    d->error_ = std::current_exception();
    return -1;
  }
}

}  // namespace

IdaDriver::IdaDriver(const system::System& sys, const IntegratorSettings& settings, double t0,
                     const VecX& y0, const VecX& yp0)
    : sys_(sys), ctx_(MakeContext()), t_(t0) {
  y_ = MakeVector(y0, ctx_.get());
  yp_ = MakeVector(yp0, ctx_.get());
  id_ = MakeVector(sys.DifferentialIds(), ctx_.get());
  mem_ = IDACreate(ctx_.get());
  if (mem_ == nullptr) throw SolverError("IDACreate failed");
  Check(IDAInit(mem_, Residual, t0, y_.get(), yp_.get()), "IDAInit");
  Check(IDASetUserData(mem_, this), "IDASetUserData");
  Check(IDASStolerances(mem_, settings.error, settings.error), "IDASStolerances");
  Check(IDASetId(mem_, id_.get()), "IDASetId");
  // multipliers are index-2 variables: keep them out of the local error test
  Check(IDASetSuppressAlg(mem_, SUNTRUE), "IDASetSuppressAlg");
  Check(IDASetMaxNumSteps(mem_, 1000000), "IDASetMaxNumSteps");
  if (settings.hmax) Check(IDASetMaxStep(mem_, *settings.hmax), "IDASetMaxStep");
  if (settings.hmin) Check(IDASetMinStep(mem_, *settings.hmin), "IDASetMinStep");
  if (settings.hinit) Check(IDASetInitStep(mem_, *settings.hinit), "IDASetInitStep");
  if (settings.kmax) Check(IDASetMaxOrd(mem_, *settings.kmax), "IDASetMaxOrd");
  if (settings.maxit) Check(IDASetMaxNonlinIters(mem_, *settings.maxit), "IDASetMaxNonlinIters");
  sys.Jacobian(t0, y0.data(), yp0.data(), 1.0, &triplets_);
  jac_ = std::make_unique<JacobianMatrix>(sys.size(), triplets_, y_.get(), ctx_.get());
  Check(IDASetLinearSolver(mem_, jac_->solver(), jac_->matrix()), "IDASetLinearSolver");
  Check(IDASetJacFn(mem_, Jacobian), "IDASetJacFn");
}

IdaDriver::~IdaDriver() { IDAFree(&mem_); }

void IdaDriver::SetMaxStep(double hmax) { Check(IDASetMaxStep(mem_, hmax), "IDASetMaxStep"); }

void IdaDriver::AdvanceTo(double tout) {
  if (tout <= t_) return;
  Check(IDASetStopTime(mem_, tout), "IDASetStopTime");
  double tret = t_;
  while (tret < tout) {
    const int flag = IDASolve(mem_, tout, &tret, y_.get(), yp_.get(), IDA_NORMAL);
    if (error_) {
      auto e = error_;
      error_ = nullptr;
      std::rethrow_exception(e);
    }
    if (flag < 0) {
      double tcur = t_;
      IDAGetCurrentTime(mem_, &tcur);
      std::ostringstream s;
      s << "the integrator failed at time " << tcur << ": " << IDAGetReturnFlagName(flag);
      throw SolverError(s.str());
    }
    t_ = tret;
    if (flag == IDA_TSTOP_RETURN) break;
  }
  t_ = tout;
}

IntegratorStats IdaDriver::stats() const {
  IntegratorStats s;
  IDAGetNumSteps(mem_, &s.steps);
  IDAGetNumResEvals(mem_, &s.residual_evals);
  IDAGetNumJacEvals(mem_, &s.jacobian_evals);
  IDAGetNumErrTestFails(mem_, &s.error_test_fails);
  IDAGetNumNonlinSolvConvFails(mem_, &s.nonlinear_fails);
  IDAGetLastStep(mem_, &s.last_step);
  return s;
}

}  // namespace msolve::solver
