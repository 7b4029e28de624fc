// An ordinary differential equation x' = f(t, x) that stands for the DAE F(t, y, y') = 0 of
// solver/dae.h: the ODE form of the equations of motion (docs/equations.md §6.9), whose
// states x are the independent coordinates, their velocities and the other differential
// states. All that CvodeDriver (solver/cvode_driver.h) knows of a model. The equations of a
// mechanism implement it on top of a system::System (analysis/ode_form.h); the tests
// implement it for small systems with known solutions.
#pragma once

#include <string>
#include <vector>

#include "common/types.h"

namespace msolve::solver {

class Ode {
 public:
  virtual ~Ode() = default;

  /// Number of states x.
  virtual int size() const = 0;
  /// Number of states y of the DAE that the ODE stands for.
  virtual int full_size() const = 0;

  /// Per state x: whether it is held to the error bound (false: an output such as a work
  /// integrated alongside, out of the error test). Read when the integrator (re)starts.
  virtual std::vector<bool> ErrorTested() const = 0;

  /// x' = f(t, x) into xdot (size() values). Returns false when f has no value at x (the
  /// dependent coordinates cannot be recovered there, an element is out of its domain): the
  /// integrator retries with a smaller step. May throw: the integration then stops and
  /// rethrows.
  virtual bool Rhs(double t, const double* x, double* xdot) = 0;

  /// The DAE's state (y, y') at (t, x) (full_size() values each). Throws SolverError when it
  /// cannot be recovered.
  virtual void Expand(double t, const double* x, double* y, double* yp) = 0;
  /// Whether an accepted step between outputs needs its rates y' (default true). When not
  /// (nothing reads them there: no element with memory, sensor or request), CvodeDriver
  /// takes such a step's y from ExpandStates, which spares the evaluation of f that the
  /// rates cost, and Expand's full state at outputs, events and restarts.
  virtual bool StepRatesNeeded() const { return true; }
  /// The DAE's states y at (t, x) as Expand gives them, without the rates.
  virtual void ExpandStates(double t, const double* x, double* y) {
    VecX yp(full_size());
    Expand(t, x, y, yp.data());
  }

  /// The states x of a consistent DAE state y at t (size() values).
  virtual void Reduce(double t, const double* y, double* x) = 0;

  /// After an accepted step, with its DAE state: chooses the independent coordinates again
  /// when those chosen have become ill-conditioned. Returns a line for the run's messages
  /// when it did (x then means other coordinates: the integrator restarts from Reduce(y)),
  /// "" otherwise.
  virtual std::string Repartition(double t, const double* y) = 0;

  /// Called after every accepted step with its DAE state (terms with memory take it as
  /// reference).
  virtual void AcceptStep(double /*t*/, const double* /*y*/, const double* /*yp*/) {}

  /// As Dae::DiscontinuityTimes and Dae::Reconcile, on the DAE's states.
  virtual std::vector<double> DiscontinuityTimes() const { return {}; }
  virtual void Reconcile(double t, VecX* y, VecX* yp) { (void)t, (void)y, (void)yp; }
  /// As Dae::SwitchCount, Switches, ReconcileSwitch and DescribeSwitch, on the DAE's states:
  /// the switching quantities (docs/equations.md §6.10) that CvodeDriver makes root functions.
  virtual int SwitchCount() const { return 0; }
  virtual void Switches(double t, const double* y, const double* yp, double* g) const {
    (void)t, (void)y, (void)yp, (void)g;
  }
  virtual void ReconcileSwitch(double t, VecX* y, VecX* yp) { Reconcile(t, y, yp); }
  virtual std::string DescribeSwitch(int k) const { return "switch " + std::to_string(k); }

  /// For messages: why the DAE state y is outside the domain of the equations ("" when it is
  /// not), and what state x[index] is.
  virtual std::string OutOfDomain(const double* /*y*/, double /*margin*/) const { return ""; }
  virtual std::string DescribeState(int index) const { return "state " + std::to_string(index); }
};

}  // namespace msolve::solver
