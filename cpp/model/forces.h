// The descriptions of the force elements (part of the model description, model/entities.h):
// one class per force kind, each listed in model/kinds.h and compiled by its step in
// system/compile/forces/.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/entity.h"

namespace msolve::model {

class Joint;
class Marker;
class UserRoutine;

/// A spring-damper between markers i and j. TRANSLATION: along the line from j to i,
/// f = -k (|d| - length) - c d|d|/dt + force (positive pushes i away from j); ROTATION: about
/// the z axis of j, t = -kt (a - angle) - ct da/dt + torque, a = rotation of i's x axis about
/// j's z axis from j's x axis (right hand).
class SpringDamper : public Entity {
 public:
  const char* TypeName() const override { return "SpringDamper"; }
  std::string type = "TRANSLATION";
  Marker* i = nullptr;
  Marker* j = nullptr;
  double k = 0.0, c = 0.0, kt = 0.0, ct = 0.0, force = 0.0, torque = 0.0;
  /// free length; unset = the distance of the markers in the design position
  std::optional<double> length;
  double angle = 0.0;
};

/// A linear bushing between markers i and j (Adams BUSHING): in the axes of j, force
/// F = -k x - c v + force on i, with x the displacement of i from j and v its time derivative
/// in j's frame; torque T = -kt (a, b, c) - ct w + torque, with a, b, c the projected
/// rotations AX, AY, AZ of i relative to j and w the angular velocity of i relative to j.
/// The reaction on j is -F and -T - x F (taken at j).
class Bushing : public Entity {
 public:
  const char* TypeName() const override { return "Bushing"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  std::array<double, 3> k{}, c{}, kt{}, ct{}, force{}, torque{};
};

/// A constant force whose sign follows the direction of motion (docs/equations.md §3.6,
/// Modelica-style SignForce): on i along j's z axis (reaction on j), f_nominal times a regularised
/// sign of v = VZ(I, J, J, J); reg is EXP, SINE, LINEAR or COSINE below |v| = v0.
class SignForce : public Entity {
 public:
  const char* TypeName() const override { return "SignForce"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  double f_nominal = 0.0;
  double v0 = 0.1;
  std::string reg = "EXP";
};

/// A saturating spring (docs/equations.md §3.7): energy H(q) = K0 (q^2/2 + Ksat Hsat(q)) of the
/// deflection q = DM(I, J) - length, force dH/dq along the line from j to i (pulling them together
/// when stretched); q must stay within (-xsat, xsat).
class Springsat : public Entity {
 public:
  const char* TypeName() const override { return "Springsat"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  double K0 = 1000.0;
  double Ksat = 1000.0;
  double xsat = 0.01;
  /// free length; unset = the distance of the markers in the design position
  std::optional<double> length;
};

/// A scalar force or torque between markers i and j whose magnitude is an expression
/// (`function`). TRANSLATION action-reaction: along the line from j to i, positive pushing
/// them apart; action-only: on i along j's z axis. ROTATION: about j's z axis, on i (and the
/// opposite on j unless action-only).
class Sforce : public Entity {
 public:
  const char* TypeName() const override { return "Sforce"; }
  std::string type = "TRANSLATION";
  bool actiononly = false;
  Marker* i = nullptr;
  Marker* j = nullptr;
  std::string function;
  std::shared_ptr<UserRoutine> routine;
};

/// A penalty constraint (MotionSolve Pforce, XML Force_Penalty): the generalised force
/// -(penalty g + penalty1 g') grad g on the coordinates its function g (an expression or the
/// value of its PFOSUB routine) reads; `unilateral`: only while g < 0, ramped in over
/// `smoothing_factor` (docs/equations.md §3.15).
class Pforce : public Entity {
 public:
  const char* TypeName() const override { return "Pforce"; }
  std::string function;
  std::shared_ptr<UserRoutine> routine;
  double penalty = 0.0;
  double penalty1 = 0.0;
  bool unilateral = false;
  double smoothing_factor = 0.0;
};

/// A force and/or torque on marker i with components given by expressions, resolved in the
/// axes of marker rm (ground when unset); the reaction acts on the part of jfloat at i's
/// position. Vforce has fx fy fz, Vtorque tx ty tz, Gforce all six.
class VectorForce : public Entity {
 public:
  const char* TypeName() const override { return kind.c_str(); }
  std::string kind = "Vforce";  // Vforce, Vtorque or Gforce
  Marker* i = nullptr;
  Marker* jfloat = nullptr;
  Marker* rm = nullptr;
  /// fx fy fz tx ty tz (empty = zero)
  std::array<std::string, 6> components;
  /// USER(...) parameters of the routine
  std::string function;
  std::shared_ptr<UserRoutine> routine;
};

/// A linear field between markers i and j (Adams FIELD): in the axes of j, the force and
/// torque on i are F = -K (q - length) - C v + force, with q = (x, y, z, a, b, c) the
/// displacement of i from j and its small rotations AX, AY, AZ, and v = (x', y', z', w) the
/// velocity of i relative to j in j's frame and the angular velocity of i relative to j
/// (docs/equations.md §3.11). C is cmatrix, or cratio K, or zero. The reaction on j is the same
/// wrench taken at i's origin, reversed.
class Field : public Entity {
 public:
  const char* TypeName() const override { return "Field"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  /// row-major 6x6 stiffness and damping matrices (empty = zero)
  std::vector<double> kmatrix, cmatrix;
  std::optional<double> cratio;
  std::array<double, 6> force{}, length{};
  /// FIESUB: USER(...) parameters and the routine (not available: refused at compile time)
  std::string function;
  std::shared_ptr<UserRoutine> routine;
};

/// A massless Timoshenko beam from marker j (its x axis along the beam) to marker i (Adams
/// BEAM): the force and torque on i in j's axes are -K (q - (length, 0, 0, 0, 0, 0)) - C v +
/// (force, torque) with the beam's stiffness matrix K (docs/equations.md §3.12), q and v as for a
/// Field, C = cmatrix or cratio K.
class Beam : public Entity {
 public:
  const char* TypeName() const override { return "Beam"; }
  Marker* i = nullptr;
  Marker* j = nullptr;
  double length = 0.0, ixx = 0.0, iyy = 0.0, izz = 0.0, area = 0.0;
  double asy = 0.0, asz = 0.0, emodulus = 0.0, gmodulus = 0.0, cratio = 0.0;
  std::vector<double> cmatrix;
  std::array<double, 3> force{}, torque{};
};

/// Friction in a joint (MotionSolve Friction, Force_JointFriction; docs/equations.md §3.10):
/// LuGre friction of the joint's slip against a friction load made of the joint's reaction
/// (read from its multipliers) and preloads. REVOLUTE, TRANSLATIONAL, CYLINDRICAL, SPHERICAL
/// and UNIVERSAL joints. The bristle deflections are differential states of the system.
class Friction : public Entity {
 public:
  const char* TypeName() const override { return "Friction"; }
  Joint* joint = nullptr;
  double mu_static = 0.3, mu_dynamic = 0.2;
  std::string inactive = "NONE";  // NONE or STATIC
  double stiction_transition_velocity = 0.1;
  double max_stiction_deformation = 0.01;
  std::string effect = "ALL";  // ALL, STICTION or SLIDING
  /// which loads make the friction load: PRELOAD, REACTION_FORCE, BENDING_MOMENT,
  /// TORSIONAL_MOMENT, or ALL, or NONE
  std::vector<std::string> input_forces{"ALL"};
  // translational and cylindrical joints
  double friction_force_preload = 0.0, reaction_arm = 1.0, initial_overlap = 1000.0;
  std::string overlap_delta = "CONSTANT";  // CONSTANT, INCREASE or DECREASE
  // revolute, cylindrical and universal joints
  double friction_torque_preload = 0.0, friction_arm = 1.0, pin_radius = 1.0;
  double bending_reaction_arm = 1.0;
  std::string yoke = "I";    // universal joints: I or J
  double ball_radius = 1.0;  // spherical joints
  /// LuGre bristle stiffness sigma0, damping sigma1 and viscous coefficient sigma2; unset:
  /// msolve's stiction model from max_stiction_deformation (docs/equations.md §3.10)
  std::optional<double> bristle_stiffness, damping_effects, viscous_effects;
};

class Matrix;

/// The multi-point linear force (MotionSolve Nforce, Force_MultiPoint; Adams NFORCE;
/// docs/equations.md §3.14): with q and v the 6N coordinates and rates of the N markers
/// `imarkers` relative to `j` (each as a Field's), the forces and torques on the I markers in
/// j's axes are -K (q - length) - C v + force; j takes the reaction. `kmatrix` (6N x 6N),
/// `cmatrix` (6N x 6N) or `cratio` (C = cratio K), `length` (3N or 6N x 1) and `force`
/// (6N x 1) are Matrix entities.
class Nforce : public Entity {
 public:
  const char* TypeName() const override { return "Nforce"; }
  std::vector<Marker*> imarkers;
  Marker* j = nullptr;
  double cratio = 0.0;
  Matrix* kmatrix = nullptr;
  Matrix* cmatrix = nullptr;
  Matrix* length = nullptr;
  Matrix* force = nullptr;
};

}  // namespace msolve::model
