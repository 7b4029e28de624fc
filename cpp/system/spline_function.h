// The Splines of a compiled model as the functions that AKISPL, CUBSPL and LINSPL(x, z, id, n)
// call (expr::ExternalFunction): d^n y / dx^n of the chosen interpolant at (x, z).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "expr/expression.h"
#include "math/spline.h"
#include "model/entities.h"

namespace msolve::system {

/// d^order y / dx^order of one interpolant at args = (x, z), with its partial derivatives
/// with respect to x (d^(order+1) y / dx^(order+1)) and z.
class SplineFunction : public expr::ExternalFunction {
 public:
  SplineFunction(const math::Spline* spline, int order) : spline_(spline), order_(order) {}
  double Evaluate(const double* args, double* partials) const override;
  /// The knots: the pieces meet there (with a kink for LINSPL, a jump in the second
  /// derivative for AKISPL and CUBSPL).
  std::vector<double> Breakpoints() const override { return spline_->knots(); }

 private:
  const math::Spline* spline_;
  int order_;
};

/// The interpolants of every Spline of a model, by id. Movable; the functions it hands out
/// keep their addresses.
class SplineTable {
 public:
  /// Checks the data and builds the interpolants of the three methods.
  /// @throws ModelError naming the Spline when its data are not valid.
  void Add(const model::Spline& spline);

  /// The function of `name`(x, z, ids...) (name AKISPL, CUBSPL or LINSPL; ids = {id} or
  /// {id, n}).
  /// @throws std::invalid_argument for an unknown id, n outside 0..2, or n > 0 on a surface.
  const expr::ExternalFunction* Function(const std::string& name,
                                         const std::vector<long>& ids) const;

 private:
  struct Entry {
    const model::Spline* source = nullptr;
    std::array<std::unique_ptr<math::Spline>, 3> methods;      // by math::SplineMethod
    std::array<std::unique_ptr<SplineFunction>, 9> functions;  // 3 * method + order
  };
  std::unordered_map<long, Entry> entries_;
};

}  // namespace msolve::system
