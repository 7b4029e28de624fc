#include "mbs/measure.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <unsupported/Eigen/AutoDiff>

#include "math/rotation.h"
#include "mbs/spring_damper.h"

namespace msolve::mbs {
namespace {

inline constexpr int kPerBody = 19;  // 13 states + 6 accelerations
// derivatives stored inline (at most 4 bodies x 19), so that no operation allocates
using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 4 * 19, 1>>;

double Plain(double x) { return x; }
double Plain(const AD& x) { return x.value(); }

// the system state holds 13 states per body, body k from 13 k (system::System's layout)
int BodyOffset(int body) { return kBodyX * body; }

template <class S>
struct State {
  math::Vec3T<S> p, v, a, w, wd;  // global
  math::Mat3T<S> R;
};

// what a measure computes of its marker states (bits of KinematicMeasure::needs_)
enum Need : unsigned {
  kVelocity = 1,      // velocity and angular velocity (global)
  kAcceleration = 2,  // acceleration and angular acceleration (global)
  kAxes = 4,          // the axes R
};

// marker kinematics from its body's states x (13) and accelerations xd (6), or the ground:
// the origin always, the rest as `need` asks
template <class S>
State<S> MarkerState(const BodyMarker& m, const S* x, const S* xd, unsigned need) {
  State<S> k;
  if (x == nullptr) {
    for (int a = 0; a < 3; ++a) {
      k.p[a] = S(m.s[a]);
      k.v[a] = k.a[a] = k.w[a] = k.wd[a] = S(0.0);
      for (int b = 0; b < 3; ++b) k.R(a, b) = S(m.A(a, b));
    }
    return k;
  }
  const math::Mat3T<S> Rb = math::QuatToMatrix<S>(x + 3);
  math::Vec3T<S> s;
  for (int a = 0; a < 3; ++a) s[a] = S(m.s[a]);
  const math::Vec3T<S> rho = Rb * s;
  for (int a = 0; a < 3; ++a) k.p[a] = x[a] + rho[a];
  if (need & (kVelocity | kAcceleration)) {
    math::Vec3T<S> wb;
    for (int a = 0; a < 3; ++a) wb[a] = x[10 + a];
    k.w = Rb * wb;
    const math::Vec3T<S> wxr = k.w.cross(rho);
    for (int a = 0; a < 3; ++a) k.v[a] = x[7 + a] + wxr[a];
    if (need & kAcceleration) {
      math::Vec3T<S> wdb, vd;
      for (int a = 0; a < 3; ++a) {
        wdb[a] = xd[3 + a];
        vd[a] = xd[a];
      }
      k.wd = Rb * wdb;
      k.a = vd + k.wd.cross(rho) + k.w.cross(wxr);
    }
  }
  if (need & kAxes) {
    math::Mat3T<S> A;
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) A(a, b) = S(m.A(a, b));
    k.R = Rb * A;
  }
  return k;
}

template <class S>
S Atan2(const S& y, const S& x) {
  using std::atan2;
  return atan2(y, x);
}

}  // namespace

namespace {

const std::map<std::string, MeasureKind>& MeasureTable() {
  static const std::map<std::string, MeasureKind> table = {
      {"DX", MeasureKind::kDX},     {"DY", MeasureKind::kDY},       {"DZ", MeasureKind::kDZ},
      {"DM", MeasureKind::kDM},     {"VX", MeasureKind::kVX},       {"VY", MeasureKind::kVY},
      {"VZ", MeasureKind::kVZ},     {"VM", MeasureKind::kVM},       {"VR", MeasureKind::kVR},
      {"WX", MeasureKind::kWX},     {"WY", MeasureKind::kWY},       {"WZ", MeasureKind::kWZ},
      {"WM", MeasureKind::kWM},     {"ACCX", MeasureKind::kACCX},   {"ACCY", MeasureKind::kACCY},
      {"ACCZ", MeasureKind::kACCZ}, {"ACCM", MeasureKind::kACCM},   {"WDTX", MeasureKind::kWDTX},
      {"WDTY", MeasureKind::kWDTY}, {"WDTZ", MeasureKind::kWDTZ},   {"WDTM", MeasureKind::kWDTM},
      {"AX", MeasureKind::kAX},     {"AY", MeasureKind::kAY},       {"AZ", MeasureKind::kAZ},
      {"PSI", MeasureKind::kPSI},   {"THETA", MeasureKind::kTHETA}, {"PHI", MeasureKind::kPHI},
      {"YAW", MeasureKind::kYAW},   {"PITCH", MeasureKind::kPITCH}, {"ROLL", MeasureKind::kROLL}};
  return table;
}

}  // namespace

bool ParseMeasure(const std::string& name, MeasureKind* kind) {
  const std::map<std::string, MeasureKind>& table = MeasureTable();
  auto it = table.find(name);
  if (it == table.end()) return false;
  *kind = it->second;
  return true;
}

std::vector<std::string> MeasureNames() {
  std::vector<std::string> names;
  for (const auto& [name, kind] : MeasureTable()) names.push_back(name);
  return names;
}

