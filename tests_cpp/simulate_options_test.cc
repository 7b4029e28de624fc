// Tests of simulation/simulate_options: simulate's arguments resolved into an end time and an
// output interval, and the rules both the Python Model.simulate and Simulation::Simulate
// apply, with the messages that name what is wrong.
#include "simulation/simulate_options.h"

#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "common/error.h"

namespace msolve::simulation {
namespace {

// the message of the ModelError `f` throws, or "" when it throws none
template <class F>
std::string Refusal(F f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

SimulateArguments Arguments(std::optional<double> end, std::optional<double> duration,
                            std::optional<double> dtout, std::optional<long> steps) {
  SimulateArguments a;
  a.end = end, a.duration = duration, a.dtout = dtout, a.steps = steps;
  return a;
}

TEST(SimulateOptionsTest, DurationAndStepsBecomeEndAndOutputInterval) {
  const model::Model model;
  SimulateOptions o =
      ResolveSimulateOptions(Arguments(std::nullopt, 0.5, std::nullopt, 4), 1.0, model);
  EXPECT_EQ(o.end, 1.5);
  EXPECT_EQ(o.dtout, 0.125);
  EXPECT_EQ(o.type, "DYNAMICS");
  o = ResolveSimulateOptions(Arguments(2.0, std::nullopt, std::nullopt, std::nullopt), 1.0, model);
  EXPECT_EQ(o.end, 2.0);
  EXPECT_EQ(o.dtout, kDefaultOutputInterval);
  // a run of no length: its one output needs some positive interval
  o = ResolveSimulateOptions(Arguments(1.0, std::nullopt, std::nullopt, 3), 1.0, model);
  EXPECT_EQ(o.dtout, 1.0);
}

TEST(SimulateOptionsTest, MissingOrDoublyGivenArgumentsAreNamed) {
  const model::Model model;
  const auto resolve = [&](SimulateArguments a) {
    return Refusal([&] { ResolveSimulateOptions(a, 0.0, model); });
  };
  const std::nullopt_t none = std::nullopt;
  EXPECT_EQ(resolve(Arguments(none, none, none, none)), "simulate: give end or duration");
  EXPECT_EQ(resolve(Arguments(1.0, 1.0, none, none)), "simulate: give end or duration, not both");
  EXPECT_EQ(resolve(Arguments(1.0, none, 0.1, 10)), "simulate: give dtout or steps, not both");
  EXPECT_EQ(resolve(Arguments(1.0, none, none, 0)), "simulate: steps must be at least 1");
  EXPECT_EQ(resolve(Arguments(none, -0.5, none, none)),
            "simulate: end -0.5 is before the current time 0");
  EXPECT_EQ(resolve(Arguments(1.0, none, 0.0, none)), "simulate: dtout must be positive, got 0");
}

TEST(SimulateOptionsTest, ValidateRefusesWhatCannotRun) {
  model::Model model;
  const auto validate = [&](const std::string& type, double end, double dtout) {
    SimulateOptions o;
    o.type = type, o.end = end, o.dtout = dtout;
    return Refusal([&] { ValidateSimulateOptions(o, 1.0, model); });
  };
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(validate("dynamics", 2.0, 0.1), "");
  EXPECT_EQ(validate("Kinematics", 1.0, 0.1), "");  // a run of no length is fine
  EXPECT_EQ(validate("STATICS", 2.0, 0.1), "");
  EXPECT_EQ(validate("Assembly", 1.0, 0.1), "");
  EXPECT_EQ(validate("Linear", 1.0, 0.1), "");
  EXPECT_EQ(validate("FREQUENCY", 2.0, 0.1),
            "simulate: analysis type 'FREQUENCY' is not available yet (DYNAMICS, TRANSIENT, "
            "KINEMATICS, STATICS, QSTATICS, ASSEMBLY, LINEAR)");
  EXPECT_EQ(validate("DYNAMICS", 0.5, 0.1), "simulate: end 0.5 is before the current time 1");
  EXPECT_EQ(validate("DYNAMICS", nan, 0.1), "simulate: end must be a number, got nan");
  EXPECT_EQ(validate("DYNAMICS", 2.0, -1.0), "simulate: dtout must be positive, got -1");
  EXPECT_EQ(validate("DYNAMICS", 2.0, inf), "simulate: dtout must be positive, got inf");
  EXPECT_EQ(validate("DYNAMICS", 2.0, nan), "simulate: dtout must be positive, got nan");

  model.integrator = std::make_shared<model::Integrator>();
  model.integrator->id = 1;
  model.integrator->error = 0.0;
  EXPECT_NE(validate("DYNAMICS", 2.0, 0.1).find(": error must be positive"), std::string::npos);
  model.integrator->error = 1e-6;
  model.integrator->kmax = 6;
  EXPECT_NE(validate("DYNAMICS", 2.0, 0.1).find(": kmax must be between 1 and 5"),
            std::string::npos);
  model.integrator->kmax = 5;
  EXPECT_EQ(validate("DYNAMICS", 2.0, 0.1), "");
}

}  // namespace
}  // namespace msolve::simulation
