// User routines inside the solver (docs/equations.md §6.6; docs/motionsolve-compatibility.md §3.2,
// §3.3). A RoutineEvaluator calls one entity's routine and serves the runtime
// functions (DX, VZ, FX, DIF, VARVAL, ...) the routine calls while it runs: each distinct
// call becomes an input, compiled once as an expression ("VZ(2,3,3,3)") with its exact
// gradient.
//
// Dependencies: at setup (Prepare) the routine is called once with iflag true; the inputs
// it reads then are its declared inputs, and the states those read are its dependencies
// (the Jacobian pattern). An input first read later is evaluated but left out of the
// Jacobian.
//
// Derivatives: the routine is a black box of (time, inputs). Its partial derivatives with
// respect to its declared inputs m_j are forward differences, one more call per input with
// dflag true and m_j moved by h_j = 1e-7 max(1, |m_j|) (kRoutineStep); the chain rule with
// the inputs' exact gradients gives the derivatives with respect to the states. A Jacobian
// therefore costs 1 + (number of inputs) calls, whatever the number of states they read.
//
// The last call's outputs are reused while the time and the values of every input that
// call read are unchanged (so the three components of a Vforce cost one call), which
// assumes the routine depends on nothing else.
#pragma once

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mbs/state_function.h"
#include "model/entities.h"
#include "system/expression_function.h"
#include "system/state.h"

namespace msolve::system {

/// Relative finite-difference step of routine inputs (see above).
inline constexpr double kRoutineStep = 1e-7;

/// The numbers of a "USER(p1, p2, ...)" function string, or nullopt when `text` is not of
/// that form (case-insensitive; "USER()" gives no numbers); throws std::invalid_argument for
/// a malformed list.
std::optional<std::vector<double>> ParseUserParameters(const std::string& text);

class RoutineEvaluator {
 public:
  /// A routine of `owner` giving `outputs` values per call; par are its USER(...) numbers.
  /// Throws ModelError naming the owner when the routine cannot run here.
  RoutineEvaluator(std::shared_ptr<const model::UserRoutine> routine, model::UserRoutine::Form form,
                   const model::Entity& owner, std::vector<double> par, int outputs);

  const std::string& owner() const { return owner_; }
  int outputs() const { return outputs_; }
  bool prepared() const { return prepared_; }

  /// Gives the resolver for the runtime functions (ids to markers, Diffs, Variables...).
  void SetResolver(const Resolver& resolver) { resolver_ = resolver; }
  /// That resolver: the running system's entities (its splines for AKISPL & co.).
  const Resolver& resolver() const { return resolver_; }

  /// The dependency pass: one call with iflag true at (t, y, yp) and the memory block of a
  /// state; the inputs read become the declared inputs. Throws RoutineError when the routine
  /// fails.
  void Prepare(double t, const double* y, const double* yp, const double* memory);

  /// The outputs at (t, y, yp) and the memory block of the state (outputs() values); throws
  /// RoutineError naming the owner when the routine fails or returns something wrong.
  const double* Values(double t, const double* y, const double* yp, const double* memory);

  /// A motion routine (MOTSUB): the iord-th time derivative (0, 1, 2) of the function at t.
  double MotionValue(double t, int iord);

  /// Output k and its gradient (forward differences in the inputs, chain rule).
  double Gradient(int k, double t, const double* y, const double* yp, const double* memory,
                  mbs::SparseGradient* dy, mbs::SparseGradient* dyp);

  /// The states the declared inputs read.
  void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const;

  /// After the dependency pass: a block of `layout` per declared input with memory (the
  /// whole turns of AX/AY/AZ), keyed by the owner and the call ("routine AZ(2,3)"), so that
  /// the angles' references are in the state's memory and a continuation takes them over.
  void PlaceInputs(MemoryLayout* layout);
  /// After an accepted step: the placed inputs write their slots of `memory`; an input first
  /// read after the dependency pass, which no layout places, keeps its references itself
  /// (with the call cache, the mutable part of an evaluator; docs/architecture.md §3.1).
  void Accept(double t, const double* y, const double* yp, double* memory);

