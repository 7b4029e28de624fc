// Force elements between two markers whose wrench depends only on the states of the two
// bodies (spring-dampers, bushings): one interface, with the exact Jacobian obtained by
// automatic differentiation of each element's templated formula.
#pragma once

#include <string>

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include "common/types.h"
#include "mbs/force_element.h"
#include "mbs/joint.h"
#include "model/entities.h"

namespace msolve::mbs {

/// d(wrench on I, wrench on J) / d(states of I, states of J)
using PairForceJacobian = Eigen::Matrix<double, 12, 2 * kBodyX>;

class PairForceElement : public ForceElement {
 public:
  /// Scalar with derivatives with respect to the states of both bodies (I then J).
  using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, 2 * kBodyX, 1>>;

  PairForceElement(const model::Entity* source, BodyMarker i, BodyMarker j)
      : ForceElement(i.body, j.body), source_(source), i_(i), j_(j) {}

  const model::Entity* source() const override { return source_; }
  const BodyMarker& i() const override { return i_; }
  const BodyMarker& j() const override { return j_; }
  // a law of constant parameters of the two bodies' states: safe on any thread
  bool concurrent() const override { return true; }

  // -- ForceElement, in terms of the states of the two bodies -------------------------------
  void Evaluate(double t, const double* y, const double* yp, const double* memory, Wrench* on_i,
                Wrench* on_j) const override;
  void AddJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                   std::vector<Triplet>* out) const override;
  double WorkRate(const double* y, const double* memory, const Wrench& on_i,
                  const Wrench& on_j) const override;
  double StoredEnergy(const double* y, const double* memory) const override;
  std::string OutOfRangeAt(const double* y, const double* memory, double margin) const override;
  void AcceptState(double t, const double* y, const double* yp, double* memory) const override;

  // -- in terms of the states xI, xJ of the two bodies (nullptr for the ground) and of the
  // element's own memory slots `slots` (memory_size() of them; nullptr when it has none) --

  /// The element's slots in the memory block of a state (nullptr without memory).
  const double* Slots(const double* memory) const {
    return memory_size() > 0 ? memory + memory_offset() : nullptr;
  }

  /// Wrenches on the bodies of I and J, and optionally their Jacobian.
  void Evaluate(const double* xI, const double* xJ, const double* slots, Wrench* on_i, Wrench* on_j,
                PairForceJacobian* jac) const;

  /// Called after every accepted step: elements that follow angles through whole turns write
  /// the accepted ones into their slots.
  virtual void Accept(const double* xI, const double* xJ, double* slots) const {
    (void)xI, (void)xJ, (void)slots;
  }

  /// Elastic energy stored in the element (force x length, model units); zero for elements
  /// whose whole work is counted as the work of non-conservative forces.
  virtual double Energy(const double* xI, const double* xJ, const double* slots) const {
    (void)xI, (void)xJ, (void)slots;
    return 0.0;
  }

  /// Power of the forces that Energy does not account for, given the element's wrenches:
  /// by default the whole power of the wrenches, sum of F.v + T.w over both bodies.
  virtual double NonConservativePower(const double* xI, const double* xJ, const double* slots,
                                      const Wrench& on_i, const Wrench& on_j) const;

  /// Why the states are outside the element's domain (a saturating spring at its limit),
  /// or "" when they are inside; `margin` (relative) widens the limit, to tell states close
  /// to it.
  virtual std::string OutOfRange(const double* xI, const double* xJ, const double* slots,
                                 double margin) const {
    (void)xI, (void)xJ, (void)slots, (void)margin;
    return {};
  }

 protected:
  /// The wrenches on I (out[0..5]) and on J (out[6..11]).
  virtual void Compute(const double* xI, const double* xJ, const double* slots,
                       double* out) const = 0;
  virtual void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const = 0;

 private:
  const model::Entity* source_;
  BodyMarker i_, j_;
};

}  // namespace msolve::mbs
