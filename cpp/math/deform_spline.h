// The cubic spline through moving points of a deformable curve or surface (MotionSolve Dcurve,
// Reference_DeformCurve; Dsurface, Reference_DeformSurface): docs/equations.md §11.1.
//
// The parameter u runs over [-span/2, span/2], the points at evenly spaced knots u_k. The
// interpolating cubic spline is linear in the points, c(u) = sum_k w_k(u) P_k, so the
// weights w_k(u) (the spline through the unit data e_k) depend only on the knots and the end
// conditions: they are computed once, and a curve whose points move follows them exactly.
// On segment j (knots u_j, u_j+1, h apart, s = (u - u_j) / h), with M the second
// derivatives at the knots:
//   S(u) = (1 - s) y_j + s y_j+1 + h^2 / 6 [((1 - s)^3 - (1 - s)) M_j + (s^3 - s) M_j+1]
// M solves M_j-1 + 4 M_j + M_j+1 = 6 (y_j-1 - 2 y_j + y_j+1) / h^2 at the inner knots and
// the end conditions: NATURAL M_0 = 0; PARABOLIC M_0 = M_1; CANTILEVER M_0 = lambda M_1;
// PERIODIC (both ends) M_0 = M_N and S'(u_0) = S'(u_N). A closed curve is the periodic
// spline through its distinct points, repeating with period span.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/types.h"
#include "math/param_curve.h"

namespace msolve::math {

/// The end condition of a deformable curve's spline at one end.
enum class SplineEnd { kNatural, kParabolic, kPeriodic, kCantilever };

/// The end condition of a MotionSolve word (NATURAL PARABOLIC PERIODIC CANTILEVER), or false.
bool ParseSplineEnd(const std::string& word, SplineEnd* end);

/// The weights w_k(u) of the cubic spline through `count` points at evenly spaced knots.
class SplineWeights {
 public:
  /// `count` distinct points (a closed spline wraps from the last back to the first);
  /// lambdas are read for CANTILEVER ends. Throws std::invalid_argument saying what is wrong
  /// (too few points, one PERIODIC end without the other).
  SplineWeights(int count, bool closed, SplineEnd left, SplineEnd right, double lambda_left,
                double lambda_right, double span);

  int count() const { return count_; }
  bool closed() const { return closed_; }
  double minpar() const { return -0.5 * span_; }
  double maxpar() const { return 0.5 * span_; }
  /// The knots where the third derivative jumps.
  std::vector<double> Breakpoints() const;
  /// d^order w_k / du^order at u for every k (order 0..3): `count()` values.
  void Evaluate(double u, int order, double* w) const;
  /// d^order w_k / du^order at u for one k.
  double Weight(int k, double u, int order) const;

 private:
  // the segment of u and the local coordinate s in it (beyond the ends of an open spline:
  // the end segment, s outside [0, 1])
  void Locate(double u, int* segment, double* s) const;

  int count_ = 0, segments_ = 0;
  bool closed_ = false;
  double span_ = 1.0, h_ = 1.0;
  MatX second_;  // count x count: M = second_ * y
};

/// One weight as a curve, (w_k(u), 0, 0): what the weighted-point terms of the constraints
/// on a deformable curve or surface read (mbs/joint.cc), with its derivatives to order 3.
class WeightCurve : public SpaceCurve {
 public:
  WeightCurve(std::shared_ptr<const SplineWeights> weights, int k)
      : weights_(std::move(weights)), k_(k) {}
  Vec3 Evaluate(double u, int order) const override {
    return Vec3(weights_->Weight(k_, u, order), 0.0, 0.0);
  }
  bool closed() const override { return weights_->closed(); }
  double minpar() const override { return weights_->minpar(); }
  double maxpar() const override { return weights_->maxpar(); }
  std::vector<double> Breakpoints() const override { return weights_->Breakpoints(); }

 private:
  std::shared_ptr<const SplineWeights> weights_;
  int k_;
};

/// The curve sum_k w_k(u) P_k of fixed points P (a deformable curve frozen in one
/// configuration: its point nearest to a guess).
class FrozenSplineCurve : public SpaceCurve {
 public:
  FrozenSplineCurve(std::shared_ptr<const SplineWeights> weights, std::vector<Vec3> points)
      : weights_(std::move(weights)), points_(std::move(points)) {}
  Vec3 Evaluate(double u, int order) const override;
  bool closed() const override { return weights_->closed(); }
  double minpar() const override { return weights_->minpar(); }
  double maxpar() const override { return weights_->maxpar(); }

 private:
  std::shared_ptr<const SplineWeights> weights_;
  std::vector<Vec3> points_;
};

}  // namespace msolve::math
