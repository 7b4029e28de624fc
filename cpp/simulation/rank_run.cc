// The joint equations' rank followed through a dynamic analysis (docs/equations.md §5.5):
// after every accepted step the rank-revealing factorisation of the joint equations decides
// whether the active rows still fit the position; when they do not, the integrator stops
// there, the rows are chosen again, the state is made consistent with them and a new
// integration starts from it.
#include <algorithm>
#include <sstream>

#include "analysis/rank_tracking.h"
#include "analysis/tree_form.h"
#include "common/error.h"
#include "simulation/simulation.h"
#include "solver/cvode_driver.h"
#include "solver/ida_driver.h"

namespace msolve::simulation {

namespace {

// the method CVODE runs on the ODE form for the Integrator's type, or none: the DAE form
// (docs/equations.md §6.9)
std::optional<solver::OdeMethod> OdeMethodOf(const model::Model& model) {
  if (!model.integrator) return std::nullopt;
  const std::string& type = model.integrator->type;
  if (type == "ABAM") return solver::OdeMethod::kAdams;
  if (type == "MSTIFF" || type == "VSTIFF") return solver::OdeMethod::kBdf;
  return std::nullopt;
}

}  // namespace

void Simulation::StartIntegrator(double end) {
  ida_.reset();
  joint_coordinates_ = false;
  const auto note = [this](const std::string& line) {
    if (std::find(start_messages_.begin(), start_messages_.end(), line) == start_messages_.end())
      start_messages_.push_back(line);
  };
  const std::optional<solver::OdeMethod> method = OdeMethodOf(model_);
  const std::string asked = model_.integrator ? model_.integrator->coordinates : "AUTO";
  // AUTO (the Python Integrator's default; model::Integrator's is BODY): joint coordinates
  // for the ODE-form types (ABAM, MSTIFF, VSTIFF) when the model is a tree, where they cost
  // less than the body-coordinate ODE form at every size measured; the DAE types keep the
  // body coordinates (docs/equations.md §6.11)
  const bool automatic = asked == "AUTO" && method.has_value();
  const bool joint = (asked == "JOINT" || automatic) && !loop_singular_;
  // dae_index 3 (I3) is a form of the DAE integrators only (docs/equations.md §6.1)
  const bool index_three = model_.integrator && model_.integrator->dae_index == 3;
  // implicit Variables are algebraic equations (docs/equations.md §4.8): only the DAE
  // integrators take them
  const std::vector<const model::Entity*> implicit = sys_.ImplicitVariables();
  if (method && !implicit.empty())
    throw SolverError(implicit.front()->Describe() + ": an implicit variable is an algebraic " +
                      "equation, which the ODE-form integrator " + model_.integrator->type +
                      " cannot take; use a DAE integrator (GSTIFF, DSTIFF, HSTIFF, I3, SI2)");
  std::string refusal = joint ? analysis::TreeFormRefusal(sys_) : "";
  if (joint && refusal.empty() && !implicit.empty())
    refusal = implicit.front()->Describe() + " is an implicit (algebraic) variable";
  // the loops' closure at the state (docs/equations.md §6.12): the form refuses it there
  std::unique_ptr<analysis::TreeForm> tree;
  if (joint && refusal.empty()) {
    try {
      tree = std::make_unique<analysis::TreeForm>(sys_, &state_);
    } catch (const SolverError& e) {
      refusal = e.what();
      const std::string prefix = "joint coordinates do not apply: ";
      if (refusal.rfind(prefix, 0) == 0) refusal = refusal.substr(prefix.size());
    }
  }
  if (asked == "JOINT" && !refusal.empty())
    note("Integrator coordinates=JOINT not applied (" + refusal + "): body coordinates");
  if (index_three && ((joint && refusal.empty()) || method))
    note("Integrator dae_index = 3 not applied: " +
         (method ? model_.integrator->type : std::string("coordinates=JOINT")) +
         " integrates an ODE form (dae_index applies to GSTIFF, DSTIFF, HSTIFF)");
  if (joint && refusal.empty()) {
    // Integrator(coordinates="JOINT"): CVODE on the joint coordinates of a tree
    // (docs/equations.md §6.11, its loops closed as in §6.12), Adams for ABAM, BDF otherwise
    // the joint reactions at every step only for what reads the state between outputs: the
    // outputs solve for their own (docs/equations.md §6.11)
    tree->SetStepReactions(sensors_.size() > 0 || !request_routines_.empty() ||
                           !request_functions_.empty());
    solver::IntegratorSettings settings = settings_;
    settings.ode_method = method.value_or(solver::OdeMethod::kBdf);
    std::string loops;
    for (const int k : tree->cuts())
      loops += (loops.empty() ? ", the loops closed by " : ", ") + sys_.joints()[k].Describe();
    note(std::string("Integrator coordinates=JOINT") +
         (automatic ? " (chosen: the model is a tree of joints" +
                          std::string(tree->cuts().empty() ? "" : " with loops") + ")"
                    : "") +
         ": " + std::to_string(tree->dof()) + " joint coordinates" + loops + ", CVODE " +
         (settings.ode_method == solver::OdeMethod::kAdams ? "Adams" : "BDF"));
    ode_ = std::move(tree);
    joint_coordinates_ = true;
    ida_ = std::make_unique<solver::CvodeDriver>(*ode_, settings, state_.t, state_.y, state_.yp);
  } else if (method) {
    // MSTIFF, VSTIFF, ABAM: CVODE on the ODE form in independent coordinates
    ode_ = std::make_unique<analysis::OdeForm>(sys_, &state_);
    solver::IntegratorSettings settings = settings_;
    settings.ode_method = *method;
    ida_ = std::make_unique<solver::CvodeDriver>(*ode_, settings, state_.t, state_.y, state_.yp);
  } else {
    dae_.SetIndexThree(index_three);
    ida_ = std::make_unique<solver::IdaDriver>(dae_, settings_, state_.t, state_.y, state_.yp);
  }
  if (sensors_.size() > 0)
    ida_->SetRootFunctions(sensors_.RootDirections(),
                           [this](double t, const double* y, const double* yp, double* g) {
                             sensors_.Roots(t, y, yp, state_.memory.data(), g);
                           });
  ida_->SetMaxStep(ida_hmax_);
  ida_->SetEnd(end);
}

void Simulation::TrackRank(double t, const double* y) {
  if (joint_coordinates_ && !rank_stop_ &&
      static_cast<const analysis::TreeForm*>(ode_.get())->singular()) {
    // the loops' closure lost rank: on in body coordinates (docs/equations.md §6.12)
    loop_singular_ = true;
    rank_stop_ = true;
    ida_->RequestStop();
    return;
  }
  if (sys_.rows().empty() || rank_stop_ || joint_coordinates_) return;
  // the factorisation costs as much as a few steps of a large model: between singular
  // positions a pivot (an angle away from one) changes at most about as fast as the bodies
  // turn, so the next check waits until the fastest body has turned through a quarter of the
  // smallest pivot's distance to the threshold, summed step by step (a mechanism released
  // from rest turns faster and faster)
  const VecX at = VecX::Map(y, sys_.size());
  double turn = 0.0;
  for (int k = 0; k < sys_.body_count(); ++k)
    turn = std::max(turn, at.segment<3>(system::System::BodyOffset(k) + 10).norm());
  rank_turn_left_ -= turn * std::max(0.0, t - rank_last_t_);
  rank_last_t_ = t;
  if (!singular_entry_ && rank_turn_left_ > 0.0) return;
  double pivot = 0.0;
  if (analysis::TrackActiveRows(sys_, t, state_.memory.data(), at, &pivot)) {
    rank_stop_ = true;
    rank_turn_left_ = 0.0;
    ida_->RequestStop();
    return;
  }
  rank_turn_left_ = 0.25 * std::max(0.0, pivot - analysis::kSingularPivot);
}

void Simulation::ChangeActiveRows(double end, Results* out) {
  rank_stop_ = false;
  rank_turn_left_ = 0.0;
  state_.t = ida_->time();
  state_.y = ida_->y();
  state_.yp = ida_->yp();
  double* memory = state_.memory.data();
  const auto change = analysis::TrackActiveRows(sys_, state_.t, memory, state_.y);
  if (loop_singular_ && joint_coordinates_) {
    std::ostringstream s;
    s << "time " << state_.t << ": the loops of the joint coordinates are near a singular "
      << "position (their closure equations nearly lose rank): body coordinates from here on";
    out->messages.push_back(s.str());
    if (!change) {
      stats_before_ = AddedStats(stats_before_, ida_->stats());
      for (auto& line : ida_->TakeMessages()) out->messages.push_back(std::move(line));
      StartIntegrator(end);
      return;
    }
  }
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
  s << "time " << state_.t << ": "
    << (change->rank_after < change->rank_before
            ? "the joint equations lost rank (a singular position)"
        : change->rank_after > change->rank_before
            ? "the joint equations regained rank"
            : "the active joint equations nearly dependent, the others not: exchanged")
    << ", " << change->rank_before << " -> " << change->rank_after << " independent";
  for (const auto& line : change->set_aside) s << "; set aside " << line;
  for (const auto& line : change->taken_back) s << "; taken back " << line;
  if (bridged) s << "; the state corrected across the singular position";
  out->messages.push_back(s.str());
  // the state's size changed with the multipliers: a new integration from there
  stats_before_ = AddedStats(stats_before_, ida_->stats());
  for (auto& line : ida_->TakeMessages()) out->messages.push_back(std::move(line));
  StartIntegrator(end);
}

}  // namespace msolve::simulation
