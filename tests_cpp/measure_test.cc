// Tests of mbs/measure: every kinematic measure (DX ... ROLL) of markers I, J, K, L on four
// moving bodies, against the definitions of docs/motionsolve-compatibility.md §4.6 evaluated here
// from the marker kinematics, and its gradient against central finite differences of its value.
#include "mbs/measure.h"

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "math/rotation.h"

namespace msolve::mbs {
namespace {

constexpr int kBodies = 4;
constexpr int kStates = 13;

// global kinematics of a marker: origin, axes, velocity, angular velocity, their rates
struct Kinematics {
  Vec3 p, v, a, w, wd;
  Mat3 R;
};

// from the definitions: p = r + R s, w = R w_b, v = r' + w x R s, w' = R w_b',
// a = r'' + w' x R s + w x (w x R s), axes R A (R of a unit quaternion)
Kinematics MarkerKinematics(const BodyMarker& m, const double* x, const double* xd) {
  const Mat3 Rb = Eigen::Quaterniond(x[3], x[4], x[5], x[6]).normalized().toRotationMatrix();
  const Vec3 rho = Rb * m.s;
  Kinematics k;
  k.p = Vec3(x[0], x[1], x[2]) + rho;
  k.w = Rb * Vec3(x[10], x[11], x[12]);
  k.wd = Rb * Vec3(xd[3], xd[4], xd[5]);
  k.v = Vec3(x[7], x[8], x[9]) + k.w.cross(rho);
  k.a = Vec3(xd[0], xd[1], xd[2]) + k.wd.cross(rho) + k.w.cross(k.w.cross(rho));
  k.R = Rb * m.A;
  return k;
}

// the measure by its definition: the time derivatives of d = p_I - p_J and of the angular
// velocity taken in frame L, components along the axes of K, angles of I relative to J
double Definition(MeasureKind kind, const Kinematics& I, const Kinematics& J, const Kinematics& K,
                  const Kinematics& L) {
  const Vec3 d = I.p - J.p;
  const Vec3 dd = I.v - J.v;
  const Vec3 vel = dd - L.w.cross(d);
  const Vec3 acc = (I.a - J.a) - L.wd.cross(d) - 2 * L.w.cross(dd) + L.w.cross(L.w.cross(d));
  const Vec3 w = I.w - J.w;
  const Vec3 wd = (I.wd - L.w.cross(I.w)) - (J.wd - L.w.cross(J.w));
  const Mat3 Rr = J.R.transpose() * I.R;
  const Vec3 e313 = math::MatrixToEuler313(Rr);
  const Vec3 xi = I.R.col(0), zi = I.R.col(2);
  switch (kind) {
    case MeasureKind::kDX:
      return d.dot(K.R.col(0));
    case MeasureKind::kDY:
      return d.dot(K.R.col(1));
    case MeasureKind::kDZ:
      return d.dot(K.R.col(2));
    case MeasureKind::kDM:
      return d.norm();
    case MeasureKind::kVX:
      return vel.dot(K.R.col(0));
    case MeasureKind::kVY:
      return vel.dot(K.R.col(1));
    case MeasureKind::kVZ:
      return vel.dot(K.R.col(2));
    case MeasureKind::kVM:
      return vel.norm();
    case MeasureKind::kVR:
      return vel.dot(d.normalized());
    case MeasureKind::kWX:
      return w.dot(K.R.col(0));
    case MeasureKind::kWY:
      return w.dot(K.R.col(1));
    case MeasureKind::kWZ:
      return w.dot(K.R.col(2));
    case MeasureKind::kWM:
      return w.norm();
    case MeasureKind::kACCX:
      return acc.dot(K.R.col(0));
    case MeasureKind::kACCY:
      return acc.dot(K.R.col(1));
    case MeasureKind::kACCZ:
      return acc.dot(K.R.col(2));
    case MeasureKind::kACCM:
      return acc.norm();
    case MeasureKind::kWDTX:
      return wd.dot(K.R.col(0));
    case MeasureKind::kWDTY:
      return wd.dot(K.R.col(1));
    case MeasureKind::kWDTZ:
      return wd.dot(K.R.col(2));
    case MeasureKind::kWDTM:
      return wd.norm();
    case MeasureKind::kAX:
      return std::atan2(-zi.dot(J.R.col(1)), zi.dot(J.R.col(2)));
    case MeasureKind::kAY:
      return std::atan2(zi.dot(J.R.col(0)), zi.dot(J.R.col(2)));
    case MeasureKind::kAZ:
      return std::atan2(xi.dot(J.R.col(1)), xi.dot(J.R.col(0)));
    case MeasureKind::kPSI:
      return e313[0];
    case MeasureKind::kTHETA:
      return e313[1];
    case MeasureKind::kPHI:
      return e313[2];
    case MeasureKind::kYAW:
      return std::atan2(Rr(1, 0), Rr(0, 0));
    case MeasureKind::kPITCH:
      return std::asin(Rr(2, 0));
    case MeasureKind::kROLL:
      return std::atan2(Rr(2, 1), Rr(2, 2));
  }
  return NAN;
}

TEST(KinematicMeasureTest, EveryMeasureIsItsDefinitionAndHasExactDerivatives) {
  std::mt19937 rng(20261121);
  auto uniform = [&](double a, double b) {
    return std::uniform_real_distribution<double>(a, b)(rng);
  };
  // four bodies with random states (unit quaternions) and accelerations
  std::vector<double> y(kStates * kBodies), yp(kStates * kBodies);
  for (int b = 0; b < kBodies; ++b) {
    double* x = y.data() + kStates * b;
    for (int c = 0; c < kStates; ++c) x[c] = uniform(-1, 1);
    Eigen::Map<Vec4>(x + 3).normalize();
    for (int c = 0; c < kStates; ++c) yp[kStates * b + c] = uniform(-1, 1);
  }
  std::vector<BodyMarker> markers(4);
  for (int r = 0; r < 4; ++r) {
    markers[r].body = r;
    markers[r].s = Vec3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    markers[r].A =
        Eigen::AngleAxisd(uniform(-3, 3),
                          Vec3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)).normalized())
            .toRotationMatrix();
  }
  Kinematics k[4];
  for (int r = 0; r < 4; ++r)
    k[r] = MarkerKinematics(markers[r], y.data() + kStates * r, yp.data() + kStates * r + 7);

