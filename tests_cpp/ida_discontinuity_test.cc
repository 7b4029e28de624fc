// IdaDriver at the discontinuity times of a Dae (docs/equations.md §6.8): a state whose rate
// jumps at known times is integrated exactly, each step ends at a jump, and the Dae
// reconciles the state there before the integration goes on.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "solver/dae.h"
#include "solver/ida_driver.h"

namespace msolve::solver {
namespace {

// x' = v, 0 = v - s(t) with the rate s(t) = 1 before t = 1, -2 from 1 to 1.5, 0.5 after:
// x(t) = t, then 1 - 2 (t - 1), then 0 + 0.5 (t - 1.5). s is right-continuous; at a jump
// not yet reconciled the Dae takes s from the left, as analysis::SystemDae does.
class JumpingRate : public Dae {
 public:
  static double S(double t) { return t < 1.0 ? 1.0 : t < 1.5 ? -2.0 : 0.5; }
  static double X(double t) {
    return t <= 1.0 ? t : t <= 1.5 ? 1.0 - 2.0 * (t - 1.0) : 0.5 * (t - 1.5);
  }

  int size() const override { return 2; }
  VecX DifferentialIds() const override { return VecX{{1.0, 0.0}}; }
  std::vector<StateTolerance> Tolerances() const override {
    return {StateTolerance::kErrorBound, StateTolerance::kExcluded};
  }
  std::vector<ConstraintGroup> ConstraintGroups() const override { return {{1, 1, 1e-10}}; }
  std::vector<double> DiscontinuityTimes() const override { return {1.0, 1.5}; }
  void Residual(double t, const double* y, const double* yp, double* F) const override {
    const bool left = (t == 1.0 || t == 1.5) && t != reconciled;
    F[0] = yp[0] - y[1];
    F[1] = y[1] - (left ? S(t - 1e-9) : S(t));
  }
  void Jacobian(double, const double*, const double*, double cj,
                std::vector<Triplet>* out) const override {
    *out = {{0, 0, cj}, {0, 1, -1.0}, {1, 1, 1.0}};
  }
  void Reconcile(double t, VecX* y, VecX* yp) override {
    reconciled = t;
    at.push_back(t);
    state_at.push_back((*y)[0]);
    (*y)[1] = S(t);
    (*yp)[0] = S(t);
    (*yp)[1] = 0.0;
  }
  void AcceptStep(double t, const double*, const double*) override { accepted.push_back(t); }

  double reconciled = -1.0;
  std::vector<double> at, state_at, accepted;
};

TEST(IdaDiscontinuity, StepsEndAtEachJumpAndTheStateIsExact) {
  JumpingRate dae;
  IntegratorSettings settings;
  settings.error = 1e-8;
  settings.hmax = 0.3;
  IdaDriver ida(dae, settings, 0.0, VecX{{0.0, 1.0}}, VecX{{1.0, 0.0}});
  for (int k = 1; k <= 8; ++k) {
    const double tout = 0.25 * k;
    ASSERT_TRUE(ida.AdvanceTo(tout, nullptr));
    EXPECT_NEAR(ida.y()[0], JumpingRate::X(tout), 1e-12) << tout;
  }
  // reconciled once at each jump, from the state the step before it ended with
  ASSERT_EQ(dae.at, (std::vector<double>{1.0, 1.5}));
  EXPECT_NEAR(dae.state_at[0], 1.0, 1e-12);
  EXPECT_NEAR(dae.state_at[1], 0.0, 1e-12);
  for (double jump : {1.0, 1.5}) {
    int ending = 0;
    for (double t : dae.accepted) ending += t == jump;
    EXPECT_EQ(ending, 1) << jump;
  }
  // no step collapsed at the jumps: none below 1e-10 of the time scale
  for (size_t k = 1; k < dae.accepted.size(); ++k)
    EXPECT_GT(dae.accepted[k] - dae.accepted[k - 1], 2e-10) << dae.accepted[k];
}

TEST(IdaDiscontinuity, InterpolatedOutputsAcrossJumps) {
  JumpingRate dae;
  IntegratorSettings settings;
  settings.error = 1e-8;
  settings.interpolate = true;
  IdaDriver ida(dae, settings, 0.0, VecX{{0.0, 1.0}}, VecX{{1.0, 0.0}});
  ida.SetEnd(2.0);
  for (int k = 1; k <= 20; ++k) {
    const double tout = 0.1 * k;
    ASSERT_TRUE(ida.AdvanceTo(tout, nullptr));
    EXPECT_NEAR(ida.y()[0], JumpingRate::X(tout), 1e-10) << tout;
  }
  EXPECT_EQ(dae.at, (std::vector<double>{1.0, 1.5}));
}

}  // namespace
}  // namespace msolve::solver
