// The row of a general constraint (mbs/general_constraint.h, docs/equations.md §2.14): its
// value, gradient, time partial, velocity-row derivative, Hessian blocks and curvature for a
// function of two bodies' positions and time with closed-form derivatives.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "mbs/force_element.h"
#include "mbs/general_constraint.h"

namespace msolve::mbs {
namespace {

// g = x0 y1 + x0^2 + e0_1 sin(t) - 1 over body 0 (r = y[0..2], e = y[3..6]) and body 1
// (from y[13]): x0 = y[0], y1 = y[14], e0_1 = y[16]
class Function : public StateFunction {
 public:
  double Value(double t, const double* y, const double*, const double*) const override {
    return y[0] * y[14] + y[0] * y[0] + y[16] * std::sin(t) - 1.0;
  }
  double Gradient(double t, const double* y, const double*, const double*, SparseGradient* dy,
                  SparseGradient* dyp) const override {
    dy->clear();
    dyp->clear();
    dy->emplace_back(0, y[14] + 2 * y[0]);
    dy->emplace_back(14, y[0]);
    dy->emplace_back(16, std::sin(t));
    return Value(t, y, nullptr, nullptr);
  }
  // exact, as an expression's (expr/program.h)
  double TimePartial(double t, const double* y, const double*, const double*) const override {
    return y[16] * std::cos(t);
  }
  void Dependencies(std::vector<int>* y_deps, std::vector<int>* yp_deps) const override {
    *y_deps = {0, 14, 16};
    yp_deps->clear();
  }
};

TEST(GeneralConstraint, DerivativesMatchTheClosedForms) {
  const GeneralLaw law(std::make_unique<Function>(), {0, 1});
  // two bodies at rest orientation, moving: v0 = (0.3, 0, 0), v1 = (0, -0.7, 0), no spin
  std::vector<double> y(2 * kBodyX, 0.0);
  y[0] = 0.4, y[3] = 1.0, y[7] = 0.3;
  y[13 + 1] = 1.5, y[13 + 3] = 1.0, y[13 + 8] = -0.7;
  const double t = 0.8;
  GeneralRow row;
  law.Evaluate(t, y.data(), nullptr, true, true, &row);
  const double x0 = 0.4, y1 = 1.5, e = 1.0, xd = 0.3, yd = -0.7;
  EXPECT_NEAR(row.value, x0 * y1 + x0 * x0 + e * std::sin(t) - 1.0, 1e-15);
  EXPECT_DOUBLE_EQ(row.rate, e * std::cos(t));
  ASSERT_EQ(row.grad.size(), 14u);
  EXPECT_DOUBLE_EQ(row.grad[0], y1 + 2 * x0);
  EXPECT_DOUBLE_EQ(row.grad[kBodyQ + 1], x0);
  EXPECT_DOUBLE_EQ(row.grad[kBodyQ + 3], std::sin(t));
  // d(g_q qdot + g_t)/dq at constant qdot: qdot = (xd, 0, ..; 0, yd, ..), e' = 0
  // g_q qdot = (y1 + 2 x0) xd + x0 yd; g_t = e cos t (central differences of the exact
  // first derivatives, step 1e-4: exact for these quadratics up to rounding, 1e-8 for cos)
  EXPECT_NEAR(row.dvel[0], 2 * xd + yd, 1e-7);
  EXPECT_NEAR(row.dvel[kBodyQ + 1], xd, 1e-7);
  EXPECT_NEAR(row.dvel[kBodyQ + 3], std::cos(t), 1e-7);
  // the Hessian's diagonal blocks: d2g/dx0^2 = 2 (the cross term x0 y1 is between bodies)
  EXPECT_NEAR(row.hess[0], 2.0, 1e-7);
  EXPECT_NEAR(row.hess[kBodyQ * kBodyQ + kBodyQ * 1 + 1], 0.0, 1e-7);
  // curvature: qdot^T g_qq qdot + 2 g_qt qdot + g_tt = 2 xd^2 + 2 xd yd + 0 - e sin t
  EXPECT_NEAR(row.curvature, 2 * xd * xd + 2 * xd * yd - e * std::sin(t), 1e-6);
}

}  // namespace
}  // namespace msolve::mbs
