// Program::Evaluate: the stack machine, once for values only and once carrying, for every
// stack entry, its gradient with respect to the leaves (and TIME) in forward mode.
#include "expr/program.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "expr/expression.h"
#include "expr/functions.h"

namespace msolve::expr {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

inline void Fill(double* g, int n, double value) {
  for (int j = 0; j < n; ++j) g[j] = value;
}

inline void Scale(double* g, int n, double s) {
  for (int j = 0; j < n; ++j) g[j] *= s;
}

// d/dx and d/dy of x**y (d/dy taken as 0 where log x is undefined, x <= 0)
inline double Pow(double x, double y, double* dx, double* dy) {
  const double v = std::pow(x, y);
  *dx = y * std::pow(x, y - 1);
  *dy = x > 0 ? v * std::log(x) : 0;
  return v;
}

}  // namespace

Program::Program() {
  code_.push_back(Instruction{});  // kConst 0
  values_.assign(1, 0.0);
}

double Program::Evaluate(const double* leaf_values, double time, double mode) const {
  const Instruction* code = code_.data();
  const int size = static_cast<int>(code_.size());
  double* v = values_.data();
  int sp = -1;  // top of the stack
  for (int pc = 0; pc < size; ++pc) {
    const Instruction& in = code[pc];
    switch (in.op) {
      case Op::kConst:
        v[++sp] = in.c;
        break;
      case Op::kLeaf:
        v[++sp] = leaf_values[in.a];
        break;
      case Op::kTime:
        v[++sp] = time;
        break;
      case Op::kMode:
        v[++sp] = mode;
        break;
      case Op::kNeg:
        v[sp] = -v[sp];
        break;
      case Op::kAdd:
        --sp;
        v[sp] += v[sp + 1];
        break;
      case Op::kSub:
        --sp;
        v[sp] -= v[sp + 1];
        break;
      case Op::kMul:
        --sp;
        v[sp] *= v[sp + 1];
        break;
      case Op::kDiv:
        --sp;
        v[sp] /= v[sp + 1];
        break;
      case Op::kPow:
        --sp;
        v[sp] = std::pow(v[sp], v[sp + 1]);
        break;
      case Op::kAddC:
        v[sp] += in.c;
        break;
      case Op::kRSubC:
        v[sp] = in.c - v[sp];
        break;
      case Op::kMulC:
        v[sp] *= in.c;
        break;
      case Op::kDivC:
        v[sp] /= in.c;
        break;
      case Op::kRDivC:
        v[sp] = in.c / v[sp];
        break;
      case Op::kPowI:
        v[sp] = PowInt(v[sp], in.a, nullptr);
        break;
      case Op::kPowC:
        v[sp] = std::pow(v[sp], in.c);
        break;
      case Op::kRPowC:
        v[sp] = std::pow(in.c, v[sp]);
        break;
      case Op::kCall:
        sp -= in.b - 1;
        if (in.site >= 0 && record_ != nullptr)
          SwitchQuantities(static_cast<Fn>(in.a), v + sp, in.b, record_ + in.site);
        v[sp] = EvaluateFunction(static_cast<Fn>(in.a), v + sp, in.b, nullptr);
        break;
      case Op::kEnvFn:
        sp -= in.b - 1;
        v[sp] = externals_[in.a]->Evaluate(v + sp, nullptr);
        break;
      case Op::kIf: {
        const double t = v[sp--];
        if (in.site >= 0 && record_ != nullptr) record_[in.site] = t;
        if (t < 0) break;
        if (t == 0) {
          pc = in.a - 1;
        } else if (t > 0) {
          pc = in.b - 1;
        } else {
          v[++sp] = kNaN;
          pc = in.e - 1;
        }
        break;
      }
      case Op::kJump:
        pc = in.a - 1;
        break;
    }
  }
  return v[0];
}

double Program::EvaluateSwitches(const double* leaf_values, double time, double mode,
                                 double* g) const {
  struct Scope {
    double** slot;
    ~Scope() { *slot = nullptr; }
  } scope{&record_};
  record_ = g;
  return Evaluate(leaf_values, time, mode);
}

