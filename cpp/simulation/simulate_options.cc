#include "simulation/simulate_options.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include "common/error.h"

namespace msolve::simulation {
namespace {

// the shortest text that reads back as x (as Python prints floats)
std::string Shortest(double x) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

std::string Upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
  return s;
}

void CheckType(const std::string& given) {
  const std::string type = Upper(given);
  if (type != "DYNAMICS" && type != "TRANSIENT" && !IsKinematics(given) && !IsStatics(given) &&
      !IsQuasiStatics(given) && !IsAssembly(given) && !IsLinear(given))
    throw ModelError("simulate: analysis type '" + given +
                     "' is not available yet (DYNAMICS, TRANSIENT, KINEMATICS, STATICS, "
                     "QSTATICS, ASSEMBLY, LINEAR)");
}

void CheckEnd(double end, double now) {
  if (std::isnan(end)) throw ModelError("simulate: end must be a number, got nan");
  if (std::isinf(end))
    throw ModelError("simulate: end must be finite, got " + Shortest(end) +
                     " (a run without end is not an analysis that returns)");
  if (end < now)
    throw ModelError("simulate: end " + Shortest(end) + " is before the current time " +
                     Shortest(now));
}

void CheckOutputInterval(double dtout) {
  if (!(dtout > 0 && std::isfinite(dtout)))
    throw ModelError("simulate: dtout must be positive, got " + Shortest(dtout));
}

// the outputs of a run must be distinct times, and few enough to hold
void CheckOutputCount(double dtout, double end, double now) {
  const double resolution =
      4 * std::numeric_limits<double>::epsilon() * std::max({1.0, std::abs(end), std::abs(now)});
  if (end > now && dtout < resolution)
    throw ModelError("simulate: dtout " + Shortest(dtout) +
                     " is below the resolution of the time between " + Shortest(now) + " and " +
                     Shortest(end) + " (" + Shortest(resolution) +
                     "): outputs would not be distinct");
  const double count = (end - now) / dtout;
  if (count > kMostOutputs)
    throw ModelError("simulate: dtout " + Shortest(dtout) + " from " + Shortest(now) + " to " +
                     Shortest(end) + " asks for " + Shortest(std::ceil(count)) +
                     " outputs; at most " + Shortest(kMostOutputs) + " are possible");
}

void CheckIntegrator(const model::Model& model) {
  if (!model.integrator) return;
  const model::Integrator& in = *model.integrator;
  // MotionSolve's error is a tolerance: zero or less asks for the impossible
  if (in.error && !(*in.error > 0)) throw ModelError(in.Describe() + ": error must be positive");
  if (in.kmax && (*in.kmax < 1 || *in.kmax > 5))
    throw ModelError(in.Describe() + ": kmax must be between 1 and 5");
  if (in.maxit && *in.maxit < 1)
    throw ModelError(in.Describe() +
                     ": maxit (corrector iterations per step) must be at least 1, " + "got " +
                     std::to_string(*in.maxit));
  const auto positive = [&](const std::optional<double>& h, const char* name) {
    if (h && !(*h > 0 && std::isfinite(*h)))
      throw ModelError(in.Describe() + ": " + name + " must be positive and finite, got " +
                       Shortest(*h));
  };
  positive(in.hmax, "hmax");
  positive(in.hinit, "hinit");
  if (in.hmin && !(*in.hmin >= 0 && std::isfinite(*in.hmin)))
    throw ModelError(in.Describe() + ": hmin must be finite and not negative, got " +
                     Shortest(*in.hmin));
  if (in.hmin && in.hmax && *in.hmin > *in.hmax)
    throw ModelError(in.Describe() + ": hmin " + Shortest(*in.hmin) + " exceeds hmax " +
                     Shortest(*in.hmax) + "; the smallest step must not exceed the largest");
}

}  // namespace

long OutputIntervals(double start, double end, double dt) {
  return end > start ? std::max<long>(1, std::lround(std::ceil((end - start) / dt - 1e-9))) : 0;
}

bool IsAssembly(const std::string& type) { return Upper(type) == "ASSEMBLY"; }

bool IsLinear(const std::string& type) { return Upper(type) == "LINEAR"; }

bool IsKinematics(const std::string& type) {
  const std::string upper = Upper(type);
  return upper == "KINEMATICS" || upper == "KINEMATIC";
}

bool IsQuasiStatics(const std::string& type) {
  const std::string upper = Upper(type);
  return upper == "QSTATICS" || upper == "QUASISTATICS" || upper == "QUASI-STATICS" ||
         upper == "QUASI_STATICS" || upper == "QUASISTATIC" || upper == "QUASI-STATIC";
}

bool IsStatics(const std::string& type) {
  const std::string upper = Upper(type);
  return upper == "STATICS" || upper == "STATIC";
}

SimulateOptions ResolveSimulateOptions(const SimulateArguments& arguments, double now,
                                       const model::Model& model) {
  SimulateOptions options;
  options.type = arguments.type;
  // statics and assembly are solutions at one time: the current one unless end says otherwise
  const bool one_time =
      IsStatics(arguments.type) || IsAssembly(arguments.type) || IsLinear(arguments.type);
  if (!arguments.end && !arguments.duration && !one_time)
    throw ModelError("simulate: give end or duration");
  if (arguments.end && arguments.duration)
    throw ModelError("simulate: give end or duration, not both");
  options.end = arguments.end ? *arguments.end : now + arguments.duration.value_or(0.0);
  CheckEnd(options.end, now);
  if (arguments.dtout && arguments.steps)
    throw ModelError("simulate: give dtout or steps, not both");
  if (arguments.steps) {
    if (*arguments.steps < 1) throw ModelError("simulate: steps must be at least 1");
    // a run of no length still needs a positive interval; its one output is at `now`
    options.dtout = options.end > now ? (options.end - now) / *arguments.steps : 1.0;
  } else {
    options.dtout = arguments.dtout ? *arguments.dtout : kDefaultOutputInterval;
  }
  // they have one output, so no interval: MotionSolve's scripts give dtout=0
  if (one_time) options.dtout = options.dtout > 0 ? options.dtout : kDefaultOutputInterval;
  CheckOutputInterval(options.dtout);
  CheckOutputCount(options.dtout, options.end, now);
  CheckType(options.type);
  CheckIntegrator(model);
  return options;
}

void ValidateSimulateOptions(const SimulateOptions& options, double now,
                             const model::Model& model) {
  CheckType(options.type);
  CheckOutputInterval(options.dtout);
  CheckEnd(options.end, now);
  CheckOutputCount(options.dtout, options.end, now);
  CheckIntegrator(model);
}

}  // namespace msolve::simulation
