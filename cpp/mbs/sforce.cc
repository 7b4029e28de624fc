#include "mbs/sforce.h"

#include <algorithm>

#include <unsupported/Eigen/AutoDiff>

#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, 2 * kBodyX, 1>>;

}  // namespace

ScalarForceElement::ScalarForceElement(const model::Sforce* source, bool rotation, bool action_only,
                                       BodyMarker i, BodyMarker j,
                                       std::unique_ptr<StateFunction> magnitude)
    : ForceElement(i.body, j.body),
      source_(source),
      rotation_(rotation),
      action_only_(action_only),
      i_(i),
      j_(j),
      magnitude_(std::move(magnitude)) {}

template <class S>
void ScalarForceElement::UnitWrench(const S* xI, const S* xJ, S* out) const {
  const MarkerMotion<S> I = Motion(i_, xI);
  const MarkerMotion<S> J = Motion(j_, xJ);
  math::Vec3T<S> direction;
  if (!rotation_ && !action_only_) {
    const math::Vec3T<S> d = I.p - J.p;
    direction = d / d.norm();
  } else {
    direction = J.R.col(2);
  }
  const math::Vec3T<S> zero = math::Vec3T<S>::Zero();
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  const math::Vec3T<S> force = rotation_ ? zero : direction;
  const math::Vec3T<S> torque = rotation_ ? direction : zero;
  ToBodyAt<S>(xI, I.p, force, torque, out);
  if (!action_only_) ToBodyAt<S>(xJ, I.p, math::Vec3T<S>(-force), math::Vec3T<S>(-torque), out + 6);
}

void ScalarForceElement::Evaluate(double t, const double* y, const double* yp, const double* memory,
                                  Wrench* on_i, Wrench* on_j) const {
  double unit[12];
  UnitWrench<double>(BodyStates(i_.body, y), BodyStates(j_.body, y), unit);
  const double f = magnitude_->Value(t, y, yp, memory);
  *on_i = f * Eigen::Map<const Wrench>(unit);
  *on_j = f * Eigen::Map<const Wrench>(unit + 6);
}

void ScalarForceElement::Linearize(double t, const double* y, const double* yp,
                                   const double* memory, Wrench* unit_i, Wrench* unit_j,
                                   PairForceJacobian* dunit, double* f, SparseGradient* df_dy,
                                   SparseGradient* df_dyp) const {
  const double* xI = BodyStates(i_.body, y);
  const double* xJ = BodyStates(j_.body, y);
  AD xi[kBodyX], xj[kBodyX];
  for (int k = 0; k < kBodyX; ++k) {
    if (xI) xi[k] = AD(xI[k], 2 * kBodyX, k);
    if (xJ) xj[k] = AD(xJ[k], 2 * kBodyX, kBodyX + k);
  }
  AD out[12];
  UnitWrench<AD>(xI ? xi : nullptr, xJ ? xj : nullptr, out);
  for (int k = 0; k < 12; ++k) {
    (k < 6 ? (*unit_i)[k] : (*unit_j)[k - 6]) = out[k].value();
    dunit->row(k) = out[k].derivatives().transpose();
  }
  *f = magnitude_->Gradient(t, y, yp, memory, df_dy, df_dyp);
}

void ScalarForceElement::AddJacobian(double t, const double* y, const double* yp,
                                     const double* memory, double cj,
                                     std::vector<Triplet>* out) const {
  const std::vector<int>& ydeps = y_deps();
  const std::vector<int>& ypdeps = yp_deps();
  const int body[2] = {i_.body, j_.body};
  Wrench on_i, on_j;
  PairForceJacobian fjac;
  SparseGradient df_dy, df_dyp;
  double f = 0.0;
  Linearize(t, y, yp, memory, &on_i, &on_j, &fjac, &f, &df_dy, &df_dyp);
  // the magnitude's gradient over the dependency columns (y columns, then yp columns)
  std::vector<double> dense(ydeps.size() + ypdeps.size(), 0.0);
  for (const auto& [index, value] : df_dy)
    dense[std::lower_bound(ydeps.begin(), ydeps.end(), index) - ydeps.begin()] += value;
  for (const auto& [index, value] : df_dyp)
    dense[ydeps.size() +
          (std::lower_bound(ypdeps.begin(), ypdeps.end(), index) - ypdeps.begin())] += cj * value;
  for (int s = 0; s < 2; ++s) {
    if (body[s] < 0) continue;
    const Wrench& unit = s == 0 ? on_i : on_j;
    for (int r = 0; r < 6; ++r) {
      const int row = kBodyX * body[s] + 7 + r;
      for (int s2 = 0; s2 < 2; ++s2) {
        if (body[s2] < 0) continue;
        for (int c = 0; c < kBodyX; ++c)
          out->push_back({row, kBodyX * body[s2] + c, -f * fjac(6 * s + r, kBodyX * s2 + c)});
      }
      for (size_t k = 0; k < ydeps.size(); ++k)
        out->push_back({row, ydeps[k], -unit[r] * dense[k]});
      for (size_t k = 0; k < ypdeps.size(); ++k)
        out->push_back({row, ypdeps[k], -unit[r] * dense[ydeps.size() + k]});
    }
  }
}

}  // namespace msolve::mbs
