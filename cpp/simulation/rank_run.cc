// The joint equations' rank followed through a dynamic analysis (docs/equations.md §5.5):
// after every accepted step the rank-revealing factorisation of the joint equations decides
// whether the active rows still fit the position; when they do not, the integrator stops
// there, the rows are chosen again, the state is made consistent with them and a new
// integration starts from it.
#include <sstream>

#include "analysis/rank_tracking.h"
#include "simulation/simulation.h"

namespace msolve::simulation {

void Simulation::StartIntegrator(double end) {
  ida_ = std::make_unique<solver::IdaDriver>(dae_, settings_, state_.t, state_.y, state_.yp);
  if (sensors_.size() > 0)
    ida_->SetRootFunctions(sensors_.RootDirections(),
                           [this](double t, const double* y, const double* yp, double* g) {
                             sensors_.Roots(t, y, yp, state_.memory.data(), g);
                           });
  ida_->SetMaxStep(ida_hmax_);
  ida_->SetEnd(end);
}

void Simulation::TrackRank(const double* y) {
  if (sys_.rows().empty() || rank_stop_) return;
  const VecX at = VecX::Map(y, sys_.size());
  if (!analysis::TrackActiveRows(sys_, state_.memory.data(), at)) return;
  rank_stop_ = true;
  ida_->RequestStop();
}

void Simulation::ChangeActiveRows(double end, Results* out) {
  rank_stop_ = false;
  state_.t = ida_->time();
  state_.y = ida_->y();
  state_.yp = ida_->yp();
  double* memory = state_.memory.data();
  const auto change = analysis::TrackActiveRows(sys_, memory, state_.y);
  if (!change) return;  // the integrator goes on where it stopped
  if (change->rank_after < change->rank_before && !singular_entry_)
    singular_entry_ = analysis::EnterSingularPosition(sys_, state_.t, memory, state_.y);
  analysis::ApplyActiveRows(&sys_, *change, state_.t, memory, &state_.y, &state_.yp);
  // back to the rank before the singular position: the state there from the one before it
  bool bridged = false;
  if (singular_entry_ && sys_.active_rows() >= singular_entry_->rank) {
    bridged = analysis::BridgeSingularPosition(sys_, *singular_entry_, state_.t, memory, &state_.y,
                                               &state_.yp);
    singular_entry_.reset();
  }
  std::ostringstream s;
  s << "time " << state_.t << ": the joint equations "
    << (change->rank_after < change->rank_before ? "lost rank (a singular position)"
                                                 : "regained rank")
    << ", " << change->rank_before << " -> " << change->rank_after << " independent";
  for (const auto& line : change->set_aside) s << "; set aside " << line;
  for (const auto& line : change->taken_back) s << "; taken back " << line;
  if (bridged) s << "; the state corrected across the singular position";
  out->messages.push_back(s.str());
  // the state's size changed with the multipliers: a new integration from there
  stats_before_ = AddedStats(stats_before_, ida_->stats());
  StartIntegrator(end);
}

}  // namespace msolve::simulation
