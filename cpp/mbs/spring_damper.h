// Runtime spring-damper: the generalised forces it applies to the bodies of its two markers,
// with their exact Jacobian (automatic differentiation over both bodies' states).
#pragma once

#include "common/types.h"
#include "mbs/joint.h"
#include "model/entities.h"

namespace msolve::mbs {

/// States of a body as the force elements see them: r (3), e (4), v (3), w body (3).
inline constexpr int kBodyX = 13;
/// Generalised force on one body: force (3, global) and torque (3, body axes).
using Wrench = Eigen::Matrix<double, 6, 1>;
/// d(wrench on I, wrench on J) / d(states of I, states of J)
using PairForceJacobian = Eigen::Matrix<double, 12, 2 * kBodyX>;

class SpringDamperElement {
 public:
  /// `length` is the free length already resolved (translation); throws ModelError for
  /// markers that coincide in a translational spring-damper.
  SpringDamperElement(const model::SpringDamper* source, bool rotation, BodyMarker i, BodyMarker j,
                      double length);

  const model::SpringDamper* source() const { return source_; }
  const BodyMarker& i() const { return i_; }
  const BodyMarker& j() const { return j_; }

  /// Wrenches on the bodies of I and J for their states xI, xJ (nullptr for the ground), and
  /// optionally their Jacobian.
  void Evaluate(const double* xI, const double* xJ, Wrench* on_i, Wrench* on_j,
                PairForceJacobian* jac) const;

  /// The scalar force (translation) or torque (rotation) and the deflection.
  double Magnitude(const double* xI, const double* xJ) const;

  /// Called after every accepted step: the rotation angle is followed continuously through
  /// whole turns from the last accepted value.
  void Accept(const double* xI, const double* xJ);

 private:
  template <class S>
  void Compute(const S* xI, const S* xJ, S* out /*12*/, S* magnitude) const;

  const model::SpringDamper* source_;
  bool rotation_;
  BodyMarker i_, j_;
  double length_;
  double reference_angle_ = 0.0;  // angle at the last accepted step
};

}  // namespace msolve::mbs
