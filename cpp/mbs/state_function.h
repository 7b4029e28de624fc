// A scalar of the system state (an expression, a user routine's output, a force measure), as the
// force elements read it: value, exact sparse gradient, and the states it depends on.
//
// Memory (docs/architecture.md §3.1): what a function remembers between steps (the whole turns
// of the angles AX/AY/AZ it follows, the SENVAL values it reads) is not kept in the function
// but in the memory block of the run's state (system::State::memory), laid out at compile
// time. Every evaluation receives that whole block as `memory`; a function with memory of its
// own reads its memory_size() slots from memory_offset() on, and writes them in Accept.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace msolve::mbs {

/// Sparse gradient: (state index, partial derivative) pairs; an index may repeat.
using SparseGradient = std::vector<std::pair<int, double>>;

/// "nan", "inf" or "-inf" for messages (the sign of a NaN says nothing).
inline std::string NonFiniteText(double value) {
  if (value != value) return "nan";
  return value > 0 ? "inf" : "-inf";
}

class StateFunction {
 public:
  virtual ~StateFunction() = default;

  /// Value at time t for the states y and their derivatives yp (System layout) and the
  /// memory block of the state.
  virtual double Value(double t, const double* y, const double* yp, const double* memory) const = 0;

  /// Value and partial derivatives with respect to y and to yp.
  virtual double Gradient(double t, const double* y, const double* yp, const double* memory,
                          SparseGradient* dy, SparseGradient* dyp) const = 0;

  /// The partial derivative with respect to TIME at constant states: by default a central
  /// difference of Value (relative step 1e-6); an expression gives it exactly.
  virtual double TimePartial(double t, const double* y, const double* yp,
                             const double* memory) const {
    const double h = 1e-6 * (t > 1.0 ? t : (t < -1.0 ? -t : 1.0));
    return (Value(t + h, y, yp, memory) - Value(t - h, y, yp, memory)) / (2.0 * h);
  }

  /// The state indices the gradients can contain (fixed: the Jacobian pattern).
  virtual void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const = 0;

  /// Called after every accepted step: a function with memory writes its slots of `memory`.
  virtual void Accept(double t, const double* y, const double* yp, double* memory) const {
    (void)t, (void)y, (void)yp, (void)memory;
  }

  /// What makes the value at this state not finite, for messages (docs/conventions.md §7):
  /// "function 'text' is nan" for an expression, with the Variable it reads that is itself
  /// not finite; empty when the value is finite or the function has nothing to name.
  virtual std::string WhyNotFinite(double t, const double* y, const double* yp,
                                   const double* memory) const {
    (void)t, (void)y, (void)yp, (void)memory;
    return {};
  }

  /// The number of memory slots the function itself uses (zero at the start of a run).
  virtual int memory_size() const { return 0; }
  /// Where they lie in the memory block (-1 until the System's layout places them).
  int memory_offset() const { return memory_offset_; }
  void PlaceMemory(int offset) { memory_offset_ = offset; }

 private:
  int memory_offset_ = -1;
};

}  // namespace msolve::mbs
