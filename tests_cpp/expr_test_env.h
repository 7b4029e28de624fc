// Shared by the expr_*_test.cc suites: a fake Environment standing in for the solver, and
// helpers that compile and evaluate an expression.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "expr/expression.h"

namespace msolve::expr::testing {

/// A stand-in for a spline: f(x, z) = x**3 + 2 z, and its derivatives with respect to x of
/// order n (3 x**2, 6 x) for AKISPL(x, z, id, n) with n = 1, 2.
class CubicFunction : public ExternalFunction {
 public:
  explicit CubicFunction(int order) : order_(order) {}
  double Evaluate(const double* args, double* partials) const override {
    const double x = args[0], z = args[1];
    const double d[4] = {x * x * x, 3 * x * x, 6 * x, 6};
    if (partials) {
      partials[0] = d[order_ + 1];
      partials[1] = order_ == 0 ? 2 : 0;
    }
    return d[order_] + (order_ == 0 ? 2 * z : 0);
  }

 private:
  int order_;
};

/// Measures DX DY DZ DM VX VY VZ VR FX (marker ids 0..9, 0 = ground), VARVAL and DIF
/// (ids 1..9), ARYVAL(id, k) and JOINT(id, jflag, comp, rm); AKISPL, CUBSPL and LINSPL of
/// spline id 5 (all three the CubicFunction, n = 0..2). Leaf indices are handed out
/// in decreasing order (the first call gets 60, the next 57, ...), so that the order of
/// appearance differs from the sorted order of Program::leaves() and the indices are sparse.
class FakeEnvironment : public Environment {
 public:
  static constexpr int kLeafCapacity = 64;

  int Resolve(const std::string& name, const std::vector<long>& ids) override {
    struct Arity {
      std::size_t min, max;
    };
    static const std::map<std::string, Arity> kMeasures = {
        {"DX", {1, 3}},  {"DY", {1, 3}},     {"DZ", {1, 3}},   {"DM", {1, 2}}, {"VX", {1, 4}},
        {"VY", {1, 4}},  {"VZ", {1, 4}},     {"VR", {1, 3}},   {"FX", {1, 3}}, {"VARVAL", {1, 1}},
        {"DIF", {1, 1}}, {"ARYVAL", {2, 2}}, {"JOINT", {4, 4}}};
    const auto it = kMeasures.find(name);
    if (it == kMeasures.end()) throw std::invalid_argument("unknown function '" + name + "'");
    if (ids.size() < it->second.min || ids.size() > it->second.max) {
      throw std::invalid_argument("wrong number of arguments");
    }
    const bool markers = name != "VARVAL" && name != "DIF" && name != "ARYVAL" && name != "JOINT";
    for (long id : ids) {
      if (markers && id > 9) throw std::invalid_argument("unknown marker id " + std::to_string(id));
    }
    if (!markers && (ids[0] < 1 || ids[0] > 9)) {
      throw std::invalid_argument("unknown " + name + " id " + std::to_string(ids[0]));
    }
    const std::string key = Key(name, ids);
    const auto found = leaves_.find(key);
    if (found != leaves_.end()) return found->second;
    const int leaf = 60 - 3 * static_cast<int>(leaves_.size());
    if (leaf < 0) throw std::invalid_argument("too many leaves for the fake");
    leaves_[key] = leaf;
    return leaf;
  }

  const ExternalFunction* ResolveFunction(const std::string& name,
                                          const std::vector<long>& ids) override {
    if (ids[0] != 5) throw std::invalid_argument("unknown spline id " + std::to_string(ids[0]));
    const long n = ids.size() > 1 ? ids[1] : 0;
    if (n < 0 || n > 2) throw std::invalid_argument(name + ": n must be 0, 1 or 2");
    ++functions_resolved_;
    return &cubic_[n];
  }

  int functions_resolved() const { return functions_resolved_; }

  /// Leaf index of a call resolved before, written "DX(2,3)" (no spaces); -1 if none.
  int Leaf(const std::string& call) const {
    const auto found = leaves_.find(call);
    return found == leaves_.end() ? -1 : found->second;
  }

  int resolved() const { return static_cast<int>(leaves_.size()); }

 private:
  static std::string Key(const std::string& name, const std::vector<long>& ids) {
    std::string key = name + "(";
    for (std::size_t i = 0; i < ids.size(); ++i) key += (i ? "," : "") + std::to_string(ids[i]);
    return key + ")";
  }

  std::map<std::string, int> leaves_;
  const CubicFunction cubic_[3] = {CubicFunction(0), CubicFunction(1), CubicFunction(2)};
  int functions_resolved_ = 0;
};

/// An expression compiled against its own FakeEnvironment, with leaf values set by call.
struct Compiled {
  explicit Compiled(const std::string& text, const std::string& owner = "Test 1")
      : program(Compile(text, env, owner)) {}

  /// Sets the value of a leaf, written as in FakeEnvironment::Leaf.
  Compiled& Set(const std::string& call, double value) {
    const int leaf = env.Leaf(call);
    if (leaf < 0) throw std::logic_error("no leaf " + call);
    values[leaf] = value;
    return *this;
  }

  double Value(double time = 0, double mode = 0) const {
    return program.Evaluate(values.data(), time, mode);
  }

  /// Value with derivatives; fills d_leaf (in leaves() order) and d_time.
  double Derivatives(double time = 0, double mode = 0) {
    d_leaf.assign(program.leaves().size(), -999);
    return program.Evaluate(values.data(), time, mode, d_leaf.data(), &d_time);
  }

  /// Partial derivative with respect to a leaf after Derivatives() (0 if not read).
  double D(const std::string& call) const {
    const int leaf = env.Leaf(call);
    const auto& leaves = program.leaves();
    for (std::size_t i = 0; i < leaves.size(); ++i) {
      if (leaves[i] == leaf) return d_leaf[i];
    }
    return 0;
  }

  FakeEnvironment env;
  Program program;
  std::vector<double> values = std::vector<double>(FakeEnvironment::kLeafCapacity, 0.0);
  std::vector<double> d_leaf;
  double d_time = -999;
};

}  // namespace msolve::expr::testing
