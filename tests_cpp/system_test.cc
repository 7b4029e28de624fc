// Tests of system/: compilation of a model description (state layout, units, error
// messages) and the exact Jacobian of the GGL residual, checked against central finite
// differences of System::Residual.
#include "system/system.h"

#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "math/rotation.h"

namespace msolve {
namespace {

using model::Joint;
using model::Marker;
using model::Model;
using model::Part;
using model::Units;
using system::System;

// -- a small mechanism ----------------------------------------------------------------------

std::shared_ptr<Marker> AddMarker(Model* m, int id, Part* part, const Vec3& qp) {
  auto mk = std::make_shared<Marker>();
  mk->id = id;
  mk->part = part;
  mk->qp = qp;
  m->markers.push_back(mk);
  return mk;
}

std::shared_ptr<Part> AddPart(Model* m, int id, double mass, std::array<double, 6> ip) {
  auto p = std::make_shared<Part>();
  p->id = id;
  p->mass = mass;
  p->ip = ip;
  m->parts.push_back(p);
  return p;
}

std::shared_ptr<Joint> AddJoint(Model* m, int id, const std::string& type, Marker* i, Marker* j) {
  auto jt = std::make_shared<Joint>();
  jt->id = id;
  jt->type = type;
  jt->i = i;
  jt->j = j;
  m->joints.push_back(jt);
  return jt;
}

// Ground and three parts with general inertia (products of inertia, cm and im markers with
// their own orientation, parts rotated), joined by a REVOLUTE (crank to ground), a SPHERICAL
// (link to crank) and a TRANSLATIONAL (ground as I, slider as J), under gravity. The design
// positions need not satisfy the joints: the tests evaluate at arbitrary states.
std::unique_ptr<Model> MakeMechanism(bool millimetres) {
  auto m = std::make_unique<Model>();
  const double L = millimetres ? 1000.0 : 1.0;  // length scale

  auto ground = AddPart(m.get(), 1, 0.0, {0, 0, 0, 0, 0, 0});
  ground->ground = true;
  auto g_pivot = AddMarker(m.get(), 10, ground.get(), Vec3(0, 0, 0));
  auto g_rail = AddMarker(m.get(), 11, ground.get(), L * Vec3(0.4, -0.1, 0.05));
  g_rail->zp = L * Vec3(1.4, 0.1, 0.05);
  g_rail->xp = L * Vec3(0.4, 0.9, 0.05);

  // crank: mass centre off the part origin, inertia in an im marker with other axes
  auto crank = AddPart(m.get(), 2, 2.5, {0.03, 0.05, 0.04, 0.004, -0.003, 0.002});
  crank->reuler = Vec3(0.3, 0.2, -0.4);
  crank->qg = L * Vec3(0.05, 0.0, 0.0);
  auto crank_cm = AddMarker(m.get(), 20, crank.get(), L * Vec3(0.1, 0.02, -0.01));
  crank_cm->reuler = Vec3(0.1, 0.5, 0.2);
  auto crank_im = AddMarker(m.get(), 21, crank.get(), L * Vec3(0.1, 0.02, -0.01));
  crank_im->zp = L * Vec3(0.1, 1.02, -0.01);
  crank->cm = crank_cm.get();
  crank->im = crank_im.get();
  auto crank_pivot = AddMarker(m.get(), 22, crank.get(), Vec3(0, 0, 0));
  crank_pivot->reuler = Vec3(-0.3, -0.2, 0.4);
  auto crank_pin = AddMarker(m.get(), 23, crank.get(), L * Vec3(0.2, 0, 0));

  // link: orientation by points
  auto link = AddPart(m.get(), 3, 1.2, {0.01, 0.08, 0.085, -0.001, 0.0005, 0.0015});
  link->qg = L * Vec3(0.25, 0.01, 0.0);
  link->zg = L * Vec3(0.25, 0.01, 1.0);
  link->xg = L * Vec3(1.25, 0.2, 0.0);
  auto link_cm = AddMarker(m.get(), 30, link.get(), L * Vec3(0.15, 0.0, 0.0));
  link->cm = link_cm.get();
  auto link_end = AddMarker(m.get(), 31, link.get(), L * Vec3(-0.05, 0.0, 0.0));
  link_end->reuler = Vec3(0.5, 1.0, 1.5);

  // slider: cm marker rotated (inertia taken in its axes)
  auto slider = AddPart(m.get(), 4, 0.7, {0.002, 0.003, 0.0025, 0.0002, 0.0001, -0.0003});
  slider->qg = L * Vec3(0.45, -0.1, 0.05);
  auto slider_cm = AddMarker(m.get(), 40, slider.get(), L * Vec3(0.01, 0.02, 0.03));
  slider_cm->reuler = Vec3(0.7, 0.4, -0.2);
  slider->cm = slider_cm.get();
  auto slider_rail = AddMarker(m.get(), 41, slider.get(), Vec3(0, 0, 0));
  slider_rail->zp = L * Vec3(1.0, 0.2, 0.0);

  AddJoint(m.get(), 1, "REVOLUTE", crank_pivot.get(), g_pivot.get());
  AddJoint(m.get(), 2, "SPHERICAL", link_end.get(), crank_pin.get());
  AddJoint(m.get(), 3, "TRANSLATIONAL", g_rail.get(), slider_rail.get());

  m->accgrav = std::make_shared<model::Accgrav>();
  m->accgrav->jgrav = -9.81 * L;
  m->accgrav->igrav = 0.3 * L;
  if (millimetres) {
    m->units = std::make_shared<Units>();
    m->units->length = "MILLIMETER";
  }
  return m;
}

// -- dense Jacobians --------------------------------------------------------------------------

MatX DenseJacobian(const System& sys, const VecX& y, const VecX& yp, double cj) {
  std::vector<system::Triplet> trip;
  const VecX memory = sys.MakeState().memory;
  sys.Jacobian(0.0, y.data(), yp.data(), memory.data(), cj, &trip);
  MatX J = MatX::Zero(sys.size(), sys.size());
  for (const auto& t : trip) {
    EXPECT_GE(t.row, 0);
    EXPECT_LT(t.row, sys.size());
    EXPECT_GE(t.col, 0);
    EXPECT_LT(t.col, sys.size());
    J(t.row, t.col) += t.value;
  }
  return J;
}

// dF/dy + cj dF/dy' by finite differences of the residual, column by column. F is a
// polynomial of low degree (at most 5) in y, so the central difference extrapolated by
// Richardson (error O(h^4), zero for degree <= 4) is essentially exact, with a step large
// enough to keep rounding small; F is affine in y', so a central difference of unit step is
// exact up to rounding.
MatX FiniteDifferenceJacobian(const System& sys, const VecX& y, const VecX& yp, double cj) {
  const int n = sys.size();
  MatX J(n, n);
  VecX Fp(n), Fm(n);
  const VecX memory = sys.MakeState().memory;
  auto central = [&](int c, double h) {
    VecX yh = y;
    yh[c] = y[c] + h;
    sys.Residual(0.0, yh.data(), yp.data(), memory.data(), Fp.data());
    yh[c] = y[c] - h;
    sys.Residual(0.0, yh.data(), yp.data(), memory.data(), Fm.data());
    return VecX((Fp - Fm) / (2 * h));
  };
  for (int c = 0; c < n; ++c) {
    const double h = 1e-3 * std::max(1.0, std::abs(y[c]));
    J.col(c) = (4.0 * central(c, h / 2) - central(c, h)) / 3.0;
    VecX yph = yp;
    yph[c] = yp[c] + 1.0;
    sys.Residual(0.0, y.data(), yph.data(), memory.data(), Fp.data());
    yph[c] = yp[c] - 1.0;
    sys.Residual(0.0, y.data(), yph.data(), memory.data(), Fm.data());
    J.col(c) += cj * (Fp - Fm) / 2.0;
  }
  return J;
}

// A state away from the design state: positions moved, quaternions perturbed (not unit),
// velocities, multipliers and derivatives all nonzero.
void RandomState(const System& sys, double length_scale, std::mt19937* rng, VecX* y, VecX* yp) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  *y = sys.DesignState();
  *yp = VecX(sys.size());
  for (int k = 0; k < sys.body_count(); ++k) {
    const int o = System::BodyOffset(k);
    for (int i = 0; i < 3; ++i) (*y)[o + i] += 0.1 * length_scale * u(*rng);
    for (int i = 3; i < 7; ++i) (*y)[o + i] += 0.05 * u(*rng);
    for (int i = 7; i < 10; ++i) (*y)[o + i] = length_scale * u(*rng);
    for (int i = 10; i < 13; ++i) (*y)[o + i] = 3.0 * u(*rng);
  }
  for (int i = sys.lambda_offset(); i < sys.size(); ++i) (*y)[i] = 5.0 * u(*rng);
  for (int i = 0; i < sys.size(); ++i) (*yp)[i] = 2.0 * u(*rng);
}

void ExpectJacobianMatchesFiniteDifferences(const System& sys, double length_scale, unsigned seed) {
  std::mt19937 rng(seed);
  VecX y, yp;
  RandomState(sys, length_scale, &rng, &y, &yp);
  for (double cj : {0.37, 2.5e3}) {
    SCOPED_TRACE("cj = " + std::to_string(cj));
    const MatX J = DenseJacobian(sys, y, yp, cj);
    const MatX Jfd = FiniteDifferenceJacobian(sys, y, yp, cj);
    // relative to the size of the entries in the same row (rows have their own units); the
    // row of the work W of the non-conservative forces, W' - P(y) = 0, has only cj on W: what
    // P reads is left out (system/residual.cc; W feeds nothing back)
    for (int r = 0; r < sys.size(); ++r) {
      if (r == sys.work_state()) {
        for (int c = 0; c < sys.size(); ++c)
          EXPECT_EQ(J(r, c), c == r ? cj : 0.0) << "work row, column " << c;
        EXPECT_NEAR(Jfd(r, r), cj, 1e-8 * cj);
        continue;
      }
      const double scale = std::max(1e-3, Jfd.row(r).cwiseAbs().maxCoeff());
      for (int c = 0; c < sys.size(); ++c)
        EXPECT_NEAR(J(r, c), Jfd(r, c), 1e-8 * scale) << "entry (" << r << ", " << c << ")";
    }
  }
}

TEST(SystemTest, CompiledLayout) {
  // system.h: 13 states per body, the work W, then lambda and mu of every active joint row,
  // then one mu per quaternion; REVOLUTE 5 + SPHERICAL 3 + TRANSLATIONAL 5 = 13 rows
  auto m = MakeMechanism(false);
  const System sys = System::Compile(*m);
  EXPECT_EQ(sys.body_count(), 3);
  EXPECT_EQ(sys.joints().size(), 3u);
  EXPECT_EQ(sys.active_rows(), 13);
  EXPECT_EQ(sys.size(), 3 * 13 + 1 + 2 * 13 + 3);
  EXPECT_EQ(sys.work_state(), 39);
  EXPECT_EQ(sys.lambda_offset(), 40);
  EXPECT_EQ(sys.mu_offset(), 53);
  EXPECT_DOUBLE_EQ(sys.ucf(), 1.0);
  EXPECT_EQ(sys.BodyOfPart(m->parts[0].get()), kGround);
  EXPECT_EQ(sys.BodyOfPart(m->parts[2].get()), 1);
  // the translational joint has its I marker on the ground
  EXPECT_EQ(sys.joints()[2].i().body, kGround);
  EXPECT_EQ(sys.joints()[2].j().body, 2);
  const VecX ids = sys.DifferentialIds();
  EXPECT_EQ(ids.head(40).sum(), 40.0);
  EXPECT_EQ(ids.tail(sys.size() - 40).sum(), 0.0);
}

TEST(SystemTest, CompiledBodies) {
  // closed forms of system/compile/bodies.cc: mass centre r0 = qg + R_part qp(cm); e0 the part
  // axes; inertia about the mass centre in part axes = A_im J A_im^T
  auto m = MakeMechanism(false);
  const System sys = System::Compile(*m);
  const Part& crank = *m->parts[1];
  const system::Body& b = sys.bodies()[0];
  const Mat3 Rp = math::Euler313ToMatrix(*crank.reuler);
  EXPECT_LT((b.r0 - (crank.qg + Rp * crank.cm->qp)).norm(), 1e-14);
  EXPECT_LT((math::QuatToMatrix<double>(b.e0) - Rp).norm(), 1e-14);
  Mat3 J;
  const auto& ip = crank.ip;
  // products of inertia as positive integrals (Adams PART/IP): -Ixy in the tensor
  J << ip[0], -ip[3], -ip[4], -ip[3], ip[1], -ip[5], -ip[4], -ip[5], ip[2];
  const Mat3 A = *math::FrameFromPoints(*crank.im->zp - crank.im->qp, std::nullopt);
  EXPECT_LT((b.inertia - A * J * A.transpose()).norm(), 1e-14);
  EXPECT_DOUBLE_EQ(b.mass, 2.5);
  EXPECT_LT((sys.Gravity(0.0) - Vec3(0.3, -9.81, 0)).norm(), 1e-14);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesSI) {
  auto m = MakeMechanism(false);
  const System sys = System::Compile(*m);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 11);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 12);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesMillimetres) {
  // N-kg-mm-s: UCF = 1000 divides the mass and inertia terms
  auto m = MakeMechanism(true);
  const System sys = System::Compile(*m);
  EXPECT_DOUBLE_EQ(sys.ucf(), 1000.0);
  ExpectJacobianMatchesFiniteDifferences(sys, 1000.0, 21);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesWithForceElements) {
  // a bushing between two moving parts and a spring-damper to the ground, every
  // coefficient nonzero: their wrenches enter the dynamic rows
  auto m = MakeMechanism(false);
  auto bushing = std::make_shared<model::Bushing>();
  bushing->id = 1;
  bushing->i = m->markers[7].get();  // link end
  bushing->j = m->markers[9].get();  // slider rail
  bushing->k = {100, 200, 300};
  bushing->c = {1, 2, 3};
  bushing->kt = {10, 20, 30};
  bushing->ct = {0.1, 0.2, 0.3};
  bushing->force = {1, -2, 3};
  bushing->torque = {-0.1, 0.2, -0.3};
  m->bushings.push_back(bushing);
  auto spring = std::make_shared<model::SpringDamper>();
  spring->id = 1;
  spring->i = m->markers[5].get();  // crank pin
  spring->j = m->markers[1].get();  // ground rail
  spring->k = 50, spring->c = 2, spring->force = 3;
  m->spring_dampers.push_back(spring);
  const System sys = System::Compile(*m);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 41);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesWithFieldsBeamsAndPointMasses) {
  // a Field with full, unsymmetric stiffness and damping matrices between two moving parts, a
  // Beam from the ground to the crank, and a point mass (three ORIENTATION rows) held to the
  // crank by a Field damped by cratio
  auto m = MakeMechanism(false);
  auto field = std::make_shared<model::Field>();
  field->id = 1;
  field->i = m->markers[7].get();  // link end
  field->j = m->markers[9].get();  // slider rail
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c) {
      field->kmatrix.push_back((r == c ? 100.0 : 0.0) + 3.0 * r - 2.0 * c + 1.0);
      field->cmatrix.push_back((r == c ? 2.0 : 0.0) + 0.1 * r * c - 0.05 * c);
    }
  field->length = {0.01, -0.02, 0.03, 0.1, -0.1, 0.2};
  field->force = {1, -2, 3, -0.1, 0.2, -0.3};
  m->fields.push_back(field);
  auto beam = std::make_shared<model::Beam>();
  beam->id = 1;
  beam->i = m->markers[5].get();  // crank pin
  beam->j = m->markers[0].get();  // ground pivot
  beam->length = 0.2, beam->area = 1e-4, beam->emodulus = 2e9, beam->gmodulus = 8e8;
  beam->ixx = 2e-8, beam->iyy = 1e-8, beam->izz = 1.5e-8, beam->asy = 1.2, beam->asz = 1.1;
  beam->cratio = 1e-3, beam->force = {1, 2, 3}, beam->torque = {0.1, 0.2, 0.3};
  m->beams.push_back(beam);
  auto point = std::make_shared<model::PointMass>();
  point->id = 5, point->mass = 0.4, point->qg = Vec3(0.3, 0.3, 0.3);
  point->reuler = Vec3(0.2, 0.1, -0.1);
  m->parts.push_back(point);
  auto point_cm = AddMarker(m.get(), 50, point.get(), Vec3(0, 0, 0.05));
  point->cm = point_cm.get();
  auto point_end = AddMarker(m.get(), 51, point.get(), Vec3(0.01, 0.02, 0.0));
  point_end->reuler = Vec3(0.1, 0.2, 0.3);
  auto held = std::make_shared<model::Field>();
  held->id = 2, held->i = point_end.get(), held->j = m->markers[2].get();  // crank cm
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c) held->kmatrix.push_back(r == c ? 50.0 + r : 1.0);
  held->cratio = 0.05;
  m->fields.push_back(held);
  const System sys = System::Compile(*m);
  EXPECT_EQ(sys.body_count(), 4);
  EXPECT_EQ(sys.active_rows(), 13 + 3);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 61);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 62);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesWithForceMeasures) {
  // forces that read joint reactions (multipliers) and another element's force: the
  // Jacobian has columns of multipliers in the dynamic rows
  auto m = MakeMechanism(false);
  auto spring = std::make_shared<model::SpringDamper>();
  spring->id = 1;
  spring->i = m->markers[5].get();  // crank pin
  spring->j = m->markers[1].get();  // ground rail
  spring->k = 50, spring->c = 2;
  m->spring_dampers.push_back(spring);
  auto friction = std::make_shared<model::Sforce>();
  friction->id = 1;
  friction->type = "ROTATION";
  friction->i = m->markers[4].get();  // crank pivot
  friction->j = m->markers[0].get();  // ground pivot
  friction->function = "-0.01*JOINT(1,0,1,0) - 0.02*JOINT(1,0,8,11) + 0.1*FX(23) + SPDP(1,1,3,30)";
  m->sforces.push_back(friction);
  auto push = std::make_shared<model::Sforce>();
  push->id = 2;
  push->actiononly = true;
  push->i = m->markers[9].get();  // slider rail
  push->j = m->markers[1].get();  // ground rail
  push->function = "0.05*JOINT(3,1,2,41) - 0.03*JOINT(3,0,1,0) + 0.01*SFORCE(1,0,8,0)";
  m->sforces.push_back(push);
  const System sys = System::Compile(*m);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 51);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesWithSplineForces) {
  // forces read through AKISPL, CUBSPL and LINSPL of measures: the Jacobian chains through
  // d value / d x of the splines (and the dependencies include what x reads)
  auto m = MakeMechanism(false);
  auto spline = std::make_shared<model::Spline>();
  spline->id = 1;
  spline->x = {-1, -0.2, 0.1, 0.3, 0.6, 1.5};
  spline->y = {2, 0.5, -0.3, 0.1, 1.2, -1};
  m->splines.push_back(spline);
  const auto marker = [&](long id) {
    for (const auto& mk : m->markers)
      if (mk->id == id) return mk.get();
    return static_cast<Marker*>(nullptr);
  };
  auto force = std::make_shared<model::Sforce>();
  force->id = 1;
  force->i = marker(30);
  force->j = marker(40);
  force->function =
      "AKISPL(DM(30,40), 0, 1) + CUBSPL(DX(23,10), VX(30), 1) * LINSPL(DY(40), 0, 1, 1) + "
      "10 * AKISPL(VR(30,40), 0, 1, 1) - CUBSPL(DZ(31, 41), 0, 1, 2)";
  m->sforces.push_back(force);
  const System sys = System::Compile(*m);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 41);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 42);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesWithRowsSetAside) {
  // redundant rows set aside shrink the multiplier blocks; the Jacobian must follow
  auto m = MakeMechanism(false);
  System sys = System::Compile(*m);
  std::vector<bool> active(sys.rows().size(), true);
  active[4] = false;  // revolute z_I.y_J
  active[9] = false;  // translational d.y_J
  sys.SetActiveRows(active);
  EXPECT_EQ(sys.active_rows(), 11);
  EXPECT_EQ(sys.size(), 3 * 13 + 1 + 2 * 11 + 3);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 31);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesWithMotionsOfEveryKind) {
  // system.h: a motion is one more row; a VELOCITY motion adds a state s (s' = f) read by
  // its position row, an ACCELERATION motion s and p (s' = p, p' = f) read by its position
  // and velocity rows
  auto m = MakeMechanism(false);
  auto add = [&](const std::string& dtype, const std::string& function) {
    auto motion = std::make_shared<model::Motion>();
    motion->id = static_cast<long>(m->motions.size()) + 1;
    motion->dtype = dtype;
    motion->function = function;
    m->motions.push_back(motion);
    return motion.get();
  };
  auto marker = [&](long id) {
    for (const auto& mk : m->markers)
      if (mk->id == id) return mk.get();
    return static_cast<Marker*>(nullptr);
  };
  model::Motion* crank = add("DISPLACEMENT", "0.3*SIN(TIME)");
  crank->joint = m->joints[0].get();
  crank->jtype = "ROTATION";
  const std::pair<const char*, const char*> marker_motions[] = {
      {"X", "ACCELERATION"}, {"Y", "VELOCITY"},      {"Z", "DISPLACEMENT"},
      {"B1", "VELOCITY"},    {"B2", "ACCELERATION"}, {"B3", "VELOCITY"}};
  for (const auto& [direction, dtype] : marker_motions) {
    model::Motion* motion = add(dtype, "COS(2*TIME)");
    motion->i = marker(30);  // link cm
    motion->j = marker(10);  // ground pivot
    motion->direction = direction;
    motion->icdisp = 0.1;
    motion->icvel = -0.4;
  }
  System sys = System::Compile(*m);
  // 13 joint rows + 7 motion rows; states s: 2 + 1 + 1 + 2 + 1
  EXPECT_EQ(sys.active_rows(), 20);
  EXPECT_EQ(sys.differential_size(), 3 * 13 + 7 + 1);
  EXPECT_EQ(sys.size(), 3 * 13 + 7 + 1 + 2 * 20 + 3);
  // states start at icdisp and icvel
  const VecX y0 = sys.DesignState();
  EXPECT_DOUBLE_EQ(y0[39], 0.1);
  EXPECT_DOUBLE_EQ(y0[40], -0.4);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 41);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 42);
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesWithLinearStateEquations) {
  // system.h: the rows of an Lse (and a Tfsiso) are x' - A x - B u with inputs u that read
  // the mechanism (positions, velocities and, through ACCX, accelerations y'); a force reads
  // an output C x + D u (D feed-through: it depends on the inputs' states) and a state
  auto m = MakeMechanism(false);
  auto variable = [&](long id, const std::string& function) {
    auto v = std::make_shared<model::Variable>();
    v->id = id;
    v->function = function;
    m->variables.push_back(v);
    return v.get();
  };
  auto array = [&](long id, const std::string& type) {
    auto a = std::make_shared<model::Array>();
    a->id = id;
    a->type = type;
    m->arrays.push_back(a);
    return a.get();
  };
  auto matrix = [&](long id, int rows, int columns, std::vector<double> values) {
    auto mx = std::make_shared<model::Matrix>();
    mx->id = id;
    mx->rows = rows, mx->columns = columns;
    mx->full = "RORDER";
    mx->values = std::move(values);
    m->matrices.push_back(mx);
    return mx.get();
  };
  model::Array* u = array(1, "U");
  u->variables = {variable(1, "DX(30,10) + 0.5*VX(40)"), variable(2, "WZ(20)*DY(23) + ACCX(30)")};
  auto lse = std::make_shared<model::Lse>();
  lse->id = 1;
  lse->x = array(2, "X");
  lse->y = array(3, "Y");
  lse->u = u;
  lse->ic = array(4, "IC");
  lse->ic->numbers = {0.1, -0.2, 0.3};
  lse->a = matrix(1, 3, 3, {-1, 2, 0, 0.5, -3, 1, 0, -1, -2});
  lse->b = matrix(2, 3, 2, {1, 0, 0.3, 2, 0, -1});
  lse->c = matrix(3, 2, 3, {1, 0, 2, 0, -1, 0.5});
  lse->d = matrix(4, 2, 2, {0.7, 0, -0.2, 1.5});
  m->lses.push_back(lse);
  auto tf = std::make_shared<model::Tfsiso>();
  tf->id = 1;
  tf->x = array(5, "X");
  tf->y = array(6, "Y");
  tf->u = array(7, "U");
  tf->u->variables = {variable(3, "VZ(30)*DX(40)")};
  tf->numerator = {1, 2};
  tf->denominator = {2, 3, 1};
  m->tfsisos.push_back(tf);
  auto force = std::make_shared<model::Sforce>();
  force->id = 1;
  force->i = m->markers[7].get();  // link end
  force->j = m->markers[9].get();  // slider rail
  force->function = "ARYVAL(3,1) - 2*ARYVAL(3,2) + ARYVAL(2,3)*ARYVAL(6,1)";
  m->sforces.push_back(force);
  const System sys = System::Compile(*m);
  const VecX memory = sys.MakeState().memory;
  // states: bodies, then the Tfsiso's 2, then the Lse's 3 (starting at the IC numbers)
  EXPECT_EQ(sys.differential_size(), 3 * 13 + 2 + 3 + 1);
  const VecX y0 = sys.DesignState();
  EXPECT_DOUBLE_EQ(y0[3 * 13 + 2], 0.1);
  EXPECT_DOUBLE_EQ(y0[3 * 13 + 4], 0.3);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 61);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 62);
  // SolveDiffRates gives the rates x' = A x + B u that zero those rows
  std::mt19937 rng(63);
  VecX y, yp;
  RandomState(sys, 1.0, &rng, &y, &yp);
  sys.SolveDiffRates(0.0, y.data(), yp.data(), memory.data());
  VecX F(sys.size());
  sys.Residual(0.0, y.data(), yp.data(), memory.data(), F.data());
  EXPECT_LT(F.segment(3 * 13, 5).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(SystemTest, VelocityRowsAreTheTimeDerivativeOfThePositionRows) {
  // definition (system.h): the lambda rows are Phi_q q'(u) = d/dt Phi(q(t)) for the motion
  // q' = q'(u); checked by a central difference of the position rows along q'(u)
  auto m = MakeMechanism(false);
  const System sys = System::Compile(*m);
  const VecX memory = sys.MakeState().memory;
  std::mt19937 rng(51);
  VecX y, yp;
  RandomState(sys, 1.0, &rng, &y, &yp);
  VecX F(sys.size());
  sys.Residual(0.0, y.data(), yp.data(), memory.data(), F.data());
  std::vector<double> qdot(7 * sys.body_count());
  sys.PositionRates(y.data(), qdot.data());
  const double h = 1e-5;
  VecX yplus = y, yminus = y;
  for (int k = 0; k < sys.body_count(); ++k)
    for (int i = 0; i < 7; ++i) {
      yplus[System::BodyOffset(k) + i] += h * qdot[7 * k + i];
      yminus[System::BodyOffset(k) + i] -= h * qdot[7 * k + i];
    }
  const VecX rate = (sys.JointResiduals(0.0, yplus.data(), memory.data()) -
                     sys.JointResiduals(0.0, yminus.data(), memory.data())) /
                    (2 * h);
  const VecX phi = sys.JointResiduals(0.0, y.data(), memory.data());
  for (int r = 0; r < sys.active_rows(); ++r) {
    EXPECT_NEAR(F[sys.lambda_offset() + r], rate[r], 1e-7 * (1 + std::abs(rate[r]))) << r;
    EXPECT_NEAR(F[sys.mu_offset() + r], phi[r], 1e-15) << r;
  }
}

TEST(SystemTest, MultiplierColumnsAreTheTransposedConstraintRows) {
  // from the equations in system.h: the reactions B^T lambda use the same B as the velocity
  // rows B u, and the stabilisation Phi_q^T mu the same Phi_q as the position rows
  auto m = MakeMechanism(false);
  const System sys = System::Compile(*m);
  std::mt19937 rng(61);
  VecX y, yp;
  RandomState(sys, 1.0, &rng, &y, &yp);
  const MatX J = DenseJacobian(sys, y, yp, 0.8);
  const int na = sys.active_rows();
  for (int k = 0; k < sys.body_count(); ++k) {
    const int o = System::BodyOffset(k);
    EXPECT_LT((J.block(o + 7, sys.lambda_offset(), 6, na) -
               J.block(sys.lambda_offset(), o + 7, na, 6).transpose())
                  .norm(),
              1e-13);
    EXPECT_LT((J.block(o, sys.mu_offset(), 7, na) - J.block(sys.mu_offset(), o, na, 7).transpose())
                  .norm(),
              1e-13);
  }
}

TEST(SystemTest, JacobianPatternDoesNotDependOnTheState) {
  // system.h: the sequence of (row, col) is the same on every call
  auto m = MakeMechanism(false);
  const System sys = System::Compile(*m);
  const VecX memory = sys.MakeState().memory;
  std::mt19937 rng(41);
  VecX y1, yp1, y2, yp2;
  RandomState(sys, 1.0, &rng, &y1, &yp1);
  RandomState(sys, 1.0, &rng, &y2, &yp2);
  std::vector<system::Triplet> t1, t2;
  sys.Jacobian(0.0, y1.data(), yp1.data(), memory.data(), 1.0, &t1);
  sys.Jacobian(0.5, y2.data(), yp2.data(), memory.data(), 30.0, &t2);
  ASSERT_EQ(t1.size(), t2.size());
  for (size_t k = 0; k < t1.size(); ++k) {
    EXPECT_EQ(t1[k].row, t2[k].row) << k;
    EXPECT_EQ(t1[k].col, t2[k].col) << k;
  }
}

TEST(SystemTest, ResidualOfAFreeBodyAtRest) {
  // closed form: a free body at rest at its design state with v' = g (all else 0) satisfies
  // the equations exactly; with y' = 0 the momentum rows are -m g / UCF
  Model m;
  auto body = AddPart(&m, 2, 3.0, {1, 2, 3, 0, 0, 0});
  m.accgrav = std::make_shared<model::Accgrav>();
  m.accgrav->kgrav = -9810.0;
  m.units = std::make_shared<Units>();
  m.units->length = "MILLIMETER";
  const System sys = System::Compile(m);
  const VecX memory = sys.MakeState().memory;
  // 13 body states and the work W (zero: no force but gravity), one quaternion multiplier
  ASSERT_EQ(sys.size(), 15);
  VecX y = sys.DesignState(), yp = VecX::Zero(15), F(15);
  sys.Residual(0.0, y.data(), yp.data(), memory.data(), F.data());
  VecX expected = VecX::Zero(15);
  expected[9] = -3.0 * -9810.0 / 1000.0;
  EXPECT_LT((F - expected).norm(), 1e-12);
  yp[9] = -9810.0;
  sys.Residual(0.0, y.data(), yp.data(), memory.data(), F.data());
  EXPECT_LT(F.norm(), 1e-12);
}

// -- units ------------------------------------------------------------------------------------

TEST(UnitsTest, ConsistencyFactor) {
  // docs/conventions.md §2.1: force * UCF = mass * acceleration
  Units u;
  EXPECT_DOUBLE_EQ(u.ConsistencyFactor(), 1.0);  // N, kg, m, s
  u.length = "MILLIMETER";
  EXPECT_NEAR(u.ConsistencyFactor(), 1000.0, 1e-9);  // 1 N = 1000 kg mm / s^2
  u.mass = "TONNE";
  EXPECT_NEAR(u.ConsistencyFactor(), 1.0, 1e-12);  // N, Mg, mm, s is consistent
  Units imperial;
  imperial.force = "POUND_FORCE";
  imperial.mass = "POUND_MASS";
  imperial.length = "INCH";
  // 1 lbf = g0 lbm = 9.80665 / 0.0254 lbm in / s^2 = 386.0886 lbm in / s^2
  EXPECT_NEAR(imperial.ConsistencyFactor(), 9.80665 / 0.0254, 1e-9);
  EXPECT_NEAR(imperial.ConsistencyFactor(), 386.0886, 1e-4);
  Units explicit_ucf;
  explicit_ucf.length = "MILLIMETER";
  explicit_ucf.ucf = 12.5;  // an explicit factor wins over the unit words
  EXPECT_DOUBLE_EQ(explicit_ucf.ConsistencyFactor(), 12.5);
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The message of the ModelError thrown by f, or "" when f does not throw one.
template <class F>
std::string ModelErrorMessage(F f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

TEST(UnitsTest, BadUnitsAreModelErrors) {
  Units u;
  u.id = 3;
  u.length = "FURLONG";
  std::string msg = ModelErrorMessage([&] { u.ConsistencyFactor(); });
  EXPECT_TRUE(Contains(msg, "Units 3")) << msg;
  EXPECT_TRUE(Contains(msg, "FURLONG")) << msg;
  Units v;
  v.ucf = -1.0;
  msg = ModelErrorMessage([&] { v.ConsistencyFactor(); });
  EXPECT_TRUE(Contains(msg, "ucf")) << msg;
}

// -- compile errors ---------------------------------------------------------------------------

// ground with one marker, and a part with two markers, joined by a revolute joint
struct SmallModel {
  Model m;
  std::shared_ptr<Part> ground, arm;
  std::shared_ptr<Marker> g_marker, a_marker, a_marker2;
  std::shared_ptr<Joint> joint;
};

std::unique_ptr<SmallModel> MakeSmallModel() {
  auto s = std::make_unique<SmallModel>();
  s->ground = AddPart(&s->m, 1, 0.0, {0, 0, 0, 0, 0, 0});
  s->ground->ground = true;
  s->arm = AddPart(&s->m, 2, 1.0, {1, 1, 1, 0, 0, 0});
  s->arm->label = "arm";
  s->g_marker = AddMarker(&s->m, 5, s->ground.get(), Vec3::Zero());
  s->a_marker = AddMarker(&s->m, 6, s->arm.get(), Vec3::Zero());
  s->a_marker2 = AddMarker(&s->m, 7, s->arm.get(), Vec3(1, 0, 0));
  s->joint = AddJoint(&s->m, 9, "REVOLUTE", s->a_marker.get(), s->g_marker.get());
  s->joint->label = "hinge";
  return s;
}

TEST(CompileErrorTest, SmallModelCompiles) {
  auto s = MakeSmallModel();
  EXPECT_NO_THROW(System::Compile(s->m));
}

TEST(CompileErrorTest, MarkerWithoutPartUsedByAJoint) {
  auto s = MakeSmallModel();
  s->a_marker->part = nullptr;
  const std::string msg = ModelErrorMessage([&] { System::Compile(s->m); });
  EXPECT_TRUE(Contains(msg, "Marker 6")) << msg;
  EXPECT_TRUE(Contains(msg, "no part")) << msg;
}

TEST(CompileErrorTest, JointWithBothMarkersOnTheSamePart) {
  auto s = MakeSmallModel();
  s->joint->j = s->a_marker2.get();
  const std::string msg = ModelErrorMessage([&] { System::Compile(s->m); });
  EXPECT_TRUE(Contains(msg, "Joint 9 'hinge'")) << msg;
  EXPECT_TRUE(Contains(msg, "same part")) << msg;
  EXPECT_TRUE(Contains(msg, "Part 2 'arm'")) << msg;
}

TEST(CompileErrorTest, NegativeMass) {
  auto s = MakeSmallModel();
  s->arm->mass = -1.0;
  const std::string msg = ModelErrorMessage([&] { System::Compile(s->m); });
  EXPECT_TRUE(Contains(msg, "Part 2 'arm'")) << msg;
  EXPECT_TRUE(Contains(msg, "mass")) << msg;
}

TEST(CompileErrorTest, UnknownJointType) {
  auto s = MakeSmallModel();
  s->joint->type = "HINGE";
  const std::string msg = ModelErrorMessage([&] { System::Compile(s->m); });
  EXPECT_TRUE(Contains(msg, "Joint 9 'hinge'")) << msg;
  EXPECT_TRUE(Contains(msg, "'HINGE'")) << msg;
}

TEST(CompileErrorTest, JointMarkerNotSet) {
  auto s = MakeSmallModel();
  s->joint->j = nullptr;
  const std::string msg = ModelErrorMessage([&] { System::Compile(s->m); });
  EXPECT_TRUE(Contains(msg, "Joint 9 'hinge'")) << msg;
  EXPECT_TRUE(Contains(msg, "marker j")) << msg;
}

TEST(CompileErrorTest, InertiaNotPositiveSemidefinite) {
  auto s = MakeSmallModel();
  s->arm->ip = {1, 1, 1, 2, 0, 0};  // eigenvalues 3, 1, -1
  const std::string msg = ModelErrorMessage([&] { System::Compile(s->m); });
  EXPECT_TRUE(Contains(msg, "Part 2 'arm'")) << msg;
  EXPECT_TRUE(Contains(msg, "ip")) << msg;
}

TEST(CompileErrorTest, DegenerateMarkerAxes) {
  auto s = MakeSmallModel();
  s->a_marker2->zp = s->a_marker2->qp;  // z point at the origin
  const std::string msg = ModelErrorMessage([&] { System::Compile(s->m); });
  EXPECT_TRUE(Contains(msg, "Marker 7")) << msg;
}

}  // namespace
}  // namespace msolve

namespace msolve {
namespace {

std::shared_ptr<model::Matrix> AddDense(Model* m, int id, int rows, int columns,
                                        double (*entry)(int, int)) {
  auto matrix = std::make_shared<model::Matrix>();
  matrix->id = id, matrix->rows = rows, matrix->columns = columns, matrix->full = "RORDER";
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) matrix->values.push_back(entry(r, c));
  m->matrices.push_back(matrix);
  return matrix;
}

TEST(SystemTest, JacobianMatchesFiniteDifferencesWithAnNforce) {
  // an Nforce (docs/equations.md §3.14) with full, unsymmetric matrices: its I markers on the
  // crank, the link and the ground, its J on the slider, so that every block reads three bodies
  auto m = MakeMechanism(false);
  Part* crank = m->parts[1].get();
  Part* link = m->parts[2].get();
  Part* slider = m->parts[3].get();
  auto on_crank = AddMarker(m.get(), 24, crank, Vec3(0.05, 0.01, 0.02));
  auto on_link = AddMarker(m.get(), 32, link, Vec3(0.1, -0.01, 0.0));
  auto on_ground = AddMarker(m.get(), 12, m->parts[0].get(), Vec3(0.3, 0.1, -0.05));
  auto on_slider = AddMarker(m.get(), 42, slider, Vec3(-0.02, 0.03, 0.01));
  auto nforce = std::make_shared<model::Nforce>();
  nforce->id = 1;
  nforce->imarkers = {on_crank.get(), on_link.get(), on_ground.get()};
  nforce->j = on_slider.get();
  nforce->kmatrix = AddDense(m.get(), 1, 18, 18, [](int r, int c) {
                      return (r == c ? 100.0 : 0.0) + 0.3 * r - 0.2 * c + 1.0;
                    }).get();
  nforce->cmatrix = AddDense(m.get(), 2, 18, 18, [](int r, int c) {
                      return (r == c ? 2.0 : 0.0) + 0.01 * r * c - 0.05 * c;
                    }).get();
  nforce->length = AddDense(m.get(), 3, 9, 1, [](int r, int) { return 0.01 * r - 0.03; }).get();
  nforce->force = AddDense(m.get(), 4, 18, 1, [](int r, int) { return 0.5 - 0.1 * r; }).get();
  m->nforces.push_back(nforce);
  const System sys = System::Compile(*m);
  EXPECT_EQ(sys.force_elements().size(), 3u);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 71);
  ExpectJacobianMatchesFiniteDifferences(sys, 1.0, 72);
}

}  // namespace
}  // namespace msolve
