// The parallel assembly of the residual and Jacobian (docs/architecture.md §2.6): the same
// values, bitwise, with 1, 2, 3 and 4 threads, on a chain with force elements that run on
// the threads (spring-dampers, bushings, fields) and ones that stay on the calling thread
// (Sforces of expressions).
#include <array>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/parallel.h"
#include "system/system.h"

namespace msolve {
namespace {

using model::Marker;
using model::Model;
using model::Part;
using system::System;

// resets the thread count when a test ends
struct ThreadCountScope {
  ~ThreadCountScope() { parallel::SetThreadCount(0); }
};

std::shared_ptr<Marker> AddMarker(Model* m, Part* part, const Vec3& qp) {
  auto mk = std::make_shared<Marker>();
  mk->id = static_cast<int>(m->markers.size()) + 1;
  mk->part = part;
  mk->qp = qp;
  mk->zp = qp + Vec3(0, 1, 0);
  m->markers.push_back(mk);
  return mk;
}

// n rods along x, hinged end to end (REVOLUTE about y; every fifth a SPHERICAL), a
// spring-damper and a bushing from each rod to the one before, a field from every third to
// the ground and an Sforce (an expression) across its joint
std::unique_ptr<Model> MakeChain(int n) {
  auto m = std::make_unique<Model>();
  auto ground = std::make_shared<Part>();
  ground->id = 1;
  ground->ground = true;
  m->parts.push_back(ground);
  Marker* previous_end = AddMarker(m.get(), ground.get(), Vec3(0, 0, 0)).get();
  Marker* previous_cm = previous_end;
  for (int k = 0; k < n; ++k) {
    auto rod = std::make_shared<Part>();
    rod->id = k + 2;
    rod->mass = 1.0 + 0.01 * k;
    rod->ip = {0.001, 0.08, 0.08, 0, 0, 0};
    rod->qg = Vec3(0.1 * k, 0, 0);
    m->parts.push_back(rod);
    auto cm = AddMarker(m.get(), rod.get(), Vec3(0.05, 0, 0));
    rod->cm = cm.get();
    auto start = AddMarker(m.get(), rod.get(), Vec3(0, 0, 0));
    auto end = AddMarker(m.get(), rod.get(), Vec3(0.1, 0, 0));
    auto joint = std::make_shared<model::Joint>();
    joint->id = k + 1;
    joint->type = k % 5 == 4 ? "SPHERICAL" : "REVOLUTE";
    joint->i = start.get();
    joint->j = previous_end;
    m->joints.push_back(joint);
    auto spring = std::make_shared<model::SpringDamper>();
    spring->id = k + 1;
    spring->i = cm.get();
    spring->j = previous_cm;
    spring->k = 50 + k, spring->c = 2, spring->force = 3, spring->length = 0.05;
    m->spring_dampers.push_back(spring);
    auto bushing = std::make_shared<model::Bushing>();
    bushing->id = k + 1;
    bushing->i = end.get();
    bushing->j = previous_cm;
    bushing->k = {100, 200, 300 + k};
    bushing->c = {1, 2, 3};
    bushing->kt = {10, 20, 30};
    bushing->ct = {0.1, 0.2, 0.3};
    m->bushings.push_back(bushing);
    if (k % 3 == 0) {
      auto field = std::make_shared<model::Field>();
      field->id = k + 1;
      field->i = cm.get();
      field->j = m->markers[0].get();
      field->kmatrix.assign(36, 0.0);
      for (int d = 0; d < 6; ++d) field->kmatrix[7 * d] = 10.0 + d;
      m->fields.push_back(field);
      auto sforce = std::make_shared<model::Sforce>();
      sforce->id = k + 1;
      sforce->i = end.get();
      sforce->j = previous_end;
      sforce->function = "-20*DM(" + std::to_string(end->id) + "," +
                         std::to_string(previous_end->id) + ")-VR(" + std::to_string(end->id) +
                         "," + std::to_string(previous_end->id) + ")";
      m->sforces.push_back(sforce);
    }
    previous_end = end.get();
    previous_cm = cm.get();
  }
  m->accgrav = std::make_shared<model::Accgrav>();
  m->accgrav->kgrav = -9.81;
  return m;
}

// a state near the design one with every velocity, rate and multiplier nonzero
void RandomState(const System& sys, VecX* y, VecX* yp) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-0.3, 0.3);
  *y = sys.DesignState();
  yp->resize(y->size());
  for (int i = 0; i < y->size(); ++i) {
    (*y)[i] += u(rng);
    (*yp)[i] = u(rng);
  }
}

