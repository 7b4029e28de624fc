// Runtime SignForce (docs/equations.md §3.6): a constant force whose sign follows the direction of
// motion, regularised near zero speed.
#pragma once

#include "mbs/pair_force.h"

namespace msolve::mbs {

/// The regularised sign g(v) of SignForce, with v0 > 0:
///   EXP:    2 / (1 + exp(-v / (0.01 v0))) - 1   (evaluated as tanh(v / (0.02 v0)), the same
///           function without overflow),
///   SINE:   sin(pi/2 v/v0)                for |v| < v0, sign(v) beyond,
///   LINEAR: v / v0                        for |v| < v0, sign(v) beyond,
///   COSINE: sign(v) (1 - cos(pi/2 v/v0))  for |v| < v0, sign(v) beyond.
enum class SignRegularization { kExp, kSine, kLinear, kCosine };

/// The regularisation of a word (EXP, SINE, LINEAR, COSINE; case-insensitive), or false.
bool ParseSignRegularization(const std::string& word, SignRegularization* reg);

/// g(v) for plain or automatic-differentiation scalars.
double RegularizedSign(SignRegularization reg, double v, double v0);
PairForceElement::AD RegularizedSign(SignRegularization reg, const PairForceElement::AD& v,
                                     double v0);

/// The force on I is f_nominal g(v) along z_J, applied at I, with v = VZ(I, J, J, J) (the
/// velocity of I relative to J along z_J, differentiated in J's frame); J receives the
/// opposite force at the same point. The Modelica source writes f = -f_nominal g(v) for the force
/// the flange exerts on the component (its flow variable), so that the body at I receives
/// f_nominal g(v): a positive f_nominal accelerates in both directions, a negative one brakes.
class SignForceElement : public PairForceElement {
 public:
  SignForceElement(const model::SignForce* source, SignRegularization reg, BodyMarker i,
                   BodyMarker j);

 protected:
  void Compute(const double* xI, const double* xJ, const double* slots, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const override;

 private:
  template <class S>
  void ComputeT(const S* xI, const S* xJ, S* out) const;

  const model::SignForce* force_;
  SignRegularization reg_;
};

}  // namespace msolve::mbs
