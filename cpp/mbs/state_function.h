// A scalar of the system state (an expression, a user routine's output, a force measure), as the
// force elements read it: value, exact sparse gradient, and the states it depends on.
#pragma once

#include <utility>
#include <vector>

namespace msolve::mbs {

/// Sparse gradient: (state index, partial derivative) pairs; an index may repeat.
using SparseGradient = std::vector<std::pair<int, double>>;

class StateFunction {
 public:
  virtual ~StateFunction() = default;

  /// Value at time t for the states y and their derivatives yp (System layout).
  virtual double Value(double t, const double* y, const double* yp) const = 0;

  /// Value and partial derivatives with respect to y and to yp.
  virtual double Gradient(double t, const double* y, const double* yp, SparseGradient* dy,
                          SparseGradient* dyp) const = 0;

  /// The state indices the gradients can contain (fixed: the Jacobian pattern).
  virtual void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const = 0;

  /// Called after every accepted step (functions with memory).
  virtual void Accept(double t, const double* y, const double* yp) { (void)t, (void)y, (void)yp; }

  /// What the function remembers of the accepted steps (the whole turns of the angles it
  /// follows), to carry over when the model is compiled again; SetMemory takes it back.
  virtual std::vector<double> Memory() const { return {}; }
  virtual void SetMemory(const std::vector<double>& memory) { (void)memory; }
};

}  // namespace msolve::mbs
