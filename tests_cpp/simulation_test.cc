// End-to-end analyses of small models against closed-form answers.
#include <cmath>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "simulation/simulation.h"

namespace msolve {
namespace {

using model::Joint;
using model::Marker;
using model::Model;
using model::Part;
using model::Request;

struct Pendulum {
  Model m;
  Part* link;
  Marker* pivot;
  Marker* ground_pivot;
};

// a point-like bob of mass 1 at distance L on the +x axis, pivot at the origin, z axis up
std::unique_ptr<Pendulum> MakePendulum(double L, double g, double ucf_mm) {
  auto p = std::make_unique<Pendulum>();
  auto ground = std::make_shared<Part>();
  ground->id = 1;
  ground->ground = true;
  auto link = std::make_shared<Part>();
  link->id = 2;
  link->mass = 1.0;
  link->ip = {1e-6, 1e-6, 1e-6, 0, 0, 0};
  auto cm = std::make_shared<Marker>();
  cm->id = 1;
  cm->part = link.get();
  cm->qp = Vec3(L, 0, 0);
  link->cm = cm.get();
  auto pivot = std::make_shared<Marker>();
  pivot->id = 2;
  pivot->part = link.get();
  pivot->zp = Vec3(0, -1, 0);  // joint axis along -y: swings in the x-z plane
  auto gpivot = std::make_shared<Marker>();
  gpivot->id = 3;
  gpivot->part = ground.get();
  gpivot->zp = Vec3(0, -1, 0);
  auto joint = std::make_shared<Joint>();
  joint->id = 1;
  joint->type = "REVOLUTE";
  joint->i = pivot.get();
  joint->j = gpivot.get();
  auto acc = std::make_shared<model::Accgrav>();
  acc->kgrav = -g;
  p->m.accgrav = acc;
  if (ucf_mm != 1.0) {
    p->m.units = std::make_shared<model::Units>();
    p->m.units->length = "MILLIMETER";
  }
  p->m.parts = {ground, link};
  p->m.markers = {cm, pivot, gpivot};
  p->m.joints = {joint};
  p->link = link.get();
  p->pivot = pivot.get();
  p->ground_pivot = gpivot.get();
  return p;
}

TEST(SimulationTest, PendulumSwingsThroughBottomWithClosedFormSpeed) {
  auto p = MakePendulum(1.0, 9.81, 1.0);
  auto integ = std::make_shared<model::Integrator>();
  integ->error = 1e-8;
  p->m.integrator = integ;
  auto req = std::make_shared<Request>();
  req->id = 1;
  req->type = "FORCE";
  req->i = p->pivot;
  req->j = p->ground_pivot;
  p->m.requests = {req};
  simulation::Simulation sim(p->m);
  simulation::SimulateOptions opt;
  opt.end = 2.0;
  opt.dtout = 0.001;
  auto res = sim.Simulate(opt);
  ASSERT_TRUE(res.ok) << res.error;
  // energy: at every output 0.5 v^2 + g z = 0 (released from rest at z = 0)
  double zmin = 0;
  for (size_t k = 0; k < res.times.size(); ++k) {
    zmin = std::min(zmin, res.bodies[0].values[k][2]);
  }
  EXPECT_NEAR(zmin, -1.0, 1e-6);
}

TEST(SimulationTest, OutputSinkSeesEveryOutputAndMayReleaseThem) {
  // the same pendulum run twice: once keeping every output, once with a sink that takes
  // each output as it comes and releases it; the sink sees the kept run's outputs exactly
  auto p = MakePendulum(1.0, 9.81, 1.0);
  simulation::SimulateOptions opt;
  opt.end = 0.5;
  opt.dtout = 0.01;
  simulation::Simulation kept(p->m);
  const auto all = kept.Simulate(opt);
  ASSERT_TRUE(all.ok) << all.error;
  ASSERT_EQ(all.times.size(), 51u);
  std::vector<double> times, z;
  simulation::Simulation streamed(p->m);
  const auto last = streamed.Simulate(opt, [&](const simulation::Results& r) {
    times.push_back(r.times.back());
    z.push_back(r.bodies[0].values.back()[2]);
    return true;
  });
  ASSERT_TRUE(last.ok) << last.error;
  // released: only the last output stays in memory
  EXPECT_EQ(last.times.size(), 1u);
  EXPECT_EQ(last.bodies[0].values.size(), 1u);
  EXPECT_EQ(last.energy.size(), 1u);
  ASSERT_EQ(times.size(), all.times.size());
  for (size_t k = 0; k < times.size(); ++k) {
    EXPECT_EQ(times[k], all.times[k]);
    EXPECT_EQ(z[k], all.bodies[0].values[k][2]);
  }
}

TEST(SimulationTest, RecompiledModelContinuesFromThePreviousState) {
  // one run to 0.6 s, and a run to 0.3 s continued by a second Simulation of the same model
  auto p = MakePendulum(1.0, 9.81, 1.0);
  auto integ = std::make_shared<model::Integrator>();
  integ->error = 1e-9;
  p->m.integrator = integ;
  simulation::SimulateOptions opt;
  opt.dtout = 0.1;
  simulation::Simulation whole(p->m);
  opt.end = 0.6;
  const auto reference = whole.Simulate(opt);
  ASSERT_TRUE(reference.ok) << reference.error;

  simulation::Simulation first(p->m);
  opt.end = 0.3;
  ASSERT_TRUE(first.Simulate(opt).ok);
  simulation::Simulation second(p->m);
  second.ContinueFrom(first);
  EXPECT_DOUBLE_EQ(second.time(), 0.3);
  opt.end = 0.6;
  const auto continued = second.Simulate(opt);
  ASSERT_TRUE(continued.ok) << continued.error;
  ASSERT_EQ(continued.times.size(), 4u);
  EXPECT_NEAR(continued.bodies[0].values[0][0], first.state()[0], 1e-12);
  for (int d = 0; d < 3; ++d)
    EXPECT_NEAR(continued.bodies[0].values.back()[d], reference.bodies[0].values.back()[d], 1e-6);
  EXPECT_THROW(second.ContinueFrom(first), ModelError);  // only before the first Simulate
}

TEST(SimulationTest, PendulumInMillimetresReachesTheBottomAtTheClosedFormTime) {
  // N-kg-mm-s (UCF = 1000), L = 1000 mm, g = 9810 mm/s^2, released horizontal at rest: the
  // lowest point is z = -L, reached after a quarter period sqrt(L/g) K(sin(pi/4)) with the
  // complete elliptic integral K(1/sqrt(2)) = 1.8540746773013719
  auto p = MakePendulum(1000.0, 9810.0, 1000.0);
  auto integ = std::make_shared<model::Integrator>();
  integ->error = 1e-6;
  p->m.integrator = integ;
  simulation::Simulation sim(p->m);
  EXPECT_DOUBLE_EQ(sim.system().ucf(), 1000.0);
  simulation::SimulateOptions opt;
  opt.end = 0.8;
  opt.dtout = 0.001;
  auto res = sim.Simulate(opt);
  ASSERT_TRUE(res.ok) << res.error;
  double zmin = 0, tmin = 0;
  for (size_t k = 0; k < res.times.size(); ++k) {
    if (res.bodies[0].values[k][2] < zmin) {
      zmin = res.bodies[0].values[k][2];
      tmin = res.times[k];
    }
  }
  // outputs every 1 ms sample the bottom to within L (w dt / 2)^2 / 2 = 2.5e-3 mm, w = 4.43/s
  EXPECT_NEAR(zmin, -1000.0, 3e-3);
  EXPECT_NEAR(tmin, std::sqrt(1000.0 / 9810.0) * 1.8540746773013719, 1e-3);  // dtout
}

}  // namespace
}  // namespace msolve
