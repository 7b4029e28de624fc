// Runtime scalar force (Sforce): a magnitude read from a StateFunction applied along a
// direction fixed by the two markers; exact Jacobian by the chain rule.
#pragma once

#include <memory>

#include "mbs/pair_force.h"
#include "mbs/state_function.h"

namespace msolve::mbs {

class ScalarForceElement : public ForceElement {
 public:
  ScalarForceElement(const model::Sforce* source, bool rotation, bool action_only, BodyMarker i,
                     BodyMarker j, std::unique_ptr<StateFunction> magnitude);

  const model::Sforce* source() const override { return source_; }
  const BodyMarker& i() const override { return i_; }
  const BodyMarker& j() const override { return j_; }
  bool reacts_on_j() const override { return !action_only_; }

  /// Wrenches on the bodies of I and J (zero on J when action-only).
  void Evaluate(double t, const double* y, const double* yp, const double* memory, Wrench* on_i,
                Wrench* on_j) const override;

  /// d(f unit) = f d(unit) + unit (df/dy + cj df/dyp), on the pattern of the geometry and of
  /// what the magnitude reads.
  void AddJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                   std::vector<Triplet>* out) const override;

  std::vector<StateFunction*> functions() const override { return {magnitude_.get()}; }

 private:
  /// Wrenches, the Jacobian of the unit wrenches with respect to the states of I and J (the
  /// geometry), and the gradient of the magnitude: d(wrench) = f d(unit) + unit df.
  void Linearize(double t, const double* y, const double* yp, const double* memory, Wrench* unit_i,
                 Wrench* unit_j, PairForceJacobian* dunit, double* f, SparseGradient* df_dy,
                 SparseGradient* df_dyp) const;

  template <class S>
  void UnitWrench(const S* xI, const S* xJ, S* out) const;

  const model::Sforce* source_;
  bool rotation_, action_only_;
  BodyMarker i_, j_;
  std::unique_ptr<StateFunction> magnitude_;
};

}  // namespace msolve::mbs
