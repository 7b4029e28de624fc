// Compile: syntax tree -> constant folding and argument checks -> flat stack program.
//
// Folding never changes a result: it evaluates exactly the operations the program would
// run, in the same order (only a leading run of constants in a sum or product is combined,
// since a + 1 + 2 = (a + 1) + 2 is not a + 3 in floating point), with the same functions.
// An IF with a constant test keeps only the selected branch.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

#include "expr/expression.h"
#include "expr/functions.h"
#include "expr/parser.h"

namespace msolve::expr {

class Compiler {
 public:
  Compiler(const std::string& text, const std::string& owner) : text_(text), owner_(owner) {}

  Program Run(std::unique_ptr<Node> root) {
    Fold(root);

    // the leaves, sorted and unique, give the positions in the gradient; TIME comes last
    Collect(*root);
    std::vector<double>& breaks = program_.time_breakpoints_;
    std::sort(breaks.begin(), breaks.end());
    breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
    std::vector<int>& leaves = program_.leaves_;
    std::sort(leaves.begin(), leaves.end());
    leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
    program_.gradient_ = static_cast<int>(leaves.size()) + (program_.reads_time_ ? 1 : 0);

    program_.code_.clear();
    program_.switch_count_ = 0;
    Emit(*root);
    program_.depth_ = max_depth_;
    program_.values_.assign(max_depth_, 0.0);
    program_.gradients_.assign(static_cast<std::size_t>(max_depth_) * program_.gradient_, 0.0);
    program_.text_ = text_;
    program_.owner_ = owner_;
    return std::move(program_);
  }

 private:
  [[noreturn]] void Fail(std::size_t pos, const std::string& reason) const {
    throw ExpressionError(owner_, text_, pos, reason);
  }

  static bool IsNumber(const Node& n) { return n.kind == Node::Kind::kNumber; }

  // Replaces `node` by `replacement` (a node owned by `node` itself is safe to pass).
  static void Replace(std::unique_ptr<Node>& node, std::unique_ptr<Node> replacement) {
    node = std::move(replacement);
  }

  static std::unique_ptr<Node> Number(double value, std::size_t pos) {
    auto n = std::make_unique<Node>(Node::Kind::kNumber, pos);
    n->value = value;
    return n;
  }

  // A folded constant that is not finite (ASIN(2), 1e308*10, LOG(0)) would make the whole
  // expression so at every evaluation: refused here, where its place is known.
  std::unique_ptr<Node> Constant(double value, std::size_t pos) const {
    if (!std::isfinite(value))
      Fail(pos, std::string("this constant part is ") + (std::isnan(value) ? "NaN" : "infinite") +
                    "; an expression must give finite values");
    return Number(value, pos);
  }

  // ---- constant folding ----------------------------------------------------------------

