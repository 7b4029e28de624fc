// A compiled expression: a flat stack-machine program that evaluates the value, or the value
// and its exact partial derivatives (forward mode), without allocating.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace msolve::expr {

class ExternalFunction;

/// Instruction set of Program (internal; exposed for Program's layout only). "top" is the
/// value on top of the stack, c the instruction's constant.
enum class Op : std::uint8_t {
  kConst,  // push c
  kLeaf,   // push leaf_values[a]; a is the leaf index, b its position in leaves()
  kTime,   // push TIME
  kMode,   // push MODE
  kNeg,    // top = -top
  kAdd,    // pop y, top = top + y (likewise kSub, kMul, kDiv, kPow)
  kSub,
  kMul,
  kDiv,
  kPow,
  kAddC,   // top = top + c
  kRSubC,  // top = c - top
  kMulC,   // top = top * c
  kDivC,   // top = top / c
  kRDivC,  // top = c / top
  kPowI,   // top = top ** a (integer a, repeated squaring)
  kPowC,   // top = top ** c
  kRPowC,  // top = c ** top
  kCall,   // built-in function a (an expr::Fn) of the top b values, replaced by its value
  kIf,     // pop t; t < 0: continue; t == 0: jump to a; t > 0: jump to b; NaN: push NaN,
           // jump to e
  kJump,   // jump to a
  kEnvFn,  // external function a (externals()[a]) of the top b values, replaced by its value
};

struct Instruction {
  Op op = Op::kConst;
  std::int32_t a = 0, b = 0, e = 0;
  // kIf, kCall: the first of its switching quantities (Program::switch_count), or -1
  std::int32_t site = -1;
  double c = 0;
};

/// A compiled expression (made by expr::Compile, see expr/expression.h).
///
/// Thread safety: Evaluate uses scratch space held inside the Program (that is why it never
/// allocates), so one Program must not be evaluated by two threads at the same time.
/// Different Programs, or copies of one Program, are independent.
class Program {
 public:
  /// The constant 0.
  Program();

  /// Leaf indices read by the program (as returned by Environment::Resolve), sorted and
  /// unique: the dependency list for Jacobian sparsity. Leaves only in IF branches are
  /// included; leaves removed by constant folding (e.g. IF(1: DX(2), 0, 0)) are not.
  const std::vector<int>& leaves() const { return leaves_; }
  bool reads_time() const { return reads_time_; }
  bool reads_mode() const { return reads_mode_; }
  /// true if the value depends on no leaf, TIME or MODE.
  bool is_constant() const { return leaves_.empty() && !reads_time_ && !reads_mode_; }

  /// Times at which the value may have a kink or a jump because an argument x = +-TIME + c
  /// (c a constant) crosses a known point: the knots of AKISPL/CUBSPL/LINSPL(x, ...), x0 and
  /// x1 of STEP, STEP5 and HAVSIN(x, x0, ., x1, .) with constant x0, x1, and the zero of x in
  /// IF(x: ...). Sorted, unique. Used to stop the integrator there (docs/equations.md §6.8).
  const std::vector<double>& time_breakpoints() const { return time_breakpoints_; }

  /// The number of switching quantities (docs/equations.md §6.10): one per IF whose test
  /// and per SwitchCount(fn) of each call of a non-smooth built-in function whose arguments
  /// read a leaf (depend on the state). Their zeros are where the value is not smooth.
  int switch_count() const { return switch_count_; }
  /// Evaluates the value, writing the switching quantities of the IFs and calls it passes
  /// through into g[0 .. switch_count()); those in branches of an IF not taken keep what g
  /// held (so that they do not seem to cross zero there).
  double EvaluateSwitches(const double* leaf_values, double time, double mode, double* g) const;

  /// The source text and the owner it was compiled for (for messages).
  const std::string& text() const { return text_; }
  const std::string& owner() const { return owner_; }

  /// The functions of external calls (AKISPL(x, z, id), ...) the program calls, owned by the
  /// Environment it was compiled with.
  const std::vector<const ExternalFunction*>& externals() const { return externals_; }

  /// Number of instructions after constant folding.
  int size() const { return static_cast<int>(code_.size()); }
  /// One instruction per line, e.g. "LEAF 7 [0]", "ADDC -10", "POWI 3" (for tests and
  /// debugging).
  std::string Disassemble() const;

  /// Value. leaf_values[k] is the value of leaf k (indexed by leaf index, so it must cover
  /// every index in leaves()); `time` is TIME, `mode` is MODE.
  double Evaluate(const double* leaf_values, double time, double mode) const;

  /// Value and partial derivatives: d_leaf[i] = d value / d leaf leaves()[i] (leaves().size()
  /// entries; may be null if there are no leaves) and *d_time = d value / d TIME (0 if TIME is
  /// not read; d_time may be null). MODE is a parameter, not differentiated. Only the chosen
  /// branch of an IF is evaluated, so the partials are those of that branch.
  double Evaluate(const double* leaf_values, double time, double mode, double* d_leaf,
                  double* d_time) const;

 private:
  friend class Compiler;

  std::string text_, owner_;
  std::vector<Instruction> code_;
  std::vector<int> leaves_;
  std::vector<double> time_breakpoints_;
  std::vector<const ExternalFunction*> externals_;
  std::vector<std::string> external_names_;  // as in Disassemble, "AKISPL/5/1"
  bool reads_time_ = false, reads_mode_ = false;
  int depth_ = 1;  // largest stack depth
  int switch_count_ = 0;
  // while EvaluateSwitches runs: where the switching quantities go
  mutable double* record_ = nullptr;
  int gradient_ = 0;  // gradient length: leaves, then TIME if read

  // scratch: the value stack (depth_) and the gradient stack (depth_ x gradient_)
  mutable std::vector<double> values_, gradients_;
};

}  // namespace msolve::expr
