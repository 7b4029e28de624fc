#include "mbs/friction.h"

#include <algorithm>
#include <cmath>

#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

using JointKind = FrictionParameters::Joint;

// relative central-difference step of the Jacobian (the reactions are linear in the
// multipliers, the rest smooth away from zero slip and zero load)
constexpr double kStep = 1e-6;

// the elasto-plastic model's breakaway deflection, as a share of the steady deflection
constexpr double kBreakaway = 0.8;

}  // namespace

FrictionElement::FrictionElement(const model::Entity* source, BodyMarker i, BodyMarker j,
                                 FrictionParameters p,
                                 std::array<std::unique_ptr<StateFunction>, 6> reactions, int first)
    : ForceElement(i.body, j.body),
      source_(source),
      i_(i),
      j_(j),
      p_(p),
      reactions_(std::move(reactions)),
      first_(first),
      translational_(TranslationalStates(p.joint)),
      rotational_(RotationalStates(p.joint)) {}

bool FrictionJointKind(const std::string& type, JointKind* kind) {
  static const std::pair<const char*, JointKind> kKinds[] = {
      {"REVOLUTE", JointKind::kRevolute},       {"TRANSLATIONAL", JointKind::kTranslational},
      {"CYLINDRICAL", JointKind::kCylindrical}, {"SPHERICAL", JointKind::kSpherical},
      {"UNIVERSAL", JointKind::kUniversal},     {"HOOKE", JointKind::kUniversal}};
  for (const auto& [name, k] : kKinds)
    if (type == name) {
      *kind = k;
      return true;
    }
  return false;
}

int FrictionElement::TranslationalStates(JointKind joint) {
  return joint == JointKind::kTranslational || joint == JointKind::kCylindrical ? 1 : 0;
}

int FrictionElement::RotationalStates(JointKind joint) {
  switch (joint) {
    case JointKind::kRevolute:
    case JointKind::kCylindrical:
      return 1;
    case JointKind::kSpherical:
    case JointKind::kUniversal:
      return 3;
    case JointKind::kTranslational:
      break;
  }
  return 0;
}

std::vector<StateFunction*> FrictionElement::functions() const {
  std::vector<StateFunction*> out;
  for (const auto& r : reactions_) out.push_back(r.get());
  return out;
}

void FrictionElement::Group(int n, const double* s, const double* z, double* c,
                            double* rate) const {
  const double vs = p_.transition_velocity;
  double s2 = 0.0;
  for (int k = 0; k < n; ++k) s2 += s[k] * s[k];
  // the slip speed, kept differentiable at zero slip
  const double eps = 1e-6 * vs;
  const double speed = std::sqrt(s2 + eps * eps);
  if (p_.effect == FrictionParameters::Effect::kSliding) {
    // Coulomb friction of mu_dynamic, its direction blended in below v_s; no bristles
    const double x = std::min(speed / vs, 1.0);
    const double blend = x * x * (3.0 - 2.0 * x);
    for (int k = 0; k < n; ++k) {
      c[k] = p_.mu_dynamic * blend * s[k] / speed;
      rate[k] = 0.0;
    }
    return;
  }
  // LuGre: g the Stribeck curve from mu_static at rest to mu_dynamic (0 for STICTION)
  const double mu_d = p_.effect == FrictionParameters::Effect::kStiction ? 0.0 : p_.mu_dynamic;
  const double ratio = speed / vs;
  const double g =
      std::max(mu_d + (p_.mu_static - mu_d) * std::exp(-ratio * ratio), 1e-3 * p_.mu_static);
  // the bristle damping acts in the stiction regime only (Canudas de Wit et al.'s
  // sigma1(v) = sigma1 exp(-(v/v_s)^2), which keeps the friction dissipative)
  const double sigma1 = p_.sigma1 * std::exp(-ratio * ratio);
  // the share of the slip that moves the bristles' roots: all of it in LuGre; in msolve's
  // elasto-plastic stiction model none while |z| is below the breakaway deflection
  // kBreakaway z_ss or the slip unloads the bristles, then rising smoothly to all of it at
  // z_ss = g / sigma0 (Dupont et al. 2002)
  double share = 1.0;
  if (p_.elasto_plastic) {
    const double z_ss = g / p_.sigma0, z_ba = kBreakaway * z_ss;
    double z2 = 0.0, zs = 0.0;
    for (int k = 0; k < n; ++k) z2 += z[k] * z[k], zs += z[k] * s[k];
    const double zn = std::sqrt(z2);
    if (zn <= z_ba || zs <= 0.0) {
      share = 0.0;
    } else {
      share = zn >= z_ss ? 1.0
                         : 0.5 + 0.5 * std::sin(M_PI * (zn - 0.5 * (z_ss + z_ba)) / (z_ss - z_ba));
      share *= std::min(1.0, zs / (zn * speed));  // the loading part of the slip
    }
  }
  for (int k = 0; k < n; ++k) {
    rate[k] = s[k] - share * p_.sigma0 * speed * z[k] / g;
    c[k] = p_.sigma0 * z[k] + sigma1 * rate[k] + p_.sigma2 * s[k];
  }
}

