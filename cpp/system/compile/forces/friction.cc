// compile(model): a Friction (docs/equations.md §3.10), checked, becomes a FrictionElement on
// its joint's markers, reading the joint's reaction through six force measures
#include <cmath>
#include <memory>

#include "common/error.h"
#include "mbs/friction.h"
#include "system/compile/builder.h"

namespace msolve::system {
namespace {

// the friction's numbers, each checked (the message names the attribute)
mbs::FrictionParameters Parameters(const model::Friction& f) {
  const auto fail = [&f](const std::string& what) { throw ModelError(f.Describe() + ": " + what); };
  const auto positive = [&](const char* name, double v) {
    if (!(v > 0) || !std::isfinite(v)) fail(std::string(name) + " must be positive");
    return v;
  };
  const auto non_negative = [&](const char* name, double v) {
    if (!(v >= 0) || !std::isfinite(v)) fail(std::string(name) + " must be a finite number >= 0");
    return v;
  };
  mbs::FrictionParameters p;
  p.mu_static = positive("mu_static", f.mu_static);
  p.mu_dynamic = non_negative("mu_dynamic", f.mu_dynamic);
  p.transition_velocity = positive("stiction_transition_velocity", f.stiction_transition_velocity);
  const double deformation = positive("max_stiction_deformation", f.max_stiction_deformation);
  const std::string effect = Upper(f.effect);
  if (effect == "ALL") {
    p.effect = mbs::FrictionParameters::Effect::kAll;
  } else if (effect == "STICTION") {
    p.effect = mbs::FrictionParameters::Effect::kStiction;
  } else if (effect == "SLIDING") {
    p.effect = mbs::FrictionParameters::Effect::kSliding;
  } else {
    fail("effect must be ALL, STICTION or SLIDING, got '" + f.effect + "'");
  }
  const std::string inactive = Upper(f.inactive);
  if (inactive != "NONE" && inactive != "STATIC")
    fail("inactive must be NONE or STATIC, got '" + f.inactive + "'");
  // the loads: ALL (the default) or NONE alone, or a list of the four
  p.preload = p.reaction_force = p.bending_moment = p.torsional_moment = false;
  for (const std::string& name : f.input_forces) {
    const std::string input = Upper(name);
    if (input == "ALL") {
      p.preload = p.reaction_force = p.bending_moment = p.torsional_moment = true;
    } else if (input == "PRELOAD") {
      p.preload = true;
    } else if (input == "REACTION_FORCE") {
      p.reaction_force = true;
    } else if (input == "BENDING_MOMENT") {
      p.bending_moment = true;
    } else if (input == "TORSIONAL_MOMENT") {
      p.torsional_moment = true;
    } else if (input != "NONE") {
      fail("input_forces: '" + name +
           "' is not one of PRELOAD, REACTION_FORCE, BENDING_MOMENT, TORSIONAL_MOMENT, ALL, "
           "NONE");
    }
  }
  p.force_preload = non_negative("friction_force_preload", f.friction_force_preload);
  p.torque_preload = non_negative("friction_torque_preload", f.friction_torque_preload);
  p.reaction_arm = positive("reaction_arm", f.reaction_arm);
  p.initial_overlap = positive("initial_overlap", f.initial_overlap);
  const std::string overlap = Upper(f.overlap_delta);
  if (overlap == "CONSTANT") {
    p.overlap_sign = 0;
  } else if (overlap == "INCREASE") {
    p.overlap_sign = 1;
  } else if (overlap == "DECREASE") {
    p.overlap_sign = -1;
  } else {
    fail("overlap_delta must be CONSTANT, INCREASE or DECREASE, got '" + f.overlap_delta + "'");
  }
  p.friction_arm = non_negative("friction_arm", f.friction_arm);
  p.pin_radius = positive("pin_radius", f.pin_radius);
  p.bending_reaction_arm = positive("bending_reaction_arm", f.bending_reaction_arm);
  p.ball_radius = positive("ball_radius", f.ball_radius);
  const std::string yoke = Upper(f.yoke);
  if (yoke != "I" && yoke != "J") fail("yoke must be I or J, got '" + f.yoke + "'");
  // LuGre's bristles: given, or msolve's stiction model (docs/equations.md §3.10)
  p.sigma0 = f.bristle_stiffness ? positive("bristle_stiffness", *f.bristle_stiffness)
                                 : p.mu_static / deformation;
  p.sigma1 = f.damping_effects ? non_negative("damping_effects", *f.damping_effects)
                               : p.mu_static / p.transition_velocity;
  p.sigma2 = f.viscous_effects ? non_negative("viscous_effects", *f.viscous_effects) : 0.0;
  p.elasto_plastic = !f.bristle_stiffness && !f.damping_effects && !f.viscous_effects;
  return p;
}

}  // namespace

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::Friction& friction) {
  const model::Joint* joint = friction.joint;
  if (joint == nullptr) throw ModelError(friction.Describe() + ": joint is not set");
  bool compiled = false;
  for (const auto& c : sys_.joints_) compiled |= c.source() == joint;
  if (!compiled)
    throw ModelError(friction.Describe() + ": its joint " + joint->Describe() +
                     " is inactive or not in this model");
  mbs::FrictionParameters p = Parameters(friction);
  if (!mbs::FrictionJointKind(Upper(joint->type), &p.joint))
    throw ModelError(friction.Describe() + ": friction is available on REVOLUTE, " +
                     "TRANSLATIONAL, CYLINDRICAL, SPHERICAL and UNIVERSAL joints, not on " +
                     joint->Describe() + " of type " + joint->type);
  const auto [mi, mj] = sys_.MarkersOf(friction, joint->i, joint->j);
  const auto note = [&](const std::string& what) {
    sys_.notes_.push_back(friction.Describe() + ": " + what);
  };
  if (Upper(friction.inactive) == "STATIC")
    note(
        "inactive = STATIC accepted, no effect: msolve holds the bristle deflection in "
        "statics, so friction there is only the force of the deflection already reached");
  if (Upper(friction.yoke) == "J")
    note(
        "yoke = J accepted, no effect: msolve's universal-joint friction opposes the whole "
        "relative angular velocity, whichever yoke carries the pin");
  if (friction.bristle_stiffness && friction.max_stiction_deformation != 0.01)
    note(
        "max_stiction_deformation accepted, no effect: with bristle_stiffness given, the "
        "stiction deflection is mu_static / bristle_stiffness");
  // the slide of I along J's z axis in the design position (overlap_delta counts from it)
  const auto design = [this](const mbs::BodyMarker& m) {
    if (m.body < 0) return mbs::MarkerFrame(m, nullptr);
    double q[7];
    const Body& b = sys_.bodies_[m.body];
    for (int k = 0; k < 3; ++k) q[k] = b.r0[k];
    for (int k = 0; k < 4; ++k) q[3 + k] = b.e0[k];
    return mbs::MarkerFrame(m, q);
  };
  const auto fi = design(mi), fj = design(mj);
  p.design_slide = (fj.R.transpose() * (fi.p - fj.p))[2];
  // the joint's reaction on I at I in J's axes: JOINT(id, 0, comp, J) for Fx Fy Fz Tx Ty Tz
  std::array<std::unique_ptr<mbs::StateFunction>, 6> reactions;
  const long components[6] = {2, 3, 4, 6, 7, 8};
  for (int k = 0; k < 6; ++k) {
    auto measure = std::make_unique<ForceMeasure>(
        "JOINT", std::vector<long>{joint->id, 0, components[k], joint->j->id}, friction.Describe(),
        sys_);
    sys_.unlinked_force_measures_.push_back(measure.get());
    reactions[k] = std::move(measure);
  }
  return std::make_unique<mbs::FrictionElement>(&friction, mi, mj, p, std::move(reactions),
                                                friction_state_.at(&friction));
}

}  // namespace msolve::system
