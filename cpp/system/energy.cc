// energy accounting: gravity and its rate, the energies at a state, the power of the
// non-conservative forces (the rate of the work state W)
#include "system/state_view.h"
#include "system/system.h"

namespace msolve::system {

Vec3 System::Gravity(double t) const {
  Vec3 g = gravity_;
  for (int a = 0; a < 3; ++a)
    if (gravity_functions_[a]) g[a] = gravity_functions_[a]->Value(t, nullptr, nullptr, nullptr);
  return g;
}

Vec3 System::GravityRate(double t) const {
  Vec3 rate = Vec3::Zero();
  for (int a = 0; a < 3; ++a)
    if (gravity_functions_[a])
      gravity_functions_[a]->ValueAndTimeDerivative(t, nullptr, nullptr, nullptr, &rate[a]);
  return rate;
}

System::Energy System::EnergyAt(double t, const double* y, const double* memory) const {
  Energy e;
  const Vec3 g = Gravity(t);
  for (int k = 0; k < body_count(); ++k) {
    const Body& b = bodies_[k];
    const double* x = y + BodyOffset(k);
    const Vec3 v = V3(x + 7), w = V3(x + 10);
    e.kinetic += 0.5 * (b.mass * v.squaredNorm() + w.dot(b.inertia * w)) / ucf_;
    e.gravitational -= b.mass * g.dot(V3(x)) / ucf_;
  }
  for (const auto& element : force_elements_) e.elastic += element->StoredEnergy(y, memory);
  if (work_state_ >= 0) e.work = y[work_state_];
  return e;
}

double System::NonConservativePower(double t, const double* y, const double* yp,
                                    const double* memory,
                                    const SparseMat* velocity_jacobian) const {
  double power = 0.0;
  mbs::Wrench on_i, on_j;
  for (const auto& element : force_elements_) {
    element->Evaluate(t, y, yp, memory, &on_i, &on_j);
    power += element->WorkRate(y, memory, on_i, on_j);
  }
  // reactions: -lambda . B u over the active rows (none when the caller's B is zero: a
  // tree's joints hold B u = 0 by construction)
  const bool no_reaction_power = velocity_jacobian && velocity_jacobian->nonZeros() == 0;
  if (active_count_ > 0 && !no_reaction_power) {
    VecX u(6 * body_count());
    for (int k = 0; k < body_count(); ++k)
      u.segment<6>(6 * k) = VecX::Map(y + BodyOffset(k) + 7, 6);
    const VecX bu =
        velocity_jacobian ? VecX(*velocity_jacobian * u) : VecX(VelocityJacobian(t, y, memory) * u);
    for (size_t r = 0; r < rows_.size(); ++r)
      if (rows_[r].active >= 0) power -= y[lambda_offset() + rows_[r].active] * bu[r];
  }
  const Vec3 rate = GravityRate(t);
  for (int k = 0; k < body_count(); ++k)
    power -= bodies_[k].mass / ucf_ * rate.dot(V3(y + BodyOffset(k)));
  return power;
}

}  // namespace msolve::system
