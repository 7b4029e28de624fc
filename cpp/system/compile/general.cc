// compile(model): the general constraints (Gcon, docs/equations.md §2.14), one kGeneral row
// each over the bodies its function reads
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "mbs/penalty_force.h"
#include "system/compile/builder.h"

namespace msolve::system {

namespace {

// the bodies whose positions g reads, from its dependencies (a measure lists every state of
// its bodies); throws for anything else. Whether it reads velocities is probed: its exact
// partials with respect to arbitrary nonzero velocities at the design positions.
std::vector<int> PositionBodies(const model::Entity& owner, const std::string& function,
                                const mbs::StateFunction& g, const System& sys, const char* what) {
  std::vector<int> y_deps, yp_deps;
  g.Dependencies(&y_deps, &yp_deps);
  const std::string text = owner.Describe() + ": function '" + function + "'";
  const std::string held =
      std::string("; a ") + what + " holds a function of the parts' positions and TIME at zero";
  std::vector<int> bodies;
  for (int index : y_deps) {
    const int body = index / kBodyStates;
    if (body >= sys.body_count())
      throw ModelError(text +
                       " reads a state that is not a position of a part (a Diff, a Variable's "
                       "state, a force or a reaction)" +
                       held);
    if (std::find(bodies.begin(), bodies.end(), body) == bodies.end()) bodies.push_back(body);
  }
  if (!yp_deps.empty()) throw ModelError(text + " reads time derivatives of states" + held);
  if (bodies.empty())
    throw ModelError(text + " reads no position of a moving part, so it constrains nothing" + held);
  VecX y = sys.DesignState();
  for (int k = 0; k < sys.body_count(); ++k)
    for (int c = mbs::kBodyQ; c < kBodyStates; ++c)
      y[System::BodyOffset(k) + c] = 0.1 * (k + 1) + 0.013 * c;
  const VecX yp = VecX::Zero(y.size());
  const VecX memory = sys.memory_layout().Initial();
  mbs::SparseGradient dy, dyp;
  g.Gradient(0.0, y.data(), yp.data(), memory.data(), &dy, &dyp);
  for (const auto& [index, value] : dy)
    if (index < kBodyStates * sys.body_count() && index % kBodyStates >= mbs::kBodyQ &&
        value != 0.0)
      throw ModelError(text + " reads velocities: msolve takes a " + what +
                       " of the parts' positions and TIME only (a non-holonomic one is not "
                       "supported)");
  std::sort(bodies.begin(), bodies.end());
  return bodies;
}

}  // namespace

std::shared_ptr<mbs::GeneralLaw> Builder::GeneralFunction(
    const model::Entity& owner, const std::string& function,
    const std::shared_ptr<model::UserRoutine>& routine, const char* what) {
  if (function.empty() && !routine)
    throw ModelError(owner.Describe() + ": function (the expression held at zero) is not set");
  std::unique_ptr<mbs::StateFunction> g;
  std::vector<int> bodies;
  if (routine) {
    // a routine's inputs are known only from its dependency pass, after the compile: its
    // row spans every body (the gradient is zero where it reads nothing)
    g = std::make_unique<RoutineOutput>(
        AddRoutine(owner, routine, model::UserRoutine::Form::kState, function, 1), 0);
    for (int k = 0; k < sys_.body_count(); ++k) bodies.push_back(k);
    if (bodies.empty())
      throw ModelError(owner.Describe() + ": the model has no moving part for the " + what +
                       " to act on");
  } else {
    CheckNoUserCall(owner, function);
    g = std::make_unique<ExpressionFunction>(function, owner.Describe(), resolver_);
    bodies = PositionBodies(owner, function, *g, sys_, what);
  }
  return std::make_shared<mbs::GeneralLaw>(std::move(g), std::move(bodies));
}

void Builder::GeneralConstraints() {
  for (const auto& gcon : model_.gcons) {
    if (!gcon->active) continue;
    auto law = GeneralFunction(*gcon, gcon->function, gcon->routine, "Gcon");
    // term 0 on marker i's body, at marker i (where the reaction is reported)
    std::vector<int> bodies = law->bodies();
    const mbs::BodyMarker* mi = gcon->i ? &sys_.MarkerOf(gcon->i) : nullptr;
    if (mi && mi->body >= 0) {
      bodies.erase(std::remove(bodies.begin(), bodies.end(), mi->body), bodies.end());
      bodies.insert(bodies.begin(), mi->body);
      law = std::make_shared<mbs::GeneralLaw>(law->Release(), bodies);
    }
    std::vector<mbs::JointConstraint::Term> terms;
    for (int body : bodies) {
      mbs::JointConstraint::Term t;
      t.type = mbs::JointType::kGeneral;
      t.i.body = body;
      if (mi && mi->body == body) t.i = *mi;
      terms.push_back(t);
    }
    sys_.AddConstraint(mbs::JointConstraint(gcon.get(), std::move(terms), std::move(law)));
  }
}

ForceStep<model::Pforce>::Result Builder::Force(const model::Pforce& pforce) {
  if (!(pforce.penalty >= 0.0) || !(pforce.penalty1 >= 0.0) || !(pforce.smoothing_factor >= 0.0))
    throw ModelError(pforce.Describe() +
                     ": penalty, penalty1 and smoothing_factor must be >= 0, got " +
                     std::to_string(pforce.penalty) + ", " + std::to_string(pforce.penalty1) +
                     ", " + std::to_string(pforce.smoothing_factor));
  std::shared_ptr<const mbs::GeneralLaw> law =
      GeneralFunction(pforce, pforce.function, pforce.routine, "Pforce");
  ForceStep<model::Pforce>::Result elements;
  for (size_t k = 0; k < law->bodies().size(); ++k)
    elements.push_back(
        std::make_unique<mbs::PenaltyForceElement>(&pforce, law, static_cast<int>(k)));
  return elements;
}

}  // namespace msolve::system
