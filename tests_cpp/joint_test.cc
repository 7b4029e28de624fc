// Tests of mbs/joint: the joint equations of every joint type bound to two markers, their
// gradients and Hessians (checked against central finite differences of the values and of
// the gradients), and their zero set (checked on configurations built to satisfy the joint,
// moved along the free and the constrained relative motions of semantics.md 6.2).
#include "mbs/joint.h"

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace msolve::mbs {
namespace {

constexpr double kPi = 3.14159265358979323846;

const JointType kAllTypes[] = {JointType::kFixed,         JointType::kRevolute,
                               JointType::kTranslational, JointType::kSpherical,
                               JointType::kCylindrical,   JointType::kUniversal,
                               JointType::kPlanar};

std::string Name(JointType type) {
  switch (type) {
    case JointType::kFixed:
      return "FIXED";
    case JointType::kRevolute:
      return "REVOLUTE";
    case JointType::kTranslational:
      return "TRANSLATIONAL";
    case JointType::kSpherical:
      return "SPHERICAL";
    case JointType::kCylindrical:
      return "CYLINDRICAL";
    case JointType::kUniversal:
      return "UNIVERSAL";
    case JointType::kPlanar:
      return "PLANAR";
    case JointType::kMotionTranslation:
      return "motion translation (DZ)";
    case JointType::kMotionRotation:
      return "motion rotation";
    case JointType::kMotionX:
      return "motion DX";
    case JointType::kMotionY:
      return "motion DY";
    case JointType::kMotionB1:
      return "motion B1";
    case JointType::kMotionB2:
      return "motion B2";
    case JointType::kMotionB3:
      return "motion B3";
  }
  return "?";
}

// the single-row equations of Motions (joint-based and marker-based)
const JointType kMotionTypes[] = {JointType::kMotionTranslation, JointType::kMotionRotation,
                                  JointType::kMotionX,           JointType::kMotionY,
                                  JointType::kMotionB1,          JointType::kMotionB2,
                                  JointType::kMotionB3};

using Q7 = std::array<double, kBodyQ>;

Mat3 AxisRotation(const Vec3& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

class JointTest : public ::testing::Test {
 protected:
  double Uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng_); }
  Vec3 RandomVec3(double a, double b) { return Vec3(Uniform(a, b), Uniform(a, b), Uniform(a, b)); }
  Mat3 RandomRotation() { return AxisRotation(RandomVec3(-1, 1), Uniform(-kPi, kPi)); }
  // a marker with a random offset and orientation on `body`
  BodyMarker RandomMarker(int body) {
    BodyMarker m;
    m.body = body;
    m.s = RandomVec3(-0.8, 0.8);
    m.A = RandomRotation();
    return m;
  }
  // body coordinates at a random position and a quaternion of norm near, but not equal to, 1
  Q7 RandomQ(double norm_lo = 0.9, double norm_hi = 1.1) {
    const Vec3 r = RandomVec3(-1, 1);
    Vec4 e(Uniform(-1, 1), Uniform(-1, 1), Uniform(-1, 1), Uniform(-1, 1));
    e *= Uniform(norm_lo, norm_hi) / e.norm();
    return {r[0], r[1], r[2], e[0], e[1], e[2], e[3]};
  }

  std::mt19937 rng_{1234567};
};

// Checks the gradient of Evaluate against central differences of EvaluateValue, the Hessians
// of EvaluateHessians against central differences of the gradient of Evaluate, and that
// EvaluateHessians repeats the value and gradient of Evaluate. Null sides are the ground:
// their columns must be exactly zero.
void CheckDerivatives(const JointConstraint& joint, const double* qI, const double* qJ) {
  const int n = joint.rows();
  std::array<double, kPairQ> x{};
  for (int k = 0; k < kBodyQ; ++k) {
    if (qI) x[k] = qI[k];
    if (qJ) x[kBodyQ + k] = qJ[k];
  }
  auto live = [&](int c) { return c < kBodyQ ? qI != nullptr : qJ != nullptr; };
  auto values = [&](const std::array<double, kPairQ>& z, double* phi) {
    joint.EvaluateValue(qI ? z.data() : nullptr, qJ ? z.data() + kBodyQ : nullptr, phi);
  };
  auto gradient = [&](const std::array<double, kPairQ>& z, PairGradient* g) {
    double phi[6];
    joint.Evaluate(qI ? z.data() : nullptr, qJ ? z.data() + kBodyQ : nullptr, phi, g);
  };

  double phi[6], phi_h[6];
  PairGradient grad, grad_h;
  std::vector<PairHessian> hess;
  joint.Evaluate(qI, qJ, phi, &grad);
  joint.EvaluateHessians(qI, qJ, phi_h, &grad_h, &hess);
  ASSERT_EQ(grad.rows(), n);
  ASSERT_EQ(grad_h.rows(), n);
  ASSERT_EQ(static_cast<int>(hess.size()), n);

  // value and gradient of EvaluateHessians equal those of Evaluate and EvaluateValue (the
  // same formulas, evaluated with other scalar types: equal up to rounding)
  double phi_v[6];
  joint.EvaluateValue(qI, qJ, phi_v);
  for (int r = 0; r < n; ++r) {
    EXPECT_NEAR(phi[r], phi_v[r], 1e-14 * (1 + std::abs(phi_v[r]))) << "row " << r;
    EXPECT_NEAR(phi_h[r], phi_v[r], 1e-14 * (1 + std::abs(phi_v[r]))) << "row " << r;
  }
  EXPECT_LT((grad - grad_h).cwiseAbs().maxCoeff(), 1e-14);

  // the curvature along a direction is the Hessian's quadratic form (a direction with
  // components on both sides, zero on the ground's)
  std::array<double, kPairQ> dir{};
  for (int c = 0; c < kPairQ; ++c) dir[c] = live(c) ? 0.3 + 0.17 * c - 0.05 * c * c / 3 : 0.0;
  double curvature[6];
  joint.EvaluateCurvature(qI, qJ, dir.data(), curvature);
  const Eigen::Map<const Eigen::Matrix<double, kPairQ, 1>> d(dir.data());
  for (int r = 0; r < n; ++r) {
    const double quadratic = d.dot(hess[r] * d);
    EXPECT_NEAR(curvature[r], quadratic, 1e-12 * (1 + std::abs(quadratic))) << "row " << r;
  }

  // gradient: central differences of the values, O(h^2) truncation
  const double h = 1e-6;
  const double gscale = std::max(1.0, grad.cwiseAbs().maxCoeff());
  for (int c = 0; c < kPairQ; ++c) {
    if (!live(c)) {
      for (int r = 0; r < n; ++r) EXPECT_EQ(grad(r, c), 0.0) << "ground column " << c;
      continue;
    }
    auto xp = x, xm = x;
    xp[c] += h;
    xm[c] -= h;
    double fp[6], fm[6];
    values(xp, fp);
    values(xm, fm);
    for (int r = 0; r < n; ++r) {
      const double fd = (fp[r] - fm[r]) / (2 * h);
      EXPECT_NEAR(grad(r, c), fd, 1e-7 * gscale) << "row " << r << " column " << c;
    }
  }

  // Hessians: symmetric, zero on ground rows/columns, and the central differences of the
  // gradient column by column
  double hscale = 1.0;
  for (const auto& H : hess) hscale = std::max(hscale, H.cwiseAbs().maxCoeff());
  for (int r = 0; r < n; ++r)
    EXPECT_LT((hess[r] - hess[r].transpose()).cwiseAbs().maxCoeff(), 1e-13 * hscale);
  for (int c = 0; c < kPairQ; ++c) {
    if (!live(c)) {
      for (int r = 0; r < n; ++r) {
        EXPECT_EQ(hess[r].col(c).cwiseAbs().maxCoeff(), 0.0) << "ground column " << c;
        EXPECT_EQ(hess[r].row(c).cwiseAbs().maxCoeff(), 0.0) << "ground row " << c;
      }
      continue;
    }
    auto xp = x, xm = x;
    xp[c] += h;
    xm[c] -= h;
    PairGradient gp, gm;
    gradient(xp, &gp);
    gradient(xm, &gm);
    for (int r = 0; r < n; ++r) {
      for (int a = 0; a < kPairQ; ++a) {
        const double fd = (gp(r, a) - gm(r, a)) / (2 * h);
        EXPECT_NEAR(hess[r](a, c), fd, 1e-7 * hscale)
            << "row " << r << " entry (" << a << ", " << c << ")";
      }
    }
  }
}

TEST_F(JointTest, DerivativesOfEveryTypeBetweenTwoMovingBodies) {
  for (JointType type : kAllTypes) {
    for (int trial = 0; trial < 3; ++trial) {
      SCOPED_TRACE(Name(type) + " trial " + std::to_string(trial));
      JointConstraint joint(nullptr, type, RandomMarker(0), RandomMarker(1));
      EXPECT_EQ(joint.rows(), JointRowCount(type));
      const Q7 qI = RandomQ(), qJ = RandomQ();
      CheckDerivatives(joint, qI.data(), qJ.data());
    }
  }
}

TEST_F(JointTest, DerivativesOfEveryTypeWithJOnGround) {
  for (JointType type : kAllTypes) {
    for (int trial = 0; trial < 2; ++trial) {
      SCOPED_TRACE(Name(type) + " trial " + std::to_string(trial));
      // a ground marker's s and A are global
      JointConstraint joint(nullptr, type, RandomMarker(0), RandomMarker(kGround));
      const Q7 qI = RandomQ();
      CheckDerivatives(joint, qI.data(), nullptr);
    }
  }
}

TEST_F(JointTest, DerivativesOfEveryTypeWithIOnGround) {
  for (JointType type : kAllTypes) {
    SCOPED_TRACE(Name(type));
    JointConstraint joint(nullptr, type, RandomMarker(kGround), RandomMarker(0));
    const Q7 qJ = RandomQ();
    CheckDerivatives(joint, nullptr, qJ.data());
  }
}

TEST_F(JointTest, DerivativesOfEveryMotionType) {
  // both sides moving, J on the ground, I on the ground; the angle branch is taken at the
  // configuration itself (as after an accepted step), away from the cut at half a turn
  for (JointType type : kMotionTypes) {
    for (int trial = 0; trial < 3; ++trial) {
      SCOPED_TRACE(Name(type) + " trial " + std::to_string(trial));
      const Q7 qI = RandomQ(), qJ = RandomQ();
      JointConstraint both(nullptr, type, RandomMarker(0), RandomMarker(1));
      EXPECT_EQ(both.rows(), 1);
      both.Accept(qI.data(), qJ.data());
      CheckDerivatives(both, qI.data(), qJ.data());
      JointConstraint j_ground(nullptr, type, RandomMarker(0), RandomMarker(kGround));
      j_ground.Accept(qI.data(), nullptr);
      CheckDerivatives(j_ground, qI.data(), nullptr);
      JointConstraint i_ground(nullptr, type, RandomMarker(kGround), RandomMarker(0));
      i_ground.Accept(nullptr, qJ.data());
      CheckDerivatives(i_ground, nullptr, qJ.data());
    }
  }
}

// body coordinates (unit quaternion) that put `marker` at the global frame (p, R); below
Q7 PlaceMarker(const BodyMarker& marker, const Vec3& p, const Mat3& R);

Mat3 Rx(double a) { return AxisRotation(Vec3::UnitX(), a); }
Mat3 Ry(double a) { return AxisRotation(Vec3::UnitY(), a); }
Mat3 Rz(double a) { return AxisRotation(Vec3::UnitZ(), a); }

TEST_F(JointTest, MarkerMotionCoordinatesAreTheDocumentedMeasures) {
  // semantics.md 1.2 and Adams MOTION (B1, B2, B3 = body 1-2-3 Euler angles of I relative
  // to J): for I at pJ + RJ t with axes RJ Rx(b1) Ry(b2) Rz(b3), X, Y, Z give t and B1,
  // B2, B3 give b1, b2, b3
  const BodyMarker mi = RandomMarker(0), mj = RandomMarker(1);
  const Q7 qJ = RandomQ(1.0, 1.0);
  const Frame<double> fJ = MarkerFrame(mj, qJ.data());
  const Vec3 t(0.3, -0.7, 1.1);
  const double b1 = 2.5, b2 = -1.2, b3 = -2.9;  // |b2| < pi/2
  const Q7 qI = PlaceMarker(mi, fJ.p + fJ.R * t, fJ.R * Rx(b1) * Ry(b2) * Rz(b3));
  const std::pair<JointType, double> expected[] = {{JointType::kMotionX, t.x()},
                                                   {JointType::kMotionY, t.y()},
                                                   {JointType::kMotionTranslation, t.z()},
                                                   {JointType::kMotionB1, b1},
                                                   {JointType::kMotionB2, b2},
                                                   {JointType::kMotionB3, b3}};
  for (const auto& [type, value] : expected) {
    SCOPED_TRACE(Name(type));
    JointConstraint motion(nullptr, type, mi, mj);
    double phi = 0.0;
    motion.EvaluateValue(qI.data(), qJ.data(), &phi);
    EXPECT_NEAR(phi, value, 1e-12);
  }
}

TEST_F(JointTest, MarkerMotionAnglesAreFollowedThroughWholeTurns) {
  // B1 and B3 turn I about J's x (z) axis by 3.3 turns in small accepted steps: the
  // coordinate is the total angle, not its value modulo a turn
  const BodyMarker mi = RandomMarker(0), mj = RandomMarker(kGround);
  const std::pair<JointType, Mat3 (*)(double)> cases[] = {{JointType::kMotionB1, &Rx},
                                                          {JointType::kMotionB3, &Rz}};
  for (const auto& [type, rotation] : cases) {
    SCOPED_TRACE(Name(type));
    JointConstraint motion(nullptr, type, mi, mj);
    const double total = 3.3 * 2 * kPi;
    double phi = 0.0;
    for (int step = 0; step <= 400; ++step) {
      const double angle = total * step / 400;
      const Q7 qI = PlaceMarker(mi, mj.s, mj.A * rotation(angle));
      motion.EvaluateValue(qI.data(), nullptr, &phi);
      ASSERT_NEAR(phi, angle, 1e-10) << "step " << step;
      motion.Accept(qI.data(), nullptr);
    }
  }
}

TEST_F(JointTest, MarkerFrameOfABodyMarker) {
  // definition: p = r + R(e) s, axes = R(e) A, for a unit quaternion e
  const BodyMarker m = RandomMarker(0);
  const Q7 q = RandomQ(1.0, 1.0);
  const Frame<double> f = MarkerFrame(m, q.data());
  const Mat3 Rb = Eigen::Quaterniond(q[3], q[4], q[5], q[6]).toRotationMatrix();
  EXPECT_LT((f.p - (Vec3(q[0], q[1], q[2]) + Rb * m.s)).norm(), 1e-14);
  EXPECT_LT((f.R - Rb * m.A).norm(), 1e-14);
  // ground: the marker's own s and A
  const BodyMarker g = RandomMarker(kGround);
  const Frame<double> fg = MarkerFrame(g, nullptr);
  EXPECT_EQ(fg.p, g.s);
  EXPECT_EQ(fg.R, g.A);
}

// -- the zero set ---------------------------------------------------------------------------

// A rigid motion of the I marker relative to the assembled configuration, in the axes of
// the J marker: I frame = (pJ + RJ t, RJ Rrel RI0rel).
struct RelativeMotion {
  std::string what;
  Vec3 t = Vec3::Zero();         // translation of I's origin, J axes
  Mat3 rot = Mat3::Identity();   // rotation applied to I's axes, J axes (left factor)
  Mat3 post = Mat3::Identity();  // rotation applied to I's axes, its own axes (right factor)
};

// The relative orientation RJ^T RI of the assembled configuration of a joint type.
Mat3 AssembledRelativeAxes(JointType type) {
  // universal: z_I perpendicular to z_J (here z_I = -y_J); every other type: aligned frames
  if (type == JointType::kUniversal) return AxisRotation(Vec3::UnitX(), kPi / 2);
  return Mat3::Identity();
}

std::vector<RelativeMotion> FreeMotions(JointType type) {
  const Vec3 ex = Vec3::UnitX(), ey = Vec3::UnitY(), ez = Vec3::UnitZ();
  std::vector<RelativeMotion> m;
  auto add = [&](std::string what, Vec3 t, Mat3 rot, Mat3 post = Mat3::Identity()) {
    m.push_back({std::move(what), t, rot, post});
  };
  switch (type) {
    case JointType::kFixed:
      break;
    case JointType::kRevolute:
      add("rotation about z", Vec3::Zero(), AxisRotation(ez, 0.9));
      add("rotation about z by -2.5", Vec3::Zero(), AxisRotation(ez, -2.5));
      break;
    case JointType::kTranslational:
      add("slide along z_J", 0.7 * ez, Mat3::Identity());
      add("slide along -z_J", -1.3 * ez, Mat3::Identity());
      break;
    case JointType::kCylindrical:
      add("slide along z_J", 0.7 * ez, Mat3::Identity());
      add("rotation about z", Vec3::Zero(), AxisRotation(ez, 1.1));
      add("screw motion", -0.4 * ez, AxisRotation(ez, -2.0));
      break;
    case JointType::kSpherical:
      add("rotation about x", Vec3::Zero(), AxisRotation(ex, 0.8));
      add("rotation about y", Vec3::Zero(), AxisRotation(ey, -1.2));
      add("any rotation", Vec3::Zero(), AxisRotation(Vec3(0.3, -0.5, 0.8), 2.3));
      break;
    case JointType::kPlanar:
      add("translation in x-y", Vec3(0.6, -0.9, 0), Mat3::Identity());
      add("rotation about z", Vec3::Zero(), AxisRotation(ez, 1.7));
      add("both", Vec3(-0.2, 0.5, 0), AxisRotation(ez, -0.6));
      break;
    case JointType::kUniversal:
      add("rotation about z_J", Vec3::Zero(), AxisRotation(ez, 0.9));
      add("rotation about z_I", Vec3::Zero(), Mat3::Identity(), AxisRotation(ez, -1.3));
      add("both", Vec3::Zero(), AxisRotation(ez, 2.1), AxisRotation(ez, 0.4));
      break;
  }
  return m;
}

// Motions that the joint forbids, each small enough to stay near the assembled branch.
std::vector<RelativeMotion> ConstrainedMotions(JointType type) {
  const Vec3 ex = Vec3::UnitX(), ey = Vec3::UnitY(), ez = Vec3::UnitZ();
  const double d = 0.05;
  const RelativeMotion tx{"translation x_J", d * ex}, ty{"translation y_J", d * ey},
      tz{"translation z_J", d * ez};
  const RelativeMotion rx{"rotation x_J", Vec3::Zero(), AxisRotation(ex, d)},
      ry{"rotation y_J", Vec3::Zero(), AxisRotation(ey, d)},
      rz{"rotation z_J", Vec3::Zero(), AxisRotation(ez, d)};
  switch (type) {
    case JointType::kFixed:
      return {tx, ty, tz, rx, ry, rz};
    case JointType::kRevolute:
      return {tx, ty, tz, rx, ry};
    case JointType::kTranslational:
      return {tx, ty, rx, ry, rz};
    case JointType::kCylindrical:
      return {tx, ty, rx, ry};
    case JointType::kSpherical:
      return {tx, ty, tz};
    case JointType::kPlanar:
      return {tz, rx, ry};
    case JointType::kUniversal:
      // z_I = -y_J: the rotation about z_I x z_J = -x_J is the one that is forbidden
      return {tx, ty, tz, rx};
  }
  return {};
}

// Body coordinates (unit quaternion) that put `marker` at the global frame (p, R).
Q7 PlaceMarker(const BodyMarker& marker, const Vec3& p, const Mat3& R) {
  const Mat3 Rb = R * marker.A.transpose();
  const Vec3 r = p - Rb * marker.s;
  const Vec4 e = math::MatrixToQuat(Rb);
  return {r[0], r[1], r[2], e[0], e[1], e[2], e[3]};
}

class JointZeroSetTest : public JointTest {
 protected:
  // residuals of the joint with the J marker at a random global frame (on a moving body or
  // on the ground) and the I marker moved by `motion` from the assembled configuration
  std::vector<double> Residuals(const JointConstraint& joint, const Q7& qJ, bool j_on_ground,
                                const RelativeMotion& motion) {
    const Frame<double> fJ = MarkerFrame(joint.j(), j_on_ground ? nullptr : qJ.data());
    const Vec3 pI = fJ.p + fJ.R * motion.t;
    const Mat3 RI = fJ.R * motion.rot * AssembledRelativeAxes(joint.type()) * motion.post;
    const Q7 qI = PlaceMarker(joint.i(), pI, RI);
    // the construction itself: the I marker is where it was asked to be
    const Frame<double> fI = MarkerFrame(joint.i(), qI.data());
    EXPECT_LT((fI.p - pI).norm(), 1e-12);
    EXPECT_LT((fI.R - RI).norm(), 1e-12);
    std::vector<double> phi(joint.rows());
    joint.EvaluateValue(qI.data(), j_on_ground ? nullptr : qJ.data(), phi.data());
    return phi;
  }

  void CheckZeroSet(JointType type, bool j_on_ground) {
    JointConstraint joint(nullptr, type, RandomMarker(0), RandomMarker(j_on_ground ? kGround : 1));
    const Q7 qJ = RandomQ(1.0, 1.0);
    auto norm = [](const std::vector<double>& v) {
      return Eigen::Map<const VecX>(v.data(), v.size()).norm();
    };
    EXPECT_LT(norm(Residuals(joint, qJ, j_on_ground, RelativeMotion{"assembled"})), 1e-13)
        << "assembled configuration";
    for (const RelativeMotion& m : FreeMotions(type))
      EXPECT_LT(norm(Residuals(joint, qJ, j_on_ground, m)), 1e-13) << "free: " << m.what;
    // a forbidden motion of size 0.05 changes the residuals by about 0.05 (Euclidean norm)
    for (const RelativeMotion& m : ConstrainedMotions(type))
      EXPECT_GT(norm(Residuals(joint, qJ, j_on_ground, m)), 0.04) << "constrained: " << m.what;
    // a forbidden motion made in the frame reached by a free one (J axes carried along by
    // the free motion) is still forbidden
    for (const RelativeMotion& f : FreeMotions(type)) {
      for (const RelativeMotion& c : ConstrainedMotions(type)) {
        RelativeMotion both{f.what + " and " + c.what, f.t + f.rot * c.t, f.rot * c.rot, f.post};
        EXPECT_GT(norm(Residuals(joint, qJ, j_on_ground, both)), 0.03) << both.what;
      }
    }
  }
};

TEST_F(JointZeroSetTest, EveryTypeBetweenTwoMovingBodies) {
  for (JointType type : kAllTypes) {
    for (int trial = 0; trial < 3; ++trial) {
      SCOPED_TRACE(Name(type) + " trial " + std::to_string(trial));
      CheckZeroSet(type, false);
    }
  }
}

TEST_F(JointZeroSetTest, EveryTypeWithJOnGround) {
  for (JointType type : kAllTypes) {
    for (int trial = 0; trial < 2; ++trial) {
      SCOPED_TRACE(Name(type) + " trial " + std::to_string(trial));
      CheckZeroSet(type, true);
    }
  }
}

TEST_F(JointZeroSetTest, DerivativesAtTheAssembledConfiguration) {
  // the constraint gradient is checked again where the residuals vanish (unit quaternions)
  for (JointType type : kAllTypes) {
    SCOPED_TRACE(Name(type));
    JointConstraint joint(nullptr, type, RandomMarker(0), RandomMarker(1));
    const Q7 qJ = RandomQ(1.0, 1.0);
    const Frame<double> fJ = MarkerFrame(joint.j(), qJ.data());
    const Q7 qI = PlaceMarker(joint.i(), fJ.p, fJ.R * AssembledRelativeAxes(type));
    CheckDerivatives(joint, qI.data(), qJ.data());
  }
}

TEST(JointTypeTest, ParseJointTypeAndRowCounts) {
  // semantics.md 6.2: number of equations = 6 - degrees of freedom left
  const std::pair<const char*, int> expected[] = {
      {"FIXED", 6},       {"REVOLUTE", 5},  {"TRANSLATIONAL", 5}, {"SPHERICAL", 3},
      {"CYLINDRICAL", 4}, {"UNIVERSAL", 4}, {"PLANAR", 3}};
  for (const auto& [word, rows] : expected) {
    JointType type;
    ASSERT_TRUE(ParseJointType(word, &type)) << word;
    EXPECT_EQ(Name(type), word);
    EXPECT_EQ(JointRowCount(type), rows) << word;
    for (int r = 0; r < rows; ++r) EXPECT_NE(std::string(JointRowName(type, r)), "?");
  }
  JointType type;
  EXPECT_TRUE(ParseJointType("revolute", &type));  // case-insensitive
  EXPECT_EQ(type, JointType::kRevolute);
  EXPECT_FALSE(ParseJointType("HINGE", &type));
  EXPECT_FALSE(ParseJointType("", &type));
}

}  // namespace
}  // namespace msolve::mbs
