// Sensors: event times from the integrator's root finding against closed forms (free fall
// z = z0 - g t^2 / 2, sin(2 pi t)), and SENVAL as an expression leaf.
#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "common/error.h"
#include "simulation/simulation.h"

namespace msolve {
namespace {

constexpr double kG = 9.81;

// a free ball of mass 1 at rest at height z0 (cm marker id 1), gravity -kG along z
struct Ball {
  model::Model m;
  model::Part* ball;
};

std::unique_ptr<Ball> MakeBall(double z0) {
  auto b = std::make_unique<Ball>();
  auto ground = std::make_shared<model::Part>();
  ground->id = 1;
  ground->ground = true;
  auto ball = std::make_shared<model::Part>();
  ball->id = 2;
  ball->mass = 1.0;
  ball->ip = {0.1, 0.1, 0.1, 0, 0, 0};
  ball->qg = Vec3(0, 0, z0);
  ball->vx = ball->vy = ball->vz = 0.0;
  auto cm = std::make_shared<model::Marker>();
  cm->id = 1;
  cm->part = ball.get();
  ball->cm = cm.get();
  auto acc = std::make_shared<model::Accgrav>();
  acc->kgrav = -kG;
  auto integ = std::make_shared<model::Integrator>();
  integ->error = 1e-8;
  b->m.accgrav = acc;
  b->m.integrator = integ;
  b->m.parts = {ground, ball};
  b->m.markers = {cm};
  b->ball = ball.get();
  return b;
}

std::shared_ptr<model::Sensor> AddSensor(model::Model* m, long id, const std::string& function,
                                         const std::string& compare, double value) {
  auto s = std::make_shared<model::Sensor>();
  s->id = id;
  s->function = function;
  s->compare = compare;
  s->value = value;
  m->sensors.push_back(s);
  return s;
}

TEST(SensorTest, HaltAtTheFreeFallTimeOfAHeight) {
  auto b = MakeBall(1.0);
  auto s = AddSensor(&b->m, 1, "DZ(1)", "LT", 0.5);
  s->halt = true;
  simulation::Simulation sim(b->m);
  simulation::SimulateOptions o;
  o.end = 2.0;
  o.dtout = 0.1;
  const auto r = sim.Simulate(o);
  ASSERT_TRUE(r.ok) << r.error;
  const double t_exact = std::sqrt(2 * 0.5 / kG);
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_NEAR(r.events[0].time, t_exact, 1e-9);
  EXPECT_NEAR(r.events[0].value, 0.5, 1e-9);
  EXPECT_TRUE(r.halted);
  EXPECT_EQ(r.stopped_by, 0);
  EXPECT_NEAR(r.times.back(), t_exact, 1e-9);
  EXPECT_NEAR(sim.time(), t_exact, 1e-9);
}

TEST(SensorTest, EqWithoutErrorFiresAtEveryCrossingAndStoresSenval) {
  auto b = MakeBall(1.0);
  auto s = AddSensor(&b->m, 3, "SIN(2*PI*TIME)", "EQ", 0.0);
  s->evaluate = "10*TIME";
  s->evaluate_id = 30;
  auto req = std::make_shared<model::Request>();
  req->id = 1;
  req->type = "EXPRESSION";
  req->f[0] = "SENVAL(30)";
  b->m.requests = {req};
  simulation::Simulation sim(b->m);
  simulation::SimulateOptions o;
  o.end = 1.6;
  o.dtout = 0.35;  // no output at a crossing, where the stored value changes
  const auto r = sim.Simulate(o);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.events.size(), 3u);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.events[k].time, 0.5 * (k + 1), 1e-9);
  // SENVAL(30) = 10 t at the last firing: 0 up to 0.4, 5 from 0.6, 10 from 1.0, 15 from 1.6
  const auto& f1 = r.requests[0].values;
  ASSERT_EQ(r.times.size(), f1.size());
  for (size_t k = 0; k < f1.size(); ++k) {
    const double t = r.times[k];
    const double expected = t >= 1.5 - 1e-9 ? 15 : t >= 1.0 - 1e-9 ? 10 : t >= 0.5 - 1e-9 ? 5 : 0;
    EXPECT_NEAR(f1[k][0], expected, 1e-9) << "t = " << t;
  }
}

TEST(SensorTest, SenvalOfAnUnknownIdIsAnError) {
  auto b = MakeBall(1.0);
  AddSensor(&b->m, 1, "SENVAL(2)", "GE", 1.0);
  EXPECT_THROW(simulation::Simulation sim(b->m), ModelError);
}

}  // namespace
}  // namespace msolve
