// The differential-algebraic equations F(t, y, y') = 0 as the integrator sees them: all that
// IdaDriver knows of a model. The equations of a mechanism implement it on top of a
// system::System (analysis/system_dae.h); the tests implement it for small DAEs with known
// solutions.
#pragma once

#include <string>
#include <vector>

#include "common/triplet.h"
#include "common/types.h"

namespace msolve::solver {

/// How the integrator weighs a state in its local error test and in the convergence test of
/// its Newton iteration.
enum class StateTolerance {
  /// Held to the absolute error bound of the integration (IntegratorSettings::error), as
  /// positions and velocities are.
  kErrorBound,
  /// Neither error-tested nor weighed in the Newton test: an algebraic state whose accuracy
  /// follows from the others' (the constraint groups see to its equations), or a
  /// differential state that is only an output (a work integrated alongside the motion).
  kExcluded,
  /// An algebraic state that the Newton iteration converges to kRelativeStateTolerance of the
  /// largest magnitude (at least 1) among the states of this class: reactions that forces
  /// read, whose errors would otherwise feed the forces.
  kRelative,
};

/// Relative accuracy to which Newton converges the states of class StateTolerance::kRelative.
inline constexpr double kRelativeStateTolerance = 1e-8;

/// Equations first .. first + count - 1 of F, whose largest absolute residual the Newton
/// iteration of every step brings within `tolerance` (besides its own convergence test):
/// constraints, which the error test does not see.
struct ConstraintGroup {
  int first = 0;
  int count = 0;
  double tolerance = 0.0;
};

/// F(t, y, y') = 0 with as many equations as states. The integrator calls Residual and
/// Jacobian at iterates of its Newton iteration (not only at accepted states), and
/// AcceptStep once a step is accepted. Residual and Jacobian may throw: the integration then
/// stops and rethrows the exception.
class Dae {
 public:
  virtual ~Dae() = default;

  /// Number of states y (and of equations F).
  virtual int size() const = 0;

  /// Per state: 1 when it is differential (its rate y' appears in F), 0 when algebraic.
  virtual VecX DifferentialIds() const = 0;

  /// Per state: how the integrator weighs it (see StateTolerance). Read once, when the
  /// integrator starts.
  virtual std::vector<StateTolerance> Tolerances() const = 0;

  /// The constraint groups that every accepted step must meet. Read once, when the
  /// integrator starts.
  virtual std::vector<ConstraintGroup> ConstraintGroups() const { return {}; }

  /// F(t, y, y') into F (size() values). A residual that is not finite makes the integrator
  /// retry with a smaller step.
  virtual void Residual(double t, const double* y, const double* yp, double* F) const = 0;

  /// dF/dy + cj dF/dy' as triplets (duplicates summed), replacing the contents of `out`. The
  /// sequence of (row, col) may change between calls (contacts that start or stop touching),
  /// which costs a new sparse analysis: keep it the same while nothing switches.
  virtual void Jacobian(double t, const double* y, const double* yp, double cj,
                        std::vector<Triplet>* out) const = 0;

  /// Times at which F is not smooth in t (kinks and jumps of inputs that are functions of
  /// time), sorted. The integrator ends a step exactly at each one, with F evaluated on the
  /// side before it, then calls Reconcile and restarts there. Read once, when the integrator
  /// starts.
  virtual std::vector<double> DiscontinuityTimes() const { return {}; }

  /// At a discontinuity time t that the integration reached: makes (y, y'), the state at the
  /// end of the step before t, consistent with the equations just after t (velocities that
  /// jump, rates). From then on F at t is that of the side after t.
  virtual void Reconcile(double t, VecX* y, VecX* yp) { (void)t, (void)y, (void)yp; }

  /// The number of switching quantities (docs/equations.md §6.10): continuous functions of
  /// the state whose zeros are where F is not smooth in y (an IF of a position, a stop, a
  /// contact's onset). The integrator finds their zeros as root functions, ends a step at
  /// each, calls ReconcileSwitch and restarts there. Read once, when the integrator starts.
  virtual int SwitchCount() const { return 0; }
  /// The switching quantities at (t, y, y') into g[0 .. SwitchCount()). `g` holds their last
  /// values on entry (those the equations do not evaluate at this state may keep them).
  virtual void Switches(double t, const double* y, const double* yp, double* g) const {
    (void)t, (void)y, (void)yp, (void)g;
  }
  /// At a switch the integration reached: (y, y') made consistent with the equations there.
  virtual void ReconcileSwitch(double t, VecX* y, VecX* yp) { Reconcile(t, y, yp); }
  /// What switching quantity k is, for a message.
  virtual std::string DescribeSwitch(int k) const { return "switch " + std::to_string(k); }

  /// Called after every accepted step with its end state, before the caller of the
  /// integration hears of it: terms with memory take the accepted state as reference.
  virtual void AcceptStep(double /*t*/, const double* /*y*/, const double* /*yp*/) {}

  // -- for messages ---------------------------------------------------------------------------

  /// Why y is outside the domain of the equations, or within the relative `margin` of its
  /// end (an element at the end of its range), as a readable line; "" when it is not (or
  /// when the equations cannot tell).
  virtual std::string OutOfDomain(const double* /*y*/, double /*margin*/) const { return ""; }

  /// Which term of F is infinite or NaN at (t, y, y'), as a readable line; "" when none is
  /// (or when the equations cannot tell).
  virtual std::string NonFinite(double /*t*/, const double* /*y*/, const double* /*yp*/) const {
    return "";
  }

  /// What state y[index] is, for a message.
  virtual std::string DescribeState(int index) const { return "state " + std::to_string(index); }
};

}  // namespace msolve::solver
