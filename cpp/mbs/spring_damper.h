// Runtime spring-damper: the generalised forces it applies to the bodies of its two markers.
#pragma once

#include "mbs/pair_force.h"

namespace msolve::mbs {

class SpringDamperElement : public PairForceElement {
 public:
  /// `length` is the free length already resolved (translation).
  SpringDamperElement(const model::SpringDamper* source, bool rotation, BodyMarker i, BodyMarker j,
                      double length);

  /// The rotation angle is followed continuously through whole turns from the last accepted
  /// value.
  void Accept(const double* xI, const double* xJ) override;
  std::vector<double> Memory() const override { return {reference_angle_}; }
  void SetMemory(const std::vector<double>& memory) override {
    if (memory.size() == 1) reference_angle_ = memory[0];
  }

  /// 1/2 k (d - length)^2 - force (d - length), or 1/2 kt (a - angle)^2 - torque (a - angle):
  /// the potential of the stiffness and of the preload.
  double Energy(const double* xI, const double* xJ) const override;
  /// The damping's power, -c (dd/dt)^2 or -ct (da/dt)^2 (plus, for a rotation whose axes are
  /// not parallel, what the torque about z_J does beyond the angle's rate).
  double NonConservativePower(const double* xI, const double* xJ, const Wrench& on_i,
                              const Wrench& on_j) const override;

 protected:
  void Compute(const double* xI, const double* xJ, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, AD* out) const override;

 private:
  template <class S>
  void ComputeT(const S* xI, const S* xJ, S* out /*12*/) const;

  const model::SpringDamper* spring_;
  bool rotation_;
  double length_;
  double reference_angle_ = 0.0;  // angle at the last accepted step
  // the deflection (d - length, or a - angle) and its exact rate
  void Deflection(const double* xI, const double* xJ, double* deflection, double* rate) const;
};

}  // namespace msolve::mbs
