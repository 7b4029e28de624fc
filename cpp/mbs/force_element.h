// The one interface of the applied force elements (SpringDamper, Bushing, SignForce,
// Springsat, Sforce, Vforce/Vtorque/Gforce): the System loops once over its elements for
// the residual, the Jacobian, the power and energy, the memories and the messages.
//
// Memory (docs/architecture.md §3.1): an element keeps nothing that changes during a run. What
// it remembers between steps (the whole turns of the angles it follows) lives in the memory
// block of the run's state (system::State::memory), laid out at compile time: every method
// below receives that whole block as `memory` (it passes it on to the functions it reads); the
// element's own memory_size() slots start at memory_offset(), and only AcceptState writes them.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "common/triplet.h"
#include "mbs/joint.h"
#include "mbs/state_function.h"
#include "model/entities.h"

namespace msolve::mbs {

/// States of a body as the force elements see them: r (3), e (4), v (3), w body (3).
inline constexpr int kBodyX = 13;
/// Generalised force on one body: force (3, global) and torque (3, body axes).
using Wrench = Eigen::Matrix<double, 6, 1>;

/// One entry of a sparse Jacobian, row and column in the system state.
using Triplet = msolve::Triplet;

/// The states of a body in the system state y (13 per body, body k from 13 k, as
/// system::System lays them out), nullptr for the ground.
inline const double* BodyStates(int body, const double* y) {
  return body >= 0 ? y + kBodyX * body : nullptr;
}

class ForceElement {
 public:
  virtual ~ForceElement() = default;

  /// The model entity the element was compiled from.
  virtual const model::Entity* source() const = 0;
  /// The bodies of I (side 0) and J (side 1), kGround for the ground: i().body, j().body.
  int body(int side) const { return body_[side]; }
  /// The markers I and J: the element's wrenches act on their bodies.
  virtual const BodyMarker& i() const = 0;
  virtual const BodyMarker& j() const = 0;
  /// The bodies whose states the wrenches depend on (kGround for the ground): those of I and
  /// J, and of the reference marker of a vector force.
  virtual std::vector<int> state_bodies() const { return {i().body, j().body}; }
  /// False when the element puts nothing on J (an action-only force).
  virtual bool reacts_on_j() const { return true; }

  /// Wrenches on the bodies of I and J at (t, y, yp) in the system layout.
  virtual void Evaluate(double t, const double* y, const double* yp, const double* memory,
                        Wrench* on_i, Wrench* on_j) const = 0;

  /// Appends -d(wrenches)/dy - cj d(wrenches)/dyp to the dynamic rows (7..12) of the bodies
  /// of I and J, and the Jacobian of StateResidual to the rows of the element's own states;
  /// the sequence of (row, col) is the same on every call, except for contacts, which add
  /// their entries only while they touch (solver::JacobianMatrix takes the new pattern).
  virtual void AddJacobian(double t, const double* y, const double* yp, const double* memory,
                           double cj, std::vector<Triplet>* out) const = 0;

  /// The element's own differential states (a Friction's bristle deflections), at
  /// y[first_state() .. first_state() + state_count()); none by default.
  virtual int state_count() const { return 0; }
  virtual int first_state() const { return -1; }
  /// Their residual rows, F[first_state() + k] = yp - rate (nothing without states).
  virtual void StateResidual(double t, const double* y, const double* yp, const double* memory,
                             double* F) const {
    (void)t, (void)y, (void)yp, (void)memory, (void)F;
  }
  /// Their rates at (t, y, yp), written to rates[0 .. state_count()).
  virtual void StateRates(double t, const double* y, const double* yp, const double* memory,
                          double* rates) const {
    (void)t, (void)y, (void)yp, (void)memory, (void)rates;
  }

  /// Power of the forces that StoredEnergy does not account for, given the element's
  /// wrenches: by default the whole power, F.v + T.w over both bodies.
  virtual double WorkRate(const double* y, const double* memory, const Wrench& on_i,
                          const Wrench& on_j) const;
  /// Energy stored in the element (force x length, model units).
  virtual double StoredEnergy(const double* y, const double* memory) const {
    (void)y, (void)memory;
    return 0.0;
  }
  /// Why y is outside the element's domain (within the relative margin), or "".
  virtual std::string OutOfRangeAt(const double* y, const double* memory, double margin) const {
    (void)y, (void)memory, (void)margin;
    return {};
  }

  /// Called after every accepted step: the element writes its memory slots, and by default
  /// the functions the element reads accept the step (they write theirs).
  virtual void AcceptState(double t, const double* y, const double* yp, double* memory) const;
  /// The number of memory slots of the element itself (zero at the start of a run): the
  /// System lays them out at compile time (PlaceMemory), keyed by source().
  virtual int memory_size() const { return 0; }
  /// Where they lie in the memory block (-1 when memory_size() is 0).
  int memory_offset() const { return memory_offset_; }
  void PlaceMemory(int offset) { memory_offset_ = offset; }

  /// Whether Evaluate, WorkRate and AddJacobian may run on another thread than the calling
  /// one, at the same time as other elements': nothing of Python or of a user routine, no
  /// scratch space shared with other elements (docs/architecture.md §2.6). No by default.
  virtual bool concurrent() const { return false; }

  /// The functions of the state the element reads (magnitudes, components), in order.
  virtual std::vector<StateFunction*> functions() const { return {}; }

  /// Switching quantities of the element's own geometry (docs/equations.md §6.10), besides
  /// those of the functions it reads: continuous functions of the positions whose zeros are
  /// where its force switches on or off (a contact's gaps). None by default.
  virtual int switch_count() const { return 0; }
  /// They at the positions y, into g[0 .. switch_count()).
  virtual void Switches(const double* y, double* g) const { (void)y, (void)g; }

  /// Collects what functions() read (they depend on the active joint rows).
  void RefreshDependencies();
  /// The state indices the element's functions read (y, then yp), sorted.
  const std::vector<int>& y_deps() const { return y_deps_; }
  const std::vector<int>& yp_deps() const { return yp_deps_; }

 protected:
  ForceElement(int body_i, int body_j) : body_{body_i, body_j} {}

 private:
  int body_[2];
  int memory_offset_ = -1;
  std::vector<int> y_deps_, yp_deps_;
};

}  // namespace msolve::mbs
