// Cost of evaluating a compiled expression (cpp/expr), with and without partial derivatives,
// against the same formula written in C++. Not built by CMake; see benchmarks/README.md:
//
//   g++ -O2 -std=c++17 -Icpp benchmarks/expr_benchmark.cc cpp/expr/*.cc -o /tmp/expr_benchmark
//   /tmp/expr_benchmark [calls]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "expr/expression.h"

namespace {

using Clock = std::chrono::steady_clock;

// Leaves 0, 1, 2 ... in order of first appearance.
class CountingEnvironment : public msolve::expr::Environment {
 public:
  int Resolve(const std::string& name, const std::vector<long>& ids) override {
    std::string key = name;
    for (long id : ids) key += "," + std::to_string(id);
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (keys_[i] == key) return static_cast<int>(i);
    }
    keys_.push_back(key);
    return static_cast<int>(keys_.size()) - 1;
  }

 private:
  std::vector<std::string> keys_;
};

// Best of 5 runs of `calls` calls of f(i), in ns per call. The sum of the results is
// printed so that no call can be optimised away.
template <class F>
double NsPerCall(long calls, F f) {
  double best = 1e300, sink = 0;
  for (int run = 0; run < 5; ++run) {
    const auto start = Clock::now();
    for (long i = 0; i < calls; ++i) sink += f(i);
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
    best = std::min(best, ns / calls);
  }
  std::fprintf(stderr, "(checksum %g)\n", sink);
  return best;
}

void Run(const std::string& text, long calls, double (*native)(const double*, double)) {
  CountingEnvironment env;
  const msolve::expr::Program program = msolve::expr::Compile(text, env, "benchmark");
  const int leaves = static_cast<int>(program.leaves().size());
  std::vector<double> values(leaves, 0.0), d_leaf(leaves);
  double d_time = 0;

  // the leaf values change a little on every call, as they would in a solver
  const auto set = [&](long i) {
    for (int k = 0; k < leaves; ++k) values[k] = 10.25 + k + 1e-9 * static_cast<double>(i & 1023);
    return 0.5 + 1e-9 * static_cast<double>(i & 1023);  // TIME
  };
  const double empty = NsPerCall(calls, [&](long i) { return set(i) + values[0]; });
  const double value = NsPerCall(calls, [&](long i) {
    const double t = set(i);
    return program.Evaluate(values.data(), t, 4);
  });
  const double derivatives = NsPerCall(calls, [&](long i) {
    const double t = set(i);
    return program.Evaluate(values.data(), t, 4, d_leaf.data(), &d_time) + d_leaf[0];
  });
  double hand = 0;
  if (native) {
    hand = NsPerCall(calls, [&](long i) {
      const double t = set(i);
      return native(values.data(), t);
    });
  }
  std::printf("%s\n  %d instructions, %d leaves\n", text.c_str(), program.size(), leaves);
  std::printf("  loop overhead (setting the leaves)  %6.1f ns/call\n", empty);
  std::printf("  Evaluate, value only                %6.1f ns/call\n", value - empty);
  std::printf("  Evaluate, value and derivatives     %6.1f ns/call\n", derivatives - empty);
  if (native) std::printf("  the same formula in C++ (value)     %6.1f ns/call\n", hand - empty);
}

// -10*(DY-10)**3 - 1e-3*VR, with leaves (DY, VR)
__attribute__((noinline)) double Native(const double* v, double) {
  const double u = v[0] - 10;
  return -10 * (u * u * u) - 1e-3 * v[1];
}

}  // namespace

int main(int argc, char** argv) {
  const long calls = argc > 1 ? std::atol(argv[1]) : 10000000;
  Run("-10*(DY(2,3)-10)**3 - 1e-3*VR(2,3)", calls, Native);
  Run("STEP(TIME, 0, 0, 1, 10) * IF(MODE-4: 0, 0, -100*DX(1,2)) + IMPACT(DZ(5), VZ(5), 12, "
      "1e5, 1.5, 10, 0.1)",
      calls, nullptr);
  return 0;
}