  /// Runtime functions of the routine being evaluated: `name(ids...)` as in an expression
  /// (DX, VZ, FX, JOINT, DIF, DIF1, VARVAL, ARYVAL, ...); throws std::invalid_argument for a
  /// wrong call.
  double Read(const std::string& name, const std::vector<long>& ids);
  /// The time of the evaluation in progress.
  double time() const { return t_; }

  /// The routine evaluation in progress on this thread (innermost), or nullptr.
  static RoutineEvaluator* Current();

  /// The runtime functions read in the dependency pass, as written ("VZ(2,3,3,3)").
  std::vector<std::string> declared() const {
    std::vector<std::string> calls;
    for (const auto& input : inputs_)
      if (input.declared) calls.push_back(input.call);
    return calls;
  }
  /// Runtime functions read after the dependency pass (left out of the Jacobian).
  const std::vector<std::string>& undeclared() const { return undeclared_; }

 private:
  struct Input {
    std::string name;       // DM, VR, ... as the routine called it
    std::vector<long> ids;  // its arguments
    std::string call;       // name(ids), for messages
    std::unique_ptr<ExpressionFunction> function;
    bool declared = false;
  };
  // one call of the routine; perturb >= 0 moves that input by step
  void Call(double t, const double* y, const double* yp, const double* memory, bool dflag,
            bool iflag, int perturb, double step, double* out, int iord = 0);
  bool CacheValid(double t, const double* y, const double* yp, const double* memory) const;

  std::shared_ptr<const model::UserRoutine> routine_;
  model::UserRoutine::Form form_;
  long id_;
  std::string owner_;
  const model::Entity* owner_entity_;
  std::vector<double> par_;
  int outputs_;
  Resolver resolver_;
  bool prepared_ = false;
  bool busy_ = false;
  bool declaring_ = false;  // in the dependency pass
  std::vector<Input> inputs_;
  std::vector<std::string> undeclared_;

  // the call in progress
  double t_ = 0.0;
  const double* y_ = nullptr;
  const double* yp_ = nullptr;
  const double* memory_ = nullptr;
  int perturb_ = -1;
  double step_ = 0.0;
  std::vector<std::pair<int, double>>* reads_ = nullptr;  // (input, value read)

  // the last unperturbed call: time, inputs read and their values, outputs
  bool cached_ = false;
  double cache_t_ = 0.0;
  std::vector<std::pair<int, double>> cache_reads_;
  std::vector<double> cache_out_;
  // d outputs / d declared inputs at the cached call (outputs x inputs, row-major)
  bool jacobian_cached_ = false;
  std::vector<double> dout_din_;
  std::vector<double> work_out_;
  std::vector<std::pair<int, double>> work_reads_;
  mbs::SparseGradient input_dy_, input_dyp_;
};

/// Output k of a routine as a StateFunction (a Sforce magnitude, a Vforce component, a
/// Variable, a Diff equation).
class RoutineOutput : public mbs::StateFunction {
 public:
  RoutineOutput(RoutineEvaluator* evaluator, int k) : evaluator_(evaluator), k_(k) {}

  double Value(double t, const double* y, const double* yp, const double* memory) const override {
    return evaluator_->Values(t, y, yp, memory)[k_];
  }
  double Gradient(double t, const double* y, const double* yp, const double* memory,
                  mbs::SparseGradient* dy, mbs::SparseGradient* dyp) const override {
    return evaluator_->Gradient(k_, t, y, yp, memory, dy, dyp);
  }
  void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const override {
    evaluator_->Dependencies(y_indices, yp_indices);
  }
  void Accept(double t, const double* y, const double* yp, double* memory) const override {
    if (k_ == 0) evaluator_->Accept(t, y, yp, memory);
  }
  std::string WhyNotFinite(double t, const double* y, const double* yp,
                           const double* memory) const override {
    const double value = Value(t, y, yp, memory);
    if (std::isfinite(value)) return {};
    return "the user routine of " + evaluator_->owner() + " returned " + mbs::NonFiniteText(value) +
           " as output " + std::to_string(k_ + 1);
  }

 private:
  RoutineEvaluator* evaluator_;
  int k_;
};

}  // namespace msolve::system
