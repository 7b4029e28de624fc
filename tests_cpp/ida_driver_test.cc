// IdaDriver on small DAEs whose solutions are known in closed form: an index-1 system (a
// differential state driven by an algebraic one) and an index-2 one in the stabilised (GGL)
// form of the equations of motion (a point moving round a circle). The driver sees them only
// through the Dae interface, as it sees a mechanism.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "solver/dae.h"
#include "solver/ida_driver.h"

namespace msolve::solver {
namespace {

// Index 1: x' = -x + z, 0 = z - cos t, so x(t) = (cos t + sin t) / 2 + (x(t0) - (cos t0 +
// sin t0) / 2) e^(t0 - t). The algebraic z is converged to a relative tolerance or, excluded
// from the Newton test, held by a constraint group on its equation; without either nothing
// would converge it (IDA scales its corrections when the step changes).
class DrivenDecay : public Dae {
 public:
  static constexpr double kTolerance = 1e-10;  // of the constraint group

  explicit DrivenDecay(StateTolerance algebraic = StateTolerance::kExcluded, bool group = true)
      : algebraic_(algebraic), group_(group) {}

  static double X(double t, double t0, double x0) {
    return 0.5 * (std::cos(t) + std::sin(t)) +
           (x0 - 0.5 * (std::cos(t0) + std::sin(t0))) * std::exp(t0 - t);
  }
  // a consistent (y, y') at t with x = x0
  static VecX State(double t, double x0) { return VecX{{x0, std::cos(t)}}; }
  static VecX Rate(double t, double x0) { return VecX{{-x0 + std::cos(t), -std::sin(t)}}; }

  int size() const override { return 2; }
  VecX DifferentialIds() const override { return VecX{{1.0, 0.0}}; }
  std::vector<StateTolerance> Tolerances() const override {
    return {StateTolerance::kErrorBound, algebraic_};
  }
  std::vector<ConstraintGroup> ConstraintGroups() const override {
    if (!group_) return {};
    return {{1, 1, kTolerance}};
  }
  void Residual(double t, const double* y, const double* yp, double* F) const override {
    F[0] = yp[0] + y[0] - y[1];
    F[1] = y[1] - std::cos(t);
  }
  void Jacobian(double, const double*, const double*, double cj,
                std::vector<Triplet>* out) const override {
    *out = {{0, 0, cj + 1.0}, {0, 1, -1.0}, {1, 1, 1.0}};
  }
  void AcceptStep(double t, const double*, const double*) override { accepted.push_back(t); }

  std::vector<double> accepted;  // the times AcceptStep was called with

 private:
  StateTolerance algebraic_;
  bool group_;
};

// Index 2, stabilised as the equations of motion are: a unit point mass on the unit circle,
// y = (q, v, lambda, mu), with
//   q' - v + q mu = 0,  v' + q lambda = 0,  q.v = 0 (velocity),  (q.q - 1) / 2 = 0 (position).
// Started at q = (1, 0) with v = (0, w) it moves round at the rate w: q = (cos wt, sin wt),
// v = w (-sin wt, cos wt), lambda = w^2 (the centripetal force), mu = 0.
class PointOnCircle : public Dae {
 public:
  static constexpr double kRate = 2.0;

  static VecX State(double t) {
    const double c = std::cos(kRate * t), s = std::sin(kRate * t);
    return VecX{{c, s, -kRate * s, kRate * c, kRate * kRate, 0.0}};
  }
  static VecX Rate(double t) {
    const double c = std::cos(kRate * t), s = std::sin(kRate * t), w2 = kRate * kRate;
    return VecX{{-kRate * s, kRate * c, -w2 * c, -w2 * s, 0.0, 0.0}};
  }

