// compile(model): a Contact (docs/equations.md §3.13), checked, becomes a ContactElement;
// its geometries become the element's shapes, and a deep interpenetration in the design
// position is reported in the log
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "mbs/contact.h"
#include "system/compile/builder.h"

namespace msolve::system {
namespace {

// the shape of one geometry, checked; the kinds without a closed form are refused
mbs::ContactShape Shape(const model::Contact& contact, const model::Graphic* g, const System& sys) {
  if (g == nullptr) throw ModelError(contact.Describe() + ": a geometry of igeom/jgeom is unset");
  const std::string who = contact.Describe() + ": geometry " + g->Describe();
  mbs::ContactShape shape;
  shape.source = g;
  if (!g->material_inside)
    throw ModelError(who + " has material_inside = False, which contact does not support yet");
  if (g->kind == "Sphere") {
    if (g->cm == nullptr) throw ModelError(who + ": cm (the centre marker) is not set");
    if (!(g->radius > 0)) throw ModelError(who + ": radius must be positive");
    shape.m = sys.MarkerOf(g->cm);
    shape.radius = g->radius;
    return shape;
  }
  if (g->kind == "Box") {
    if ((g->cm == nullptr) == (g->corner == nullptr))
      throw ModelError(who + ": exactly one of cm and corner must be set");
    if (!(g->x > 0 && g->y > 0 && g->z > 0))
      throw ModelError(who + ": the edge lengths x, y, z must be positive");
    shape.sphere = false;
    shape.half = Vec3(g->x, g->y, g->z) / 2;
    shape.m = sys.MarkerOf(g->cm ? g->cm : g->corner);
    // a box given by its corner extends along the corner marker's axes: its centre is half
    // the edges further along them
    if (g->corner) shape.m.s += shape.m.A * shape.half;
    return shape;
  }
  throw ModelError(who +
                   " cannot be used for contact yet: only Sphere and Box have a closed form "
                   "(Cylinder, Ellipsoid, Frustum and meshes need a collision library)");
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
