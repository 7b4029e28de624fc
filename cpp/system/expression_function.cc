#include "system/expression_function.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "expr/catalog.h"
#include "system/force_measure.h"
#include "system/system.h"

namespace msolve::system {
namespace {

// dynamic analysis (docs/motionsolve-compatibility.md §4.8)
constexpr double kModeDynamics = 4.0;
// states and accelerations of a body, as KinematicMeasure::Gradient lays them out
constexpr int kPerBody = 19;

}  // namespace

// resolves measure calls and VARVAL to the leaves of one ExpressionFunction
class LeafEnvironment : public expr::Environment {
 public:
  LeafEnvironment(const Resolver& resolver, const std::string& owner,
                  std::vector<ExpressionFunction::Leaf>* leaves,
                  std::vector<mbs::KinematicMeasure>* measures,
                  std::vector<std::unique_ptr<mbs::StateFunction>>* force_measures,
                  std::vector<std::unique_ptr<DelayFunction>>* delays)
      : resolver_(resolver),
        owner_(owner),
        leaves_(leaves),
        measures_(measures),
        force_measures_(force_measures),
        delays_(delays) {}

  int Resolve(const std::string& name, const std::vector<long>& ids) override {
    if (name == "DIF" || name == "DIF1") {
      if (ids.size() != 1) throw std::invalid_argument(name + " takes one Diff id");
      if (!resolver_.diff) throw std::invalid_argument(name + " is not available here");
      ExpressionFunction::Leaf leaf;
      leaf.state = resolver_.diff(ids[0]);
      leaf.derivative = name == "DIF1";
      leaves_->push_back(leaf);
      return static_cast<int>(leaves_->size()) - 1;
    }
    if (name == "ARYVAL") {
      if (ids.size() != 2) throw std::invalid_argument("ARYVAL takes an array id and an index");
      if (!resolver_.array) throw std::invalid_argument("ARYVAL is not available here");
      ExpressionFunction::Leaf leaf;
      leaf.combination = true;
      leaf.array = resolver_.array(ids[0], ids[1]);
      leaves_->push_back(leaf);
      return static_cast<int>(leaves_->size()) - 1;
    }
    if (name == "SENVAL") {
      if (ids.size() != 1) throw std::invalid_argument("SENVAL takes one sensor id");
      if (!resolver_.sensor_value) throw std::invalid_argument("SENVAL is not available here");
      ExpressionFunction::Leaf leaf;
      leaf.stored = resolver_.sensor_value(ids[0]);
      leaves_->push_back(leaf);
      return static_cast<int>(leaves_->size()) - 1;
    }
    if (name == "PINVAL" || name == "POUVAL") {
      // the k-th variable (from 1) of a plant input or output (docs/equations.md §10.5)
      if (ids.size() != 2) throw std::invalid_argument(name + " takes a plant id and an index");
      if (!resolver_.plant) throw std::invalid_argument(name + " is not available here");
      ExpressionFunction::Leaf leaf;
      leaf.variable = resolver_.variable(resolver_.plant(name == "POUVAL", ids[0], ids[1]));
      leaves_->push_back(leaf);
      return static_cast<int>(leaves_->size()) - 1;
    }
    if (name == "VARVAL") {
      if (ids.size() != 1) throw std::invalid_argument("VARVAL takes one variable id");
      ExpressionFunction::Leaf leaf;
      leaf.variable = resolver_.variable(ids[0]);
      leaves_->push_back(leaf);
      return static_cast<int>(leaves_->size()) - 1;
    }
    if (name == "KE") {
      if (ids.size() != 1) throw std::invalid_argument("KE takes one part id (0: every part)");
      if (!resolver_.kinetic_energy) throw std::invalid_argument("KE is not available here");
      ExpressionFunction::Leaf leaf;
      auto energy = resolver_.kinetic_energy(ids[0]);
      leaf.variable = energy.get();
      force_measures_->push_back(std::move(energy));
      leaves_->push_back(leaf);
      return static_cast<int>(leaves_->size()) - 1;
    }
    if (ForceMeasure::Handles(name) && !resolver_.force)
      throw std::invalid_argument("function '" + name + "' is not available here");
    if (resolver_.force) {
      auto force = resolver_.force(name, ids, owner_);
      if (force) {
        ExpressionFunction::Leaf leaf;
        leaf.variable = force.get();
        force_measures_->push_back(std::move(force));
        leaves_->push_back(leaf);
        return static_cast<int>(leaves_->size()) - 1;
      }
    }
    mbs::MeasureKind kind;
    // AXU, AYU, AZU: the unwrapped angles, which msolve's AX, AY, AZ are
    const bool unwrapped = name == "AXU" || name == "AYU" || name == "AZU";
    if (!mbs::ParseMeasure(unwrapped ? name.substr(0, 2) : name, &kind)) {
      for (const expr::CatalogEntry& entry : expr::FunctionCatalog())
        if (!entry.implemented && name == entry.name)
          throw std::invalid_argument("function '" + name +
                                      "' is not available in msolve: " + entry.note);
      throw std::invalid_argument("unknown function '" + name + "'");
    }
    const std::vector<int> roles = mbs::MeasureArgumentRoles(kind);
    if (ids.empty() || ids.size() > roles.size())
      throw std::invalid_argument(name + " takes 1 to " + std::to_string(roles.size()) +
                                  " marker ids, got " + std::to_string(ids.size()));
    if (ids[0] == 0) throw std::invalid_argument(name + ": the first marker id must not be 0");
    std::vector<mbs::BodyMarker> frames(4);
    for (size_t k = 0; k < ids.size(); ++k) frames[roles[k]] = resolver_.marker(ids[k]);
    measures_->emplace_back(kind, frames);
    ExpressionFunction::Leaf leaf;
    leaf.measure = static_cast<int>(measures_->size()) - 1;
    leaves_->push_back(leaf);
    return static_cast<int>(leaves_->size()) - 1;
  }

