#include "mbs/nforce.h"

#include <algorithm>

#include <unsupported/Eigen/AutoDiff>

#include "mbs/field_coordinates.h"

namespace msolve::mbs {

namespace {

// the bodies whose states one block of the law reads: I_k (where the wrench acts), J, I_l
constexpr int kBlockX = 3 * kBodyX;
using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, kBlockX, 1>>;

// The share of marker l's coordinates in the wrench on I_k (docs/equations.md §3.14), in J's
// axes: -K_kl (q_l - length_l) - C_kl v_l, plus the preload of I_k when `preload`; then the
// wrench on the body of I_k at I_k's origin and the same reversed on J's body (out[0..11]).
template <class S>
void Block(const NforceData& d, const BodyMarker& ik, const BodyMarker& j, const BodyMarker& il,
           int k, int l, bool preload, const S* xIk, const S* xJ, const S* xIl, S* out) {
  const FieldCoordinates<S> c = Coordinates(il, j, xIl, xJ);
  S wrench[6];
  for (int r = 0; r < 6; ++r) {
    S sum = S(preload ? d.preload[6 * k + r] : 0.0);
    for (int a = 0; a < 6; ++a) {
      const double K = d.K(6 * k + r, 6 * l + a), C = d.C(6 * k + r, 6 * l + a);
      if (K != 0.0) sum -= K * (c.q[a] - d.length[6 * l + a]);
      if (C != 0.0) sum -= C * c.rate[a];
    }
    wrench[r] = sum;
  }
  const MarkerMotion<S> I = Motion(ik, xIk);
  const math::Vec3T<S> F = c.J.R * math::Vec3T<S>(wrench[0], wrench[1], wrench[2]);
  const math::Vec3T<S> T = c.J.R * math::Vec3T<S>(wrench[3], wrench[4], wrench[5]);
  for (int a = 0; a < 12; ++a) out[a] = S(0.0);
  ToBodyAt<S>(xIk, I.p, F, T, out);
  ToBodyAt<S>(xJ, I.p, math::Vec3T<S>(-F), math::Vec3T<S>(-T), out + 6);
}

}  // namespace

NforceElement::NforceElement(const model::Entity* source, std::vector<BodyMarker> imarkers,
                             BodyMarker j, int k, std::shared_ptr<const NforceData> data)
    : ForceElement(imarkers[k].body, j.body),
      source_(source),
      imarkers_(std::move(imarkers)),
      j_(j),
      k_(k),
      data_(std::move(data)) {
  state_bodies_ = {imarkers_[k_].body, j_.body};
  for (const BodyMarker& m : imarkers_)
    if (std::find(state_bodies_.begin(), state_bodies_.end(), m.body) == state_bodies_.end())
      state_bodies_.push_back(m.body);
}

void NforceElement::Evaluate(double t, const double* y, const double* yp, const double* memory,
                             Wrench* on_i, Wrench* on_j) const {
  (void)t, (void)yp, (void)memory;
  on_i->setZero();
  on_j->setZero();
  const BodyMarker& ik = imarkers_[k_];
  for (int l = 0; l < static_cast<int>(imarkers_.size()); ++l) {
    double out[12];
    Block(*data_, ik, j_, imarkers_[l], k_, l, l == 0, BodyStates(ik.body, y),
          BodyStates(j_.body, y), BodyStates(imarkers_[l].body, y), out);
    *on_i += Eigen::Map<const Wrench>(out);
    *on_j += Eigen::Map<const Wrench>(out + 6);
  }
}

void NforceElement::AddJacobian(double t, const double* y, const double* yp, const double* memory,
                                double cj, std::vector<Triplet>* out) const {
  (void)t, (void)yp, (void)memory, (void)cj;
  const BodyMarker& ik = imarkers_[k_];
  for (int l = 0; l < static_cast<int>(imarkers_.size()); ++l) {
    // every block, so that the sequence of triplets is the same on every call
    const BodyMarker& il = imarkers_[l];
    const int body[3] = {ik.body, j_.body, il.body};
    AD x[3][kBodyX];
    const AD* xp[3] = {nullptr, nullptr, nullptr};
    for (int s = 0; s < 3; ++s) {
      const double* xs = BodyStates(body[s], y);
      if (xs == nullptr) continue;
      for (int c = 0; c < kBodyX; ++c) x[s][c] = AD(xs[c], kBlockX, kBodyX * s + c);
      xp[s] = x[s];
    }
    AD w[12];
    Block(*data_, ik, j_, il, k_, l, l == 0, xp[0], xp[1], xp[2], w);
    // the wrenches act on the bodies of I_k (side 0) and J (side 1)
    for (int side = 0; side < 2; ++side) {
      if (body[side] < 0) continue;
      for (int r = 0; r < 6; ++r) {
        const AD& v = w[6 * side + r];
        const bool live = v.derivatives().size() == kBlockX;
        for (int s = 0; s < 3; ++s) {
          if (body[s] < 0) continue;
          for (int c = 0; c < kBodyX; ++c)
            out->push_back({kBodyX * body[side] + 7 + r, kBodyX * body[s] + c,
                            live ? -v.derivatives()[kBodyX * s + c] : 0.0});
        }
      }
    }
  }
}

}  // namespace msolve::mbs
