// A StateFunction given by an expression: the expression's measure calls (DX(2,3), ...) are
// resolved to markers of the compiled system, and the chain rule combines the expression's
// partial derivatives with those of the measures.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "expr/expression.h"
#include "mbs/measure.h"
#include "mbs/state_function.h"

namespace msolve::system {

/// Finds the runtime marker of a marker id (0 = the global frame); throws
/// std::invalid_argument("unknown marker id 7") when there is none.
using MarkerLookup = std::function<mbs::BodyMarker(long id)>;

class ExpressionFunction : public mbs::StateFunction {
 public:
  /// Compiles `text`; throws expr::ExpressionError naming `owner` for a bad expression.
  ExpressionFunction(const std::string& text, const std::string& owner,
                     const MarkerLookup& markers);

  double Value(double t, const double* y, const double* yp) const override;
  double Gradient(double t, const double* y, const double* yp, mbs::SparseGradient* dy,
                  mbs::SparseGradient* dyp) const override;
  void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const override;
  void Accept(double t, const double* y, const double* yp) override;

  /// Value and its partial derivative with respect to TIME (for functions of time).
  double ValueAndTimeDerivative(double t, const double* y, const double* yp, double* dt) const;

  const expr::Program& program() const { return program_; }

 private:
  std::vector<mbs::KinematicMeasure> measures_;  // indexed by leaf index
  expr::Program program_;
  mutable std::vector<double> leaf_values_, leaf_partials_, measure_grad_;
};

}  // namespace msolve::system