  const expr::ExternalFunction* ResolveFunction(const std::string& name,
                                                const std::vector<long>& ids) override {
    if (name == "DELAY") {
      // its own history: one per call
      delays_->push_back(std::make_unique<DelayFunction>());
      return delays_->back().get();
    }
    if (!resolver_.function) throw std::invalid_argument(name + " is not available here");
    return resolver_.function(name, ids);
  }

 private:
  const Resolver& resolver_;
  const std::string& owner_;
  std::vector<ExpressionFunction::Leaf>* leaves_;
  std::vector<mbs::KinematicMeasure>* measures_;
  std::vector<std::unique_ptr<mbs::StateFunction>>* force_measures_;
  std::vector<std::unique_ptr<DelayFunction>>* delays_;
};

ExpressionFunction::ExpressionFunction(const std::string& text, const std::string& owner,
                                       const Resolver& resolver)
    : text_(text), owner_(owner) {
  LeafEnvironment env(resolver, owner, &leaves_, &measures_, &force_measures_, &delays_);
  program_ = expr::Compile(text, env, owner);
  if (program_.reads_mode() && resolver.mode) mode_slot_ = resolver.mode(resolver.layout);
  leaf_values_.assign(leaves_.size(), 0.0);
  leaf_partials_.assign(program_.leaves().size(), 0.0);
  for (const auto& m : measures_) turn_slot_.push_back(m.FollowsTurns() ? turn_count_++ : -1);
  unplaced_memory_.assign(memory_size(), 0.0);
}

std::string ExpressionFunction::WhyNotFinite(double t, const double* y, const double* yp,
                                             const double* memory) const {
  const double value = Value(t, y, yp, memory);
  if (std::isfinite(value)) return {};
  // a message quotes the start of a long expression
  constexpr std::size_t kQuoted = 200;
  std::ostringstream why;
  why << owner_ << "'s function '" << text_.substr(0, kQuoted)
      << (text_.size() > kQuoted ? "...'" : "'") << " is " << mbs::NonFiniteText(value);
  for (const Leaf& leaf : leaves_) {
    if (leaf.variable == nullptr || leaf.variable == this) continue;
    const std::string inner = leaf.variable->WhyNotFinite(t, y, yp, memory);
    if (!inner.empty()) why << "; " << inner;
  }
  return why.str();
}

double ExpressionFunction::Reference(int m, const double* memory) const {
  const int slot = turn_slot_[m];
  return slot < 0 ? 0.0 : Slots(memory)[slot];
}

void ExpressionFunction::BindDelays(const double* memory) const {
  if (delays_.empty()) return;
  const double* slots = recording_ ? recording_ : Slots(memory);
  for (size_t k = 0; k < delays_.size(); ++k) {
    const int at = turn_count_ + static_cast<int>(k) * DelayHistory::kSlots;
    delays_[k]->Bind(slots + at, recording_ ? recording_ + at : nullptr);
  }
}

double ExpressionFunction::LeafValue(int leaf, double t, const double* y, const double* yp,
                                     const double* memory) const {
  const Leaf& l = leaves_[leaf];
  if (l.stored >= 0) return memory[l.stored];
  if (l.state >= 0) return l.derivative ? yp[l.state] : y[l.state];
  if (l.combination) {
    double v = l.array.constant;
    for (const auto& [index, c] : l.array.terms) v += c * y[index];
    for (const auto& [variable, scale] : l.array.variables)
      v += scale * variable->Value(t, y, yp, memory);
    return v;
  }
  if (l.variable) return l.variable->Value(t, y, yp, memory);
  return measures_[l.measure].Value(y, yp, Reference(l.measure, memory));
}

double ExpressionFunction::Mode(const double* memory) const {
  return mode_slot_ >= 0 && memory != nullptr ? memory[mode_slot_] : kModeDynamics;
}

double ExpressionFunction::Value(double t, const double* y, const double* yp,
                                 const double* memory) const {
  for (int leaf : program_.leaves()) leaf_values_[leaf] = LeafValue(leaf, t, y, yp, memory);
  BindDelays(memory);
  return program_.Evaluate(leaf_values_.data(), t, Mode(memory));
}

void ExpressionFunction::Switches(double t, const double* y, const double* yp, const double* memory,
                                  double* g) const {
  if (program_.switch_count() == 0) return;
  for (int leaf : program_.leaves()) leaf_values_[leaf] = LeafValue(leaf, t, y, yp, memory);
  BindDelays(memory);
  program_.EvaluateSwitches(leaf_values_.data(), t, Mode(memory), g);
}

double ExpressionFunction::ValueAndTimeDerivative(double t, const double* y, const double* yp,
                                                  const double* memory, double* dt) const {
  for (int leaf : program_.leaves()) leaf_values_[leaf] = LeafValue(leaf, t, y, yp, memory);
  BindDelays(memory);
  double direct = 0.0;
  const double value =
      program_.Evaluate(leaf_values_.data(), t, Mode(memory), leaf_partials_.data(), &direct);
  // Variables given by expressions of TIME add their own time derivatives (chain rule)
  for (size_t k = 0; k < program_.leaves().size(); ++k) {
    const auto* nested =
        dynamic_cast<const ExpressionFunction*>(leaves_[program_.leaves()[k]].variable);
    if (nested == nullptr || leaf_partials_[k] == 0.0) continue;
    double rate = 0.0;
    nested->ValueAndTimeDerivative(t, y, yp, memory, &rate);
    direct += leaf_partials_[k] * rate;
  }
  if (dt) *dt = direct;
  return value;
}

double ExpressionFunction::Gradient(double t, const double* y, const double* yp,
                                    const double* memory, mbs::SparseGradient* dy,
                                    mbs::SparseGradient* dyp) const {
  for (int leaf : program_.leaves()) leaf_values_[leaf] = LeafValue(leaf, t, y, yp, memory);
  BindDelays(memory);
  const double value =
      program_.Evaluate(leaf_values_.data(), t, Mode(memory), leaf_partials_.data(), nullptr);
  dy->clear();
  dyp->clear();
  // chain rule: d value / d state = sum over leaves of d value / d leaf * d leaf / d state
  for (size_t k = 0; k < program_.leaves().size(); ++k) {
    const Leaf& leaf = leaves_[program_.leaves()[k]];
    if (leaf.stored >= 0) continue;  // a constant between firings
    if (leaf.state >= 0) {
      (leaf.derivative ? dyp : dy)->emplace_back(leaf.state, leaf_partials_[k]);
      continue;
    }
    const auto add_nested = [&](const mbs::StateFunction* variable, double scale) {
      variable->Gradient(t, y, yp, memory, &nested_dy_, &nested_dyp_);
      for (const auto& [index, value] : nested_dy_)
        dy->emplace_back(index, leaf_partials_[k] * scale * value);
      for (const auto& [index, value] : nested_dyp_)
        dyp->emplace_back(index, leaf_partials_[k] * scale * value);
    };
    if (leaf.combination) {
      for (const auto& [index, c] : leaf.array.terms)
        dy->emplace_back(index, leaf_partials_[k] * c);
      for (const auto& [variable, scale] : leaf.array.variables) add_nested(variable, scale);
      continue;
    }
    if (leaf.variable) {
      add_nested(leaf.variable, 1.0);
      continue;
    }
    const mbs::KinematicMeasure& m = measures_[leaf.measure];
    m.Gradient(y, yp, &measure_grad_, Reference(leaf.measure, memory));
    for (size_t b = 0; b < m.bodies().size(); ++b) {
      const int o = System::BodyOffset(m.bodies()[b]);
      for (int c = 0; c < 13; ++c)
        dy->emplace_back(o + c, leaf_partials_[k] * measure_grad_[kPerBody * b + c]);
      if (mbs::MeasureReadsAccelerations(m.kind()))
        for (int c = 0; c < 6; ++c)
          dyp->emplace_back(o + 7 + c, leaf_partials_[k] * measure_grad_[kPerBody * b + 13 + c]);
    }
  }
  return value;
}

void ExpressionFunction::Dependencies(std::vector<int>* y_indices,
                                      std::vector<int>* yp_indices) const {
  y_indices->clear();
  yp_indices->clear();
  std::vector<int> nested_y, nested_yp;
  for (int index : program_.leaves()) {
    const Leaf& leaf = leaves_[index];
    if (leaf.stored >= 0) continue;
    if (leaf.state >= 0) {
      (leaf.derivative ? yp_indices : y_indices)->push_back(leaf.state);
      continue;
    }
    const auto add_nested = [&](const mbs::StateFunction* variable) {
      variable->Dependencies(&nested_y, &nested_yp);
      y_indices->insert(y_indices->end(), nested_y.begin(), nested_y.end());
      yp_indices->insert(yp_indices->end(), nested_yp.begin(), nested_yp.end());
    };
    if (leaf.combination) {
      for (const auto& [state, c] : leaf.array.terms) y_indices->push_back(state);
      for (const auto& [variable, scale] : leaf.array.variables) add_nested(variable);
      continue;
    }
    if (leaf.variable) {
      add_nested(leaf.variable);
      continue;
    }
    const mbs::KinematicMeasure& m = measures_[leaf.measure];
    for (int body : m.bodies()) {
      for (int c = 0; c < 13; ++c) y_indices->push_back(System::BodyOffset(body) + c);
      if (mbs::MeasureReadsAccelerations(m.kind()))
        for (int c = 0; c < 6; ++c) yp_indices->push_back(System::BodyOffset(body) + 7 + c);
    }
  }
  for (auto* v : {y_indices, yp_indices}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
}

void ExpressionFunction::Accept(double t, const double* y, const double* yp, double* memory) const {
  if (memory_offset() < 0) return;  // unplaced: AcceptUnplaced
  double* slots = memory + memory_offset();
  for (size_t m = 0; m < measures_.size(); ++m) {
    if (turn_slot_[m] < 0) continue;
    double& reference = slots[turn_slot_[m]];
    reference = measures_[m].Value(y, yp, reference);
  }
  RecordDelays(t, y, yp, memory, slots);
}

void ExpressionFunction::AcceptUnplaced(double t, const double* y, const double* yp) {
  for (size_t m = 0; m < measures_.size(); ++m) {
    if (turn_slot_[m] < 0) continue;
    double& reference = unplaced_memory_[turn_slot_[m]];
    reference = measures_[m].Value(y, yp, reference);
  }
  RecordDelays(t, y, yp, nullptr, unplaced_memory_.data());
}

void ExpressionFunction::RecordDelays(double t, const double* y, const double* yp,
                                      const double* memory, double* slots) const {
  if (delays_.empty()) return;
  // the DELAY calls evaluated now record (TIME, val) in their histories
  recording_ = slots;
  Value(t, y, yp, memory);
  recording_ = nullptr;
}

void ExpressionFunction::ClearDelays(double* memory) const {
  if (memory_offset() < 0) return;
  for (size_t k = 0; k < delays_.size(); ++k)
    DelayHistory::Clear(memory + memory_offset() + turn_count_ +
                        static_cast<int>(k) * DelayHistory::kSlots);
}

std::vector<double> ExpressionFunction::TimeBreakpoints() const {
  std::vector<double> times = program_.time_breakpoints();
  for (int index : program_.leaves()) {
    const auto* nested = dynamic_cast<const ExpressionFunction*>(leaves_[index].variable);
    if (nested == nullptr) continue;
    const std::vector<double> more = nested->TimeBreakpoints();
    times.insert(times.end(), more.begin(), more.end());
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

bool ExpressionFunction::DependsOnTimeOnly(std::string* why) const {
  for (int index : program_.leaves()) {
    const Leaf& leaf = leaves_[index];
    // a Variable given by an expression (force measures and routines are of the state)
    const auto* nested = dynamic_cast<const ExpressionFunction*>(leaf.variable);
    std::string inner;
    if (nested != nullptr && nested->DependsOnTimeOnly(&inner)) continue;
    if (why == nullptr) return false;
    if (nested != nullptr)
      *why = "it reads " + nested->program().owner() + ", where " + inner;
    else if (leaf.variable != nullptr)
      *why = "it reads a Variable given by a routine, a force measure or an energy";
    else
      *why = "it reads the state (a kinematic measure, DIF, DIF1, ARYVAL or SENVAL)";
    return false;
  }
  return true;
}

}  // namespace msolve::system
