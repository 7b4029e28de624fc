// the memory of a run (docs/architecture.md §3.1): its layout, one keyed block per element that
// remembers something between steps, fixed at compile time; the state at the start of a run;
// accepting a step, the only place the elements write their memory
#include <sstream>

#include "common/error.h"
#include "system/system.h"

namespace msolve::system {
namespace {

// an accepted state whose contact point has left an open direction of its surface
// (docs/equations.md §2.9): an error naming the constraint and the time, as for a curve
void CheckSurfaceParameters(const mbs::JointConstraint& joint, int term, double t,
                            const double* y) {
  const math::SpaceSurface& surface = *joint.term(term).surface;
  const double* body = System::SidesOf(joint, term, y).state[1];
  if (body == nullptr) return;
  for (int k = 0; k < 2; ++k) {
    const double lo = surface.minpar(k), hi = surface.maxpar(k), p = body[k];
    const double slack = 1e-9 * (hi - lo);
    if (surface.closed(k) || (p >= lo - slack && p <= hi + slack)) continue;
    std::ostringstream message;
    message.precision(10);
    message << joint.Describe() << ": at time " << t << " the contact point left its surface"
            << " (the parameter " << (k == 0 ? "u = " : "v = ") << p
            << " is outside the surface's range [" << lo << ", " << hi
            << "]); the constraint cannot go on past the surface's edge";
    throw SolverError(message.str());
  }
}

// a parameter outside the range [lo, hi] of an open curve: the error naming the
// constraint and the time, never the silent cubic continued past the end
void CheckParameter(const mbs::JointConstraint& joint, double t, double alpha, double lo, double hi,
                    const char* what) {
  const double slack = 1e-9 * (hi - lo);
  if (alpha >= lo - slack && alpha <= hi + slack) return;
  std::ostringstream message;
  message.precision(10);
  message << joint.Describe() << ": at time " << t << " the contact point left its open " << what
          << " (the parameter " << alpha << " is outside the range [" << lo << ", " << hi
          << "]); the constraint cannot go on past the " << what << "'s end";
  throw SolverError(message.str());
}

// an accepted state whose contact point has left an open curve (docs/equations.md §2.7) or
// deformable curve or surface (§2.11)
void CheckCurveParameters(const mbs::JointConstraint& joint, double t, const double* y) {
  for (int term = 0; term < joint.terms(); ++term) {
    const mbs::JointConstraint::Term& c = joint.term(term);
    const bool weighted = c.type == mbs::JointType::kWeightedPoint;
    if (c.type == mbs::JointType::kSurfacePoint) {
      CheckSurfaceParameters(joint, term, t, y);
      continue;
    }
    if ((c.type != mbs::JointType::kCurvePoint && !weighted) || c.curve == nullptr) continue;
    const double* body = System::SidesOf(joint, term, y).state[1];
    if (body == nullptr) continue;
    const char* what = weighted ? (c.curve_v ? "surface" : "deformable curve") : "curve";
    if (!c.curve->closed())
      CheckParameter(joint, t, body[2], c.curve->minpar(), c.curve->maxpar(), what);
    if (c.curve_v && !c.curve_v->closed())
      CheckParameter(joint, t, body[0], c.curve_v->minpar(), c.curve_v->maxpar(), what);
    if (weighted) return;  // every term of the constraint reads the same parameters
  }
}

// the part of a key of a function of `entity`: its text when it is an expression
std::string FunctionPart(const mbs::StateFunction& f) {
  const auto* compiled = dynamic_cast<const ExpressionFunction*>(&f);
  return compiled ? "expression " + compiled->text() : "function";
}

void PlaceFunction(MemoryLayout* layout, const model::Entity* entity, mbs::StateFunction* f) {
  if (f == nullptr || f->memory_size() == 0) return;
  f->PlaceMemory(layout->Add(entity, FunctionPart(*f), f->memory_size()));
}

}  // namespace

void System::LayOutMemory(const model::Model& model) {
  // after the SENVAL values (Builder::SensorValues), in the order AcceptStep visits
  MemoryLayout& layout = memory_layout_;
  std::vector<double> initial;
  for (auto& joint : joints_) {
    if (joint.memory_size() == 0) continue;
    initial.resize(joint.memory_size());
    joint.InitialMemory(initial.data());
    // a Motion's constraint by the Motion (a joint may carry two), the others by their source
    const model::Entity* owner = joint.motion() ? joint.motion() : joint.source();
    joint.PlaceMemory(layout.Add(owner, "joint", joint.memory_size(), initial.data()));
  }
  // a general constraint's function (docs/equations.md §2.14), keyed by the Gcon
  for (auto& joint : joints_)
    if (joint.general())
      PlaceFunction(&layout, joint.source(),
                    const_cast<mbs::StateFunction*>(&joint.general()->function()));
  for (auto& element : force_elements_) {
    if (element->memory_size() > 0)
      element->PlaceMemory(layout.Add(element->source(), "element", element->memory_size()));
    for (mbs::StateFunction* f : element->functions()) PlaceFunction(&layout, element->source(), f);
  }
  for (const auto& variable : model.variables) {
    const auto found = variables_.find(variable->id);
    if (found != variables_.end()) PlaceFunction(&layout, variable.get(), found->second.get());
  }
  // an implicit Variable's residual is keyed by the Variable, which outlives compilations
  for (auto& d : diffs_) PlaceFunction(&layout, d.key, d.function.get());
}

State System::MakeState() const {
  State state;
  state.y = DesignState();
  state.yp = VecX::Zero(size());
  state.memory = memory_layout_.Initial();
  AcceptStep(state.t, state.y.data(), state.yp.data(), state.memory.data());
  // the angles' turns start at the design state, but the DELAY histories start at the first
  // accepted state of the run (after the initial conditions, at the run's start time): a
  // record of the design state at t = 0 would be read by a run that starts or goes on later
  ClearDelays(state.memory.data());
  return state;
}

void System::AcceptStep(double t, const double* y, const double* yp, double* memory) const {
  for (const auto& joint : joints_) {
    CheckCurveParameters(joint, t, y);
    double* slots = joint.Slots(memory);
    if (slots == nullptr) continue;
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      joint.AcceptTerm(term, sides.state[0], sides.state[1], slots);
    }
  }
  for (const auto& joint : joints_)
    if (joint.general()) joint.general()->function().Accept(t, y, yp, memory);
  for (const auto& element : force_elements_) element->AcceptState(t, y, yp, memory);
  for (const auto& [id, variable] : variables_) variable->Accept(t, y, yp, memory);
  for (const auto& d : diffs_) d.function->Accept(t, y, yp, memory);
}

void System::ClearDelays(double* memory) const {
  const auto each = [memory](const mbs::StateFunction* f) {
    const auto* compiled = dynamic_cast<const ExpressionFunction*>(f);
    if (compiled != nullptr && compiled->has_delays()) compiled->ClearDelays(memory);
  };
  for (const auto& element : force_elements_)
    for (const mbs::StateFunction* f : element->functions()) each(f);
  for (const auto& joint : joints_)
    if (joint.general()) each(&joint.general()->function());
  for (const auto& [id, variable] : variables_) each(variable.get());
  for (const auto& d : diffs_) each(d.function.get());
}

}  // namespace msolve::system
