// Runtime bushing (Adams BUSHING, MotionSolve Force_Bushing): linear stiffness and damping
// in the six relative coordinates of marker I with respect to marker J, in J's axes.
#pragma once

#include <array>

#include "mbs/pair_force.h"

namespace msolve::mbs {

/// Force on I, in J's axes: F = -k x - c v + force, with x the position of I's origin
/// relative to J's and v its time derivative in J's frame. Torque on I, in J's axes:
/// T = -kt (a, b, c) - ct w + torque, with (a, b, c) the projected rotations AX, AY, AZ of I
/// relative to J (docs/motionsolve-compatibility.md §4.6; accurate while two of them stay small, as
/// Adams warns) and w the angular velocity of I relative to J. J receives -F and -T - x F: the same
/// force taken at I's origin.
class BushingElement : public PairForceElement {
 public:
  BushingElement(const model::Bushing* source, BodyMarker i, BodyMarker j);

  /// The rotations follow the last accepted ones through whole turns: three memory slots,
  /// the rotations at the last accepted step.
  int memory_size() const override { return 3; }
  void Accept(const double* xI, const double* xJ, double* slots) const override;

 protected:
  void Compute(const double* xI, const double* xJ, const double* slots, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const override;

 private:
  template <class S>
  void ComputeT(const S* xI, const S* xJ, const double* slots, S* out) const;
  template <class S>
  static std::array<S, 3> Rotations(const math::Mat3T<S>& RI, const math::Mat3T<S>& RJ);

  const model::Bushing* bushing_;
};

}  // namespace msolve::mbs