  int size() const override { return 6; }
  VecX DifferentialIds() const override { return VecX{{1.0, 1.0, 1.0, 1.0, 0.0, 0.0}}; }
  std::vector<StateTolerance> Tolerances() const override {
    std::vector<StateTolerance> tolerances(6, StateTolerance::kErrorBound);
    tolerances[4] = tolerances[5] = StateTolerance::kExcluded;
    return tolerances;
  }
  std::vector<ConstraintGroup> ConstraintGroups() const override {
    return {{4, 1, kVelocityTolerance}, {5, 1, kPositionTolerance}};
  }
  void Residual(double, const double* y, const double* yp, double* F) const override {
    const double lambda = y[4], mu = y[5];
    for (int d = 0; d < 2; ++d) {
      F[d] = yp[d] - y[2 + d] + y[d] * mu;
      F[2 + d] = yp[2 + d] + y[d] * lambda;
    }
    F[4] = y[0] * y[2] + y[1] * y[3];
    F[5] = 0.5 * (y[0] * y[0] + y[1] * y[1] - 1.0);
  }
  void Jacobian(double, const double* y, const double*, double cj,
                std::vector<Triplet>* out) const override {
    const double lambda = y[4], mu = y[5];
    out->clear();
    for (int d = 0; d < 2; ++d) {
      out->push_back({d, d, cj + mu});
      out->push_back({d, 2 + d, -1.0});
      out->push_back({d, 5, y[d]});
      out->push_back({2 + d, 2 + d, cj});
      out->push_back({2 + d, d, lambda});
      out->push_back({2 + d, 4, y[d]});
      out->push_back({4, d, y[2 + d]});
      out->push_back({4, 2 + d, y[d]});
      out->push_back({5, d, y[d]});
    }
  }