void FrictionElement::Compute(double t, const double* y, const double* yp, const double* memory,
                              Wrench* on_i, Wrench* on_j, double* rates, double* outputs) const {
  const double* xI = BodyStates(i_.body, y);
  const double* xJ = BodyStates(j_.body, y);
  const MarkerMotion<double> I = Motion(i_, xI);
  const MarkerMotion<double> J = Motion(j_, xJ);
  const Vec3 d = I.p - J.p;
  // slip of I relative to J, in J's axes (translation as seen from J)
  const Vec3 v = J.R.transpose() * (I.v - J.v - J.w.cross(d));
  const Vec3 w = J.R.transpose() * (I.w - J.w);
  // the joint's reaction on I, J's axes
  Vec3 F, T;
  for (int k = 0; k < 3; ++k) {
    F[k] = reactions_[k]->Value(t, y, yp, memory);
    T[k] = reactions_[3 + k]->Value(t, y, yp, memory);
  }
  const double f_xy = std::hypot(F[0], F[1]), t_xy = std::hypot(T[0], T[1]);
  const double pl = p_.preload ? 1.0 : 0.0, rf = p_.reaction_force ? 1.0 : 0.0;
  const double bm = p_.bending_moment ? 1.0 : 0.0, tm = p_.torsional_moment ? 1.0 : 0.0;

  // the friction loads: a force for the translational slip, a torque for the rotational
  double load_t = 0.0, load_r = 0.0, radius = p_.pin_radius;
  switch (p_.joint) {
    case JointKind::kTranslational:
    case JointKind::kCylindrical: {
      const double slide = (J.R.transpose() * d)[2] - p_.design_slide;
      const double overlap =
          std::max(p_.initial_overlap + p_.overlap_sign * slide, 1e-6 * p_.initial_overlap);
      load_t = pl * p_.force_preload + rf * f_xy + bm * t_xy / overlap;
      if (p_.joint == JointKind::kTranslational) {
        load_t += tm * std::abs(T[2]) / p_.reaction_arm;
      } else {
        load_r = pl * p_.torque_preload + rf * p_.pin_radius * f_xy;
      }
      break;
    }
    case JointKind::kRevolute:
      load_r = pl * p_.torque_preload +
               rf * (p_.pin_radius * f_xy + p_.friction_arm * std::abs(F[2])) +
               bm * p_.pin_radius * t_xy / p_.bending_reaction_arm;
      break;
    case JointKind::kSpherical:
      radius = p_.ball_radius;
      load_r = pl * p_.torque_preload + rf * p_.ball_radius * F.norm();
      break;
    case JointKind::kUniversal:
      load_r = pl * p_.torque_preload + rf * p_.pin_radius * F.norm();
      break;
  }

  Vec3 force = Vec3::Zero(), torque = Vec3::Zero();  // on I, J's axes
  Vec3 mu_t = Vec3::Zero(), mu_r = Vec3::Zero();     // the coefficients, J's axes
  double s[3], c[3], rate[4];
  const double* z = y + first_;
  if (translational_ == 1) {
    s[0] = v[2];
    Group(1, s, z, c, rate);
    force[2] = -load_t * c[0];
    mu_t[2] = c[0];
  }
  if (rotational_ > 0) {
    if (rotational_ == 1) {
      s[0] = radius * w[2];
    } else {
      for (int k = 0; k < 3; ++k) s[k] = radius * w[k];
    }
    Group(rotational_, s, z + translational_, c, rate + translational_);
    if (rotational_ == 1) {
      torque[2] = -load_r * c[0];
      mu_r[2] = c[0];
    } else {
      for (int k = 0; k < 3; ++k) torque[k] = -load_r * c[k], mu_r[k] = c[k];
    }
  }
  if (rates) std::copy(rate, rate + state_count(), rates);
  if (outputs) {
    const Vec3* triples[6] = {&force, &torque, &mu_t, &mu_r, &v, &w};
    for (int k = 0; k < 6; ++k) {
      const Vec3 global = J.R * *triples[k];
      std::copy(global.data(), global.data() + 3, outputs + 3 * k);
    }
  }
  if (on_i == nullptr) return;
  const Vec3 force_g = J.R * force, torque_g = J.R * torque;
  on_i->setZero();
  on_j->setZero();
  ToBodyAt<double>(xI, I.p, force_g, torque_g, on_i->data());
  ToBodyAt<double>(xJ, I.p, Vec3(-force_g), Vec3(-torque_g), on_j->data());
}

