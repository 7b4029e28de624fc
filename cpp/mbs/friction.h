// Joint friction (MotionSolve Friction / Force_JointFriction; docs/equations.md §3.10): LuGre
// friction of a joint's slip against a friction load made of the joint's reaction and
// preloads. The bristle deflections are the element's own differential states.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "mbs/force_element.h"

namespace msolve::mbs {

/// The numbers of one Friction, checked and resolved by the compile step.
struct FrictionParameters {
  enum class Joint { kTranslational, kRevolute, kCylindrical, kSpherical, kUniversal };
  enum class Effect { kAll, kStiction, kSliding };
  Joint joint = Joint::kRevolute;
  Effect effect = Effect::kAll;
  double mu_static = 0.3, mu_dynamic = 0.2;
  double transition_velocity = 0.1;                  // v_s
  double sigma0 = 30.0, sigma1 = 3.0, sigma2 = 0.0;  // per unit friction load
  // msolve's stiction model (no bristle parameters given): no slip below breakaway
  bool elasto_plastic = true;
  // which loads make the friction load
  bool preload = true, reaction_force = true, bending_moment = true, torsional_moment = true;
  double force_preload = 0.0, torque_preload = 0.0;
  double reaction_arm = 1.0;  // translational: torsional moment to force
  double initial_overlap = 1000.0;
  int overlap_sign = 0;       // CONSTANT 0, INCREASE +1, DECREASE -1
  double design_slide = 0.0;  // the slide (z of I in J) at the design position
  double friction_arm = 1.0;  // revolute: axial force to torque
  double pin_radius = 1.0;
  double bending_reaction_arm = 1.0;
  double ball_radius = 1.0;
};

/// The joint kind of a joint type (upper case: REVOLUTE, TRANSLATIONAL, CYLINDRICAL,
/// SPHERICAL, UNIVERSAL or HOOKE); false for the types friction is not available on.
bool FrictionJointKind(const std::string& type, FrictionParameters::Joint* kind);

class FrictionElement : public ForceElement {
 public:
  /// `reactions`: the joint's reaction on I at I, force then torque, in J's axes (6
  /// functions of the state, reading the multipliers); the bristle states start at `first`.
  FrictionElement(const model::Entity* source, BodyMarker i, BodyMarker j, FrictionParameters p,
                  std::array<std::unique_ptr<StateFunction>, 6> reactions, int first);

  /// Bristle states of a joint type: the translational slip (1 for TRANSLATIONAL and
  /// CYLINDRICAL), then the rotational slip (1 for REVOLUTE and CYLINDRICAL, 3 for
  /// SPHERICAL and UNIVERSAL).
  static int TranslationalStates(FrictionParameters::Joint joint);
  static int RotationalStates(FrictionParameters::Joint joint);

  const model::Entity* source() const override { return source_; }
  const BodyMarker& i() const override { return i_; }
  const BodyMarker& j() const override { return j_; }

  void Evaluate(double t, const double* y, const double* yp, const double* memory, Wrench* on_i,
                Wrench* on_j) const override;
  void AddJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                   std::vector<Triplet>* out) const override;
  std::vector<StateFunction*> functions() const override;

  /// FRICTION's 18 outputs at (t, y, yp), as triples in global axes (docs/expression-functions.md):
  /// the friction force and torque on I, the translational and rotational friction
  /// coefficients (the friction is -load times them) and the translational and rotational slip
  /// velocities of I relative to J.
  static constexpr int kOutputCount = 18;
  std::array<double, kOutputCount> Outputs(double t, const double* y, const double* yp,
                                           const double* memory) const;

  int state_count() const override { return translational_ + rotational_; }
  int first_state() const override { return first_; }
  void StateResidual(double t, const double* y, const double* yp, const double* memory,
                     double* F) const override;
  void StateRates(double t, const double* y, const double* yp, const double* memory,
                  double* rates) const override;

 private:
  // the wrenches and the bristle rates at (t, y, yp); either output may be nullptr
  void Compute(double t, const double* y, const double* yp, const double* memory, Wrench* on_i,
               Wrench* on_j, double* rates, double* outputs = nullptr) const;
  // LuGre on one slip group of n components: slip s, bristles z -> the friction
  // coefficients c (the friction is -load * c) and the bristle rates
  void Group(int n, const double* s, const double* z, double* c, double* rate) const;

  const model::Entity* source_;
  BodyMarker i_, j_;
  FrictionParameters p_;
  std::array<std::unique_ptr<StateFunction>, 6> reactions_;
  int first_;
  int translational_, rotational_;
};

}  // namespace msolve::mbs
