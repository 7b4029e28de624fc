// The state of a run beside the constant System (system/state.h, docs/architecture.md §3.1):
// two states evaluated by one System stay independent, a recompiled model takes over the memory
// block by block by entity, and the whole turns an element follows survive a recompilation.
#include "system/state.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "simulation/simulation.h"
#include "system/system.h"

namespace msolve {
namespace {

using model::Marker;
using model::Model;
using model::Part;
using model::SpringDamper;
using system::MemoryLayout;
using system::State;
using system::System;

constexpr double kPi = 3.14159265358979323846;

// A rotor: part 2 (Izz = 1, no gravity) hinged to the ground by a REVOLUTE joint about the
// global z axis, and rotational SpringDampers between marker 2 (on the rotor) and marker 3
// (ground), both with axes along global z.
struct Rotor {
  Model m;
  Part* rotor = nullptr;
  Marker *on_rotor = nullptr, *on_ground = nullptr;
};

std::unique_ptr<Rotor> MakeRotor() {
  auto r = std::make_unique<Rotor>();
  auto ground = std::make_shared<Part>();
  ground->id = 1;
  ground->ground = true;
  auto rotor = std::make_shared<Part>();
  rotor->id = 2;
  rotor->mass = 1.0;
  rotor->ip = {1.0, 1.0, 1.0, 0, 0, 0};
  auto cm = std::make_shared<Marker>();
  cm->id = 1;
  cm->part = rotor.get();
  rotor->cm = cm.get();
  auto on_rotor = std::make_shared<Marker>();
  on_rotor->id = 2;
  on_rotor->part = rotor.get();
  auto on_ground = std::make_shared<Marker>();
  on_ground->id = 3;
  on_ground->part = ground.get();
  auto hinge = std::make_shared<model::Joint>();
  hinge->id = 1;
  hinge->type = "REVOLUTE";
  hinge->i = on_rotor.get();
  hinge->j = on_ground.get();
  r->m.parts = {ground, rotor};
  r->m.markers = {cm, on_rotor, on_ground};
  r->m.joints = {hinge};
  r->rotor = rotor.get();
  r->on_rotor = on_rotor.get();
  r->on_ground = on_ground.get();
  return r;
}

std::shared_ptr<SpringDamper> AddTorsionSpring(Rotor* r, int id, double kt) {
  auto spring = std::make_shared<SpringDamper>();
  spring->id = id;
  spring->type = "ROTATION";
  spring->i = r->on_rotor;
  spring->j = r->on_ground;
  spring->kt = kt;
  r->m.spring_dampers.push_back(spring);
  return spring;
}

// the design state of `sys` with the rotor turned by `angle` about z
VecX Turned(const System& sys, double angle) {
  VecX y = sys.DesignState();
  const int o = System::BodyOffset(0);
  y.segment<4>(o + 3) = Vec4(std::cos(angle / 2), 0, 0, std::sin(angle / 2));
  return y;
}

// turns the rotor of `state` to `angle` in small accepted steps
void TurnTo(const System& sys, double angle, State* state) {
  const int steps = 200;
  for (int k = 1; k <= steps; ++k) {
    const VecX y = Turned(sys, angle * k / steps);
    sys.AcceptStep(0.0, y.data(), state->yp.data(), state->memory.data());
  }
}

// the torque about z on the rotor (body axes, here the global ones turned about z)
double TorqueZ(const System& sys, const VecX& y, const State& state) {
  return sys.AppliedForces(0.0, y.data(), nullptr, state.memory.data())[5];
}

TEST(StateTest, OneSystemEvaluatesTwoStatesIndependently) {
  // a torsion spring of stiffness kt about z_J gives -kt a with a the angle followed through
  // whole turns since the last accepted step (docs/equations.md): a state that turned the rotor
  // by 2.25 turns reads a = 4.5 pi, a fresh one at the same position reads a = pi / 2
  auto r = MakeRotor();
  const double kt = 2.0;
  AddTorsionSpring(r.get(), 1, kt);
  const System sys = System::Compile(r->m);
  State turned = sys.MakeState(), fresh = sys.MakeState();
  ASSERT_EQ(turned.memory.size(), sys.memory_layout().size());
  ASSERT_EQ(sys.memory_layout().size(), 1);  // the spring's one angle
  const double angle = 2.25 * 2 * kPi;
  TurnTo(sys, angle, &turned);
  const VecX y = Turned(sys, angle);
  const double before = TorqueZ(sys, y, fresh);
  EXPECT_NEAR(TorqueZ(sys, y, turned), -kt * angle, 1e-9);
  EXPECT_NEAR(before, -kt * 0.5 * kPi, 1e-9);
  // the residual of the DAE follows the state it is given: its z torque row holds -T
  VecX F1(sys.size()), F2(sys.size());
  sys.Residual(0.0, y.data(), fresh.yp.data(), turned.memory.data(), F1.data());
  sys.Residual(0.0, y.data(), fresh.yp.data(), fresh.memory.data(), F2.data());
  const int row = System::BodyOffset(0) + 12;
  EXPECT_NEAR(F1[row] - F2[row], kt * (angle - 0.5 * kPi), 1e-9);
  // evaluating or accepting with one state leaves the other's results as they were
  TurnTo(sys, -angle, &turned);
  EXPECT_EQ(TorqueZ(sys, y, fresh), before);
  EXPECT_EQ(fresh.memory, sys.MakeState().memory);
  sys.Residual(0.0, y.data(), fresh.yp.data(), fresh.memory.data(), F1.data());
  EXPECT_EQ(F1, F2);
}

TEST(StateTest, MemoryLayoutRemapsBlocksByKey) {
  // blocks are found by (entity, part), not by position; a block whose size changed, or that
  // is new, keeps the values of the new layout
  model::Sforce a, b, c;
  MemoryLayout before, after;
  before.Add(&a, "element", 1);
  before.Add(&b, "element", 3);
  before.Add(&b, "expression AZ(2,3)", 1);
  before.Add(&b, "expression AZ(2,3)", 1);  // a second one of the same text: "#2"
  before.Add(&c, "element", 2);
  ASSERT_EQ(before.size(), 8);
  EXPECT_NE(before.Find({&b, "expression AZ(2,3)#2"}), nullptr);
  const VecX old = VecX::LinSpaced(8, 1.0, 8.0);
  after.Add(&c, "element", 3);  // changed size
  after.Add(&b, "expression AZ(2,3)#2", 1);
  after.Add(&b, "element", 3);
  after.Add(&a, "joint", 1);  // new key
  VecX memory = VecX::Constant(after.size(), -1.0);
  after.Remap(before, old, &memory);
  VecX expected(8);
  expected << -1, -1, -1, 6, 2, 3, 4, -1;
  EXPECT_EQ(memory, expected);
}

TEST(StateTest, ARecompiledSystemTakesOverTheMemoryOfEachElementByEntity) {
  // the same spring, compiled after another one was added in front of it: its block moves,
  // its turns come along, and the new spring starts from its initial memory
  auto r = MakeRotor();
  auto spring = AddTorsionSpring(r.get(), 1, 2.0);
  const System first = System::Compile(r->m);
  State state = first.MakeState();
  const double angle = 3.1 * 2 * kPi;
  TurnTo(first, angle, &state);
  auto added = std::make_shared<SpringDamper>(*spring);
  added->id = 2;
  r->m.spring_dampers.insert(r->m.spring_dampers.begin(), added);
  const System second = System::Compile(r->m);
  const auto* old_block = first.memory_layout().Find({spring.get(), "element"});
  const auto* new_block = second.memory_layout().Find({spring.get(), "element"});
  ASSERT_NE(old_block, nullptr);
  ASSERT_NE(new_block, nullptr);
  EXPECT_NE(old_block->offset, new_block->offset);
  State continued = second.MakeState();
  second.memory_layout().Remap(first.memory_layout(), state.memory, &continued.memory);
  EXPECT_NEAR(continued.memory[new_block->offset], angle, 1e-9);
  const auto* added_block = second.memory_layout().Find({added.get(), "element"});
  ASSERT_NE(added_block, nullptr);
  EXPECT_EQ(continued.memory[added_block->offset], 0.0);
  // the two springs now give -kt (angle) and -kt (angle less three turns)
  const VecX y = Turned(second, angle);
  EXPECT_NEAR(TorqueZ(second, y, continued), -2.0 * angle - 2.0 * (angle - 3 * 2 * kPi), 1e-8);
}

TEST(StateTest, TheTurnsOfASpringSurviveARecompilationOfTheSimulation) {
  // a rotor spinning at 20 rad/s against a weak torsion spring (kt = 0.01, ct = 0) turns
  // about three times in a second; the energy kinetic + elastic is conserved. A Simulation
  // compiled again (the model changed) and continued must start with the spring's stored
  // energy where the first ended: the angle counted through its whole turns, not modulo one
  auto r = MakeRotor();
  auto spring = AddTorsionSpring(r.get(), 1, 0.01);
  r->rotor->wz = 20.0;
  auto integ = std::make_shared<model::Integrator>();
  integ->error = 1e-9;
  r->m.integrator = integ;
  simulation::SimulateOptions opt;
  opt.dtout = 0.05;
  opt.end = 1.0;
  simulation::Simulation first(r->m);
  const auto before = first.Simulate(opt);
  ASSERT_TRUE(before.ok) << before.error;
  const auto& last = before.energy.back();
  const double turned = std::sqrt(2 * last[2] / 0.01);
  EXPECT_GT(turned, 2 * 2 * kPi);  // more than two turns
  EXPECT_NEAR(last[0] + last[2], 0.5 * 20.0 * 20.0, 1e-5);
  simulation::Simulation second(r->m);
  second.ContinueFrom(first);
  const auto* block = second.memory_layout().Find({spring.get(), "element"});
  ASSERT_NE(block, nullptr);
  EXPECT_NEAR(second.run_state().memory[block->offset], turned, 1e-6 * turned);
  opt.end = 1.5;
  const auto after = second.Simulate(opt);
  ASSERT_TRUE(after.ok) << after.error;
  EXPECT_NEAR(after.energy.front()[2], last[2], 1e-9 * last[2]);
  for (const auto& e : after.energy) EXPECT_NEAR(e[0] + e[2], 0.5 * 20.0 * 20.0, 1e-5);
}

// a rotational Sforce on the rotor whose torque is `function`
std::shared_ptr<model::Sforce> AddTorque(Rotor* r, int id, const std::string& function) {
  auto torque = std::make_shared<model::Sforce>();
  torque->id = id;
  torque->type = "ROTATION";
  torque->i = r->on_rotor;
  torque->j = r->on_ground;
  torque->function = function;
  r->m.sforces.push_back(torque);
  return torque;
}

// accepts the design state at t = 0, 0.01, ..., `end` (the DELAY calls record TIME there)
void AcceptUntil(const System& sys, double end, State* state) {
  const VecX y = sys.DesignState();
  for (int k = 0; k * 0.01 <= end + 1e-12; ++k)
    sys.AcceptStep(k * 0.01, y.data(), state->yp.data(), state->memory.data());
}

double TorqueAt(const System& sys, double t, const State& state) {
  const VecX y = sys.DesignState();
  return sys.AppliedForces(t, y.data(), nullptr, state.memory.data())[5];
}

TEST(StateTest, TwoStatesKeepTwoDelayHistories) {
  // DELAY(TIME, 0.5, -1) is t - 0.5 once the history reaches back 0.5, its ic before
  // (docs/expression-functions.md): the history is the state's, so a state that recorded
  // until t = 1 reads 0.5 at t = 1, and a fresh one (whose history is empty: the design state
  // is no accepted state of a run) reads the ic there
  auto r = MakeRotor();
  AddTorque(r.get(), 1, "DELAY(TIME, 0.5, -1)");
  const System sys = System::Compile(r->m);
  State recorded = sys.MakeState(), fresh = sys.MakeState();
  AcceptUntil(sys, 1.0, &recorded);
  EXPECT_NEAR(TorqueAt(sys, 1.0, recorded), 0.5, 1e-12);
  EXPECT_NEAR(TorqueAt(sys, 0.8, recorded), 0.3, 1e-12);
  EXPECT_EQ(TorqueAt(sys, 1.0, fresh), -1.0);
  EXPECT_EQ(fresh.memory, sys.MakeState().memory);
  // a fresh state that records from t = 0 on gives the ic until t = 0.5
  AcceptUntil(sys, 0.0, &fresh);
  EXPECT_EQ(TorqueAt(sys, 0.3, fresh), -1.0);
}

TEST(StateTest, ARecompiledSystemTakesOverADelayHistoryByEntity) {
  // the Sforce's history moves with its block when another element is added in front of it;
  // the new element's DELAY starts empty
  auto r = MakeRotor();
  auto torque = AddTorque(r.get(), 1, "DELAY(TIME, 0.5, -1)");
  const System first = System::Compile(r->m);
  State state = first.MakeState();
  AcceptUntil(first, 1.0, &state);
  auto added = AddTorque(r.get(), 2, "DELAY(2*TIME, 0.25, 7)");
  std::rotate(r->m.sforces.rbegin(), r->m.sforces.rbegin() + 1, r->m.sforces.rend());
  const System second = System::Compile(r->m);
  const std::string part = "expression DELAY(TIME, 0.5, -1)";
  ASSERT_NE(second.memory_layout().Find({torque.get(), part}), nullptr);
  EXPECT_NE(first.memory_layout().Find({torque.get(), part})->offset,
            second.memory_layout().Find({torque.get(), part})->offset);
  State continued = second.MakeState();
  second.memory_layout().Remap(first.memory_layout(), state.memory, &continued.memory);
  // 0.5 from the carried history, 7 (the ic) from the new one
  EXPECT_NEAR(TorqueAt(second, 1.0, continued), 0.5 + 7.0, 1e-12);
}

TEST(StateTest, TheAnalysisModeIsInTheState) {
  // MODE (docs/motionsolve-compatibility.md §4.8) is a block of the memory that exists only
  // when an expression reads it, 4 (dynamics) at the start; two states read their own
  auto r = MakeRotor();
  AddTorsionSpring(r.get(), 1, 2.0);
  EXPECT_EQ(System::Compile(r->m).memory_layout().Find(system::ModeKey()), nullptr);
  AddTorque(r.get(), 2, "MODE");
  const System sys = System::Compile(r->m);
  const auto* block = sys.memory_layout().Find(system::ModeKey());
  ASSERT_NE(block, nullptr);
  State statics = sys.MakeState(), dynamics = sys.MakeState();
  statics.memory[block->offset] = 5.0;
  EXPECT_EQ(TorqueAt(sys, 0.0, statics), 5.0);
  EXPECT_EQ(TorqueAt(sys, 0.0, dynamics), 4.0);
}

TEST(StateTest, ASensorsHaltAndStepLimitAreTakenOverByAContinuation) {
  // a sensor with hmax fires at t = 0.2 (TIME >= 0.2): from there on no step of the analysis
  // is longer than hmax, also in a Simulation compiled again and continued; a second sensor
  // halts at t = 0.6, and the continued Simulation knows the analysis was halted
  auto r = MakeRotor();
  AddTorsionSpring(r.get(), 1, 1.0);
  r->rotor->wz = 1.0;
  auto limit = std::make_shared<model::Sensor>();
  limit->id = 1;
  limit->function = "TIME";
  limit->value = 0.2;
  limit->compare = "GE";
  limit->error = 1e-9;
  limit->hmax = 1e-3;
  r->m.sensors.push_back(limit);
  simulation::SimulateOptions opt;
  opt.dtout = 0.1;
  opt.end = 0.5;
  simulation::Simulation first(r->m);
  const auto before = first.Simulate(opt);
  ASSERT_TRUE(before.ok) << before.error;
  ASSERT_FALSE(before.events.empty());
  simulation::Simulation second(r->m);
  second.ContinueFrom(first);
  opt.end = 0.7;
  const auto after = second.Simulate(opt);
  ASSERT_TRUE(after.ok) << after.error;
  double t = 0.5;
  for (double end : after.step_times) {
    EXPECT_LE(end - t, 1e-3 * (1 + 1e-9));
    t = end;
  }
  EXPECT_FALSE(second.halted());
  auto stop = std::make_shared<model::Sensor>(*limit);
  stop->id = 2;
  stop->value = 0.8;
  stop->hmax.reset();
  stop->halt = true;
  r->m.sensors.push_back(stop);
  simulation::Simulation third(r->m);
  third.ContinueFrom(second);
  opt.end = 1.0;
  const auto halted = third.Simulate(opt);
  EXPECT_TRUE(halted.halted);
  EXPECT_NEAR(third.time(), 0.8, 1e-6);
  simulation::Simulation fourth(r->m);
  fourth.ContinueFrom(third);
  EXPECT_TRUE(fourth.halted());
}

}  // namespace
}  // namespace msolve