std::vector<int> MeasureArgumentRoles(MeasureKind kind) {
  switch (kind) {
    case MeasureKind::kDX:
    case MeasureKind::kDY:
    case MeasureKind::kDZ:
    case MeasureKind::kWX:
    case MeasureKind::kWY:
    case MeasureKind::kWZ:
      return {0, 1, 2};
    case MeasureKind::kDM:
    case MeasureKind::kWM:
    case MeasureKind::kAX:
    case MeasureKind::kAY:
    case MeasureKind::kAZ:
    case MeasureKind::kPSI:
    case MeasureKind::kTHETA:
    case MeasureKind::kPHI:
    case MeasureKind::kYAW:
    case MeasureKind::kPITCH:
    case MeasureKind::kROLL:
      return {0, 1};
    case MeasureKind::kVM:
    case MeasureKind::kVR:
    case MeasureKind::kACCM:
    case MeasureKind::kWDTM:
      return {0, 1, 3};
    default:
      return {0, 1, 2, 3};
  }
}

bool MeasureReadsAccelerations(MeasureKind kind) {
  return kind >= MeasureKind::kACCX && kind <= MeasureKind::kWDTM;
}

KinematicMeasure::KinematicMeasure(MeasureKind kind, const std::vector<BodyMarker>& markers)
    : kind_(kind) {
  // what Compute reads of each marker (I and J: at least the origin)
  const bool velocity = kind >= MeasureKind::kVX && kind <= MeasureKind::kVR;
  const bool omega = kind >= MeasureKind::kWX && kind <= MeasureKind::kWM;
  const bool acceleration = kind >= MeasureKind::kACCX && kind <= MeasureKind::kACCM;
  const bool omega_dot = kind >= MeasureKind::kWDTX && kind <= MeasureKind::kWDTM;
  const bool components =
      kind == MeasureKind::kDX || kind == MeasureKind::kDY || kind == MeasureKind::kDZ ||
      kind == MeasureKind::kVX || kind == MeasureKind::kVY || kind == MeasureKind::kVZ ||
      kind == MeasureKind::kWX || kind == MeasureKind::kWY || kind == MeasureKind::kWZ ||
      kind == MeasureKind::kACCX || kind == MeasureKind::kACCY || kind == MeasureKind::kACCZ ||
      kind == MeasureKind::kWDTX || kind == MeasureKind::kWDTY || kind == MeasureKind::kWDTZ;
  const unsigned motion = (velocity || omega ? kVelocity : 0u) |
                          (acceleration || omega_dot ? kAcceleration | kVelocity : 0u);
  needs_[0] = needs_[1] = motion | (kind >= MeasureKind::kAX ? kAxes : 0u);
  needs_[2] = components ? kAxes : 0u;
  needs_[3] = (velocity || acceleration || omega_dot ? kVelocity : 0u) |
              (acceleration ? kAcceleration : 0u);
  for (int r = 0; r < 4; ++r) {
    m_[r] = r < static_cast<int>(markers.size()) ? markers[r] : BodyMarker{};
    slot_[r] = -1;
    if (m_[r].body < 0) continue;
    auto it = std::find(bodies_.begin(), bodies_.end(), m_[r].body);
    slot_[r] = static_cast<int>(it - bodies_.begin());
    if (it == bodies_.end()) bodies_.push_back(m_[r].body);
  }
}

