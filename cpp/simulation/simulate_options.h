// The arguments of simulate() and their rules, kept here once: the Python Model.simulate
// resolves its arguments with ResolveSimulateOptions, and Simulation::Simulate checks what
// it is given with ValidateSimulateOptions, so both refuse the same things in the same words.
#pragma once

#include <optional>
#include <string>

#include "model/entities.h"

namespace msolve::simulation {

/// The output interval when simulate is given neither dtout nor steps.
inline constexpr double kDefaultOutputInterval = 0.01;
/// The most outputs one simulate may ask for (each holds every request and body).
inline constexpr double kMostOutputs = 1e9;

struct SimulateOptions {
  std::string type = "DYNAMICS";
  double end = 1.0;
  double dtout = kDefaultOutputInterval;
  /// Switches of the equations as the integrator's root functions (docs/equations.md §6.10);
  /// false only for the tests that measure what they save.
  bool switch_roots = true;
};

/// Whether an analysis type is a static equilibrium: STATICS or STATIC, in any case.
bool IsStatics(const std::string& type);
/// Whether an analysis type is a sequence of static equilibria over time: QSTATICS (also
/// QUASISTATICS, QUASI-STATICS, QUASI-STATIC), in any case.
bool IsQuasiStatics(const std::string& type);
/// Whether an analysis type is the initial-conditions analysis alone: ASSEMBLY, in any case.
bool IsAssembly(const std::string& type);
/// Whether an analysis type is the linear analysis: LINEAR, in any case.
bool IsLinear(const std::string& type);
/// Whether an analysis type is the kinematic analysis: KINEMATICS or KINEMATIC, in any case.
bool IsKinematics(const std::string& type);

/// The number of output intervals from start to end at dt (the last may be shorter); none
/// when end = start. Every analysis over time has its outputs on this grid.
long OutputIntervals(double start, double end, double dt);

/// simulate's arguments as a script gives them (MotionSolve's Model.simulate): the end as
/// `end` or `duration` (from the current time), the output interval as `dtout` or `steps`
/// (outputs up to the end); unset ones are std::nullopt.
struct SimulateArguments {
  std::string type = "DYNAMICS";
  std::optional<double> end, duration, dtout;
  std::optional<long> steps;
};

/// The options of `arguments` for a run from time `now`: end = now + duration, dtout =
/// (end - now) / steps (1 when end is now) or kDefaultOutputInterval, checked as
/// ValidateSimulateOptions does.
/// @throws ModelError "simulate: ..." for a missing or doubly given end or output interval,
/// steps below 1, and what ValidateSimulateOptions refuses.
SimulateOptions ResolveSimulateOptions(const SimulateArguments& arguments, double now,
                                       const model::Model& model);

/// Checks a run from time `now` to options.end of `model`: the analysis type is one msolve
/// runs, end is a finite number not before now, dtout positive and finite, above the
/// resolution of the time and giving at most kMostOutputs outputs; and the model's
/// Integrator settings (error positive, kmax 1..5, maxit at least 1, hmax and hinit positive,
/// hmin not negative and not above hmax).
/// @throws ModelError naming the argument ("simulate: ...") or the Integrator.
void ValidateSimulateOptions(const SimulateOptions& options, double now, const model::Model& model);

}  // namespace msolve::simulation
