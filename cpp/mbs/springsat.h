// Runtime Springsat (docs/equations.md §3.7): a spring whose stiffness grows without bound as its
// deflection approaches a saturation value.
#pragma once

#include "mbs/pair_force.h"

namespace msolve::mbs {

/// The energy and force of docs/equations.md §3.7 for the deflection q, |q| < xsat:
///   H(q)    = K0 (q^2/2 + Ksat Hsat(q)),
///   Hsat(q) = -8 xsat / (pi (4 - pi)) (pi^2 q^2 / (8 xsat^2) + log cos(pi q / (2 xsat))),
///   f(q)    = dH/dq = K0 (q + Ksat dHsat/dq),
///   dHsat/dq = 4 / (4 - pi) (tan(pi q / (2 xsat)) - pi q / (2 xsat)).
struct SpringsatLaw {
  double K0 = 1000.0, Ksat = 1000.0, xsat = 0.01;
  double Energy(double q) const;
  double Force(double q) const;
};

/// The deflection is q = DM(I, J) - length; I receives -f(q) along the unit vector from J to
/// I (positive f pulls I towards J), J the opposite force at the same point, as a
/// translational SpringDamper. At |q| >= xsat the force is not a number (a recoverable
/// residual failure); OutOfRange says so.
class SpringsatElement : public PairForceElement {
 public:
  SpringsatElement(const model::Springsat* source, BodyMarker i, BodyMarker j, double length);

  double Energy(const double* xI, const double* xJ, const double* slots) const override;
  /// Zero: the force derives from Energy.
  double NonConservativePower(const double* xI, const double* xJ, const double* slots,
                              const Wrench& on_i, const Wrench& on_j) const override;
  std::string OutOfRange(const double* xI, const double* xJ, const double* slots,
                         double margin) const override;

  /// The deflection q = DM(I, J) - length.
  double Deflection(const double* xI, const double* xJ) const;

 protected:
  void Compute(const double* xI, const double* xJ, const double* slots, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const override;

 private:
  template <class S>
  void ComputeT(const S* xI, const S* xJ, S* out) const;

  const model::Springsat* spring_;
  SpringsatLaw law_;
  double length_;
};

}  // namespace msolve::mbs
