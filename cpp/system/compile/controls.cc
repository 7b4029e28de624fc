// compile(model), the controls: the states of the Diffs, Tfsisos and Lses, the arrays and
// splines, the Variables (compiled in the order their references need), the inputs of the
// Tfsisos and Lses, and the equations of the Diffs

#include "common/error.h"
#include "mbs/friction.h"
#include "system/compile/builder.h"

namespace msolve::system {
namespace {

// VARVAL of an implicit Variable: its algebraic state
class StateValue : public mbs::StateFunction {
 public:
  explicit StateValue(int index) : index_(index) {}
  double Value(double, const double* y, const double*, const double*) const override {
    return y[index_];
  }
  double Gradient(double, const double* y, const double*, const double*, mbs::SparseGradient* dy,
                  mbs::SparseGradient* dyp) const override {
    dy->assign(1, {index_, 1.0});
    dyp->clear();
    return y[index_];
  }
  void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const override {
    y_indices->assign(1, index_);
    yp_indices->clear();
  }

 private:
  int index_;
};

}  // namespace

void Builder::ControlStates() {
  // variables, compiled in the order their references need
  for (const auto& variable : model_.variables)
    if (variable->active) variable_ids_[variable->id] = variable.get();
  // Diff states follow the bodies' states
  for (const auto& diff : model_.diffs) {
    if (!diff->active) continue;
    const int index = kBodyStates * sys_.body_count() + static_cast<int>(sys_.diffs_.size());
    diff_index_[diff->id] = index;
    sys_.diffs_.push_back({diff.get(), index, nullptr, {}, {}, diff.get(), nullptr});
  }
  // Rv states follow: explicit Diff equations (docs/equations.md §4.6) whose ids DIF does not
  // read (they are not in diff_index_)
  for (const auto& rv : model_.rvs) {
    if (!rv->active) continue;
    const int index = kBodyStates * sys_.body_count() + static_cast<int>(sys_.diffs_.size());
    sys_.diffs_.push_back({rv.get(), index, nullptr, {}, {}, rv.get(), nullptr});
  }
  // then the implicit Variables: algebraic states whose residual is the function
  // (docs/equations.md §4.8), kept as implicit Diff equations keyed by the Variable
  for (const auto& variable : model_.variables) {
    if (!variable->active || !variable->implicit) continue;
    const int index = kBodyStates * sys_.body_count() + static_cast<int>(sys_.diffs_.size());
    auto equation = std::make_unique<model::Diff>();
    equation->id = variable->id;
    equation->label = variable->label;
    equation->function = variable->function;
    equation->routine = variable->routine;
    equation->implicit = true;
    equation->ic = variable->ic.value_or(0.0);
    implicit_index_[variable->id] = index;
    const model::Diff* source = equation.get();
    sys_.diffs_.push_back({source, index, nullptr, {}, {}, variable.get(), std::move(equation)});
  }
  // Tfsiso states follow the Diffs', then the Lses'
  for (const auto& array : model_.arrays)
    if (array->active) sys_.arrays_[array->id] = array.get();
  // plant inputs and outputs, read by PINVAL and POUVAL
  const auto plant = [](const auto& list, auto* out) {
    for (const auto& e : list) {
      if (!e->active) continue;
      std::vector<long>& ids = (*out)[e->id];
      for (const model::Variable* v : e->variables) {
        if (v == nullptr) throw ModelError(e->Describe() + ": a variable of the list is not set");
        ids.push_back(v->id);
      }
    }
  };
  plant(model_.pinputs, &sys_.plant_inputs_);
  plant(model_.poutputs, &sys_.plant_outputs_);
  for (const auto& matrix : model_.matrices)
    if (matrix->active) DenseMatrix(*matrix);  // checks every matrix, used or not
  for (const auto& tf : model_.tfsisos)
    if (tf->active) sys_.linear_.push_back(TfsisoStates(*tf));
  for (const auto& lse : model_.lses)
    if (lse->active) sys_.linear_.push_back(LseStates(*lse));
  {
    // an X or Y array holds the states or outputs of one element only
    std::unordered_map<const model::Array*, const model::Entity*> owner;
    const auto own = [&owner](const model::Entity* source, const model::Array* array,
                              const char* role) {
      if (array == nullptr) return;
      const auto [it, fresh] = owner.emplace(array, source);
      if (!fresh)
        throw ModelError(source->Describe() + ": its " + role + " array " + array->Describe() +
                         " already belongs to " + it->second->Describe());
    };
    for (const auto& ls : sys_.linear_)
      own(ls.source, ls.x_array, "X"), own(ls.source, ls.y_array, "Y");
    for (const auto& gse : model_.gses)
      if (gse->active) own(gse.get(), gse->x, "X"), own(gse.get(), gse->y, "Y");
  }
  int first = kBodyStates * sys_.body_count() + static_cast<int>(sys_.diffs_.size());
  for (auto& ls : sys_.linear_) {
    ls.first = first;
    first += ls.n;
    sys_.linear_state_count_ += ls.n;
  }
  // then the Frictions' bristle deflections (a joint friction is not available on has none:
  // its compile step reports it) and the Gses' states
  for (const auto& friction : model_.frictions) {
    if (!friction->active) continue;
    mbs::FrictionParameters::Joint kind;
    int n = 0;
    if (friction->joint && mbs::FrictionJointKind(Upper(friction->joint->type), &kind))
      n = mbs::FrictionElement::TranslationalStates(kind) +
          mbs::FrictionElement::RotationalStates(kind);
    friction_state_[friction.get()] = first;
    first += n;
    sys_.element_state_count_ += n;
  }
  sys_.gses_.reserve(model_.gses.size());
  for (const auto& gse : model_.gses) {
    if (!gse->active) continue;
    sys_.gses_.push_back(GseStates(*gse, first));
    sys_.gses_.back().par = RoutineParameters(*gse, gse->function);
    first += sys_.gses_.back().n;
    sys_.element_state_count_ += sys_.gses_.back().n;
  }
  // the outputs refer to their Gse: made once the vector is complete
  for (auto& g : sys_.gses_) MakeGseOutputs(&g);

  // splines, read by AKISPL, CUBSPL and LINSPL
  for (const auto& spline : model_.splines)
    if (spline->active) sys_.splines_.Add(*spline);
  // curves, read by CURVE
  for (const auto& curve : model_.curves)
    if (curve->active) sys_.curves_.Add(*curve);
}

const mbs::StateFunction* Builder::Variable(long id) {
  const auto done = sys_.variables_.find(id);
  if (done != sys_.variables_.end()) {
    if (!done->second)
      throw std::invalid_argument("VARVAL(" + std::to_string(id) +
                                  ") closes a cycle: variables may not refer back to "
                                  "themselves through VARVAL");
    return done->second.get();
  }
  const auto found = variable_ids_.find(id);
  if (found == variable_ids_.end())
    throw std::invalid_argument("unknown variable id " + std::to_string(id));
  const model::Variable* variable = found->second;
  std::unique_ptr<mbs::StateFunction> compiled;
  if (variable->implicit) {
    // VARVAL reads the algebraic state; its function is the residual (DiffEquations)
    compiled = std::make_unique<StateValue>(implicit_index_.at(id));
  } else if (variable->routine) {
    compiled = std::make_unique<RoutineOutput>(
        AddRoutine(*variable, variable->routine, model::UserRoutine::Form::kState,
                   variable->function, 1),
        0);
  } else {
    if (variable->function.empty())
      throw std::invalid_argument(variable->Describe() + ": function is not set");
    CheckNoUserCall(*variable, variable->function);
    sys_.variables_[id] = nullptr;  // being compiled
    compiled =
        std::make_unique<ExpressionFunction>(variable->function, variable->Describe(), resolver_);
  }
  const mbs::StateFunction* result = compiled.get();
  sys_.variables_[id] = std::move(compiled);
  return result;
}

void Builder::Variables() {
  for (const auto& [id, variable] : variable_ids_) {
    try {
      Variable(id);
    } catch (const std::invalid_argument& e) {
      throw ModelError(e.what());
    }
  }
}

void Builder::LinearInputs() {
  // the inputs of the Tfsisos (the first variable of the U array) and Lses (every variable)
  for (auto& ls : sys_.linear_) {
    const model::Array* u = ls.u_array;
    if (u == nullptr) continue;
    if (Upper(u->type) != "U")
      throw ModelError(ls.source->Describe() + ": its U array " + u->Describe() + " has type " +
                       u->type + ", not U");
    if (static_cast<int>(u->variables.size()) < ls.inputs_count())
      throw ModelError(ls.source->Describe() + ": its U array " + u->Describe() +
                       " has no variable");
    for (int k = 0; k < ls.inputs_count(); ++k) {
      if (u->variables[k] == nullptr)
        throw ModelError(ls.source->Describe() + ": its U array " + u->Describe() + ": variable " +
                         std::to_string(k + 1) + " is not set");
      try {
        ls.inputs.push_back(Variable(u->variables[k]->id));
      } catch (const std::invalid_argument& e) {
        throw ModelError(ls.source->Describe() + ": " + e.what());
      }
    }
  }
}

void Builder::GseInputs() {
  // every variable of a Gse's U array, in order
  for (auto& g : sys_.gses_) {
    const model::Array* u = g.source->u;
    if (u == nullptr) continue;
    for (size_t k = 0; k < u->variables.size(); ++k) {
      if (u->variables[k] == nullptr)
        throw ModelError(g.source->Describe() + ": its U array " + u->Describe() + ": variable " +
                         std::to_string(k + 1) + " is not set");
      try {
        g.inputs.push_back(Variable(u->variables[k]->id));
      } catch (const std::invalid_argument& e) {
        throw ModelError(g.source->Describe() + ": " + e.what());
      }
    }
  }
}

void Builder::DiffEquations() {
  // the equations of the Diffs
  for (auto& diff : sys_.diffs_) {
    if (diff.source->routine) {
      // the implicit form is checked after the routine's dependency pass
      diff.function = std::make_unique<RoutineOutput>(
          AddRoutine(*diff.key, diff.source->routine, model::UserRoutine::Form::kState,
                     diff.source->function, 1),
          0);
      continue;
    }
    if (diff.source->function.empty())
      throw ModelError(diff.key->Describe() + ": function is not set");
    CheckNoUserCall(*diff.key, diff.source->function);
    // what it reads is known once the force measures it may read are linked (Finish)
    diff.function = std::make_unique<ExpressionFunction>(diff.source->function,
                                                         diff.key->Describe(), resolver_);
  }
}

}  // namespace msolve::system
