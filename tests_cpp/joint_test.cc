// Tests of mbs/joint: the joint equations of every joint type bound to two markers, their
// gradients and Hessians (checked against central finite differences of the values and of
// the gradients), and their zero set (checked on configurations built to satisfy the joint,
// moved along the free and the constrained relative motions of docs/equations.md §2.1).
#include "mbs/joint.h"

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unsupported/Eigen/AutoDiff>

namespace msolve::mbs {
namespace {

constexpr double kPi = 3.14159265358979323846;

const JointType kAllTypes[] = {
    JointType::kFixed,        JointType::kRevolute,     JointType::kTranslational,
    JointType::kSpherical,    JointType::kCylindrical,  JointType::kUniversal,
    JointType::kPlanar,       JointType::kHooke,        JointType::kConvel,
    JointType::kInline,       JointType::kInplane,      JointType::kOrientation,
    JointType::kParallelAxes, JointType::kPerpendicular};

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
    case JointType::kHooke:
      return "HOOKE";
    case JointType::kConvel:
      return "CONVEL";
    case JointType::kInline:
      return "INLINE";
    case JointType::kInplane:
      return "INPLANE";
    case JointType::kOrientation:
      return "ORIENTATION";
    case JointType::kParallelAxes:
      return "PARALLEL_AXES";
    case JointType::kPerpendicular:
      return "PERPENDICULAR";
    case JointType::kRackPinionAngle:
      return "rack-pinion angle";
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
    case JointType::kCurvePoint:
      return "curve point";
  }
  return "?";
}

// the single-row equations of Motions (joint-based and marker-based)
const JointType kMotionTypes[] = {JointType::kMotionTranslation, JointType::kMotionRotation,
                                  JointType::kMotionX,           JointType::kMotionY,
                                  JointType::kMotionB1,          JointType::kMotionB2,
                                  JointType::kMotionB3,          JointType::kRackPinionAngle};

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

// The memory slots of a constraint standing alone (the references of its followed angles),
// at their start; one slot at least, so that data() is never null.
std::vector<double> Slots(const JointConstraint& c) {
  std::vector<double> m(std::max(1, c.memory_size()), 0.0);
  c.InitialMemory(m.data());
  return m;
}

// Checks the gradient of Evaluate against central differences of EvaluateValue, the Hessians
// of EvaluateHessians against central differences of the gradient of Evaluate, and that
// EvaluateHessians repeats the value and gradient of Evaluate. Null sides are the ground:
// their columns must be exactly zero. `slots`: the constraint's memory (references of its
// angles), nullptr for the references at their start.
void CheckDerivatives(const JointConstraint& joint, const double* qI, const double* qJ,
                      const double* slots = nullptr) {
  const int n = joint.rows();
  std::array<double, kPairQ> x{};
  for (int k = 0; k < kBodyQ; ++k) {
    if (qI) x[k] = qI[k];
    if (qJ) x[kBodyQ + k] = qJ[k];
  }
  auto live = [&](int c) { return c < kBodyQ ? qI != nullptr : qJ != nullptr; };
  auto values = [&](const std::array<double, kPairQ>& z, double* phi) {
    joint.EvaluateValue(qI ? z.data() : nullptr, qJ ? z.data() + kBodyQ : nullptr, slots, phi);
  };
  auto gradient = [&](const std::array<double, kPairQ>& z, PairGradient* g) {
    double phi[6];
    joint.Evaluate(qI ? z.data() : nullptr, qJ ? z.data() + kBodyQ : nullptr, slots, phi, g);
  };

  double phi[6], phi_h[6];
  PairGradient grad, grad_h;
  std::vector<PairHessian> hess;
  joint.Evaluate(qI, qJ, slots, phi, &grad);
  joint.EvaluateHessians(qI, qJ, slots, phi_h, &grad_h, &hess);
  ASSERT_EQ(grad.rows(), n);
  ASSERT_EQ(grad_h.rows(), n);
  ASSERT_EQ(static_cast<int>(hess.size()), n);

  // value and gradient of EvaluateHessians equal those of Evaluate and EvaluateValue (the
  // same formulas, evaluated with other scalar types: equal up to rounding)
  double phi_v[6];
  joint.EvaluateValue(qI, qJ, slots, phi_v);
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
  joint.EvaluateCurvature(qI, qJ, slots, dir.data(), curvature);
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
      std::vector<double> m = Slots(both);
      both.Accept(qI.data(), qJ.data(), m.data());
      CheckDerivatives(both, qI.data(), qJ.data(), m.data());
      JointConstraint j_ground(nullptr, type, RandomMarker(0), RandomMarker(kGround));
      m = Slots(j_ground);
      j_ground.Accept(qI.data(), nullptr, m.data());
      CheckDerivatives(j_ground, qI.data(), nullptr, m.data());
      JointConstraint i_ground(nullptr, type, RandomMarker(kGround), RandomMarker(0));
      m = Slots(i_ground);
      i_ground.Accept(nullptr, qJ.data(), m.data());
      CheckDerivatives(i_ground, nullptr, qJ.data(), m.data());
    }
  }
}

