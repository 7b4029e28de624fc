// The Curves of a compiled model (math/param_curve.h, or a CURSUB routine's: RoutineCurve) and
// the functions that CURVE(alpha, iord, comp, id) calls (expr::ExternalFunction): component
// comp of the iord-th derivative of the curve at alpha (docs/expression-functions.md).
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
  CurveFunction(const math::SpaceCurve* curve, int order, int comp)
      : curve_(curve), order_(order), comp_(comp) {}
  double Evaluate(const double* args, double* partials) const override;
  std::vector<double> Breakpoints() const override { return curve_->Breakpoints(); }

 private:
  const math::SpaceCurve* curve_;
  int order_, comp_;
};

/// Relative step (of maxpar - minpar) of the central difference that gives the third
/// derivative of a CURSUB curve from the second (docs/equations.md §11).
inline constexpr double kCurveRoutineStep = 1e-4;

/// A curve computed by a CURSUB routine (docs/equations.md §11): the routine gives the point
/// and its first and second derivatives with respect to alpha; the third is the central
/// difference of the second. A closed curve is evaluated at alpha brought into
/// [minpar, maxpar) (it repeats with that period); an open one at alpha as it is.
class RoutineCurve : public math::SpaceCurve {
 public:
  /// `curve` has a routine; par are its USER(...) numbers. Calls the routine once with iflag
  /// true. @throws RoutineError naming the Curve when that call fails.
  RoutineCurve(const model::Curve& curve, std::vector<double> par);
  Vec3 Evaluate(double alpha, int order) const override;
  bool closed() const override { return curve_.closed; }
  double minpar() const override { return curve_.minpar; }
  double maxpar() const override { return curve_.maxpar; }

 private:
  Vec3 Call(double alpha, int order, bool iflag) const;

  const model::Curve& curve_;
  std::shared_ptr<const model::UserRoutine> routine_;
  std::vector<double> par_;
};

/// The curve of a Curve: that of its points (the rows of its matrix, n x 3, or its xyz values
/// by threes), whose parameter runs from -1 at the first point to 1 at the last (the GTCURV
/// reference bounds alpha so for B-spline curves), or that of its CURSUB routine, whose
/// parameter runs from minpar to maxpar.
/// @throws ModelError naming the Curve when its data are not valid.
std::unique_ptr<math::SpaceCurve> MakeCurve(const model::Curve& curve);

/// The curves of every Curve of a model, by id. Movable; the curves and functions it hands
/// out keep their addresses.
class CurveTable {
 public:
  /// Checks the data and builds the curve.
  /// @throws ModelError naming the Curve when its data are not valid.
  void Add(const model::Curve& curve);

  /// The curve of `id`, or nullptr.
  const math::SpaceCurve* Find(long id) const;

  /// The function of CURVE(alpha, iord, comp, id): ids = {iord, comp, id}.
  /// @throws std::invalid_argument for an unknown id, iord outside 0..2 or comp outside 1..3.
  const expr::ExternalFunction* Function(const std::vector<long>& ids) const;

 private:
  struct Entry {
    std::unique_ptr<math::SpaceCurve> curve;
    std::array<std::unique_ptr<CurveFunction>, 9> functions;  // 3 * order + comp
  };
  std::unordered_map<long, Entry> entries_;
};

}  // namespace msolve::system