  void Fold(std::unique_ptr<Node>& node) {
    Node& n = *node;
    for (auto& arg : n.args) Fold(arg);
    switch (n.kind) {
      case Node::Kind::kNeg: {
        Node& a = *n.args[0];
        if (IsNumber(a)) {
          Replace(node, Number(-a.value, n.pos));
        } else if (a.kind == Node::Kind::kNeg) {
          Replace(node, std::move(a.args[0]));
        } else if (a.kind == Node::Kind::kProduct && IsNumber(*a.args[0]) && !a.inverse[0]) {
          // -(c x ...) = (-c) x ... exactly (rounding is symmetric)
          a.args[0]->value = -a.args[0]->value;
          a.pos = n.pos;
          Replace(node, std::move(n.args[0]));
        }
        return;
      }
      case Node::Kind::kSum:
      case Node::Kind::kProduct: {
        // combine the leading run of constants, left to right as the program would
        const bool product = n.kind == Node::Kind::kProduct;
        if (n.inverse[0]) return;  // the parser never makes this
        // one pass, the run erased at once (erasing term by term costs quadratic time)
        std::size_t run = 1;
        if (IsNumber(*n.args[0])) {
          double x = n.args[0]->value;
          for (; run < n.args.size() && IsNumber(*n.args[run]); ++run) {
            const double y = n.args[run]->value;
            const bool inv = n.inverse[run];
            x = product ? (inv ? x / y : x * y) : (inv ? x - y : x + y);
          }
          if (run > 1) Constant(x, n.pos);  // refuses an overflow
          n.args[0]->value = x;
        }
        n.args.erase(n.args.begin() + 1, n.args.begin() + static_cast<std::ptrdiff_t>(run));
        n.inverse.erase(n.inverse.begin() + 1,
                        n.inverse.begin() + static_cast<std::ptrdiff_t>(run));
        if (n.args.size() == 1) Replace(node, std::move(n.args[0]));
        return;
      }
      case Node::Kind::kPow:
        if (IsNumber(*n.args[0]) && IsNumber(*n.args[1])) {
          Replace(node, Constant(PowConstant(n.args[0]->value, n.args[1]->value), n.pos));
        }
        return;
      case Node::Kind::kCall: {
        CheckArguments(n);
        // (a vector, not an array: this frame recurs once per nesting level)
        std::vector<double> args;
        for (const auto& arg : n.args) {
          if (!IsNumber(*arg)) return;
          args.push_back(arg->value);
        }
        Replace(node, Constant(EvaluateFunction(n.fn, args.data(), static_cast<int>(args.size()),
                                                nullptr),
                               n.pos));
        return;
      }
      case Node::Kind::kEnvCall: {
        // a pure function of its arguments: constant arguments give a constant
        std::vector<double> args;
        for (const auto& arg : n.args) {
          if (!IsNumber(*arg)) return;
          args.push_back(arg->value);
        }
        Replace(node, Constant(n.external->Evaluate(args.data(), nullptr), n.pos));
        return;
      }
      case Node::Kind::kIf: {
        if (!IsNumber(*n.args[0])) return;
        const double t = n.args[0]->value;
        if (std::isnan(t)) {
          Replace(node, Constant(t, n.pos));
        } else {
          Replace(node, std::move(n.args[t < 0 ? 1 : t == 0 ? 2 : 3]));
        }
        return;
      }
      default:
        return;
    }
  }

  // Constant arguments that make a function meaningless are errors
  // (docs/motionsolve-compatibility.md §4.3-4.4: x0 < x1 for the shapes, d > 0, e > 0, k >= 0, cmax
  // >= 0 for the stops).
  void CheckArguments(const Node& call) {
    const auto known = [&](int i) { return IsNumber(*call.args[i]); };
    const auto value = [&](int i) { return call.args[i]->value; };
    const std::string name = Info(call.fn).name;
    const auto format = [](double v) {
      char buf[32];
      std::snprintf(buf, sizeof(buf), "%g", v);
      return std::string(buf);
    };
    // requires args[i] < args[j]
    const auto less = [&](int i, int j, const char* a, const char* b) {
      if (known(i) && known(j) && !(value(i) < value(j))) {
        Fail(call.args[j]->pos, name + " needs " + a + " < " + b + ", but " + a + " = " +
                                    format(value(i)) + " and " + b + " = " + format(value(j)));
      }
    };
    // requires args[i] > 0 (strict) or >= 0
    const auto positive = [&](int i, const char* a, bool strict) {
      if (known(i) && !(strict ? value(i) > 0 : value(i) >= 0)) {
        Fail(call.args[i]->pos, name + " needs " + a + (strict ? " > 0" : " >= 0") + ", but " + a +
                                    " = " + format(value(i)));
      }
    };
    switch (call.fn) {
      case Fn::kStep:
      case Fn::kStep5:
      case Fn::kHavsin:
        less(1, 3, "x0", "x1");
        break;
      case Fn::kSweep:
        less(2, 4, "x0", "x1");
        positive(6, "dx", true);
        break;
      case Fn::kImpact:
        positive(3, "k", false);
        positive(4, "e", true);
        positive(5, "cmax", false);
        positive(6, "d", true);
        break;
      case Fn::kTrim:
        less(1, 3, "x0", "x1");
        less(3, 5, "x1", "x2");
        positive(7, "radius", true);
        if (call.args.size() > 8) positive(8, "limit", true);
        break;
      case Fn::kBistop:
        less(2, 3, "x1", "x2");
        positive(4, "k", false);
        positive(5, "e", true);
        positive(6, "cmax", false);
        positive(7, "d", true);
        break;
      default:
        break;
    }
  }

  // ---- code generation -----------------------------------------------------------------

