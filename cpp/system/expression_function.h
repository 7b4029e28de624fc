// A StateFunction given by an expression: the expression's measure calls (DX(2,3), ...) are
// resolved to markers of the compiled system, and the chain rule combines the expression's
// partial derivatives with those of the measures.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "expr/expression.h"
#include "mbs/measure.h"
#include "mbs/state_function.h"
#include "system/delay_function.h"
#include "system/state.h"

namespace msolve::system {

class ExpressionFunction;

/// What an expression's entity ids refer to.
struct Resolver {
  /// The runtime marker of a marker id (0 = the global frame); throws
  /// std::invalid_argument("unknown marker id 7") when there is none.
  std::function<mbs::BodyMarker(long id)> marker;
  /// The compiled function of a Variable id (for VARVAL); throws std::invalid_argument for
  /// an unknown id or a variable that refers back to itself.
  std::function<const mbs::StateFunction*(long id)> variable;
  /// The state index of a Diff id (for DIF and DIF1); throws std::invalid_argument for an
  /// unknown id.
  std::function<int(long id)> diff;
  /// ARYVAL(id, k) as a linear combination of states plus a constant plus scaled
  /// variables; throws std::invalid_argument for an unknown array or element.
  struct ArrayValue {
    std::vector<std::pair<int, double>> terms;  // (state index, coefficient)
    double constant = 0.0;
    std::vector<std::pair<const mbs::StateFunction*, double>> variables;  // (variable, scale)
  };
  std::function<ArrayValue(long id, long k)> array;
  /// A force measure (FX ... TM, JOINT, SFORCE, ...) called `name` with the integer
  /// arguments `ids` in an expression of `owner`; throws std::invalid_argument for a wrong
  /// call.
  std::function<std::unique_ptr<mbs::StateFunction>(
      const std::string& name, const std::vector<long>& ids, const std::string& owner)>
      force;
  /// The function of a spline call AKISPL/CUBSPL/LINSPL(x, z, ids...) (ids = {id} or
  /// {id, n}); throws std::invalid_argument for an unknown spline or a bad order.
  std::function<const expr::ExternalFunction*(const std::string& name,
                                              const std::vector<long>& ids)>
      function;
  /// The slot of the memory block (docs/architecture.md §3.1) that holds the value SENVAL(id)
  /// returns (docs/motionsolve-compatibility.md §5.5); throws std::invalid_argument for an id
  /// no sensor stores under.
  std::function<int(long id)> sensor_value;
  /// The memory slot of the analysis mode MODE returns (ModeSlot, in `layout` or, while the
  /// System compiles, its own); called only for an expression that reads MODE. Unset: 4
  /// (dynamics).
  std::function<int(MemoryLayout* layout)> mode;
  /// The layout the blocks of expressions compiled after the System go into (a
  /// Simulation's), or nullptr.
  MemoryLayout* layout = nullptr;
  /// KE(id): the kinetic energy of part `id` (0: of every moving part); throws
  /// std::invalid_argument for an unknown part.
  std::function<std::unique_ptr<mbs::StateFunction>(long id)> kinetic_energy;
  /// The Variable id of PINVAL(id, k) (output false) or POUVAL(id, k) (output true), k from
  /// 1; throws std::invalid_argument for an unknown plant input or output or index.
  std::function<long(bool output, long id, long k)> plant;
};

class ExpressionFunction : public mbs::StateFunction {
 public:
  /// Compiles `text`; throws expr::ExpressionError naming `owner` for a bad expression.
  ExpressionFunction(const std::string& text, const std::string& owner, const Resolver& resolver);

  double Value(double t, const double* y, const double* yp, const double* memory) const override;
  double Gradient(double t, const double* y, const double* yp, const double* memory,
                  mbs::SparseGradient* dy, mbs::SparseGradient* dyp) const override;
  void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const override;
  /// The angles AX/AY/AZ follow the last accepted ones through whole turns: one memory slot
  /// each, written here. The DELAY calls record (TIME, val) in their histories here: a block
  /// of DelayHistory::kSlots slots each, after the turns (system/delay_function.h).
  void Accept(double t, const double* y, const double* yp, double* memory) const override;
  int memory_size() const override {
    return turn_count_ + static_cast<int>(delays_.size()) * DelayHistory::kSlots;
  }
  /// "<owner>'s function '<text>' is nan", then the same of each Variable it reads that is
  /// not finite either.
  std::string WhyNotFinite(double t, const double* y, const double* yp,
                           const double* memory) const override;
  /// For a function that no layout places (the inputs of a user routine, found while it
  /// runs; gravity's expressions of time): it keeps its memory itself, and this accepts a
  /// step for it.
  void AcceptUnplaced(double t, const double* y, const double* yp);

