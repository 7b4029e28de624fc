// The descriptions of contact (part of the model description, model/entities.h): the
// geometries attached to parts through markers (MotionSolve's graphics Sphere, Box,
// Cylinder, Ellipsoid, Frustum; XML Post_Graphic) and the Contact force between the
// geometries of two bodies (XML Force_Contact; docs/equations.md §3.13).
#pragma once

#include <string>
#include <vector>

#include "model/entity.h"

namespace msolve::model {

class Marker;

/// A solid attached to a part through a marker. `kind` is the MotionSolve class: Sphere
/// (`cm`, `radius`), Box (centred on `cm`, or from `corner` along its axes, edge lengths
/// `x`, `y`, `z`), Cylinder (`cm`, `radius`, `length` along z from cm), Ellipsoid (`cm`,
/// diameters `x`, `y`, `z` from xscale, yscale, zscale), Frustum (`cm`, `top` and `bottom`
/// radii, `length` along z), External (a triangle mesh read from `filename`, in the axes of
/// the marker `cm` (MotionSolve's rm): `vertices` x, y, z in a row, `faces` three vertex
/// indices each; `mesh_problem` says why the mesh bounds no volume, empty when it does).
/// All graphics share one id space, as XML Post_Graphic does.
class Graphic : public Entity {
 public:
  const char* TypeName() const override { return kind.c_str(); }
  std::string kind = "Sphere";
  Marker* cm = nullptr;
  Marker* corner = nullptr;
  double radius = 0.0;
  double x = 0.0, y = 0.0, z = 0.0;
  double length = 0.0;
  double top = 0.0, bottom = 0.0;
  bool material_inside = true;
  std::string filename;
  std::vector<double> vertices;
  std::vector<int> faces;
  bool convex = false;
  std::string mesh_problem;
};

/// A contact force between the geometries `igeom` (all on one part) and `jgeom` (all on
/// another): wherever they interpenetrate, a normal force from the depth and its rate
/// (IMPACT or POISSON) and a Coulomb friction from the slip velocity at each contact point
/// (docs/equations.md §3.13).
class Contact : public Entity {
 public:
  const char* TypeName() const override { return "Contact"; }
  std::vector<Graphic*> igeom, jgeom;
  std::string type = "IMPACT";  // IMPACT or POISSON
  double stiffness = 0.0, exponent = 1.5, damping = 0.0, dmax = 0.0;
  double penalty = 0.1, restitution_coefficient = 0.0, normal_trans = 1.0;
  std::string coulomb_friction = "OFF";  // ON, OFF or DYNAMICS_ONLY
  double mu_static = 0.0, mu_dynamic = 0.0;
  double stiction_transition_velocity = 1e-3, friction_transition_velocity = 1e-3;
};

}  // namespace msolve::model