  static constexpr double kPositionTolerance = 1e-10;
  static constexpr double kVelocityTolerance = 1e-8;
};

IntegratorSettings Settings(double error) {
  IntegratorSettings settings;
  settings.error = error;
  return settings;
}

// The largest errors of x and of z over outputs every 0.1 up to `end`, against the closed
// form.
struct Errors {
  double x = 0.0, z = 0.0;
};
Errors DrivenDecayErrors(IdaDriver* ida, double t0, double x0, double end) {
  Errors worst;
  for (int k = 1; t0 + 0.1 * k <= end + 1e-12; ++k) {
    const double t = t0 + 0.1 * k;
    EXPECT_TRUE(ida->AdvanceTo(t, nullptr));
    EXPECT_EQ(ida->time(), t);
    worst.x = std::max(worst.x, std::abs(ida->y()[0] - DrivenDecay::X(t, t0, x0)));
    worst.z = std::max(worst.z, std::abs(ida->y()[1] - std::cos(t)));
  }
  return worst;
}
double DrivenDecayError(IdaDriver* ida, double t0, double x0, double end) {
  const Errors worst = DrivenDecayErrors(ida, t0, x0, end);
  EXPECT_LE(worst.z, 0.1 * DrivenDecay::kTolerance);
  return worst.x;
}

TEST(IdaDriverTest, IndexOneSolutionMeetsTheClosedFormToTheErrorBound) {
  for (const StateTolerance algebraic : {StateTolerance::kExcluded, StateTolerance::kRelative}) {
    SCOPED_TRACE(algebraic == StateTolerance::kExcluded ? "z excluded" : "z relative");
    DrivenDecay dae(algebraic);
    const double error = 1e-6;
    IdaDriver ida(dae, Settings(error), 0.0, DrivenDecay::State(0, 2.0), DrivenDecay::Rate(0, 2.0));
    // the global error of x stays of the order of the local error bound
    EXPECT_LT(DrivenDecayError(&ida, 0.0, 2.0, 5.0), 3 * error);
    EXPECT_GT(ida.stats().steps, 10);
  }
}

TEST(IdaDriverTest, AnAlgebraicStateIsConvergedByItsConstraintGroupOrItsRelativeTolerance) {
  const auto errors = [](StateTolerance algebraic, bool group) {
    DrivenDecay dae(algebraic, group);
    IdaDriver ida(dae, Settings(1e-6), 0.0, DrivenDecay::State(0, 2.0), DrivenDecay::Rate(0, 2.0));
    return DrivenDecayErrors(&ida, 0.0, 2.0, 5.0);
  };
  // the group holds z to a tenth of its tolerance
  EXPECT_LE(errors(StateTolerance::kExcluded, true).z, 0.1 * DrivenDecay::kTolerance);
  // Newton converges z to kRelativeStateTolerance of |z| (at least 1) in its weighted norm
  EXPECT_LE(errors(StateTolerance::kRelative, false).z, kRelativeStateTolerance);
  // neither: the step's Newton test does not see z
  EXPECT_GT(errors(StateTolerance::kExcluded, false).z, 1e-5);
}

TEST(IdaDriverTest, TheErrorFollowsTheErrorBound) {
  std::vector<double> worst;
  for (const double error : {1e-4, 1e-7}) {
    DrivenDecay dae;
    IdaDriver ida(dae, Settings(error), 0.0, DrivenDecay::State(0, 2.0), DrivenDecay::Rate(0, 2.0));
    worst.push_back(DrivenDecayError(&ida, 0.0, 2.0, 5.0));
    EXPECT_LT(worst.back(), 10 * error);
  }
  // a thousand times tighter bound: at least a hundred times smaller errors
  EXPECT_LT(worst[1], 1e-2 * worst[0]);
}

TEST(IdaDriverTest, EveryAcceptedStepIsAcceptedByTheDaeBeforeTheCallerHearsOfIt) {
  DrivenDecay dae;
  IdaDriver ida(dae, Settings(1e-6), 0.0, DrivenDecay::State(0, 2.0), DrivenDecay::Rate(0, 2.0));
  std::vector<double> steps;
  ASSERT_TRUE(ida.AdvanceTo(1.0, [&](double t, const double*, const double*) {
    ASSERT_FALSE(dae.accepted.empty());
    EXPECT_EQ(dae.accepted.back(), t);
    steps.push_back(t);
  }));
  EXPECT_EQ(dae.accepted, steps);
  EXPECT_EQ(static_cast<long>(steps.size()), ida.stats().steps);
  EXPECT_EQ(steps.back(), 1.0);
}

TEST(IdaDriverTest, InterpolatedOutputsMeetTheClosedForm) {
  DrivenDecay dae;
  IntegratorSettings settings = Settings(1e-6);
  settings.interpolate = true;
  IdaDriver ida(dae, settings, 0.0, DrivenDecay::State(0, 2.0), DrivenDecay::Rate(0, 2.0));
  ida.SetEnd(5.0);
  // between the steps, x and z come from IDA's interpolating polynomial
  const Errors worst = DrivenDecayErrors(&ida, 0.0, 2.0, 5.0);
  EXPECT_LT(worst.x, 10 * settings.error);
  EXPECT_LT(worst.z, 10 * settings.error);
  // the steps went past the outputs: fewer than when the outputs are hit
  DrivenDecay hit_dae;
  IdaDriver hit(hit_dae, Settings(settings.error), 0.0, DrivenDecay::State(0, 2.0),
                DrivenDecay::Rate(0, 2.0));
  DrivenDecayErrors(&hit, 0.0, 2.0, 5.0);
  EXPECT_LT(ida.stats().steps, hit.stats().steps);
}

TEST(IdaDriverTest, RestartGoesOnFromTheStateGiven) {
  DrivenDecay dae;
  const double error = 1e-6;
  IdaDriver ida(dae, Settings(error), 0.0, DrivenDecay::State(0, 2.0), DrivenDecay::Rate(0, 2.0));
  ASSERT_TRUE(ida.AdvanceTo(1.0, nullptr));
  const long steps = ida.stats().steps;
  // a jump in x: the history of the first part no longer applies
  ida.Restart(1.0, DrivenDecay::State(1.0, -3.0), DrivenDecay::Rate(1.0, -3.0));
  EXPECT_EQ(ida.time(), 1.0);
  EXPECT_EQ(ida.y()[0], -3.0);
  EXPECT_LT(DrivenDecayError(&ida, 1.0, -3.0, 4.0), 10 * error);
  // the statistics go on counting across the restart
  EXPECT_GT(ida.stats().steps, steps);
  // BackUp restarts at the last accepted step
  EXPECT_EQ(ida.BackUp(), 4.0);
  EXPECT_NEAR(ida.y()[0], DrivenDecay::X(4.0, 1.0, -3.0), 10 * error);
}

TEST(IdaDriverTest, IndexTwoSolutionMeetsTheClosedFormAndTheConstraints) {
  PointOnCircle dae;
  const double error = 1e-7;
  IdaDriver ida(dae, Settings(error), 0.0, PointOnCircle::State(0), PointOnCircle::Rate(0));
  double worst = 0.0, worst_reaction = 0.0;
  int steps = 0;
  const auto check_constraints = [&](double t, const double* y, const double*) {
    ++steps;
    EXPECT_LE(std::abs(0.5 * (y[0] * y[0] + y[1] * y[1] - 1.0)), PointOnCircle::kPositionTolerance)
        << "at time " << t;
    EXPECT_LE(std::abs(y[0] * y[2] + y[1] * y[3]), PointOnCircle::kVelocityTolerance)
        << "at time " << t;
  };
  // two turns
  const double end = 2 * (2 * M_PI / PointOnCircle::kRate);
  for (int k = 1; k <= 100; ++k) {
    const double t = end * k / 100;
    ASSERT_TRUE(ida.AdvanceTo(t, check_constraints));
    const VecX exact = PointOnCircle::State(t);
    worst = std::max(worst, (ida.y().head(4) - exact.head(4)).cwiseAbs().maxCoeff());
    worst_reaction = std::max(worst_reaction, std::abs(ida.y()[4] - exact[4]));
  }
  EXPECT_GT(steps, 50);
  // the local errors of a few hundred steps add up along the two turns
  EXPECT_LT(worst, 100 * error);
  // the multiplier is not error-tested: it follows from the motion
  EXPECT_LT(worst_reaction, 1e-5 * PointOnCircle::State(0)[4]);
}

TEST(IdaDriverTest, RootFindingLocatesACrossingInTheDirectionWatched) {
  PointOnCircle dae;
  const double error = 1e-8;
  IdaDriver ida(dae, Settings(error), 0.0, PointOnCircle::State(0), PointOnCircle::Rate(0));
  // q_y falls through zero at half a turn, rises at a full turn
  ida.SetRootFunctions({-1},
                       [](double, const double* y, const double*, double* g) { g[0] = y[1]; });
  const double half_turn = M_PI / PointOnCircle::kRate;
  ASSERT_FALSE(ida.AdvanceTo(3 * half_turn, nullptr));
  EXPECT_NEAR(ida.time(), half_turn, 10 * error);
  EXPECT_EQ(ida.RootsFound(), std::vector<int>{-1});
  EXPECT_NEAR(ida.y()[0], -1.0, 1e-6);
  EXPECT_NEAR(ida.y()[1], 0.0, 1e-12);
  // the rising crossing at a full turn does not stop it; the next falling one is beyond
  EXPECT_TRUE(ida.AdvanceTo(3 * half_turn - 0.1, nullptr));
  EXPECT_NEAR(ida.y()[1], std::sin(PointOnCircle::kRate * (3 * half_turn - 0.1)), 1e-6);
  // a turn later, the global error (a lag in phase) has grown as in the test above
  ASSERT_FALSE(ida.AdvanceTo(4 * half_turn, nullptr));
  EXPECT_NEAR(ida.time(), 3 * half_turn, 100 * error);
}

// x' = 1 / (0.3 - t): a pole that the steps cannot pass
class Pole : public Dae {
 public:
  int size() const override { return 1; }
  VecX DifferentialIds() const override { return VecX::Ones(1); }
  std::vector<StateTolerance> Tolerances() const override { return {StateTolerance::kErrorBound}; }
  void Residual(double t, const double*, const double* yp, double* F) const override {
    F[0] = yp[0] - 1.0 / (0.3 - t);
  }
  void Jacobian(double, const double*, const double*, double cj,
                std::vector<Triplet>* out) const override {
    *out = {{0, 0, cj}};
  }
  std::string DescribeState(int index) const override {
    return "the state of the pole " + std::to_string(index);
  }
};

TEST(IdaDriverTest, AFailureNamesTheStateWithTheLargestError) {
  Pole dae;
  IdaDriver ida(dae, Settings(1e-6), 0.0, VecX::Zero(1), VecX::Constant(1, 1.0 / 0.3));
  try {
    ida.AdvanceTo(1.0, nullptr);
    FAIL() << "the integration went past the pole";
  } catch (const SolverError& e) {
    EXPECT_NE(std::string(e.what()).find("the state of the pole 0"), std::string::npos) << e.what();
  }
  EXPECT_LT(ida.time(), 0.3);
}

}  // namespace
}  // namespace msolve::solver
