// compile(model): a Contact (docs/equations.md §3.13), checked, becomes a ContactElement;
// its geometries become the element's shapes, and a deep interpenetration in the design
// position is reported in the log
#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "mbs/contact.h"
#include "system/compile/builder.h"

namespace msolve::system {
namespace {

// a convex frustum of radii `bottom` at z = -length/2 and `top` at +length/2 (the
// collision library's polyhedron; its polygons have kFrustumSides sides)
constexpr int kFrustumSides = 64;

mbs::FclGeometry Frustum(double bottom, double top, double length) {
  std::vector<double> vertices;
  std::vector<int> faces;
  const int n = kFrustumSides;
  for (int end = 0; end < 2; ++end)
    for (int k = 0; k < n; ++k) {
      const double r = end ? top : bottom, angle = 2 * M_PI * k / n;
      vertices.insert(vertices.end(),
                      {r * std::cos(angle), r * std::sin(angle), (end ? 0.5 : -0.5) * length});
    }
  for (int k = 0; k < n; ++k) {
    const int k1 = (k + 1) % n;
    faces.insert(faces.end(), {k, k1, n + k1, k, n + k1, n + k});  // the side
    if (k > 0 && k1 > 0) {
      faces.insert(faces.end(), {0, k1, k});          // the bottom
      faces.insert(faces.end(), {n, n + k, n + k1});  // the top
    }
  }
  return mbs::FclConvex(vertices, faces);
}

// the marker of a geometry, its shape moved along its z axis by `dz` (to the centre)
mbs::BodyMarker CentreMarker(const System& sys, const model::Marker* m, double dz) {
  mbs::BodyMarker b = sys.MarkerOf(m);
  b.s += b.A.col(2) * dz;
  return b;
}

// a triangle mesh (External): checked, as a convex polyhedron when it is convex
void MeshShape(const model::Graphic* g, const std::string& who, mbs::ContactShape* shape) {
  const std::string file = "'" + g->filename + "'";
  if (!g->mesh_problem.empty())
    throw ModelError(who + ": the mesh file " + file + " " + g->mesh_problem);
  if (g->vertices.size() < 12 || g->faces.size() < 12 || g->vertices.size() % 3 != 0 ||
      g->faces.size() % 3 != 0)
    throw ModelError(who + ": the mesh file " + file + " holds no closed triangle mesh");
  const int count = static_cast<int>(g->vertices.size() / 3);
  for (int f : g->faces)
    if (f < 0 || f >= count)
      throw ModelError(who + ": the mesh file " + file + " has a face on a vertex it lacks");
  shape->fcl =
      g->convex ? mbs::FclConvex(g->vertices, g->faces) : mbs::FclMesh(g->vertices, g->faces);
  Vec3 lo = Vec3::Constant(INFINITY), hi = -lo;
  shape->bound = 0;
  for (int k = 0; k < count; ++k) {
    const Vec3 v(g->vertices[3 * k], g->vertices[3 * k + 1], g->vertices[3 * k + 2]);
    lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
    shape->bound = std::max(shape->bound, v.norm());
  }
  shape->size = (hi - lo).minCoeff() / 2;
}

// the shape of one geometry, checked: Sphere and Box with their closed forms, the others
// through the collision library
mbs::ContactShape Shape(const model::Contact& contact, const model::Graphic* g, const System& sys) {
  if (g == nullptr) throw ModelError(contact.Describe() + ": a geometry of igeom/jgeom is unset");
  const std::string who = contact.Describe() + ": geometry " + g->Describe();
  mbs::ContactShape shape;
  shape.source = g;
  if (!g->material_inside)
    throw ModelError(who + " has material_inside = False, which contact does not support yet");
  if (g->kind == "Box") {
    if ((g->cm == nullptr) == (g->corner == nullptr))
      throw ModelError(who + ": exactly one of cm and corner must be set");
  } else if (g->cm == nullptr) {
    throw ModelError(who + (g->kind == "External" ? ": rm" : ": cm") + " (its marker) is not set");
  }
  const auto positive = [&](double value, const char* name) {
    if (!(value > 0)) throw ModelError(who + ": " + name + " must be positive");
  };
  if (g->kind == "Sphere") {
    positive(g->radius, "radius");
    shape.m = sys.MarkerOf(g->cm);
    shape.radius = shape.bound = shape.size = g->radius;
    shape.fcl = mbs::FclSphere(g->radius);
  } else if (g->kind == "Box") {
    if (!(g->x > 0 && g->y > 0 && g->z > 0))
      throw ModelError(who + ": the edge lengths x, y, z must be positive");
    shape.sphere = false;
    shape.half = Vec3(g->x, g->y, g->z) / 2;
    shape.m = sys.MarkerOf(g->cm ? g->cm : g->corner);
    // a box given by its corner extends along the corner marker's axes: its centre is half
    // the edges further along them
    if (g->corner) shape.m.s += shape.m.A * shape.half;
    shape.bound = shape.half.norm(), shape.size = shape.half.minCoeff();
    shape.fcl = mbs::FclBox(shape.half);
  } else if (g->kind == "Cylinder" || g->kind == "Frustum") {
    positive(std::abs(g->length), "length");
    const bool cylinder = g->kind == "Cylinder";
    const double bottom = cylinder ? g->radius : g->bottom, top = cylinder ? g->radius : g->top;
    if (cylinder) positive(g->radius, "radius");
    if (!cylinder && !(bottom >= 0 && top >= 0 && bottom + top > 0))
      throw ModelError(who + ": the radii top and bottom must not be negative, one positive");
    shape.closed_form = false;
    shape.m = CentreMarker(sys, g->cm, g->length / 2);
    if (cylinder) {
      shape.cylinder = true;
      shape.radius = g->radius;
      shape.half = Vec3(0, 0, std::abs(g->length) / 2);
    }
    shape.fcl = cylinder ? mbs::FclCylinder(g->radius, std::abs(g->length))
                         : Frustum(bottom, top, g->length);
    shape.bound = std::hypot(std::max(bottom, top), g->length / 2);
    shape.size = std::min(std::max(bottom, top), std::abs(g->length) / 2);
  } else if (g->kind == "Ellipsoid") {
    if (!(g->x > 0 && g->y > 0 && g->z > 0))
      throw ModelError(who + ": xscale, yscale, zscale must be positive");
    const Vec3 radii = Vec3(g->x, g->y, g->z) / 2;
    shape.closed_form = false;
    shape.m = sys.MarkerOf(g->cm);
    shape.fcl = mbs::FclEllipsoid(radii);
    shape.bound = radii.maxCoeff(), shape.size = radii.minCoeff();
  } else if (g->kind == "External") {
    shape.closed_form = false;
    shape.m = sys.MarkerOf(g->cm);
    MeshShape(g, who, &shape);
  } else {
    throw ModelError(who + " (" + g->kind + ") cannot be used for contact");
  }
  return shape;
}

mbs::ContactLaw Law(const model::Contact& c) {
  const std::string who = c.Describe() + ": ";
  mbs::ContactLaw law;
  const std::string type = Upper(c.type);
  if (type != "IMPACT" && type != "POISSON")
    throw ModelError(who +
                     "type must be IMPACT or POISSON (VOLUME, USER and NONE are not "
                     "supported yet), got '" +
                     c.type + "'");
  law.poisson = type == "POISSON";
  if (law.poisson) {
    if (!(c.penalty > 0)) throw ModelError(who + "penalty must be positive");
    if (!(c.restitution_coefficient >= 0 && c.restitution_coefficient <= 1))
      throw ModelError(who + "restitution_coefficient must be within [0, 1]");
    if (!(c.normal_trans > 0)) throw ModelError(who + "normal_trans must be positive");
  } else {
    if (!(c.stiffness > 0)) throw ModelError(who + "stiffness must be positive");
    if (!(c.exponent >= 1)) throw ModelError(who + "exponent must be at least 1");
    if (!(c.damping >= 0)) throw ModelError(who + "damping must not be negative");
    if (c.damping > 0 && !(c.dmax > 0))
      throw ModelError(who + "dmax (the depth of full damping) must be positive with damping");
  }
  law.stiffness = c.stiffness, law.exponent = c.exponent, law.damping = c.damping;
  law.dmax = c.dmax, law.penalty = c.penalty, law.restitution = c.restitution_coefficient;
  law.normal_trans = c.normal_trans;
  const std::string friction = Upper(c.coulomb_friction);
  if (friction != "ON" && friction != "OFF" && friction != "DYNAMICS_ONLY")
    throw ModelError(who + "coulomb_friction must be ON, OFF or DYNAMICS_ONLY, got '" +
                     c.coulomb_friction + "'");
  law.friction = friction != "OFF";
  if (law.friction) {
    if (!(c.mu_static >= 0 && c.mu_dynamic >= 0))
      throw ModelError(who + "mu_static and mu_dynamic must not be negative");
    if (!(c.stiction_transition_velocity > 0))
      throw ModelError(who + "stiction_transition_velocity must be positive");
    if (!(c.friction_transition_velocity >= c.stiction_transition_velocity))
      throw ModelError(who +
                       "friction_transition_velocity must be at least "
                       "stiction_transition_velocity");
  }
  law.mu_static = c.mu_static, law.mu_dynamic = c.mu_dynamic;
  law.stiction_v = c.stiction_transition_velocity;
  law.friction_v = c.friction_transition_velocity;
  return law;
}

// the shapes of one side, all on one body
std::vector<mbs::ContactShape> Side(const model::Contact& c, const std::vector<model::Graphic*>& gs,
                                    const char* name, const System& sys) {
  if (gs.empty()) throw ModelError(c.Describe() + ": " + name + " names no geometry");
  std::vector<mbs::ContactShape> shapes;
  for (const model::Graphic* g : gs) {
    shapes.push_back(Shape(c, g, sys));
    if (shapes.back().m.body != shapes.front().m.body)
      throw ModelError(c.Describe() + ": the geometries of " + name + " must all be on one part (" +
                       g->Describe() + " is on another)");
  }
  return shapes;
}

}  // namespace

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::Contact& contact) {
  const mbs::ContactLaw law = Law(contact);
  std::vector<mbs::ContactShape> is = Side(contact, contact.igeom, "igeom", sys_);
  std::vector<mbs::ContactShape> js = Side(contact, contact.jgeom, "jgeom", sys_);
  if (is.front().m.body == js.front().m.body)
    throw ModelError(contact.Describe() + ": igeom and jgeom are on the same part");
  auto element =
      std::make_unique<mbs::ContactElement>(&contact, is.front().m, js.front().m, is, js, law);
  // the design position: a depth beyond 1% of the smaller geometry is reported, as the
  // contact then starts with a large force
  double xs[2][mbs::kBodyX] = {};
  const int body[2] = {is.front().m.body, js.front().m.body};
  for (int s = 0; s < 2; ++s)
    if (body[s] >= 0) {
      for (int a = 0; a < 3; ++a) xs[s][a] = sys_.bodies_[body[s]].r0[a];
      for (int a = 0; a < 4; ++a) xs[s][3 + a] = sys_.bodies_[body[s]].e0[a];
    }
  double size = is.front().Size();
  for (const auto* side : {&is, &js})
    for (const mbs::ContactShape& shape : *side) size = std::min(size, shape.Size());
  double deepest = 0;
  for (const mbs::ContactState& k :
       element->Points(body[0] >= 0 ? xs[0] : nullptr, body[1] >= 0 ? xs[1] : nullptr))
    deepest = std::max(deepest, k.depth);
  if (deepest > 0.01 * size) {
    std::ostringstream s;
    s.precision(6);
    s << contact.Describe() << ": warning: the geometries start interpenetrated by " << deepest
      << " (igeom " << is.front().source->Describe() << ", jgeom " << js.front().source->Describe()
      << "), more than 1% of the smaller geometry's size " << size
      << ": the contact force starts large";
    sys_.notes_.push_back(s.str());
  }
  return element;
}

}  // namespace msolve::system