  for (int n = 0; n <= static_cast<int>(MeasureKind::kROLL); ++n) {
    const auto kind = static_cast<MeasureKind>(n);
    SCOPED_TRACE("measure " + std::to_string(n));
    const KinematicMeasure measure(kind, markers);
    const double value = measure.Value(y.data(), yp.data());
    EXPECT_NEAR(value, Definition(kind, k[0], k[1], k[2], k[3]), 1e-13 * (1 + std::abs(value)));

    // the gradient: body b's 13 states, then its 6 accelerations; central differences
    std::vector<double> grad;
    EXPECT_NEAR(measure.Gradient(y.data(), yp.data(), &grad), value, 1e-14 * (1 + std::abs(value)));
    const auto& bodies = measure.bodies();
    ASSERT_EQ(grad.size(), 19 * bodies.size());
    const double h = 1e-6;
    for (size_t b = 0; b < bodies.size(); ++b) {
      for (int c = 0; c < 19; ++c) {
        std::vector<double>& z = c < 13 ? y : yp;
        const int index = kStates * bodies[b] + (c < 13 ? c : c - 6);
        const double saved = z[index];
        z[index] = saved + h;
        const double ahead = measure.Value(y.data(), yp.data());
        z[index] = saved - h;
        const double behind = measure.Value(y.data(), yp.data());
        z[index] = saved;
        EXPECT_NEAR(grad[19 * b + c], (ahead - behind) / (2 * h), 1e-7)
            << "body " << bodies[b] << " component " << c;
      }
    }
  }
}

TEST(KinematicMeasureTest, MeasureNamesAreTheParsedNames) {
  // the Python runtime functions DX ... ROLL are made from MeasureNames
  const std::vector<std::string> names = MeasureNames();
  EXPECT_EQ(names.size(), static_cast<size_t>(MeasureKind::kROLL) + 1);
  for (const std::string& name : names) {
    MeasureKind kind;
    EXPECT_TRUE(ParseMeasure(name, &kind)) << name;
  }
  MeasureKind kind;
  EXPECT_FALSE(ParseMeasure("FX", &kind));
}

}  // namespace
}  // namespace msolve::mbs