// Reference values and gradient of the joint equations by forward-mode differentiation of
// JointResiduals over frames built here from the definition p = r + R(e) s, axes R(e) A.
void AutoDiffReference(JointType type, const BodyMarker& mi, const BodyMarker& mj, const double* qI,
                       const double* qJ, double* phi, PairGradient* grad) {
  using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, kPairQ, 1>>;
  auto frame = [](const BodyMarker& m, const double* q, int first) {
    Frame<AD> f;
    if (q == nullptr) {
      f.p = m.s.cast<AD>();
      f.R = m.A.cast<AD>();
      return f;
    }
    AD x[kBodyQ];
    for (int c = 0; c < kBodyQ; ++c) x[c] = AD(q[c], kPairQ, first + c);
    const math::Mat3T<AD> Rb = math::QuatToMatrix<AD>(x + 3);
    f.p = math::Vec3T<AD>(x[0], x[1], x[2]) + Rb * m.s.cast<AD>();
    f.R = Rb * m.A.cast<AD>();
    return f;
  };
  AD out[6];
  JointResiduals(type, frame(mi, qI, 0), frame(mj, qJ, kBodyQ), out);
  grad->resize(JointRowCount(type), kPairQ);
  for (int r = 0; r < JointRowCount(type); ++r) {
    phi[r] = out[r].value();
    grad->row(r) = out[r].derivatives().transpose();
  }
}

TEST_F(JointTest, ClosedFormGradientsEqualForwardModeDifferentiation) {
  // the types without angles have closed-form gradients (JointEquationTerms); they equal
  // those of automatic differentiation of the equations to rounding, for non-unit
  // quaternions too, with either side on the ground
  std::vector<JointType> types(std::begin(kAllTypes), std::end(kAllTypes));
  types.insert(types.end(),
               {JointType::kMotionTranslation, JointType::kMotionX, JointType::kMotionY});
  for (JointType type : types) {
    JointEquationTerm terms[2];
    for (int r = 0; r < JointRowCount(type); ++r)
      EXPECT_GT(JointEquationTerms(type, r, terms), 0) << Name(type) << " row " << r;
    for (int trial = 0; trial < 3; ++trial) {
      SCOPED_TRACE(Name(type) + " trial " + std::to_string(trial));
      const int jbody = trial == 1 ? kGround : 1;
      const int ibody = trial == 2 ? kGround : 0;
      const JointConstraint joint(nullptr, type, RandomMarker(ibody), RandomMarker(jbody));
      const Q7 qI = RandomQ(), qJ = RandomQ();
      const double* pI = ibody == kGround ? nullptr : qI.data();
      const double* pJ = jbody == kGround ? nullptr : qJ.data();
      double phi[6], phi_ref[6];
      PairGradient grad, grad_ref;
      joint.Evaluate(pI, pJ, nullptr, phi, &grad);
      AutoDiffReference(type, joint.i(), joint.j(), pI, pJ, phi_ref, &grad_ref);
      for (int r = 0; r < joint.rows(); ++r) EXPECT_NEAR(phi[r], phi_ref[r], 1e-15) << r;
      EXPECT_LT((grad - grad_ref).cwiseAbs().maxCoeff(), 1e-14);
    }
  }
  // the angles have no closed form here
  JointEquationTerm terms[2];
  for (JointType type : {JointType::kMotionRotation, JointType::kMotionB1, JointType::kMotionB2,
                         JointType::kMotionB3, JointType::kRackPinionAngle})
    EXPECT_EQ(JointEquationTerms(type, 0, terms), 0) << Name(type);
}

