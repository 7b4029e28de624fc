// CvodeDriver on a small ODE form whose solution is known in closed form: the harmonic
// oscillator x'' = -x, with the DAE's state y = (x, v) and the ODE's x = (x, v), so that the
// driver's whole interface (outputs hit exactly, root functions, restarts, a change of the
// coordinates reported) is seen as the dynamic analysis sees it.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/cvode_driver.h"
#include "solver/ode.h"

namespace msolve::solver {
namespace {

class Oscillator : public Ode {
 public:
  int size() const override { return 2; }
  int full_size() const override { return 2; }
  std::vector<bool> ErrorTested() const override { return {true, true}; }
  bool Rhs(double, const double* x, double* xdot) override {
    ++evaluations;
    xdot[0] = x[1];
    xdot[1] = -x[0];
    return true;
  }
  void Expand(double, const double* x, double* y, double* yp) override {
    y[0] = x[0], y[1] = x[1];
    yp[0] = x[1], yp[1] = -x[0];
  }
  void Reduce(double, const double* y, double* x) override { x[0] = y[0], x[1] = y[1]; }
  std::string Repartition(double t, const double*) override {
    // once, after the first step past t = 1: the driver restarts and reports it
    if (repartition_at_ && t > 1.0) {
      repartition_at_ = false;
      return "new coordinates";
    }
    return "";
  }
  void AcceptStep(double, const double*, const double*) override { ++accepted; }

  long evaluations = 0, accepted = 0;
  bool repartition_at_ = true;
};

IntegratorSettings Settings(OdeMethod method) {
  IntegratorSettings s;
  s.error = 1e-9;
  s.ode_method = method;
  return s;
}

class CvodeDriverTest : public ::testing::TestWithParam<OdeMethod> {};

TEST_P(CvodeDriverTest, FollowsTheClosedFormAtOutputsHitExactly) {
  Oscillator ode;
  const VecX y0{{1.0, 0.0}}, yp0{{0.0, -1.0}};
  CvodeDriver driver(ode, Settings(GetParam()), 0.0, y0, yp0);
  driver.SetMaxStep(0.5);
  driver.SetEnd(10.0);
  long steps_seen = 0;
  for (int k = 1; k <= 20; ++k) {
    const double tout = 0.5 * k;
    ASSERT_TRUE(
        driver.AdvanceTo(tout, [&](double, const double*, const double*) { ++steps_seen; }));
    EXPECT_EQ(driver.time(), tout);
    EXPECT_NEAR(driver.y()[0], std::cos(tout), 2e-7);
    EXPECT_NEAR(driver.y()[1], -std::sin(tout), 2e-7);
    EXPECT_NEAR(driver.yp()[1], -std::cos(tout), 2e-7);
  }
  // every accepted step reached the ODE and the caller; the change of coordinates once
  EXPECT_EQ(steps_seen, ode.accepted);
  EXPECT_EQ(driver.stats().steps, steps_seen);
  const std::vector<std::string> messages = driver.TakeMessages();
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "new coordinates");
  EXPECT_TRUE(driver.TakeMessages().empty());
}

TEST_P(CvodeDriverTest, RootFunctionsStopAtTheCrossing) {
  Oscillator ode;
  CvodeDriver driver(ode, Settings(GetParam()), 0.0, VecX{{1.0, 0.0}}, VecX{{0.0, -1.0}});
  driver.SetEnd(10.0);
  // x falls through zero at pi / 2 (the rising crossing at 3 pi / 2 is not watched)
  driver.SetRootFunctions({-1},
                          [](double, const double* y, const double*, double* g) { g[0] = y[0]; });
  ASSERT_FALSE(driver.AdvanceTo(3.0, nullptr));
  EXPECT_NEAR(driver.time(), M_PI / 2, 1e-7);
  EXPECT_EQ(driver.RootsFound(), std::vector<int>{-1});
  // a restart at the crossing, then on to 3 (no crossing before 3 pi / 2)
  const VecX y = driver.y(), yp = driver.yp();
  driver.Restart(driver.time(), y, yp);
  ASSERT_TRUE(driver.AdvanceTo(3.0, nullptr));
  EXPECT_NEAR(driver.y()[0], std::cos(3.0), 1e-6);
}

// the oscillator with a switching quantity x (docs/equations.md §6.10): zero at pi/2 + k pi
class SwitchedOscillator : public Oscillator {
 public:
  int SwitchCount() const override { return 1; }
  void Switches(double, const double* y, const double*, double* g) const override { g[0] = y[0]; }
  void ReconcileSwitch(double, VecX*, VecX*) override { ++reconciled; }
  long reconciled = 0;
};

TEST_P(CvodeDriverTest, StepsEndAtEverySwitchAndTheCallerSeesOnlyItsOwnRoots) {
  SwitchedOscillator ode;
  ode.repartition_at_ = false;
  CvodeDriver driver(ode, Settings(GetParam()), 0.0, VecX{{1.0, 0.0}}, VecX{{0.0, -1.0}});
  driver.SetEnd(10.0);
  // the caller watches x = cos t rising through 0.5 (at 5 pi / 3 < 7)
  driver.SetRootFunctions(
      {+1}, [](double, const double* y, const double*, double* g) { g[0] = y[0] - 0.5; });
  std::vector<double> steps;
  const auto on_step = [&](double t, const double*, const double*) { steps.push_back(t); };
  // the switches at pi / 2 and 3 pi / 2 end steps and restart without a return
  ASSERT_FALSE(driver.AdvanceTo(7.0, on_step));
  EXPECT_NEAR(driver.time(), 5 * M_PI / 3, 1e-7);
  EXPECT_EQ(driver.RootsFound(), std::vector<int>{1});
  EXPECT_EQ(driver.stats().switches, 2);
  EXPECT_EQ(ode.reconciled, 2);
  for (double at : {M_PI / 2, 3 * M_PI / 2}) {
    double nearest = 1.0;
    for (double t : steps) nearest = std::min(nearest, std::abs(t - at));
    EXPECT_LT(nearest, 1e-7) << at;
  }
  // on to 7: the next switch, at 5 pi / 2, comes after it
  ASSERT_TRUE(driver.AdvanceTo(7.0, on_step));
  EXPECT_NEAR(driver.y()[0], std::cos(7.0), 1e-6);
  EXPECT_EQ(driver.stats().switches, 2);
}

INSTANTIATE_TEST_SUITE_P(Methods, CvodeDriverTest,
                         ::testing::Values(OdeMethod::kBdf, OdeMethod::kAdams));

TEST(CvodeDriver, AdamsNeedsFewerStepsThanBdfOnANonStiffProblem) {
  // Adams-Moulton goes to order 12, BDF to 5: on a smooth solution Adams' steps are longer
  long steps[2];
  for (int m = 0; m < 2; ++m) {
    Oscillator ode;
    CvodeDriver driver(ode, Settings(m == 0 ? OdeMethod::kAdams : OdeMethod::kBdf), 0.0,
                       VecX{{1.0, 0.0}}, VecX{{0.0, -1.0}});
    driver.SetEnd(20.0);
    ASSERT_TRUE(driver.AdvanceTo(20.0, nullptr));
    EXPECT_NEAR(driver.y()[0], std::cos(20.0), 1e-6);
    steps[m] = driver.stats().steps;
  }
  EXPECT_LT(steps[0], steps[1]);
}

}  // namespace
}  // namespace msolve::solver
