// System::force_elements_ follows the order of the force kinds in model/kinds.h: the order
// in which the residual sums the wrenches on a body, so the order that fixes the last bits of
// every result (docs/architecture.md §4.1). Checked on a model that holds one element of
// every force kind, added to the model in the reverse order.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "model/kinds.h"
#include "system/system.h"

namespace msolve {
namespace {

using model::Marker;
using model::Part;

struct Pieces {
  model::Model model;
  Marker* on_ground = nullptr;
  Marker* on_body = nullptr;
};

// ground and one body, each with a marker; the body's marker 1 along x from the ground's
void AddBodies(Pieces* p) {
  auto ground = std::make_shared<Part>();
  ground->id = 1;
  ground->ground = true;
  auto body = std::make_shared<Part>();
  body->id = 2;
  body->mass = 1.0;
  body->ip = {1, 1, 1, 0, 0, 0};
  auto g = std::make_shared<Marker>();
  g->id = 10;
  g->part = ground.get();
  auto b = std::make_shared<Marker>();
  b->id = 20;
  b->part = body.get();
  b->qp = Vec3(1, 0, 0);
  body->cm = b.get();
  p->on_ground = g.get();
  p->on_body = b.get();
  p->model.parts = {ground, body};
  p->model.markers = {g, b};
}

// one element of each force kind, pushed into the model in the reverse order of kinds.h
void AddOneForceOfEachKind(Pieces* p) {
  Marker* i = p->on_body;
  Marker* j = p->on_ground;
  auto vforce = std::make_shared<model::VectorForce>();
  vforce->id = 6;
  vforce->i = i;
  vforce->jfloat = j;
  vforce->components = {"1", "0", "0", "", "", ""};
  p->model.vector_forces.push_back(vforce);
  auto sforce = std::make_shared<model::Sforce>();
  sforce->id = 5;
  sforce->i = i;
  sforce->j = j;
  sforce->function = "-DX(20, 10)";
  p->model.sforces.push_back(sforce);
  auto springsat = std::make_shared<model::Springsat>();
  springsat->id = 4;
  springsat->i = i;
  springsat->j = j;
  springsat->xsat = 0.5;
  p->model.springsats.push_back(springsat);
  auto sign = std::make_shared<model::SignForce>();
  sign->id = 3;
  sign->i = i;
  sign->j = j;
  sign->f_nominal = 1.0;
  p->model.sign_forces.push_back(sign);
  auto bushing = std::make_shared<model::Bushing>();
  bushing->id = 2;
  bushing->i = i;
  bushing->j = j;
  bushing->k = {1, 1, 1};
  p->model.bushings.push_back(bushing);
  auto spring = std::make_shared<model::SpringDamper>();
  spring->id = 1;
  spring->i = i;
  spring->j = j;
  spring->k = 10.0;
  p->model.spring_dampers.push_back(spring);
}

TEST(ForceOrder, ForceElementsFollowTheKindsList) {
  Pieces p;
  AddBodies(&p);
  AddOneForceOfEachKind(&p);
  const system::System sys = system::System::Compile(p.model);

  std::vector<std::string> expected;
#define MSOLVE_EXPECT_KIND(Type, member) \
  for (const auto& e : p.model.member) expected.push_back(e->TypeName());
  MSOLVE_FORCE_KINDS(MSOLVE_EXPECT_KIND)
#undef MSOLVE_EXPECT_KIND
  // the list itself: forces of numbers, then those of expressions
  const std::vector<std::string> documented = {"SpringDamper", "Bushing", "SignForce",
                                               "Springsat",    "Sforce",  "Vforce"};
  EXPECT_EQ(expected, documented);

  std::vector<std::string> compiled;
  for (const auto& element : sys.force_elements())
    compiled.push_back(element->source()->TypeName());
  EXPECT_EQ(compiled, expected);
}

}  // namespace
}  // namespace msolve
