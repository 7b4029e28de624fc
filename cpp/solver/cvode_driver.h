// SUNDIALS CVODE on the ODE form of the equations of motion (solver/ode.h): BDF with Newton
// and a difference-quotient dense Jacobian (MotionSolve's MSTIFF and VSTIFF), or
// Adams-Moulton with fixed-point iteration (ABAM, non-stiff); docs/equations.md §6.9. The
// caller sees the DAE's states, as with IdaDriver.
#pragma once

#include <exception>
#include <string>
#include <vector>

#include "common/types.h"
#include "solver/integrator.h"
#include "solver/ode.h"
#include "solver/sundials_util.h"

namespace msolve::solver {

class CvodeDriver : public Integrator {
 public:
  /// Starts the integration of `ode` (which must outlive the driver) at a consistent DAE
  /// state (t0, y0, yp0).
  CvodeDriver(Ode& ode, const IntegratorSettings& settings, double t0, const VecX& y0,
              const VecX& yp0);
  ~CvodeDriver() override;
  CvodeDriver(const CvodeDriver&) = delete;
  CvodeDriver& operator=(const CvodeDriver&) = delete;

  bool AdvanceTo(double tout,
                 const std::function<void(double, const double*, const double*)>& on_step) override;
  void SetRootFunctions(const std::vector<int>& directions, RootFunction g) override;
  std::vector<int> RootsFound() const override;
  void Restart(double t, const VecX& y, const VecX& yp, double hinit = 0.0) override;
  double BackUp() override;
  void RequestStop() override { stop_requested_ = true; }
  void SetMaxStep(double hmax) override;
  void SetMinStep(double hmin) override;
  void SetEnd(double end) override { end_ = end; }
  double time() const override { return t_; }
  double step_end() const override;
  Eigen::Map<VecX> y() const override { return Eigen::Map<VecX>(y_.data(), y_.size()); }
  Eigen::Map<VecX> yp() const override { return Eigen::Map<VecX>(yp_.data(), yp_.size()); }
  IntegratorStats stats() const override;
  std::vector<std::string> TakeMessages() override;

  // callbacks (public for the C trampolines)
  Ode& ode_;
  RootFunction roots_;
  std::exception_ptr error_;
  std::string last_message_;
  VecX root_y_, root_yp_;  // the DAE state at a root function's evaluation
  // the root functions at (t, x): the Ode's switches, then the caller's
  void EvaluateRoots(double t, const double* x, double* g);

 private:
  // CVodeReInit at (t, x of y) with a first step hinit (0: CVODE's estimate)
  void ReInit(double t, const VecX& y, double hinit);
  double NextBreak(double t) const;
  // throws SolverError for a negative CVODE flag
  void Fail(int flag) const;
  // (re)installs the root functions in CVODE: the switches, then the caller's
  void InstallRoots();
  // per switch, whether it crossed (after a root return)
  std::vector<int> SwitchesFound() const;
  // at a switch of the equations the integration reached (time t_, state y_, yp_): an
  // accepted point, the state made consistent there and a restart (docs/equations.md §6.10)
  void RestartAtSwitch(const std::vector<int>& found,
                       const std::function<void(double, const double*, const double*)>& on_step);

  OdeMethod method_;
  ContextPtr ctx_;
  VectorPtr x_, atol_;
  MatrixPtr matrix_;
  LinSolPtr linsol_;
  NonlinSolPtr nls_;
  void* mem_ = nullptr;
  double t_ = 0.0, end_ = 0.0;
  mutable VecX y_, yp_;
  std::vector<double> breaks_;
  int root_count_ = 0;
  std::vector<int> root_directions_;
  // the Ode's switching quantities as root functions (docs/equations.md §6.10), their last
  // values, those let go because they chattered, and when each last switched
  int switch_count_ = 0;
  VecX switch_values_;
  SwitchWatch switch_watch_;  // the switches that chatter
  long switch_events_ = 0;
  bool stop_requested_ = false;
  // counts of the integrations before the last restart (CVodeReInit resets CVODE's)
  IntegratorStats before_restart_;
  double saved_t_ = 0.0;
  VecX saved_y_, saved_yp_;
  std::vector<std::string> messages_;
  bool stiffness_reported_ = false;
};

}  // namespace msolve::solver
