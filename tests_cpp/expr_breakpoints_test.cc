// The discontinuity times of an expression (Program::time_breakpoints,
// docs/equations.md §6.8) and the DELAY function with its history
// (system/delay_function.h, docs/expression-functions.md).
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "expr/expression.h"
#include "system/delay_function.h"

namespace msolve {
namespace {

// a spline stand-in with knots 0, 1, 2.5 (its values do not matter here)
class Knotted : public expr::ExternalFunction {
 public:
  double Evaluate(const double* args, double* partials) const override {
    if (partials) partials[0] = 1, partials[1] = 0;
    return args[0];
  }
  std::vector<double> Breakpoints() const override { return {0.0, 1.0, 2.5}; }
};

class KnotEnvironment : public expr::Environment {
 public:
  int Resolve(const std::string&, const std::vector<long>&) override { return 0; }
  const expr::ExternalFunction* ResolveFunction(const std::string&,
                                                const std::vector<long>&) override {
    return &spline_;
  }

 private:
  Knotted spline_;
};

std::vector<double> Breaks(const std::string& text) {
  KnotEnvironment env;
  return expr::Compile(text, env, "").time_breakpoints();
}

TEST(ExprBreakpoints, KnotsStepEndsAndIfSwitchesOfTime) {
  EXPECT_EQ(Breaks("LINSPL(TIME, 0, 5)"), (std::vector<double>{0.0, 1.0, 2.5}));
  EXPECT_EQ(Breaks("STEP(TIME, 1, 0, 2, 1) + HAVSIN(TIME, 3, 0, 4, 1) * STEP5(TIME, 1, 0, 4, 2)"),
            (std::vector<double>{1.0, 2.0, 3.0, 4.0}));
  EXPECT_EQ(Breaks("IF(TIME - 1.5: 0, 1, 2)"), (std::vector<double>{1.5}));
  EXPECT_EQ(Breaks("IF(TIME + 2: 0, 1, 2) + IF(TIME: 3, 4, 5)"), (std::vector<double>{-2.0, 0.0}));
  // arguments TIME + b, b - TIME, -TIME
  EXPECT_EQ(Breaks("IF(2.5 - TIME: 0, 1, 2) + STEP(TIME - 1, 0, 0, 1, 1)"),
            (std::vector<double>{1.0, 2.0, 2.5}));
  EXPECT_EQ(Breaks("LINSPL(-TIME, 0, 5) + LINSPL(TIME + 1, 0, 5)"),
            (std::vector<double>{-2.5, -1.0, 0.0, 1.5}));
  // nested calls are found too
  EXPECT_EQ(Breaks("SIN(2 * AKISPL(TIME, 0, 5))"), (std::vector<double>{0.0, 1.0, 2.5}));
}

TEST(ExprBreakpoints, OnlyWhereTheArgumentIsTimeItself) {
  EXPECT_TRUE(Breaks("AKISPL(2*TIME, 0, 5)").empty());
  EXPECT_TRUE(Breaks("STEP(DX(1), 1, 0, 2, 1)").empty());
  EXPECT_TRUE(Breaks("IF(DX(1) - 1: 0, 1, 2)").empty());
  EXPECT_TRUE(Breaks("SIN(TIME) + TIME**2").empty());
}

// DELAY(val, dt, ic) with val = sin t recorded every 0.01
TEST(Delay, InterpolatesTheHistoryAndGivesIcBeforeIt) {
  system::DelayFunction delay;
  std::vector<double> slots(system::DelayHistory::kSlots, 0.0);
  const double h = 0.01;
  delay.Bind(slots.data(), slots.data());
  for (int k = 0; k <= 200; ++k) {
    const double t = k * h, args[4] = {std::sin(t), 0.5, -1.0, t};
    delay.Evaluate(args, nullptr);
  }
  delay.Bind(slots.data(), nullptr);
  double p[4];
  // before the history: ic, partial 1 with respect to ic
  {
    const double args[4] = {0.0, 0.5, -1.0, 0.3};
    EXPECT_EQ(delay.Evaluate(args, p), -1.0);
    EXPECT_EQ(p[2], 1.0);
  }
  // inside: linear between records, error below h^2/8
  for (double t : {0.5, 0.777, 1.2345, 2.0}) {
    const double args[4] = {std::sin(t), 0.5, -1.0, t};
    EXPECT_NEAR(delay.Evaluate(args, p), std::sin(t - 0.5), h * h / 8) << t;
    EXPECT_NEAR(p[3], std::cos(t - 0.5), h) << t;  // the slope of the history
    EXPECT_NEAR(p[1], -std::cos(t - 0.5), h) << t;
    EXPECT_EQ(p[0], 0.0);
  }
  // after the last record: towards the current value, which then has a partial
  {
    const double t = 2.3, args[4] = {7.0, 0.2, -1.0, t};
    const double w = (t - 0.2 - 2.0) / (t - 2.0);
    EXPECT_NEAR(delay.Evaluate(args, p), std::sin(2.0) + w * (7.0 - std::sin(2.0)), 1e-14);
    EXPECT_NEAR(p[0], w, 1e-14);
  }
  // a negative delay is 0: the current value
  {
    const double args[4] = {3.0, -1.0, -1.0, 2.5};
    EXPECT_EQ(delay.Evaluate(args, p), 3.0);
    EXPECT_EQ(p[0], 1.0);
    EXPECT_EQ(p[1], 0.0);
  }
}

TEST(Delay, GoingBackDropsTheLaterRecordsAndTheHistoryRoundTrips) {
  // the history is its slots of the memory: copying them copies the history
  std::vector<double> slots(system::DelayHistory::kSlots, 0.0);
  for (int k = 0; k <= 10; ++k) system::DelayHistory::Record(slots.data(), 0.1 * k, k, 0.5);
  system::DelayHistory::Record(slots.data(), 0.55, 100.0, 0.5);  // a restart from 0.55
  const system::DelayHistory history(slots.data());
  EXPECT_DOUBLE_EQ(history.last_time(), 0.55);
  EXPECT_EQ(history.last_value(), 100.0);
  double slope = 0;
  EXPECT_NEAR(history.At(0.25, &slope), 2.5, 1e-12);
  const std::vector<double> saved = slots;
  const system::DelayHistory copy(saved.data());
  EXPECT_EQ(copy.size(), 7);
  EXPECT_EQ(copy.last_value(), 100.0);
  EXPECT_NEAR(copy.At(0.25, &slope), 2.5, 1e-12);
  system::DelayHistory::Clear(slots.data());
  EXPECT_TRUE(history.empty());
}

// a full block: first the records out of reach of the longest delay asked go, then every
// other one; the history then still gives a linear function exactly
TEST(Delay, AFullHistoryDropsWhatNoDelayReachesThenThins) {
  constexpr int kCapacity = system::DelayHistory::kCapacity;
  std::vector<double> slots(system::DelayHistory::kSlots, 0.0);
  const system::DelayHistory history(slots.data());
  const double h = 1e-3;
  // a delay of 0.5 keeps what lies within 0.5 of now (500 steps), never more than that
  for (int k = 0; k < 3 * kCapacity; ++k)
    system::DelayHistory::Record(slots.data(), k * h, 2.0 * k * h, 0.5);
  const double now = (3 * kCapacity - 1) * h;
  EXPECT_LE(history.first_time(), now - 0.5);
  EXPECT_GT(history.first_time(), now - 0.5 - kCapacity * h);
  EXPECT_EQ(history.longest_delay(), 0.5);
  double slope = 0;
  EXPECT_NEAR(history.At(now - 0.5, &slope), 2.0 * (now - 0.5), 1e-12);
  EXPECT_NEAR(slope, 2.0, 1e-9);
  // a delay longer than the block's reach at this step size: every other record goes, the
  // first (the start of the history) and the last stay
  std::vector<double> all(system::DelayHistory::kSlots, 0.0);
  const system::DelayHistory thinned(all.data());
  for (int k = 0; k <= kCapacity; ++k)
    system::DelayHistory::Record(all.data(), k * h, 2.0 * k * h, 100.0);
  EXPECT_EQ(thinned.size(), kCapacity / 2 + 2);
  EXPECT_EQ(thinned.first_time(), 0.0);
  EXPECT_DOUBLE_EQ(thinned.last_time(), kCapacity * h);
  EXPECT_DOUBLE_EQ(thinned.times()[thinned.size() - 2], (kCapacity - 1) * h);
  EXPECT_NEAR(thinned.At(0.3337, &slope), 2.0 * 0.3337, 1e-12);
}

}  // namespace
}  // namespace msolve