  /// The text, which with its owner names the expression across compilations of a model.
  const std::string& text() const { return text_; }

  double TimePartial(double t, const double* y, const double* yp,
                     const double* memory) const override {
    double dt = 0.0;
    ValueAndTimeDerivative(t, y, yp, memory, &dt);
    return dt;
  }

  /// Value and its partial derivative with respect to TIME (for functions of time).
  double ValueAndTimeDerivative(double t, const double* y, const double* yp, const double* memory,
                                double* dt) const;

  const expr::Program& program() const { return program_; }

  /// Whether the expression calls DELAY (whose history only accepted steps record).
  bool has_delays() const { return !delays_.empty(); }
  /// Empties the histories of its DELAY calls in `memory` (System::MakeState: the design
  /// state is no accepted state of a run).
  void ClearDelays(double* memory) const;
  /// The history of its DELAY call k (in the order of the text) in `memory`.
  DelayHistory DelayHistoryOf(int k, const double* memory) const {
    return DelayHistory(Slots(memory) + turn_count_ + k * DelayHistory::kSlots);
  }

  /// The number of its switching quantities (expr::Program::switch_count).
  int switch_count() const { return program_.switch_count(); }
  /// Its switching quantities at (t, y, y') into g[0 .. switch_count()) (those of branches
  /// not taken keep g's values: expr::Program::EvaluateSwitches).
  void Switches(double t, const double* y, const double* yp, const double* memory, double* g) const;

  /// The program's time_breakpoints and those of the Variables it reads, sorted, unique.
  std::vector<double> TimeBreakpoints() const;

  /// Whether the value depends on TIME only: no leaf but VARVAL of Variables that depend on
  /// TIME only (through any chain of Variables). `why` receives the first leaf that does
  /// depend on the state.
  bool DependsOnTimeOnly(std::string* why) const;

  /// A leaf of the program: a kinematic measure, the value of a Variable or of a force
  /// measure, a state, a combination of states (ARYVAL), or a stored number (SENVAL).
  struct Leaf {
    int measure = -1;                              // index into measures_
    const mbs::StateFunction* variable = nullptr;  // a Variable or a force measure
    int state = -1;           // a state read directly (DIF: y[state], DIF1: yp[state])
    bool derivative = false;  // DIF1
    // ARYVAL: constant + sum of coefficient * y[index] + sum of scale * variable
    bool combination = false;
    Resolver::ArrayValue array;
    // SENVAL: the memory slot of the value a sensor stored (constant between its firings)
    int stored = -1;
  };

 private:
  std::string text_;
  std::string owner_;
  int mode_slot_ = -1;        // the memory slot of MODE's value (Resolver::mode)
  std::vector<Leaf> leaves_;  // indexed by leaf index
  std::vector<mbs::KinematicMeasure> measures_;
  // per measure, its memory slot among the function's (-1 for one that follows no turns)
  std::vector<int> turn_slot_;
  int turn_count_ = 0;
  // the memory of an unplaced function (AcceptUnplaced)
  std::vector<double> unplaced_memory_;
  // its slots: from memory_offset() in `memory`, or unplaced_memory_
  const double* Slots(const double* memory) const {
    return memory_offset() >= 0 ? memory + memory_offset() : unplaced_memory_.data();
  }
  // the reference of measure m
  double Reference(int m, const double* memory) const;
  std::vector<std::unique_ptr<mbs::StateFunction>> force_measures_;
  // one per DELAY call; the Program holds pointers to them
  std::vector<std::unique_ptr<DelayFunction>> delays_;
  // while an accepted step records: this function's slots, writable (RecordDelays)
  mutable double* recording_ = nullptr;
  expr::Program program_;
  mutable std::vector<double> leaf_values_, leaf_partials_, measure_grad_;
  mutable mbs::SparseGradient nested_dy_, nested_dyp_;

  // evaluates with the DELAY calls recording (TIME, val) in their histories at `slots`
  void RecordDelays(double t, const double* y, const double* yp, const double* memory,
                    double* slots) const;
  // points the DELAY calls at their histories in `memory` before an evaluation
  void BindDelays(const double* memory) const;
  double LeafValue(int leaf, double t, const double* y, const double* yp,
                   const double* memory) const;
  // MODE's value in `memory` (4, dynamics, without a slot: gravity's expressions of time)
  double Mode(const double* memory) const;
};

}  // namespace msolve::system
