// Force elements between two markers whose wrench depends only on the states of the two
// bodies (spring-dampers, bushings): one interface, with the exact Jacobian obtained by
// automatic differentiation of each element's templated formula.
#pragma once

#include <string>

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

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

class PairForceElement {
 public:
  /// Scalar with derivatives with respect to the states of both bodies (I then J).
  using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, 2 * kBodyX, 1>>;

  PairForceElement(const model::Entity* source, BodyMarker i, BodyMarker j)
      : source_(source), i_(i), j_(j) {}
  virtual ~PairForceElement() = default;

  const model::Entity* source() const { return source_; }
  const BodyMarker& i() const { return i_; }
  const BodyMarker& j() const { return j_; }

  /// Wrenches on the bodies of I and J for their states xI, xJ (nullptr for the ground), and
  /// optionally their Jacobian.
  void Evaluate(const double* xI, const double* xJ, Wrench* on_i, Wrench* on_j,
                PairForceJacobian* jac) const;

  /// Called after every accepted step (elements that follow angles through whole turns).
  virtual void Accept(const double* xI, const double* xJ) { (void)xI, (void)xJ; }

  /// The angles followed through whole turns, to carry over when the model is compiled
  /// again; SetMemory takes them back.
  virtual std::vector<double> Memory() const { return {}; }
  virtual void SetMemory(const std::vector<double>& memory) { (void)memory; }

  /// Elastic energy stored in the element (force x length, model units); zero for elements
  /// whose whole work is counted as the work of non-conservative forces.
  virtual double Energy(const double* xI, const double* xJ) const {
    (void)xI, (void)xJ;
    return 0.0;
  }

  /// Power of the forces that Energy does not account for, given the element's wrenches:
  /// by default the whole power of the wrenches, sum of F.v + T.w over both bodies.
  virtual double NonConservativePower(const double* xI, const double* xJ, const Wrench& on_i,
                                      const Wrench& on_j) const;

  /// Why the states are outside the element's domain (a saturating spring at its limit),
  /// or "" when they are inside; `margin` (relative) widens the limit, to tell states close
  /// to it.
  virtual std::string OutOfRange(const double* xI, const double* xJ, double margin) const {
    (void)xI, (void)xJ, (void)margin;
    return {};
  }

 protected:
  /// The wrenches on I (out[0..5]) and on J (out[6..11]).
  virtual void Compute(const double* xI, const double* xJ, double* out) const = 0;
  virtual void Compute(const AD* xI, const AD* xJ, AD* out) const = 0;

 private:
  const model::Entity* source_;
  BodyMarker i_, j_;
};

}  // namespace msolve::mbs
