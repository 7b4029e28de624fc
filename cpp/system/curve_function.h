// The Curves of a compiled model (math/param_curve.h) and the functions that
// CURVE(alpha, iord, comp, id) calls (expr::ExternalFunction): component comp of the iord-th
// derivative of the curve at alpha (docs/expression-functions.md).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "expr/expression.h"
#include "math/param_curve.h"
#include "model/entities.h"

namespace msolve::system {

/// Component `comp` (0..2) of d^order r / d alpha^order at args = (alpha), with its partial
/// derivative with respect to alpha (the next order).
class CurveFunction : public expr::ExternalFunction {
 public:
  CurveFunction(const math::ParamCurve* curve, int order, int comp)
      : curve_(curve), order_(order), comp_(comp) {}
  double Evaluate(const double* args, double* partials) const override;
  std::vector<double> Breakpoints() const override { return curve_->Breakpoints(); }

 private:
  const math::ParamCurve* curve_;
  int order_, comp_;
};

/// The curve of a Curve's points (the rows of its matrix, n x 3, or its xyz values by
/// threes). Its parameter runs from -1 at the first point to 1 at the last: the GTCURV
/// reference bounds alpha so for B-spline curves, and minpar/maxpar for CURSUB curves only.
/// @throws ModelError naming the Curve when its data are not valid.
std::unique_ptr<math::ParamCurve> MakeCurve(const model::Curve& curve);

/// The curves of every Curve of a model, by id. Movable; the curves and functions it hands
/// out keep their addresses.
class CurveTable {
 public:
  /// Checks the data and builds the curve.
  /// @throws ModelError naming the Curve when its data are not valid.
  void Add(const model::Curve& curve);

  /// The curve of `id`, or nullptr.
  const math::ParamCurve* Find(long id) const;

  /// The function of CURVE(alpha, iord, comp, id): ids = {iord, comp, id}.
  /// @throws std::invalid_argument for an unknown id, iord outside 0..2 or comp outside 1..3.
  const expr::ExternalFunction* Function(const std::vector<long>& ids) const;

 private:
  struct Entry {
    std::unique_ptr<math::ParamCurve> curve;
    std::array<std::unique_ptr<CurveFunction>, 9> functions;  // 3 * order + comp
  };
  std::unordered_map<long, Entry> entries_;
};

}  // namespace msolve::system