  // Whether `n` is a * TIME + b with a = +-1: TIME, -TIME, TIME +- c, c +- TIME.
  static bool AffineInTime(const Node& n, double* a, double* b) {
    const auto is_time = [](const Node& x) { return x.kind == Node::Kind::kTime; };
    if (is_time(n)) return *a = 1, *b = 0, true;
    if (n.kind == Node::Kind::kNeg && is_time(*n.args[0])) return *a = -1, *b = 0, true;
    if (n.kind != Node::Kind::kSum || n.args.size() != 2) return false;
    for (int k = 0; k < 2; ++k) {
      const Node& time = *n.args[k];
      const Node& number = *n.args[1 - k];
      if (!is_time(time) || !IsNumber(number)) continue;
      *a = n.inverse[k] ? -1 : 1;
      *b = n.inverse[1 - k] ? -number.value : number.value;
      return true;
    }
    return false;
  }

  // whether the value of `n` depends on the state (reads a leaf)
  static bool ReadsLeaf(const Node& n) {
    if (n.kind == Node::Kind::kLeaf) return true;
    for (const auto& arg : n.args)
      if (ReadsLeaf(*arg)) return true;
    return false;
  }

  // the known points where arguments of TIME make the value non-smooth (time_breakpoints):
  // where the argument x = a TIME + b of a spline or a STEP-like shape crosses a knot or an
  // end, where the test of an IF crosses zero
  void CollectBreakpoints(const Node& n) {
    std::vector<double>& breaks = program_.time_breakpoints_;
    double a = 0, b = 0;
    const auto at = [&](double x) { breaks.push_back((x - b) / a); };
    if (n.kind == Node::Kind::kEnvCall && !n.args.empty() && AffineInTime(*n.args[0], &a, &b))
      for (double knot : n.external->Breakpoints()) at(knot);
    if (n.kind == Node::Kind::kCall && AffineInTime(*n.args[0], &a, &b) &&
        (n.fn == Fn::kStep || n.fn == Fn::kStep5 || n.fn == Fn::kHavsin)) {
      if (IsNumber(*n.args[1])) at(n.args[1]->value);
      if (IsNumber(*n.args[3])) at(n.args[3]->value);
    }
    if (n.kind == Node::Kind::kIf && AffineInTime(*n.args[0], &a, &b)) at(0.0);
  }

  void Collect(const Node& n) {
    CollectBreakpoints(n);
    if (n.kind == Node::Kind::kLeaf) program_.leaves_.push_back(n.leaf);
    if (n.kind == Node::Kind::kTime) program_.reads_time_ = true;
    if (n.kind == Node::Kind::kMode) program_.reads_mode_ = true;
    for (const auto& arg : n.args) Collect(*arg);
  }

  // Appends an instruction that changes the stack depth by `change`.
  void Push(Op op, int change, double c = 0, int a = 0, int b = 0) {
    Instruction in;
    in.op = op;
    in.a = a;
    in.b = b;
    in.c = c;
    program_.code_.push_back(in);
    depth_ += change;
    max_depth_ = std::max(max_depth_, depth_);
  }

  int Here() const { return static_cast<int>(program_.code_.size()); }

