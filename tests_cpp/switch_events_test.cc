// Switches of the state as integrator events (docs/equations.md §6.10): a ball falling into
// a layer where an IF switches on a constant lifting force bounces periodically; each
// switch time follows from uniform acceleration in closed form, the integrator lands on it,
// and it takes fewer steps and failures than when it steps over the switches.
#include <algorithm>
#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "simulation/simulation.h"

namespace msolve {
namespace {

constexpr double kG = 9.81, kZ0 = 1.0, kLayer = 0.5, kLift = 30.0;

// a ball of mass 1 at rest at kZ0 (cm marker 1); below kLayer an Sforce towards a ground
// marker (2) high above lifts it with kLift
struct Bouncer {
  model::Model m;
};

std::unique_ptr<Bouncer> MakeBouncer() {
  auto b = std::make_unique<Bouncer>();
  auto ground = std::make_shared<model::Part>();
  ground->id = 1;
  ground->ground = true;
  auto ball = std::make_shared<model::Part>();
  ball->id = 2;
  ball->mass = 1.0;
  ball->ip = {0.1, 0.1, 0.1, 0, 0, 0};
  ball->qg = Vec3(0, 0, kZ0);
  ball->vx = ball->vy = ball->vz = 0.0;
  auto cm = std::make_shared<model::Marker>();
  cm->id = 1;
  cm->part = ball.get();
  ball->cm = cm.get();
  auto above = std::make_shared<model::Marker>();
  above->id = 2;
  above->part = ground.get();
  above->qp = Vec3(0, 0, 10);
  auto lift = std::make_shared<model::Sforce>();
  lift->id = 1;
  lift->i = cm.get();
  lift->j = above.get();
  // a negative translational Sforce pulls I towards J: up
  lift->function =
      "IF(DZ(1) - " + std::to_string(kLayer) + ": -" + std::to_string(kLift) + ", 0, 0)";
  auto acc = std::make_shared<model::Accgrav>();
  acc->kgrav = -kG;
  auto integ = std::make_shared<model::Integrator>();
  integ->error = 1e-6;
  b->m.accgrav = acc;
  b->m.integrator = integ;
  b->m.parts = {ground, ball};
  b->m.markers = {cm, above};
  b->m.sforces = {lift};
  return b;
}

simulation::Results RunBouncer(bool roots) {
  auto b = MakeBouncer();
  simulation::Simulation sim(b->m);
  simulation::SimulateOptions o;
  o.end = 3.0;
  o.dtout = 0.05;
  o.switch_roots = roots;
  return sim.Simulate(o);
}

TEST(SwitchEventsTest, TheIntegratorLandsOnEverySwitchOfABouncingBall) {
  const simulation::Results r = RunBouncer(true);
  ASSERT_TRUE(r.ok) << r.error;
  // free fall to the layer, then a uniform deceleration (kLift - kG) back out of it
  const double fall = std::sqrt(2 * (kZ0 - kLayer) / kG);
  const double inside = 2 * kG * fall / (kLift - kG);
  const double period = 2 * fall + inside;
  int switches = 0;
  for (double t = fall; t < 3.0; t += period) {
    for (double at : {t, t + inside}) {
      if (at >= 3.0) continue;
      double nearest = 1.0;
      for (double s : r.step_times) nearest = std::min(nearest, std::abs(s - at));
      // the first from free fall (exact for the integrator's polynomials), the later ones
      // with the integration error of the error bound 1e-6 accumulated over the bounces
      EXPECT_LT(nearest, switches == 0 ? 1e-9 : 2e-5) << "switch at " << at;
      ++switches;
    }
  }
  EXPECT_GE(r.stats.switches, switches);
  // the energy is conserved across the switches: the apex stays at kZ0
  double highest_late = 0.0;
  for (size_t k = 0; k < r.times.size(); ++k)
    if (r.times[k] > 2 * period) highest_late = std::max(highest_late, r.bodies[0].values[k][2]);
  EXPECT_NEAR(highest_late, kZ0, 2e-3);  // the outputs are 0.05 apart: near the apex
}

TEST(SwitchEventsTest, SwitchesAsRootsTakeFewerStepsAndFailures) {
  const simulation::Results with = RunBouncer(true);
  const simulation::Results without = RunBouncer(false);
  ASSERT_TRUE(with.ok) << with.error;
  ASSERT_TRUE(without.ok) << without.error;
  EXPECT_EQ(without.stats.switches, 0);
  EXPECT_LT(with.stats.steps, without.stats.steps);
  EXPECT_LT(with.stats.error_test_fails + with.stats.nonlinear_fails,
            without.stats.error_test_fails + without.stats.nonlinear_fails);
}

}  // namespace
}  // namespace msolve
