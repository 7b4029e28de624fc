// The linear analysis (analysis/linear.h, docs/equations.md §10) on small models against
// closed forms: a mass-spring-damper, a pendulum under gravity, a spinning disc.
#include <algorithm>
#include <cmath>
#include <complex>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "analysis/initial_conditions.h"
#include "analysis/linear.h"
#include "common/error.h"
#include "system/system.h"

namespace msolve {
namespace {

using analysis::LinearResult;
using analysis::LinearSettings;
using model::Joint;
using model::Marker;
using model::Model;
using model::Part;
using system::System;

constexpr double kG = 9.81;

struct Pieces {
  Model m;
  std::shared_ptr<Part> Add(int id, double mass, std::array<double, 6> ip, Vec3 cm_at) {
    auto part = std::make_shared<Part>();
    part->id = id;
    part->mass = mass;
    part->ip = ip;
    auto cm = AddMarker(100 + id, part.get(), cm_at);
    part->cm = cm;
    m.parts.push_back(part);
    return part;
  }
  Marker* AddMarker(int id, Part* part, Vec3 at, Vec3 zp = Vec3::Zero()) {
    auto marker = std::make_shared<Marker>();
    marker->id = id;
    marker->part = part;
    marker->qp = at;
    if (zp != Vec3::Zero()) marker->zp = zp;
    m.markers.push_back(marker);
    return marker.get();
  }
  Part* Ground() {
    auto ground = std::make_shared<Part>();
    ground->id = 1;
    ground->ground = true;
    m.parts.push_back(ground);
    return ground.get();
  }
  void AddJoint(int id, const char* type, Marker* i, Marker* j) {
    auto joint = std::make_shared<Joint>();
    joint->id = id;
    joint->type = type;
    joint->i = i;
    joint->j = j;
    m.joints.push_back(joint);
  }
};

// the operating point: the initial conditions at time 0 (positions, velocities,
// accelerations and reactions consistent), then the linear analysis there
LinearResult LinearizeAtStart(Model* m, const LinearSettings& settings = {}) {
  System sys = System::Compile(*m);
  system::State state = sys.MakeState();
  state.y = sys.DesignState();
  analysis::ComputeInitialConditions(&sys, 0.0, state.memory.data(), &state.y, &state.yp, false);
  return analysis::Linearize(sys, *m, 0.0, state.memory.data(), state.y, state.yp, settings);
}

// the eigenvalues with a positive imaginary part, by increasing imaginary part
std::vector<std::complex<double>> Oscillating(const LinearResult& r) {
  std::vector<std::complex<double>> out;
  for (int k = 0; k < r.eigenvalues.size(); ++k)
    if (r.eigenvalues[k].imag() > 1e-9) out.push_back(r.eigenvalues[k]);
  std::sort(out.begin(), out.end(), [](auto a, auto b) { return a.imag() < b.imag(); });
  return out;
}

// a block of mass m on a TRANSLATIONAL joint along global z, held to the ground by a
// spring-damper k, c at its free length
void MassSpringDamper(Pieces* p, double m, double k, double c) {
  Part* ground = p->Ground();
  auto block = p->Add(2, m, {1, 1, 1, 0, 0, 0}, Vec3::Zero());
  Marker* anchor = p->AddMarker(1, ground, Vec3(0, 0, -1));
  p->AddJoint(1, "TRANSLATIONAL", p->AddMarker(2, block.get(), Vec3::Zero()),
              p->AddMarker(3, ground, Vec3::Zero()));
  auto spring = std::make_shared<model::SpringDamper>();
  spring->id = 1;
  spring->i = block->cm;
  spring->j = anchor;
  spring->k = k;
  spring->c = c;
  p->m.spring_dampers.push_back(spring);
}

TEST(Linear, MassSpringDamperHasTheClosedFormStateMatrixAndEigenvalues) {
  const double m = 2.0, k = 50.0, c = 3.0;
  Pieces p;
  MassSpringDamper(&p, m, k, c);
  const LinearResult r = LinearizeAtStart(&p.m);
  ASSERT_EQ(r.dof, 1);
  ASSERT_EQ(r.controls, 0);
  // x' = v, v' = -(k x + c v) / m: A = [0 1; -k/m -c/m], whatever the sign of the coordinate
  ASSERT_EQ(r.A.rows(), 2);
  EXPECT_NEAR(r.A(0, 0), 0.0, 1e-12);
  EXPECT_NEAR(r.A(0, 1), 1.0, 1e-12);
  EXPECT_NEAR(r.A(1, 0), -k / m, 1e-9);
  EXPECT_NEAR(r.A(1, 1), -c / m, 1e-9);
  const double wn = std::sqrt(k / m), zeta = c / (2 * std::sqrt(k * m));
  const auto lambda = Oscillating(r);
  ASSERT_EQ(lambda.size(), 1u);
  EXPECT_NEAR(lambda[0].real(), -zeta * wn, 1e-9);
  EXPECT_NEAR(lambda[0].imag(), wn * std::sqrt(1 - zeta * zeta), 1e-9);
  ASSERT_EQ(r.modes.size(), 1u);
  EXPECT_NEAR(r.modes[0].frequency, wn / (2 * M_PI), 1e-9);
  EXPECT_NEAR(r.modes[0].damping_ratio, zeta, 1e-9);
  // the mode moves the block along z only, amplitude 1
  EXPECT_NEAR(std::abs(r.modes[0].parts[0][2]), 1.0, 1e-12);
  for (int d : {0, 1, 3, 4, 5}) EXPECT_LT(std::abs(r.modes[0].parts[0][d]), 1e-12);
}

TEST(Linear, NodampingLeavesTheDampingOutOfTheEigenvaluesOnly) {
  const double m = 2.0, k = 50.0, c = 3.0;
  Pieces p;
  MassSpringDamper(&p, m, k, c);
  LinearSettings settings;
  settings.nodamping = true;
  const LinearResult r = LinearizeAtStart(&p.m, settings);
  const auto lambda = Oscillating(r);
  ASSERT_EQ(lambda.size(), 1u);
  EXPECT_NEAR(lambda[0].real(), 0.0, 1e-12);
  EXPECT_NEAR(lambda[0].imag(), std::sqrt(k / m), 1e-9);
  EXPECT_NEAR(r.A(1, 1), -c / m, 1e-9);
}

// a bob of mass m, inertia ip about its centre, hanging at L below a REVOLUTE joint about
// global y, under gravity, with a torsion spring kt at the joint
void Pendulum(Pieces* p, double m, double L, double ip, double kt) {
  auto acc = std::make_shared<model::Accgrav>();
  acc->kgrav = -kG;
  p->m.accgrav = acc;
  Part* ground = p->Ground();
  auto bob = p->Add(2, m, {ip, ip, ip, 0, 0, 0}, Vec3(0, 0, -L));
  Marker* hinge = p->AddMarker(2, bob.get(), Vec3::Zero(), Vec3(0, -1, 0));
  Marker* pivot = p->AddMarker(3, ground, Vec3::Zero(), Vec3(0, -1, 0));
  p->AddJoint(1, "REVOLUTE", hinge, pivot);
  if (kt == 0.0) return;
  auto spring = std::make_shared<model::SpringDamper>();
  spring->id = 1;
  spring->type = "ROTATION";
  spring->i = hinge;
  spring->j = pivot;
  spring->kt = kt;
  p->m.spring_dampers.push_back(spring);
}

TEST(Linear, HangingPendulumHasTheSmallOscillationFrequency) {
  // (m L^2 + ip) theta'' = -(m g L + kt) theta: the stiffness of gravity comes through the
  // joint reaction (the constraint Hessian times the multipliers)
  const double m = 1.2, L = 0.7, ip = 1e-3;
  for (double kt : {0.0, 5.0}) {
    Pieces p;
    Pendulum(&p, m, L, ip, kt);
    const LinearResult r = LinearizeAtStart(&p.m);
    ASSERT_EQ(r.dof, 1);
    const auto lambda = Oscillating(r);
    ASSERT_EQ(lambda.size(), 1u) << "kt " << kt;
    EXPECT_NEAR(lambda[0].real(), 0.0, 1e-9);
    EXPECT_NEAR(lambda[0].imag(), std::sqrt((m * kG * L + kt) / (m * L * L + ip)), 1e-9)
        << "kt " << kt;
    // the mode swings the bob along x about the pivot: its translation is x only
    const auto& shape = r.modes[0].parts[0];
    EXPECT_LT(std::abs(shape[1]) + std::abs(shape[2]), 1e-9);
    EXPECT_LT(std::abs(shape[3]) + std::abs(shape[5]), 1e-9);
    // and turns it by the angle of the swing: x = L theta (rotation y, right hand)
    EXPECT_NEAR(std::abs(shape[0]), L * std::abs(shape[4]), 1e-9);
  }
}

TEST(Linear, ASwingingPendulumLinearisesAboutItsMotion) {
  // away from equilibrium, at angle a from the bottom and swinging at w, the pendulum's
  // angle perturbation follows (m L^2 + ip) d'' = -m g L cos(a) d whatever w: the rotation
  // is the independent coordinate, and the joint's partition turns with the swing (its rate
  // enters the state matrix)
  const double m = 1.2, L = 0.7, ip = 1e-3;
  for (double a : {0.0, 0.6}) {
    for (double w : {0.0, 3.0}) {
      Pieces p;
      Pendulum(&p, m, L, ip, 0.0);
      p.m.parts[1]->cm->qp = Vec3(-L * std::sin(a), 0, -L * std::cos(a));
      p.m.parts[1]->wy = w;
      const LinearResult r = LinearizeAtStart(&p.m);
      ASSERT_EQ(r.dof, 1);
      ASSERT_EQ(r.states[0], "Part 2 rotation Y (position)");
      EXPECT_NEAR(r.A(0, 0), 0.0, 1e-8);
      EXPECT_NEAR(r.A(0, 1), 1.0, 1e-8);
      EXPECT_NEAR(r.A(1, 0), -m * kG * L * std::cos(a) / (m * L * L + ip), 1e-6)
          << "a " << a << " w " << w;
      EXPECT_NEAR(r.A(1, 1), 0.0, 1e-6) << "a " << a << " w " << w;
    }
  }
}

TEST(Linear, InvertedPendulumHasARealPositiveEigenvalue) {
  // standing up the same pendulum diverges at sqrt(m g L / (m L^2 + ip))
  const double m = 1.2, L = 0.7, ip = 1e-3;
  Pieces p;
  Pendulum(&p, m, -L, ip, 0.0);
  const LinearResult r = LinearizeAtStart(&p.m);
  double largest = -1.0;
  for (int k = 0; k < r.eigenvalues.size(); ++k) {
    EXPECT_NEAR(r.eigenvalues[k].imag(), 0.0, 1e-9);
    largest = std::max(largest, r.eigenvalues[k].real());
  }
  EXPECT_NEAR(largest, std::sqrt(m * kG * L / (m * L * L + ip)), 1e-9);
}

// a disc (transverse inertia Jt, polar Jp) spinning at W about global z on a SPHERICAL joint
// at its centre, its tilt held by a torsional bushing k about x and y
void SpinningDisc(Pieces* p, double Jt, double Jp, double k, double W) {
  Part* ground = p->Ground();
  auto disc = p->Add(2, 3.0, {Jt, Jt, Jp, 0, 0, 0}, Vec3::Zero());
  disc->wz = W;
  Marker* centre = p->AddMarker(3, ground, Vec3::Zero());
  Marker* on_disc = p->AddMarker(2, disc.get(), Vec3::Zero());
  p->AddJoint(1, "SPHERICAL", on_disc, centre);
  auto bushing = std::make_shared<model::Bushing>();
  bushing->id = 1;
  bushing->i = on_disc;
  bushing->j = centre;
  bushing->kt = {k, k, 0};
  p->m.bushings.push_back(bushing);
}

TEST(Linear, GyroscopicTermsSplitTheSpinningDiscsTiltIntoTwoWhirls) {
  // Jt w^2 -+ Jp W w - k = 0 with the gyroscopic terms; without them (gyroscopic NONE) both
  // whirls have the frequency of the disc at rest, sqrt(k / Jt)
  const double Jt = 0.2, Jp = 0.35, k = 80.0, W = 30.0;
  Pieces p;
  SpinningDisc(&p, Jt, Jp, k, W);
  const double root = std::sqrt(Jp * W * Jp * W + 4 * Jt * k);
  auto lambda = Oscillating(LinearizeAtStart(&p.m));
  ASSERT_EQ(lambda.size(), 2u);
  EXPECT_NEAR(lambda[0].imag(), (root - Jp * W) / (2 * Jt), 1e-8);
  EXPECT_NEAR(lambda[1].imag(), (root + Jp * W) / (2 * Jt), 1e-8);
  LinearSettings none;
  none.gyroscopic = false;
  lambda = Oscillating(LinearizeAtStart(&p.m, none));
  ASSERT_EQ(lambda.size(), 2u);
  for (const auto& l : lambda) {
    EXPECT_NEAR(l.real(), 0.0, 1e-9);
    EXPECT_NEAR(l.imag(), std::sqrt(k / Jt), 1e-8);
  }
  // without damping as well: the split stays with the gyroscopic terms, and goes without
  LinearSettings undamped;
  undamped.nodamping = true;
  lambda = Oscillating(LinearizeAtStart(&p.m, undamped));
  EXPECT_NEAR(lambda[1].imag(), (root + Jp * W) / (2 * Jt), 1e-8);
  undamped.gyroscopic = false;
  lambda = Oscillating(LinearizeAtStart(&p.m, undamped));
  EXPECT_NEAR(lambda[1].imag(), std::sqrt(k / Jt), 1e-8);
}

TEST(Linear, TheCutoffFrequencyLeavesTheHigherModesOut) {
  // three masses on z sliders in a chain of springs: frequencies sqrt(eig(K) / m) with
  // K = k tridiag(-1, 2, -1) (last free): 2 - 2 cos((2j - 1) pi / 7), j = 1..3
  const double m = 1.5, k = 40.0;
  Pieces p;
  Part* ground = p.Ground();
  Marker* previous = p.AddMarker(1, ground, Vec3::Zero());
  for (int b = 0; b < 3; ++b) {
    auto block = p.Add(2 + b, m, {1, 1, 1, 0, 0, 0}, Vec3(0, 0, b + 1.0));
    p.AddJoint(1 + b, "TRANSLATIONAL", p.AddMarker(10 + b, block.get(), Vec3(0, 0, b + 1.0)),
               p.AddMarker(20 + b, ground, Vec3(0, 0, b + 1.0)));
    auto spring = std::make_shared<model::SpringDamper>();
    spring->id = 1 + b;
    spring->i = block->cm;
    spring->j = previous;
    spring->k = k;
    p.m.spring_dampers.push_back(spring);
    previous = block->cm;
  }
  std::vector<double> f;
  for (int j = 1; j <= 3; ++j)
    f.push_back(std::sqrt(k / m * (2 - 2 * std::cos((2 * j - 1) * M_PI / 7))) / (2 * M_PI));
  const LinearResult all = LinearizeAtStart(&p.m);
  ASSERT_EQ(all.modes.size(), 3u);
  for (int j = 0; j < 3; ++j) EXPECT_NEAR(all.modes[j].frequency, f[j], 1e-9);
  LinearSettings settings;
  settings.cutoff_frequency = 0.5 * (f[1] + f[2]);
  const LinearResult cut = LinearizeAtStart(&p.m, settings);
  ASSERT_EQ(cut.modes.size(), 2u);
  EXPECT_EQ(cut.eigenvalues.size(), 4);
  EXPECT_EQ(cut.modes_above_cutoff, 1);
  for (int j = 0; j < 2; ++j) EXPECT_NEAR(cut.modes[j].frequency, f[j], 1e-9);
  // the state matrix stays whole
  EXPECT_EQ(cut.A.rows(), 6);
}

TEST(Linear, AModelWithoutFreedomIsRefused) {
  Pieces p;
  Part* ground = p.Ground();
  auto block = p.Add(2, 1.0, {1, 1, 1, 0, 0, 0}, Vec3::Zero());
  p.AddJoint(1, "FIXED", p.AddMarker(2, block.get(), Vec3::Zero()),
             p.AddMarker(3, ground, Vec3::Zero()));
  EXPECT_THROW(LinearizeAtStart(&p.m), ModelError);
}

}  // namespace
}  // namespace msolve