  void Emit(const Node& n) {
    switch (n.kind) {
      case Node::Kind::kNumber:
        Push(Op::kConst, 1, n.value);
        return;
      case Node::Kind::kLeaf: {
        const std::vector<int>& leaves = program_.leaves_;
        const int slot = static_cast<int>(std::lower_bound(leaves.begin(), leaves.end(), n.leaf) -
                                          leaves.begin());
        Push(Op::kLeaf, 1, 0, n.leaf, slot);
        return;
      }
      case Node::Kind::kTime:
        Push(Op::kTime, 1);
        return;
      case Node::Kind::kMode:
        Push(Op::kMode, 1);
        return;
      case Node::Kind::kNeg:
        Emit(*n.args[0]);
        Push(Op::kNeg, 0);
        return;
      case Node::Kind::kSum:
      case Node::Kind::kProduct:
        EmitChain(n, n.kind == Node::Kind::kProduct);
        return;
      case Node::Kind::kPow: {
        const Node& base = *n.args[0];
        const Node& exponent = *n.args[1];
        if (IsNumber(exponent)) {
          Emit(base);
          if (IsIntPower(exponent.value)) {
            Push(Op::kPowI, 0, 0, static_cast<int>(exponent.value));
          } else {
            Push(Op::kPowC, 0, exponent.value);
          }
        } else if (IsNumber(base)) {
          Emit(exponent);
          Push(Op::kRPowC, 0, base.value);
        } else {
          Emit(base);
          Emit(exponent);
          Push(Op::kPow, -1);
        }
        return;
      }
      case Node::Kind::kCall: {
        for (const auto& arg : n.args) Emit(*arg);
        const int count = static_cast<int>(n.args.size());
        Push(Op::kCall, 1 - count, 0, static_cast<int>(n.fn), count);
        const int quantities = SwitchCount(n.fn);
        if (quantities > 0 && std::any_of(n.args.begin(), n.args.end(),
                                          [](const auto& arg) { return ReadsLeaf(*arg); })) {
          program_.code_.back().site = program_.switch_count_;
          program_.switch_count_ += quantities;
        }
        return;
      }
      case Node::Kind::kEnvCall: {
        for (const auto& arg : n.args) Emit(*arg);
        const int count = static_cast<int>(n.args.size());
        auto& externals = program_.externals_;
        const int index = static_cast<int>(
            std::find(externals.begin(), externals.end(), n.external) - externals.begin());
        if (index == static_cast<int>(externals.size())) {
          externals.push_back(n.external);
          program_.external_names_.push_back(n.name);
        }
        Push(Op::kEnvFn, 1 - count, 0, index, count);
        return;
      }
      case Node::Kind::kIf:
        EmitIf(n);
        return;
    }
  }

  // A sum or product, left to right; constant operands use the *C instructions.
  void EmitChain(const Node& n, bool product) {
    const auto& args = n.args;
    std::size_t i = 1;
    if (IsNumber(*args[0]) && !n.inverse[0] && args.size() >= 2) {
      // c + x, c - x, c * x, c / x: x first, then the constant form (same result: + and *
      // are commutative in floating point)
      const double c = args[0]->value;
      const bool inv = n.inverse[1];
      Emit(*args[1]);
      Push(product ? (inv ? Op::kRDivC : Op::kMulC) : (inv ? Op::kRSubC : Op::kAddC), 0, c);
      i = 2;
    } else {
      Emit(*args[0]);
      if (n.inverse[0] && product) Push(Op::kRDivC, 0, 1.0);
      if (n.inverse[0] && !product) Push(Op::kNeg, 0);
    }
    for (; i < args.size(); ++i) {
      const Node& operand = *args[i];
      const bool inv = n.inverse[i];
      if (IsNumber(operand)) {
        // x - c is exactly x + (-c)
        if (product) {
          Push(inv ? Op::kDivC : Op::kMulC, 0, operand.value);
        } else {
          Push(Op::kAddC, 0, inv ? -operand.value : operand.value);
        }
      } else {
        Emit(operand);
        Push(product ? (inv ? Op::kDiv : Op::kMul) : (inv ? Op::kSub : Op::kAdd), -1);
      }
    }
  }

  // test; IF -> zero: / positive: / NaN: end; lt branch; JUMP end; eq branch; JUMP end;
  // gt branch; end:
  void EmitIf(const Node& n) {
    Emit(*n.args[0]);
    const int test = Here();
    Push(Op::kIf, -1);
    // a test of the state switches where it crosses zero (docs/equations.md §6.10)
    if (ReadsLeaf(*n.args[0])) program_.code_.back().site = program_.switch_count_++;
    const int base = depth_;
    Emit(*n.args[1]);
    const int jump_lt = Here();
    Push(Op::kJump, 0);
    depth_ = base;
    const int zero = Here();
    Emit(*n.args[2]);
    const int jump_eq = Here();
    Push(Op::kJump, 0);
    depth_ = base;
    const int positive = Here();
    Emit(*n.args[3]);
    const int end = Here();
    auto& code = program_.code_;
    code[test].a = zero;
    code[test].b = positive;
    code[test].e = end;
    code[jump_lt].a = end;
    code[jump_eq].a = end;
  }

  const std::string& text_;
  const std::string& owner_;
  Program program_;
  int depth_ = 0, max_depth_ = 1;
};

Program Compile(const std::string& text, Environment& env, const std::string& owner) {
  std::unique_ptr<Node> root = Parse(text, env, owner);
  return Compiler(text, owner).Run(std::move(root));
}

}  // namespace msolve::expr
