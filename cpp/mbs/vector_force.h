// Runtime vector force (Vforce, Vtorque, Gforce): up to six components, each a StateFunction,
// resolved in the axes of a reference marker and applied at I, with the reaction on the body
// of the floating marker J at the same point.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "mbs/pair_force.h"
#include "mbs/state_function.h"

namespace msolve::mbs {

/// The three markers of a vector force: I, J (floating reaction marker), R (component axes).
inline constexpr int kForceMarkers = 3;
/// d(wrench on I, wrench on J) / d(states of the bodies of I, J, R) (13 columns each).
using TripleForceJacobian = Eigen::Matrix<double, 12, kForceMarkers * kBodyX>;

class VectorForceElement : public ForceElement {
 public:
  /// components[k] (fx fy fz tx ty tz) may be nullptr for a zero component.
  VectorForceElement(const model::VectorForce* source, BodyMarker i, BodyMarker j, BodyMarker r,
                     std::array<std::unique_ptr<StateFunction>, 6> components);

  const model::VectorForce* source() const override { return source_; }
  const BodyMarker& i() const override { return m_[0]; }
  const BodyMarker& j() const override { return m_[1]; }
  /// Bodies of I, J and R (kGround for the ground).
  std::vector<int> state_bodies() const override { return {bodies_.begin(), bodies_.end()}; }

  /// Wrenches on the bodies of I and J.
  void Evaluate(double t, const double* y, const double* yp, const double* memory, Wrench* on_i,
                Wrench* on_j) const override;

  /// Sum over the components of f_k d(unit_k) + unit_k (df_k/dy + cj df_k/dyp).
  void AddJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                   std::vector<Triplet>* out) const override;

  /// The components that are set, fx fy fz tx ty tz.
  std::vector<StateFunction*> functions() const override;

 private:
  /// For component k: the unit wrenches (on I then on J, 12) and their Jacobian with
  /// respect to the states of the bodies of I, J, R.
  void UnitWrench(int k, const double* y, double* unit, TripleForceJacobian* jac) const;

  template <class S>
  void Compute(const S* const* x, const S* f, S* out) const;

  const model::VectorForce* source_;
  BodyMarker m_[kForceMarkers];
  std::array<int, kForceMarkers> bodies_;
  std::array<std::unique_ptr<StateFunction>, 6> components_;
};

}  // namespace msolve::mbs
