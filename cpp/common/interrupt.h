// Interrupting a running analysis (Ctrl-C, SIGTERM; docs/architecture.md §2.10). The core
// knows no signals: whoever starts an analysis may install a check for its thread, which
// the long loops (the integrator's residuals and steps, the Newton iterations of assembly
// and statics) poll through PollInterrupt; when the check says so, PollInterrupt throws
// Interrupted, which ends the analysis like any solver error, with the results so far kept.
#pragma once

#include <functional>

#include "common/error.h"

namespace msolve {

/// The analysis was interrupted (the installed check returned true).
class Interrupted : public SolverError {
 public:
  using SolverError::SolverError;
};

/// Installs `check` for the calling thread while this object lives (the previous one after).
class InterruptCheckScope {
 public:
  explicit InterruptCheckScope(std::function<bool()> check);
  ~InterruptCheckScope();
  InterruptCheckScope(const InterruptCheckScope&) = delete;
  InterruptCheckScope& operator=(const InterruptCheckScope&) = delete;

 private:
  std::function<bool()> previous_;
};

/// Calls the calling thread's check, at most once every kInterruptPollSeconds (a clock
/// read otherwise), and throws Interrupted("interrupted") when it returns true; once it has,
/// every later poll in the scope throws at once.
void PollInterrupt();

/// How often PollInterrupt asks the check.
inline constexpr double kInterruptPollSeconds = 0.005;

}  // namespace msolve