template <class S>
S KinematicMeasure::Compute(const S* const* x, const S* const* xd, double reference) const {
  State<S> st[4];
  for (int r = 0; r < 4; ++r)
    if (r < 2 || needs_[r])
      st[r] = MarkerState<S>(m_[r], slot_[r] < 0 ? nullptr : x[slot_[r]],
                             slot_[r] < 0 ? nullptr : xd[slot_[r]], needs_[r]);
  const State<S>& I = st[0];
  const State<S>& J = st[1];
  const math::Mat3T<S>& K = st[2].R;
  const State<S>& L = st[3];
  // the vector whose component along an axis of K, or magnitude, the measure is: the
  // relative position, or its first or second time derivative in frame L, or the relative
  // angular velocity, or its time derivative in frame L
  const math::Vec3T<S> d = I.p - J.p;
  math::Vec3T<S> v = d;
  if (kind_ >= MeasureKind::kVX && kind_ <= MeasureKind::kVR) {
    const math::Vec3T<S> dd = I.v - J.v;
    v = dd - L.w.cross(d);
  } else if (kind_ >= MeasureKind::kWX && kind_ <= MeasureKind::kWM) {
    v = I.w - J.w;
  } else if (kind_ >= MeasureKind::kACCX && kind_ <= MeasureKind::kACCM) {
    const math::Vec3T<S> dd = I.v - J.v;
    const math::Vec3T<S> ddd = I.a - J.a;
    v = ddd - L.wd.cross(d) - S(2.0) * L.w.cross(dd) + L.w.cross(L.w.cross(d));
  } else if (kind_ >= MeasureKind::kWDTX && kind_ <= MeasureKind::kWDTM) {
    v = (I.wd - L.w.cross(I.w)) - (J.wd - L.w.cross(J.w));
  }
  using std::asin;
  using std::sqrt;
  switch (kind_) {
    case MeasureKind::kDX:
    case MeasureKind::kVX:
    case MeasureKind::kWX:
    case MeasureKind::kACCX:
    case MeasureKind::kWDTX:
      return v.dot(K.col(0));
    case MeasureKind::kDY:
    case MeasureKind::kVY:
    case MeasureKind::kWY:
    case MeasureKind::kACCY:
    case MeasureKind::kWDTY:
      return v.dot(K.col(1));
    case MeasureKind::kDZ:
    case MeasureKind::kVZ:
    case MeasureKind::kWZ:
    case MeasureKind::kACCZ:
    case MeasureKind::kWDTZ:
      return v.dot(K.col(2));
    case MeasureKind::kDM:
    case MeasureKind::kVM:
    case MeasureKind::kWM:
    case MeasureKind::kACCM:
    case MeasureKind::kWDTM:
      return v.norm();
    case MeasureKind::kVR:
      return v.dot(d) / d.norm();
    case MeasureKind::kAX:
    case MeasureKind::kAY:
    case MeasureKind::kAZ: {
      const math::Vec3T<S> xi = I.R.col(0), zi = I.R.col(2);
      S a;
      if (kind_ == MeasureKind::kAX)
        a = Atan2<S>(-zi.dot(J.R.col(1)), zi.dot(J.R.col(2)));
      else if (kind_ == MeasureKind::kAY)
        a = Atan2<S>(zi.dot(J.R.col(0)), zi.dot(J.R.col(2)));
      else
        a = Atan2<S>(xi.dot(J.R.col(1)), xi.dot(J.R.col(0)));
      return a + 2 * M_PI * std::round((reference - Plain(a)) / (2 * M_PI));
    }
    default:
      break;
  }
  // the orientation of I relative to J
  const math::Mat3T<S> Rr = J.R.transpose() * I.R;
  // gimbal lock (theta = 0 or pi): only psi +- phi is defined, all of it in psi
  // (docs/conventions.md §3.2, as math::MatrixToEuler313)
  const bool locked = std::hypot(Plain(Rr(0, 2)), Plain(Rr(1, 2))) < 1e-12;
  if (locked && kind_ == MeasureKind::kPSI) return Atan2<S>(Rr(1, 0), Rr(0, 0));
  if (locked && kind_ == MeasureKind::kPHI) return S(0.0);
  switch (kind_) {
    case MeasureKind::kTHETA:
      return Atan2<S>(sqrt(Rr(0, 2) * Rr(0, 2) + Rr(1, 2) * Rr(1, 2)), Rr(2, 2));
    case MeasureKind::kPSI:
      return Atan2<S>(Rr(0, 2), -Rr(1, 2));
    case MeasureKind::kPHI:
      return Atan2<S>(Rr(2, 0), Rr(2, 1));
    case MeasureKind::kYAW:
      return Atan2<S>(Rr(1, 0), Rr(0, 0));
    case MeasureKind::kPITCH:
      return asin(Rr(2, 0));
    case MeasureKind::kROLL:
      return Atan2<S>(Rr(2, 1), Rr(2, 2));
    default:
      break;
  }
  return S(0.0);
}

double KinematicMeasure::Value(const double* y, const double* yp, double reference) const {
  const double* x[4] = {nullptr, nullptr, nullptr, nullptr};
  const double* xd[4] = {nullptr, nullptr, nullptr, nullptr};
  for (size_t b = 0; b < bodies_.size(); ++b) {
    x[b] = y + BodyOffset(bodies_[b]);
    xd[b] = yp + BodyOffset(bodies_[b]) + 7;
  }
  return Compute<double>(x, xd, reference);
}

double KinematicMeasure::Gradient(const double* y, const double* yp, std::vector<double>* grad,
                                  double reference) const {
  const int n = kPerBody * static_cast<int>(bodies_.size());
  std::vector<AD> xs(n);
  const AD* x[4] = {nullptr, nullptr, nullptr, nullptr};
  const AD* xd[4] = {nullptr, nullptr, nullptr, nullptr};
  for (size_t b = 0; b < bodies_.size(); ++b) {
    const int o = BodyOffset(bodies_[b]);
    for (int c = 0; c < 13; ++c) xs[kPerBody * b + c] = AD(y[o + c], n, kPerBody * b + c);
    for (int c = 0; c < 6; ++c)
      xs[kPerBody * b + 13 + c] = AD(yp[o + 7 + c], n, kPerBody * b + 13 + c);
    x[b] = xs.data() + kPerBody * b;
    xd[b] = xs.data() + kPerBody * b + 13;
  }
  const AD v = Compute<AD>(x, xd, reference);
  grad->assign(n, 0.0);
  if (v.derivatives().size() == n)
    for (int k = 0; k < n; ++k) (*grad)[k] = v.derivatives()[k];
  return v.value();
}

bool KinematicMeasure::FollowsTurns() const {
  return kind_ == MeasureKind::kAX || kind_ == MeasureKind::kAY || kind_ == MeasureKind::kAZ;
}

}  // namespace msolve::mbs