// body coordinates (unit quaternion) that put `marker` at the global frame (p, R); below
Q7 PlaceMarker(const BodyMarker& marker, const Vec3& p, const Mat3& R);

Mat3 Rx(double a) { return AxisRotation(Vec3::UnitX(), a); }
Mat3 Ry(double a) { return AxisRotation(Vec3::UnitY(), a); }
Mat3 Rz(double a) { return AxisRotation(Vec3::UnitZ(), a); }

TEST_F(JointTest, MarkerMotionCoordinatesAreTheDocumentedMeasures) {
  // docs/equations.md §2.5 and Adams MOTION (B1, B2, B3 = body 1-2-3 Euler angles of I relative
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
    motion.EvaluateValue(qI.data(), qJ.data(), nullptr, &phi);
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
    std::vector<double> m = Slots(motion);
    const double total = 3.3 * 2 * kPi;
    double phi = 0.0;
    for (int step = 0; step <= 400; ++step) {
      const double angle = total * step / 400;
      const Q7 qI = PlaceMarker(mi, mj.s, mj.A * rotation(angle));
      motion.EvaluateValue(qI.data(), nullptr, m.data(), &phi);
      ASSERT_NEAR(phi, angle, 1e-10) << "step " << step;
      motion.Accept(qI.data(), nullptr, m.data());
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
  // universal, perpendicular: z_I perpendicular to z_J (here z_I = -y_J); constant velocity:
  // the shafts' z axes point away from the centre, x axes parallel (z_I = -z_J, y_I = -y_J);
  // every other type: aligned frames
  if (type == JointType::kUniversal || type == JointType::kPerpendicular)
    return AxisRotation(Vec3::UnitX(), kPi / 2);
  if (type == JointType::kConvel) return AxisRotation(Vec3::UnitX(), kPi);
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
    case JointType::kPerpendicular:
      add("rotation about z_J", Vec3::Zero(), AxisRotation(ez, 0.9));
      add("rotation about z_I", Vec3::Zero(), Mat3::Identity(), AxisRotation(ez, -1.3));
      add("both", Vec3::Zero(), AxisRotation(ez, 2.1), AxisRotation(ez, 0.4));
      if (type == JointType::kPerpendicular)
        add("translation", Vec3(0.3, -0.8, 0.5), Mat3::Identity());
      break;
    case JointType::kHooke:
      // the cross pins: y_J (J's) and x_I (I's)
      add("rotation about y_J", Vec3::Zero(), AxisRotation(ey, 0.9));
      add("rotation about x_I", Vec3::Zero(), Mat3::Identity(), AxisRotation(ex, -1.3));
      add("both", Vec3::Zero(), AxisRotation(ey, -0.6), AxisRotation(ex, 2.2));
      break;
    case JointType::kConvel:
      // bending about any axis in J's x-y plane (the symmetric configurations)
      add("bend about x_J", Vec3::Zero(), AxisRotation(ex, 0.5));
      add("bend about y_J", Vec3::Zero(), AxisRotation(ey, -0.7));
      add("bend about x_J + 2 y_J", Vec3::Zero(), AxisRotation(Vec3(1, 2, 0), 0.6));
      break;
    case JointType::kInline:
      add("slide along z_J", 0.7 * ez, Mat3::Identity());
      add("any rotation", Vec3::Zero(), AxisRotation(Vec3(0.3, -0.5, 0.8), 2.3));
      add("both", -0.4 * ez, AxisRotation(Vec3(-0.2, 0.9, 0.1), -1.1));
      break;
    case JointType::kInplane:
      add("translation in x-y", Vec3(0.6, -0.9, 0), Mat3::Identity());
      add("any rotation", Vec3::Zero(), AxisRotation(Vec3(0.3, -0.5, 0.8), 2.3));
      add("both", Vec3(-0.2, 0.5, 0), AxisRotation(Vec3(1, 1, 0), -0.6));
      break;
    case JointType::kOrientation:
      add("any translation", Vec3(0.6, -0.9, 0.4), Mat3::Identity());
      break;
    case JointType::kParallelAxes:
      add("any translation", Vec3(0.6, -0.9, 0.4), Mat3::Identity());
      add("rotation about z", Vec3::Zero(), AxisRotation(ez, 1.7));
      add("both", Vec3(-0.2, 0.5, 1.0), AxisRotation(ez, -2.6));
      break;
    default:
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
    case JointType::kPerpendicular:
      return {rx};
    case JointType::kHooke:
      return {tx, ty, tz, rz};
    case JointType::kConvel:
      // the spin of one shaft relative to the other
      return {tx, ty, tz, rz};
    case JointType::kInline:
      return {tx, ty};
    case JointType::kInplane:
      return {tz};
    case JointType::kOrientation:
      return {rx, ry, rz};
    case JointType::kParallelAxes:
      return {rx, ry};
    default:
      break;
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
    joint.EvaluateValue(qI.data(), j_on_ground ? nullptr : qJ.data(), nullptr, phi.data());
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
    // a forbidden motion made where a free one leads (a rotation in the axes carried along by
    // the free motion; a translation along J's axes, to which every position equation of
    // docs/equations.md §2.1 refers) is still forbidden
    for (const RelativeMotion& f : FreeMotions(type)) {
      for (const RelativeMotion& c : ConstrainedMotions(type)) {
        RelativeMotion both{f.what + " and " + c.what, f.t + c.t, f.rot * c.rot, f.post};
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
  // docs/equations.md §2.1: number of equations = 6 - degrees of freedom left
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
  for (const auto& [word, rows] :
       {std::pair<const char*, int>{"HOOKE", 4}, std::pair<const char*, int>{"CONVEL", 4}}) {
    JointType type;
    ASSERT_TRUE(ParseJointType(word, &type)) << word;
    EXPECT_EQ(Name(type), word);
    EXPECT_EQ(JointRowCount(type), rows) << word;
  }
  // joint primitives: ATPOINT has the equations of SPHERICAL
  const std::pair<const char*, int> primitives[] = {{"INLINE", 2},
                                                    {"INPLANE", 1},
                                                    {"ORIENTATION", 3},
                                                    {"PARALLEL_AXES", 2},
                                                    {"PERPENDICULAR", 1}};
  for (const auto& [word, rows] : primitives) {
    JointType type;
    ASSERT_TRUE(ParseJprimType(word, &type)) << word;
    EXPECT_EQ(Name(type), word);
    EXPECT_EQ(JointRowCount(type), rows) << word;
    for (int r = 0; r < rows; ++r) EXPECT_NE(std::string(JointRowName(type, r)), "?");
  }
  JointType type;
  ASSERT_TRUE(ParseJprimType("atpoint", &type));
  EXPECT_EQ(type, JointType::kSpherical);
  EXPECT_FALSE(ParseJprimType("REVOLUTE", &type));
  // SCREW and RACKPIN are relations the compiler builds, not equations of one type
  EXPECT_FALSE(ParseJointType("SCREW", &type));
  EXPECT_FALSE(ParseJointType("RACKPIN", &type));
  EXPECT_TRUE(ParseJointType("revolute", &type));  // case-insensitive
  EXPECT_EQ(type, JointType::kRevolute);
  EXPECT_FALSE(ParseJointType("HINGE", &type));
  EXPECT_FALSE(ParseJointType("", &type));
}

// -- relations between coordinates (SCREW, RACKPIN, Coupler, Gear) --------------------------

JointConstraint::Term MakeTerm(JointType type, const BodyMarker& i, const BodyMarker& j,
                               double scale, double origin) {
  JointConstraint::Term t;
  t.type = type;
  t.i = i;
  t.j = j;
  t.scale = scale;
  t.origin = origin;
  return t;
}

TEST_F(JointTest, RackPinionAngleIsTheRotationOfIAboutItsZAxis) {
  // kRackPinionAngle: the pinion I turned by theta about z_I from x_I along z_J reads theta,
  // through several turns when followed from accepted steps
  const BodyMarker mi = RandomMarker(0), mj = RandomMarker(1);
  const Q7 qJ = RandomQ(1.0, 1.0);
  const Frame<double> fJ = MarkerFrame(mj, qJ.data());
  // design: x_I = z_J, z_I = x_J (perpendicular to the rack)
  Mat3 R0;
  R0.col(0) = fJ.R.col(2);
  R0.col(2) = fJ.R.col(0);
  R0.col(1) = R0.col(2).cross(R0.col(0));
  JointConstraint angle(nullptr, JointType::kRackPinionAngle, mi, mj);
  std::vector<double> m = Slots(angle);
  const Vec3 p(0.2, 0.4, -0.3);
  for (int step = 0; step <= 300; ++step) {
    const double theta = -2.7 * 2 * kPi * step / 300;
    const Q7 qI = PlaceMarker(mi, p, R0 * Rz(theta));
    double phi = 0.0;
    angle.EvaluateValue(qI.data(), qJ.data(), m.data(), &phi);
    ASSERT_NEAR(phi, theta, 1e-10) << "step " << step;
    angle.Accept(qI.data(), qJ.data(), m.data());
  }
}

TEST_F(JointTest, ScrewRelationHoldsOnTheHelixThroughWholeTurns) {
  // SCREW (docs/equations.md §2.4): d.z_J - pitch theta / 2 pi, both from the design position;
  // I moved along the helix (pitch per turn) stays on the zero set, I moved off it does not
  const double pitch = 0.35;
  const BodyMarker mi = RandomMarker(0), mj = RandomMarker(kGround);
  const Frame<double> fJ = MarkerFrame(mj, nullptr);
  const Vec3 t0(0.0, 0.0, 0.25);  // design: I 0.25 along z_J, turned 0.4 rad about it
  const double a0 = 0.4;
  const Q7 q0 = PlaceMarker(mi, fJ.p + fJ.R * t0, fJ.R * Rz(a0));
  JointConstraint screw(nullptr,
                        {MakeTerm(JointType::kMotionTranslation, mi, mj, 1.0, t0.z()),
                         MakeTerm(JointType::kMotionRotation, mi, mj, -pitch / (2 * kPi), a0)});
  EXPECT_TRUE(screw.single_pair());
  EXPECT_EQ(screw.rows(), 1);
  std::vector<double> m = Slots(screw);
  for (int step = 0; step <= 200; ++step) {
    const double theta = 3.4 * 2 * kPi * step / 200;
    const Vec3 t = t0 + Vec3(0, 0, pitch * theta / (2 * kPi));
    const Q7 qI = PlaceMarker(mi, fJ.p + fJ.R * t, fJ.R * Rz(a0 + theta));
    double phi = 1.0;
    screw.EvaluateValue(qI.data(), nullptr, m.data(), &phi);
    ASSERT_NEAR(phi, 0.0, 1e-12) << "step " << step;
    // off the helix by 0.01 along z_J
    const Q7 off = PlaceMarker(mi, fJ.p + fJ.R * (t + Vec3(0, 0, 0.01)), fJ.R * Rz(a0 + theta));
    screw.EvaluateValue(off.data(), nullptr, m.data(), &phi);
    ASSERT_NEAR(phi, 0.01, 1e-12);
    screw.Accept(qI.data(), nullptr, m.data());
  }
  (void)q0;
  // derivatives of the sum of the two terms (one pair of markers)
  const Q7 qI = RandomQ();
  screw.Accept(qI.data(), nullptr, m.data());
  CheckDerivatives(screw, qI.data(), nullptr, m.data());
}

TEST_F(JointTest, CouplerTermsAreScaledCoordinatesFromTheirOrigins) {
  // a relation over three pairs of bodies: each term is scale (c - origin) of its own pair,
  // with the gradient, Hessian and curvature of that coordinate scaled
  const BodyMarker a = RandomMarker(0), b = RandomMarker(1), c = RandomMarker(2),
                   d = RandomMarker(kGround);
  const std::vector<JointConstraint::Term> terms = {
      MakeTerm(JointType::kMotionRotation, a, b, 2.5, 0.3),
      MakeTerm(JointType::kMotionTranslation, c, b, -1.5, -0.2),
      MakeTerm(JointType::kMotionRotation, c, d, 0.75, 1.1)};
  JointConstraint coupler(nullptr, terms);
  EXPECT_FALSE(coupler.single_pair());
  EXPECT_EQ(coupler.terms(), 3);
  std::vector<double> m = Slots(coupler);
  const Q7 q[3] = {RandomQ(), RandomQ(), RandomQ()};
  const double* sides[3][2] = {
      {q[0].data(), q[1].data()}, {q[2].data(), q[1].data()}, {q[2].data(), nullptr}};
  for (int k = 0; k < 3; ++k) {
    SCOPED_TRACE("term " + std::to_string(k));
    JointConstraint alone(nullptr, terms[k].type, terms[k].i, terms[k].j);
    std::vector<double> ma = Slots(alone);
    coupler.AcceptTerm(k, sides[k][0], sides[k][1], m.data());
    alone.Accept(sides[k][0], sides[k][1], ma.data());
    double phi = 0.0, value = 0.0;
    PairGradient g, ga;
    std::vector<PairHessian> h, ha;
    coupler.EvaluateTermHessians(k, sides[k][0], sides[k][1], m.data(), &phi, &g, &h);
    alone.EvaluateHessians(sides[k][0], sides[k][1], ma.data(), &value, &ga, &ha);
    EXPECT_NEAR(phi, terms[k].scale * (value - terms[k].origin), 1e-13);
    EXPECT_LT((g - terms[k].scale * ga).cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_LT((h[0] - terms[k].scale * ha[0]).cwiseAbs().maxCoeff(), 1e-12);
    double only = 0.0;
    coupler.EvaluateTermValue(k, sides[k][0], sides[k][1], m.data(), &only);
    EXPECT_NEAR(only, phi, 1e-14);
    std::array<double, kPairQ> dir{};
    for (int e = 0; e < kPairQ; ++e) dir[e] = 0.1 * (e % 5) - 0.2;
    double curvature = 0.0, curvature_alone = 0.0;
    coupler.EvaluateTermCurvature(k, sides[k][0], sides[k][1], m.data(), dir.data(), &curvature);
    alone.EvaluateCurvature(sides[k][0], sides[k][1], ma.data(), dir.data(), &curvature_alone);
    EXPECT_NEAR(curvature, terms[k].scale * curvature_alone, 1e-12 * (1 + std::abs(curvature)));
  }
}

}  // namespace
}  // namespace msolve::mbs