double Program::Evaluate(const double* leaf_values, double time, double mode, double* d_leaf,
                         double* d_time) const {
  const int n = gradient_;
  if (n == 0) {
    if (d_time) *d_time = 0;
    return Evaluate(leaf_values, time, mode);
  }
  const Instruction* code = code_.data();
  const int size = static_cast<int>(code_.size());
  double* v = values_.data();
  double* g = gradients_.data();  // g + k n: gradient of stack entry k
  int sp = -1;
  for (int pc = 0; pc < size; ++pc) {
    const Instruction& in = code[pc];
    switch (in.op) {
      case Op::kConst:
        v[++sp] = in.c;
        Fill(g + sp * n, n, 0);
        break;
      case Op::kLeaf:
        v[++sp] = leaf_values[in.a];
        Fill(g + sp * n, n, 0);
        g[sp * n + in.b] = 1;
        break;
      case Op::kTime:
        v[++sp] = time;
        Fill(g + sp * n, n, 0);
        g[sp * n + n - 1] = 1;  // TIME is the last gradient entry
        break;
      case Op::kMode:
        v[++sp] = mode;
        Fill(g + sp * n, n, 0);
        break;
      case Op::kNeg:
        v[sp] = -v[sp];
        Scale(g + sp * n, n, -1);
        break;
      case Op::kAdd:
      case Op::kSub: {
        --sp;
        double* gx = g + sp * n;
        const double* gy = gx + n;
        if (in.op == Op::kAdd) {
          v[sp] += v[sp + 1];
          for (int j = 0; j < n; ++j) gx[j] += gy[j];
        } else {
          v[sp] -= v[sp + 1];
          for (int j = 0; j < n; ++j) gx[j] -= gy[j];
        }
        break;
      }
      case Op::kMul: {
        --sp;
        const double x = v[sp], y = v[sp + 1];
        double* gx = g + sp * n;
        const double* gy = gx + n;
        for (int j = 0; j < n; ++j) gx[j] = y * gx[j] + x * gy[j];
        v[sp] = x * y;
        break;
      }
      case Op::kDiv: {
        --sp;
        const double y = v[sp + 1], q = v[sp] / y;
        double* gx = g + sp * n;
        const double* gy = gx + n;
        for (int j = 0; j < n; ++j) gx[j] = (gx[j] - q * gy[j]) / y;
        v[sp] = q;
        break;
      }
      case Op::kPow: {
        --sp;
        double dx, dy;
        v[sp] = Pow(v[sp], v[sp + 1], &dx, &dy);
        double* gx = g + sp * n;
        const double* gy = gx + n;
        for (int j = 0; j < n; ++j) gx[j] = dx * gx[j] + dy * gy[j];
        break;
      }
      case Op::kAddC:
        v[sp] += in.c;
        break;
      case Op::kRSubC:
        v[sp] = in.c - v[sp];
        Scale(g + sp * n, n, -1);
        break;
      case Op::kMulC:
        v[sp] *= in.c;
        Scale(g + sp * n, n, in.c);
        break;
      case Op::kDivC:
        v[sp] /= in.c;
        Scale(g + sp * n, n, 1 / in.c);
        break;
      case Op::kRDivC: {
        const double q = in.c / v[sp];
        Scale(g + sp * n, n, -q / v[sp]);
        v[sp] = q;
        break;
      }
      case Op::kPowI: {
        double d;
        v[sp] = PowInt(v[sp], in.a, &d);
        Scale(g + sp * n, n, d);
        break;
      }
      case Op::kPowC: {
        const double x = v[sp];
        v[sp] = std::pow(x, in.c);
        Scale(g + sp * n, n, in.c * std::pow(x, in.c - 1));
        break;
      }
      case Op::kRPowC: {
        v[sp] = std::pow(in.c, v[sp]);
        Scale(g + sp * n, n, in.c > 0 ? v[sp] * std::log(in.c) : 0);
        break;
      }
      case Op::kCall:
      case Op::kEnvFn: {
        const int count = in.b;
        sp -= count - 1;
        double p[kMaxArgs];
        v[sp] = in.op == Op::kCall ? EvaluateFunction(static_cast<Fn>(in.a), v + sp, count, p)
                                   : externals_[in.a]->Evaluate(v + sp, p);
        double* g0 = g + sp * n;
        if (count == 1) {
          Scale(g0, n, p[0]);
          break;
        }
        // chain rule; arguments with a zero partial are skipped (their gradient may be inf)
        for (int j = 0; j < n; ++j) {
          double sum = 0;
          for (int i = 0; i < count; ++i) {
            if (p[i] != 0) sum += p[i] * g0[i * n + j];
          }
          g0[j] = sum;
        }
        break;
      }
      case Op::kIf: {
        const double t = v[sp--];
        if (t < 0) break;
        if (t == 0) {
          pc = in.a - 1;
        } else if (t > 0) {
          pc = in.b - 1;
        } else {
          v[++sp] = kNaN;
          Fill(g + sp * n, n, kNaN);
          pc = in.e - 1;
        }
        break;
      }
      case Op::kJump:
        pc = in.a - 1;
        break;
    }
  }
  const int leaves = static_cast<int>(leaves_.size());
  for (int i = 0; i < leaves; ++i) d_leaf[i] = g[i];
  if (d_time) *d_time = reads_time_ ? g[leaves] : 0;
  return v[0];
}

std::string Program::Disassemble() const {
  static const char* const kNames[] = {
      "CONST", "LEAF", "TIME", "MODE",  "NEG",  "ADD",  "SUB",   "MUL",  "DIV", "POW",  "ADDC",
      "RSUBC", "MULC", "DIVC", "RDIVC", "POWI", "POWC", "RPOWC", "CALL", "IF",  "JUMP", "ENVFN"};
  std::string out;
  char buf[96];
  for (const Instruction& in : code_) {
    std::string line = kNames[static_cast<int>(in.op)];
    switch (in.op) {
      case Op::kConst:
      case Op::kAddC:
      case Op::kRSubC:
      case Op::kMulC:
      case Op::kDivC:
      case Op::kRDivC:
      case Op::kPowC:
      case Op::kRPowC:
        std::snprintf(buf, sizeof(buf), " %.17g", in.c);
        line += buf;
        break;
      case Op::kLeaf:
        std::snprintf(buf, sizeof(buf), " %d [%d]", in.a, in.b);
        line += buf;
        break;
      case Op::kPowI:
      case Op::kJump:
        line += " " + std::to_string(in.a);
        break;
      case Op::kCall:
        line += std::string(" ") + Info(static_cast<Fn>(in.a)).name + " " + std::to_string(in.b);
        break;
      case Op::kEnvFn:
        line += " " + external_names_[in.a] + " " + std::to_string(in.b);
        break;
      case Op::kIf:
        std::snprintf(buf, sizeof(buf), " %d %d %d", in.a, in.b, in.e);
        line += buf;
        break;
      default:
        break;
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace msolve::expr
