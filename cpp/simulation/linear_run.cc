// Simulation::Linear: the linear analysis at the current time (analysis/linear.h).
#include "analysis/linear.h"
#include "common/error.h"
#include "simulation/simulation.h"

namespace msolve::simulation {
namespace {

// MODE during the linear analysis (MotionSolve's MODE: 7 linear analysis;
// docs/motionsolve-compatibility.md §4.8)
constexpr double kModeLinear = 7;

}  // namespace

Results Simulation::Linear(const model::Pinput* pinput, const model::Poutput* poutput) {
  Results out = EmptyResults();
  // the initial conditions before it see MODE 3 (InitializeOnce), the linearisation and
  // the sample at its time see 7
  *sys_.AnalysisMode() = kModeLinear;
  if (!InitializeFor(&out)) return out;
  // bad settings are bad input: refused before the analysis
  const analysis::LinearSettings settings = analysis::LinearSettingsOf(model_, pinput, poutput);
  try {
    auto result = std::make_shared<analysis::LinearResult>(analysis::Linearize(
        sys_, model_, state_.t, state_.memory.data(), state_.y, state_.yp, settings));
    for (const auto& line : analysis::DescribeLinearResult(*result)) out.messages.push_back(line);
    out.linear = std::move(result);
  } catch (const std::exception& e) {
    // the state is untouched: the analysis only reads it
    out.ok = false;
    out.error = e.what();
  }
  SampleOnce(state_.t, state_.y, state_.yp, &out);
  return out;
}

}  // namespace msolve::simulation
