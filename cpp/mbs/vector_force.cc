#include "mbs/vector_force.h"

#include <algorithm>

#include <unsupported/Eigen/AutoDiff>

#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, kForceMarkers * kBodyX, 1>>;

}  // namespace

VectorForceElement::VectorForceElement(const model::VectorForce* source, BodyMarker i, BodyMarker j,
                                       BodyMarker r,
                                       std::array<std::unique_ptr<StateFunction>, 6> components)
    : ForceElement(i.body, j.body),
      source_(source),
      m_{i, j, r},
      components_(std::move(components)) {
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

void VectorForceElement::Evaluate(double t, const double* y, const double* yp, const double* memory,
                                  Wrench* on_i, Wrench* on_j) const {
  const double* x[kForceMarkers];
  for (int k = 0; k < kForceMarkers; ++k) x[k] = BodyStates(bodies_[k], y);
  double f[6];
  for (int k = 0; k < 6; ++k) f[k] = components_[k] ? components_[k]->Value(t, y, yp, memory) : 0.0;
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

std::vector<StateFunction*> VectorForceElement::functions() const {
  std::vector<StateFunction*> out;
  for (const auto& component : components_)
    if (component) out.push_back(component.get());
  return out;
}

void VectorForceElement::AddJacobian(double t, const double* y, const double* yp,
                                     const double* memory, double cj,
                                     std::vector<Triplet>* out) const {
  const std::vector<int>& ydeps = y_deps();
  const std::vector<int>& ypdeps = yp_deps();
  const auto& body = bodies_;
  SparseGradient df_dy, df_dyp;
  double unit[12];
  TripleForceJacobian vjac;
  Eigen::Matrix<double, 12, Eigen::Dynamic> deps =
      Eigen::Matrix<double, 12, Eigen::Dynamic>::Zero(12, ydeps.size() + ypdeps.size());
  TripleForceJacobian geometry = TripleForceJacobian::Zero();
  for (int k = 0; k < 6; ++k) {
    const StateFunction* component = components_[k].get();
    if (!component) continue;
    const double f = component->Gradient(t, y, yp, memory, &df_dy, &df_dyp);
    UnitWrench(k, y, unit, &vjac);
    geometry += f * vjac;
    const Eigen::Map<const Eigen::Matrix<double, 12, 1>> u(unit);
    for (const auto& [index, value] : df_dy)
      deps.col(std::lower_bound(ydeps.begin(), ydeps.end(), index) - ydeps.begin()) += value * u;
    for (const auto& [index, value] : df_dyp)
      deps.col(ydeps.size() + (std::lower_bound(ypdeps.begin(), ypdeps.end(), index) -
                               ypdeps.begin())) += cj * value * u;
  }
  for (int s = 0; s < 2; ++s) {
    if (body[s] < 0) continue;
    for (int r = 0; r < 6; ++r) {
      const int row = kBodyX * body[s] + 7 + r;
      for (int m = 0; m < kForceMarkers; ++m) {
        if (body[m] < 0) continue;
        for (int c = 0; c < kBodyX; ++c)
          out->push_back({row, kBodyX * body[m] + c, -geometry(6 * s + r, kBodyX * m + c)});
      }
      for (size_t k = 0; k < ydeps.size(); ++k)
        out->push_back({row, ydeps[k], -deps(6 * s + r, k)});
      for (size_t k = 0; k < ypdeps.size(); ++k)
        out->push_back({row, ypdeps[k], -deps(6 * s + r, ydeps.size() + k)});
    }
  }
}

}  // namespace msolve::mbs
