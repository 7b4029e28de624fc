// Runtime spring-damper: the generalised forces it applies to the bodies of its two markers.
#pragma once

#include "mbs/pair_force.h"

namespace msolve::mbs {

class SpringDamperElement : public PairForceElement {
 public:
  /// `length` is the free length already resolved (translation).
  SpringDamperElement(const model::SpringDamper* source, bool rotation, BodyMarker i, BodyMarker j,
                      double length);

  /// A rotational spring follows its angle continuously through whole turns from the last
  /// accepted value: one memory slot, the angle at the last accepted step.
  int memory_size() const override { return rotation_ ? 1 : 0; }
  void Accept(const double* xI, const double* xJ, double* slots) const override;

  /// 1/2 k (d - length)^2 - force (d - length), or 1/2 kt (a - angle)^2 - torque (a - angle):
  /// the potential of the stiffness and of the preload.
  double Energy(const double* xI, const double* xJ, const double* slots) const override;
  /// The damping's power, -c (dd/dt)^2 or -ct (da/dt)^2 (plus, for a rotation whose axes are
  /// not parallel, what the torque about z_J does beyond the angle's rate).
  double NonConservativePower(const double* xI, const double* xJ, const double* slots,
                              const Wrench& on_i, const Wrench& on_j) const override;

 protected:
  void Compute(const double* xI, const double* xJ, const double* slots, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const override;

 private:
  template <class S>
  void ComputeT(const S* xI, const S* xJ, const double* slots, S* out /*12*/) const;

  const model::SpringDamper* spring_;
  bool rotation_;
  double length_;
  // the deflection (d - length, or a - angle) and its exact rate
  void Deflection(const double* xI, const double* xJ, const double* slots, double* deflection,
                  double* rate) const;
};

}  // namespace msolve::mbs
