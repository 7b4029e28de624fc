#include "analysis/kinsol_solve.h"

#include <cstdlib>
#include <exception>
#include <memory>

#include <kinsol/kinsol.h>

#include "common/interrupt.h"
#include "solver/sundials_util.h"

namespace msolve::analysis {
namespace {

// what KINSOL's C callbacks reach through their user data
struct Callback {
  NonlinearSystem* system;
  std::vector<Triplet> triplets;
  solver::JacobianMatrix* jac = nullptr;
  std::exception_ptr error;
};

int Residual(N_Vector x, N_Vector f, void* data) {
  auto* c = static_cast<Callback*>(data);
  try {
    PollInterrupt();
    c->system->Residual(N_VGetArrayPointer(x), N_VGetArrayPointer(f));
    return 0;
  } catch (...) {
    c->error = std::current_exception();
    return -1;
  }
}

int Jacobian(N_Vector x, N_Vector, SUNMatrix J, void* data, N_Vector, N_Vector) {
  auto* c = static_cast<Callback*>(data);
  try {
    PollInterrupt();
    c->system->Jacobian(N_VGetArrayPointer(x), &c->triplets);
    c->jac->Fill(c->triplets, J);
    return 0;
  } catch (...) {
    c->error = std::current_exception();
    return -1;
  }
}

// KINSOL prints its errors to stderr by default; the caller reports the outcome's flag
// (and an exception a callback threw, an interruption among them) instead
void QuietErrors(int, const char*, const char*, char*, void*) {}

struct KinsolDeleter {
  void operator()(void* mem) const { KINFree(&mem); }
};

}  // namespace

NewtonOutcome SolveNewton(NonlinearSystem* system, const NewtonOptions& options, VecX* x) {
  using solver::Check;
  const int n = static_cast<int>(x->size());
  Callback callback{system, {}, nullptr, nullptr};
  solver::ContextPtr ctx = solver::MakeContext();
  solver::VectorPtr xv = solver::MakeVector(*x, ctx.get());
  solver::VectorPtr scale = solver::MakeVector(VecX::Ones(n), ctx.get());
  std::vector<Triplet> pattern;
  system->Jacobian(x->data(), &pattern);
  solver::JacobianMatrix jac(n, pattern, xv.get(), ctx.get());
  callback.jac = &jac;
  std::unique_ptr<void, KinsolDeleter> mem(KINCreate(ctx.get()));
  Check(KINInit(mem.get(), Residual, xv.get()), "KINInit");
  Check(KINSetUserData(mem.get(), &callback), "KINSetUserData");
  Check(KINSetErrHandlerFn(mem.get(), QuietErrors, nullptr), "KINSetErrHandlerFn");
  Check(KINSetLinearSolver(mem.get(), jac.solver(), jac.matrix()), "KINSetLinearSolver");
  Check(KINSetJacFn(mem.get(), Jacobian), "KINSetJacFn");
  Check(KINSetFuncNormTol(mem.get(), options.residual_tolerance), "KINSetFuncNormTol");
  Check(KINSetScaledStepTol(mem.get(), options.step_tolerance), "KINSetScaledStepTol");
  Check(KINSetNumMaxIters(mem.get(), options.max_iterations), "KINSetNumMaxIters");
  Check(KINSetMaxSetupCalls(mem.get(), 1), "KINSetMaxSetupCalls");
  NewtonOutcome outcome;
  outcome.flag = KINSol(mem.get(), xv.get(), KIN_LINESEARCH, scale.get(), scale.get());
  if (callback.error) std::rethrow_exception(callback.error);
  KINGetNumNonlinSolvIters(mem.get(), &outcome.iterations);
  char* name = KINGetReturnFlagName(outcome.flag);  // allocated by SUNDIALS
  outcome.flag_name = name;
  free(name);
  *x = solver::View(xv.get());
  return outcome;
}

}  // namespace msolve::analysis