std::array<double, FrictionElement::kOutputCount> FrictionElement::Outputs(
    double t, const double* y, const double* yp, const double* memory) const {
  std::array<double, kOutputCount> out{};
  Compute(t, y, yp, memory, nullptr, nullptr, nullptr, out.data());
  return out;
}

void FrictionElement::Evaluate(double t, const double* y, const double* yp, const double* memory,
                               Wrench* on_i, Wrench* on_j) const {
  Compute(t, y, yp, memory, on_i, on_j, nullptr);
}

void FrictionElement::StateResidual(double t, const double* y, const double* yp,
                                    const double* memory, double* F) const {
  double rates[4];
  Compute(t, y, yp, memory, nullptr, nullptr, rates);
  for (int k = 0; k < state_count(); ++k) F[first_ + k] = yp[first_ + k] - rates[k];
}

void FrictionElement::StateRates(double t, const double* y, const double* yp, const double* memory,
                                 double* rates) const {
  Compute(t, y, yp, memory, nullptr, nullptr, rates);
}

void FrictionElement::AddJacobian(double t, const double* y, const double* yp, const double* memory,
                                  double cj, std::vector<Triplet>* out) const {
  // central differences over what the element reads: the states of both bodies, what the
  // reactions read (multipliers), its bristles; rows: the wrench rows, then its states
  std::vector<int> columns = y_deps();
  for (int side = 0; side < 2; ++side)
    if (body(side) >= 0)
      for (int k = 0; k < kBodyX; ++k) columns.push_back(kBodyX * body(side) + k);
  for (int k = 0; k < state_count(); ++k) columns.push_back(first_ + k);
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  const std::vector<int>& yp_columns = yp_deps();

  const int n = state_count();
  const int size = std::max(columns.back(), yp_columns.empty() ? 0 : yp_columns.back()) + 1;
  std::vector<double> Y(y, y + size), YP(yp, yp + size);
  // d(wrench on I, wrench on J, rates) for the states in `work` around their values
  const auto derivative = [&](std::vector<double>* work, int index, double* d) {
    const double x = (*work)[index];
    const double h = kStep * std::max(1.0, std::abs(x));
    Wrench up_i, up_j, down_i, down_j;
    double up_r[4], down_r[4];
    (*work)[index] = x + h;
    Compute(t, Y.data(), YP.data(), memory, &up_i, &up_j, up_r);
    (*work)[index] = x - h;
    Compute(t, Y.data(), YP.data(), memory, &down_i, &down_j, down_r);
    (*work)[index] = x;
    for (int r = 0; r < 6; ++r) {
      d[r] = (up_i[r] - down_i[r]) / (2 * h);
      d[6 + r] = (up_j[r] - down_j[r]) / (2 * h);
    }
    for (int r = 0; r < n; ++r) d[12 + r] = (up_r[r] - down_r[r]) / (2 * h);
  };
  const auto add = [&](int column, const double* d, double scale) {
    for (int side = 0; side < 2; ++side)
      if (body(side) >= 0)
        for (int r = 0; r < 6; ++r)
          out->push_back({kBodyX * body(side) + 7 + r, column, -scale * d[6 * side + r]});
    for (int r = 0; r < n; ++r) out->push_back({first_ + r, column, -scale * d[12 + r]});
  };
  double d[16];
  for (int column : columns) {
    derivative(&Y, column, d);
    add(column, d, 1.0);
  }
  for (int column : yp_columns) {
    derivative(&YP, column, d);
    add(column, d, cj);
  }
  // the states' own rates: d(yp - rate)/d(yp) = cj
  for (int r = 0; r < n; ++r) out->push_back({first_ + r, first_ + r, cj});
}

}  // namespace msolve::mbs
