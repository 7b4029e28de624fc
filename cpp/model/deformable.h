// The descriptions of the deformable curves and surfaces (part of the model description,
// model/entities.h): a curve or surface through the origins of markers that move with their
// parts (MotionSolve Dcurve, Reference_DeformCurve; Dsurface, Reference_DeformSurface), and
// the constraints and forces on them (Ptdcv, Constraint_PTdCV; Ptdsf, Constraint_PTdSF;
// Ptdsff, Force_PTdSF). docs/equations.md §2.11, §11.1.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/entity.h"

namespace msolve::model {

class Marker;

/// A deformable curve: the cubic spline through the origins of `markers` (in order), the
/// parameter u over [-u_span/2, u_span/2] at evenly spaced knots; end conditions
/// NATURAL PARABOLIC PERIODIC CANTILEVER (lambda: M_0 = lambda M_1); a `closed` curve is the
/// periodic spline, its last marker repeating the first or not. `tension` is accepted
/// without effect (msolve's spline has none).
class Dcurve : public Entity {
 public:
  const char* TypeName() const override { return "Dcurve"; }
  std::vector<Marker*> markers;
  std::string end_type_left = "NATURAL", end_type_right = "NATURAL";
  double lambda_left = 0.0, lambda_right = 0.0;
  double u_span = 1.0;
  std::optional<double> tension;
  bool closed = false;
};

/// A deformable surface: the tensor-product cubic spline through the origins of a grid of
/// markers, `rows` x `columns` given row after row in `markers`; u runs down the rows
/// (over [-u_span/2, u_span/2]), v along a row (over [-v_span/2, v_span/2]); `end_type`
/// applies to every edge; closed in u (v): the last row (column) repeating the first or not.
class Dsurface : public Entity {
 public:
  const char* TypeName() const override { return "Dsurface"; }
  std::vector<Marker*> markers;
  int rows = 0, columns = 0;
  std::string end_type = "NATURAL";
  double u_span = 1.0, v_span = 1.0;
  std::optional<double> u_tension, v_tension;
  bool u_closed = false, v_closed = false;
};

/// The origin of marker i held on a deformable curve (docs/equations.md §2.11): the curve
/// parameter is a state; the reactions act on the part of i and on the parts of the
/// curve's markers.
class Ptdcv : public Entity {
 public:
  const char* TypeName() const override { return "Ptdcv"; }
  Marker* i = nullptr;
  Dcurve* dcurve = nullptr;
};

/// The origin of marker i held on a deformable surface (docs/equations.md §2.11): the two
/// surface parameters are states.
class Ptdsf : public Entity {
 public:
  const char* TypeName() const override { return "Ptdsf"; }
  Marker* i = nullptr;
  Dsurface* dsurface = nullptr;
};

}  // namespace msolve::model
