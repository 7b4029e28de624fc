#include "mbs/vector_force.h"

#include <unsupported/Eigen/AutoDiff>

#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, kForceMarkers * kBodyX, 1>>;

// the system state holds 13 states per body, body k from 13 k (system::System's layout)
const double* BodyStates(int body, const double* y) {
  return body >= 0 ? y + kBodyX * body : nullptr;
}

}  // namespace

VectorForceElement::VectorForceElement(const model::VectorForce* source, BodyMarker i, BodyMarker j,
                                       BodyMarker r,
                                       std::array<std::unique_ptr<StateFunction>, 6> components)
    : source_(source), m_{i, j, r}, components_(std::move(components)) {
  for (int k = 0; k < kForceMarkers; ++k) bodies_[k] = m_[k].body;
}

// wrenches on I and J for the components f (fx fy fz tx ty tz in R's axes)
template <class S>
void VectorForceElement::Compute(const S* const* x, const S* f, S* out) const {
  const MarkerMotion<S> I = Motion(m_[0], x[0]);
  const MarkerMotion<S> R = Motion(m_[2], x[2]);
  math::Vec3T<S> fr, tr;
  for (int a = 0; a < 3; ++a) fr[a] = f[a], tr[a] = f[3 + a];
  const math::Vec3T<S> force = R.R * fr;
  const math::Vec3T<S> torque = R.R * tr;
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  ToBodyAt<S>(x[0], I.p, force, torque, out);
  ToBodyAt<S>(x[1], I.p, math::Vec3T<S>(-force), math::Vec3T<S>(-torque), out + 6);
}

void VectorForceElement::Evaluate(double t, const double* y, const double* yp, Wrench* on_i,
                                  Wrench* on_j) const {
  const double* x[kForceMarkers];
  for (int k = 0; k < kForceMarkers; ++k) x[k] = BodyStates(bodies_[k], y);
  double f[6];
  for (int k = 0; k < 6; ++k) f[k] = components_[k] ? components_[k]->Value(t, y, yp) : 0.0;
  double out[12];
  Compute<double>(x, f, out);
  *on_i = Eigen::Map<const Wrench>(out);
  *on_j = Eigen::Map<const Wrench>(out + 6);
}

void VectorForceElement::UnitWrench(int k, const double* y, double* unit,
                                    TripleForceJacobian* jac) const {
  AD xs[kForceMarkers][kBodyX];
  const AD* x[kForceMarkers];
  for (int m = 0; m < kForceMarkers; ++m) {
    const double* xm = BodyStates(bodies_[m], y);
    x[m] = nullptr;
    if (!xm) continue;
    for (int c = 0; c < kBodyX; ++c) xs[m][c] = AD(xm[c], kForceMarkers * kBodyX, kBodyX * m + c);
    x[m] = xs[m];
  }
  AD f[6];
  for (int c = 0; c < 6; ++c) f[c] = AD(c == k ? 1.0 : 0.0);
  AD out[12];
  Compute<AD>(x, f, out);
  for (int r = 0; r < 12; ++r) {
    unit[r] = out[r].value();
    jac->row(r) = out[r].derivatives().transpose();
  }
}

}  // namespace msolve::mbs