bool SameBits(const std::vector<Triplet>& a, const std::vector<Triplet>& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k].row != b[k].row || a[k].col != b[k].col ||
        std::memcmp(&a[k].value, &b[k].value, sizeof(double)) != 0)
      return false;
  return true;
}

TEST(ParallelAssemblyTest, ResidualAndJacobianSameBitsOnEveryThreadCount) {
  ThreadCountScope reset;
  auto m = MakeChain(60);
  const System sys = System::Compile(*m);
  ASSERT_GE(sys.force_elements().size(), 120u);
  VecX y, yp;
  RandomState(sys, &y, &yp);
  const VecX memory = sys.MakeState().memory;
  std::vector<VecX> residuals;
  std::vector<std::vector<Triplet>> jacobians;
  for (int threads : {1, 2, 3, 4}) {
    parallel::SetThreadCount(threads);
    VecX F(sys.size());
    sys.Residual(0.3, y.data(), yp.data(), memory.data(), F.data());
    std::vector<Triplet> J;
    sys.Jacobian(0.3, y.data(), yp.data(), memory.data(), 25.0, &J);
    ASSERT_TRUE(F.allFinite());
    residuals.push_back(F);
    jacobians.push_back(J);
  }
  for (size_t k = 1; k < residuals.size(); ++k) {
    EXPECT_EQ(
        std::memcmp(residuals[0].data(), residuals[k].data(), sizeof(double) * residuals[0].size()),
        0)
        << "residual with " << k + 1 << " threads";
    EXPECT_TRUE(SameBits(jacobians[0], jacobians[k])) << "Jacobian with " << k + 1 << " threads";
  }
}

TEST(ParallelAssemblyTest, SerialByDefaultAndAutomaticOnlyWhenAskedFor) {
  ThreadCountScope reset;
  parallel::SetThreadCount(0);
  if (parallel::RequestedThreads() != 0) GTEST_SKIP() << "MSOLVE_NUM_THREADS is set";
  // the default: the calling thread alone, whatever the model's size
  EXPECT_EQ(parallel::ThreadsFor(100 * parallel::kAutomaticMinimumItems), 1);
  // automatic: serial below two threads' worth of items
  parallel::SetThreadCount(parallel::kAutomatic);
  EXPECT_EQ(parallel::RequestedThreads(), parallel::kAutomatic);
  EXPECT_EQ(parallel::ThreadsFor(parallel::kAutomaticMinimumItems - 1), 1);
  parallel::SetThreadCount(3);
  EXPECT_EQ(parallel::ThreadsFor(2), parallel::Available() ? 2 : 1);
  EXPECT_EQ(parallel::ThreadsFor(1), 1);
}

TEST(ParallelAssemblyTest, ExceptionOfTheFirstFailingChunkReachesTheCaller) {
  std::vector<int> seen(10, 0);
  try {
    parallel::ForChunks(10, 3, [&](int chunk, int begin, int end) {
      for (int k = begin; k < end; ++k) seen[k] = 1;
      if (chunk >= 1) throw std::runtime_error("chunk " + std::to_string(chunk));
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "chunk 1");
  }
  for (int k = 0; k < 10; ++k) EXPECT_EQ(seen[k], 1) << k;
}

}  // namespace
}  // namespace msolve
