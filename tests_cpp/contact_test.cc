// Tests of mbs/contact_geometry and mbs/contact: the contact points of the primitive pairs
// against their closed forms (docs/equations.md §3.13), and the element's AD Jacobian
// against central finite differences of its wrenches.
#include "mbs/contact.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "mbs/contact_geometry.h"

namespace msolve::mbs {
namespace {

TEST(ContactGeometry, SphereSphereAlongTheLineOfCentres) {
  std::vector<ContactPoint<double>> out;
  SphereSphere<double>(Vec3(0, 0, 1.5), 1.0, Vec3(0, 0, 0), 0.75, &out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.25, 1e-15);
  EXPECT_NEAR((out[0].n - Vec3(0, 0, 1)).norm(), 0, 1e-15);
  // midway through the overlap: between z = 0.5 (I's surface) and 0.75 (J's)
  EXPECT_NEAR((out[0].p - Vec3(0, 0, 0.625)).norm(), 0, 1e-15);
  out.clear();
  SphereSphere<double>(Vec3(0, 0, 1.8), 1.0, Vec3(0, 0, 0), 0.75, &out);
  EXPECT_TRUE(out.empty());
}

TEST(ContactGeometry, SphereOnABoxFaceEdgeAndInside) {
  const Mat3 I = Mat3::Identity();
  const Vec3 half(1, 1, 0.5);
  std::vector<ContactPoint<double>> out;
  // above the top face z = 0.5, 0.1 into it
  SphereBox<double>(Vec3(0.3, 0.2, 0.8), 0.4, Vec3::Zero(), I, half, true, &out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.1, 1e-15);
  EXPECT_NEAR((out[0].n - Vec3(0, 0, 1)).norm(), 0, 1e-15);
  // beyond the edge x = 1, z = 0.5, diagonally: distance 0.3 sqrt(2) to the edge
  out.clear();
  SphereBox<double>(Vec3(1.3, 0, 0.8), 0.5, Vec3::Zero(), I, half, true, &out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.5 - 0.3 * std::sqrt(2.0), 1e-14);
  EXPECT_NEAR((out[0].n - Vec3(1, 0, 1).normalized()).norm(), 0, 1e-14);
  // the sphere as J: the normal (from J into I) points into the box
  out.clear();
  SphereBox<double>(Vec3(0, 0, 0.8), 0.4, Vec3::Zero(), I, half, false, &out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR((out[0].n - Vec3(0, 0, -1)).norm(), 0, 1e-15);
  // centre inside the box, nearest the top face: out through it, depth r + 0.1
  out.clear();
  SphereBox<double>(Vec3(0, 0, 0.4), 0.2, Vec3::Zero(), I, half, true, &out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.3, 1e-15);
}

TEST(ContactGeometry, ABoxOnABoxTouchesAtItsFourLowerCorners) {
  // a 0.2 x 0.2 x 0.1 box whose bottom face is 0.001 below the top face z = 0 of a big box,
  // turned 30 degrees about z
  PlacedShape<double> block, floor;
  block.sphere = floor.sphere = false;
  block.c = Vec3(0.5, 0, 0.049);
  block.R = Eigen::AngleAxisd(M_PI / 6, Vec3::UnitZ()).toRotationMatrix();
  block.half = Vec3(0.1, 0.1, 0.05);
  floor.c = Vec3(0, 0, -0.5);
  floor.R = Mat3::Identity();
  floor.half = Vec3(5, 5, 0.5);
  std::vector<ContactPoint<double>> out;
  ShapeContacts(block, floor, &out);
  ASSERT_EQ(out.size(), 4u);
  for (const auto& k : out) {
    EXPECT_NEAR(k.depth, 0.001, 1e-14);
    EXPECT_NEAR((k.n - Vec3(0, 0, 1)).norm(), 0, 1e-15);
    EXPECT_NEAR(k.p.z(), -0.0005, 1e-14);
  }
}

// a ball (body 0) on the ground's floor box, moving and spinning, with friction: the
// Jacobian of the wrenches by automatic differentiation against central differences
TEST(ContactElement, JacobianMatchesFiniteDifferences) {
  ContactShape ball, floor;
  ball.m.body = 0;
  ball.radius = 0.1;
  floor.m.body = kGround;
  floor.sphere = false;
  floor.m.s = Vec3(0, 0, -0.5);
  floor.half = Vec3(5, 5, 0.5);
  ContactLaw law;
  law.stiffness = 1e5, law.exponent = 1.5, law.damping = 50, law.dmax = 0.01;
  law.friction = true, law.mu_static = 0.5, law.mu_dynamic = 0.3;
  law.stiction_v = 0.1, law.friction_v = 0.2;
  ContactElement element(nullptr, ball.m, floor.m, {ball}, {floor}, law);
  const Eigen::Quaterniond q(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()));
  double x[kBodyX] = {0.1,  0.2,   0.095, q.w(), q.x(), q.y(), q.z(),
                      0.12, -0.05, -0.3,  1.0,   -2.0,  0.5};
  Wrench on_i, on_j;
  PairForceJacobian jac;
  element.Evaluate(x, nullptr, nullptr, &on_i, &on_j, &jac);
  ASSERT_GT(on_i[2], 0.0);
  ASSERT_GT(std::abs(on_i[0]), 0.0);  // friction
  for (int c = 0; c < kBodyX; ++c) {
    const double h = 1e-7;
    double xp[kBodyX], xm[kBodyX];
    std::copy(x, x + kBodyX, xp);
    std::copy(x, x + kBodyX, xm);
    xp[c] += h, xm[c] -= h;
    Wrench ip, jp, im, jm;
    element.Evaluate(xp, nullptr, nullptr, &ip, &jp, nullptr);
    element.Evaluate(xm, nullptr, nullptr, &im, &jm, nullptr);
    const Wrench fd = (ip - im) / (2 * h);
    for (int r = 0; r < 6; ++r)
      EXPECT_NEAR(jac(r, c), fd[r], 1e-5 * (1 + std::abs(fd[r]))) << "row " << r << " col " << c;
  }
}

}  // namespace
}  // namespace msolve::mbs
