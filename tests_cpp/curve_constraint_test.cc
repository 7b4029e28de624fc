// Tests of the point-to-curve equations (docs/equations.md §2.7): the constraint of a follower
// point on body I, a curve fixed in a marker of body J and the curve parameter carried by a
// third body, a sum of a kSpherical and a kCurvePoint term. Its zero set (the point on the
// curve), and every term's gradient, Hessians and curvature against central finite
// differences.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "math/param_curve.h"
#include "math/rotation.h"
#include "mbs/joint.h"

namespace msolve::mbs {
namespace {

constexpr double kPi = 3.14159265358979323846;

// a closed curve through points of an ellipse tilted out of the x-y plane
math::ParamCurve TiltedEllipse() {
  std::vector<Vec3> points;
  const int n = 24;
  for (int k = 0; k <= n; ++k) {
    const double a = 2 * kPi * (k % n) / n;
    points.emplace_back(0.3 * std::cos(a) + 0.1, 0.2 * std::sin(a), 0.05 * std::sin(2 * a));
  }
  return math::ParamCurve(points, true, true, -1.0, 1.0);
}

// body coordinates q = (r, e) of a random pose
std::vector<double> RandomPose(std::mt19937* gen) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Vec4 e(u(*gen), u(*gen), u(*gen), u(*gen));
  e.normalize();
  return {u(*gen), u(*gen), u(*gen), e[0], e[1], e[2], e[3]};
}

struct Rig {
  math::ParamCurve curve = TiltedEllipse();
  BodyMarker point, frame, parameter;
  JointConstraint constraint() const {
    JointConstraint::Term a, b;
    a.type = JointType::kSpherical;
    a.i = point;
    a.j = frame;
    b.type = JointType::kCurvePoint;
    b.i = frame;
    b.j = parameter;
    b.curve = &curve;
    return JointConstraint(nullptr, {a, b}, 3);
  }
  Rig() {
    point.body = 0;
    point.s = Vec3(0.1, -0.2, 0.05);
    frame.body = 1;
    frame.s = Vec3(-0.1, 0.3, 0.2);
    frame.A = math::QuatToMatrix<double>(Vec4(Vec4(0.9, 0.2, -0.3, 0.1).normalized()));
    parameter.body = 2;
  }
};

TEST(CurveConstraint, VanishesWhenThePointIsOnTheCurve) {
  const Rig s;
  const JointConstraint c = s.constraint();
  std::mt19937 gen(3);
  for (int trial = 0; trial < 5; ++trial) {
    std::vector<double> qJ = RandomPose(&gen);
    const double alpha = -1.0 + 0.37 * trial;
    const std::vector<double> qP = {0.0, 0.0, alpha, 1.0, 0.0, 0.0, 0.0};
    // put the follower's body where its marker lies on the curve
    std::vector<double> qI = RandomPose(&gen);
    const Frame<double> fj = MarkerFrame(s.frame, qJ.data());
    const Vec3 target = fj.p + fj.R * s.curve.Evaluate(alpha, 0);
    const Frame<double> fi = MarkerFrame(s.point, qI.data());
    for (int a = 0; a < 3; ++a) qI[a] += target[a] - fi.p[a];
    double phi[3];
    double term[3];
    c.EvaluateTermValue(0, qI.data(), qJ.data(), nullptr, phi);
    c.EvaluateTermValue(1, qJ.data(), qP.data(), nullptr, term);
    for (int r = 0; r < 3; ++r) EXPECT_NEAR(phi[r] + term[r], 0.0, 1e-13);
    // and a step along the normal leaves it
    qI[2] += 1e-3;
    c.EvaluateTermValue(0, qI.data(), qJ.data(), nullptr, phi);
    EXPECT_NEAR(phi[2] + term[2], 1e-3, 1e-13);
  }
}

TEST(CurveConstraint, GradientsHessiansAndCurvatureMatchFiniteDifferences) {
  const Rig s;
  const JointConstraint c = s.constraint();
  std::mt19937 gen(11);
  // the curve term between the curve's frame (body J) and the parameter body, at parameters
  // inside segments and beyond one period
  for (double alpha : {-0.93, -0.2, 0.41, 2.77}) {
    std::vector<double> q = RandomPose(&gen);
    const std::vector<double> qP = {0.1, -0.2, alpha, 1.0, 0.0, 0.0, 0.0};
    q.insert(q.end(), qP.begin(), qP.end());
    double phi[3];
    PairGradient grad;
    std::vector<PairHessian> hess;
    c.EvaluateTermHessians(1, q.data(), q.data() + kBodyQ, nullptr, phi, &grad, &hess);
    PairGradient grad_only;
    double phi_only[3];
    c.EvaluateTerm(1, q.data(), q.data() + kBodyQ, nullptr, phi_only, &grad_only);
    const double h = 1e-6;
    for (int col = 0; col < kPairQ; ++col) {
      std::vector<double> plus = q, minus = q;
      plus[col] += h;
      minus[col] -= h;
      double fp[3], fm[3];
      PairGradient gp, gm;
      c.EvaluateTerm(1, plus.data(), plus.data() + kBodyQ, nullptr, fp, &gp);
      c.EvaluateTerm(1, minus.data(), minus.data() + kBodyQ, nullptr, fm, &gm);
      for (int r = 0; r < 3; ++r) {
        EXPECT_NEAR(grad(r, col), (fp[r] - fm[r]) / (2 * h), 1e-7) << "row " << r << " q " << col;
        EXPECT_NEAR(grad_only(r, col), grad(r, col), 1e-12);
        for (int a = 0; a < kPairQ; ++a)
          EXPECT_NEAR(hess[r](col, a), (gp(r, a) - gm(r, a)) / (2 * h), 1e-6)
              << "row " << r << " q " << col << ", " << a;
      }
    }
    for (int r = 0; r < 3; ++r) EXPECT_EQ(phi[r], phi_only[r]);
    // the curvature along a direction is qdot^T H qdot
    Eigen::Matrix<double, kPairQ, 1> qdot;
    for (int a = 0; a < kPairQ; ++a) qdot[a] = std::sin(1.0 + a);
    double curvature[3];
    c.EvaluateTermCurvature(1, q.data(), q.data() + kBodyQ, nullptr, qdot.data(), curvature);
    for (int r = 0; r < 3; ++r)
      EXPECT_NEAR(curvature[r], qdot.dot(hess[r] * qdot), 1e-10 * (1 + hess[r].norm()));
  }
}

TEST(CurveConstraint, AClosedCurveRepeatsWithItsPeriod) {
  const Rig s;
  const JointConstraint c = s.constraint();
  std::mt19937 gen(5);
  const std::vector<double> qJ = RandomPose(&gen);
  double a[3], b[3];
  const std::vector<double> p1 = {0, 0, 0.3, 1, 0, 0, 0}, p2 = {0, 0, 0.3 + 2 * 3, 1, 0, 0, 0};
  c.EvaluateTermValue(1, qJ.data(), p1.data(), nullptr, a);
  c.EvaluateTermValue(1, qJ.data(), p2.data(), nullptr, b);
  for (int r = 0; r < 3; ++r) EXPECT_NEAR(a[r], b[r], 1e-12);
}

}  // namespace
}  // namespace msolve::mbs
