#include "analysis/kinematics.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <Eigen/Dense>
#include <Eigen/SparseLU>

#include "analysis/assembly.h"
#include "analysis/initial_conditions.h"
#include "analysis/kinsol_solve.h"
#include "common/error.h"
#include "mbs/state_function.h"

namespace msolve::analysis {
namespace {

using system::SparseMat;
using system::System;

// the largest rotation of a part between two configurations solved in one Newton solve: joint
// angles followed through whole turns must not move by half a turn between accepted states
constexpr double kLargestRotation = 0.5;
constexpr int kMostSteps = 10000;

// rows of the position constraints the kinematic analysis meets: every active joint equation
std::vector<int> ActiveRowList(const System& sys) {
  std::vector<int> rows;
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if (sys.rows()[r].active >= 0) rows.push_back(static_cast<int>(r));
  return rows;
}

// s_a (Phi_a(q) - f_a(t)) = 0 on the active joint rows and e.e - 1 = 0 per body, in the
// scaled positions z = q / D of the assembly (docs/equations.md §5.2, §9): with no degree of
// freedom, 7 equations per body in the 7 positions of each
struct PositionProblem : NonlinearSystem {
  const System* sys = nullptr;
  const double* memory = nullptr;  // of the run's state (system/state.h)
  double t = 0.0;
  VecX y, drivers;
  std::vector<int> rows;
  PositionScaling scaling;  // of the rows, at the start of the solve

  int nq() const { return 7 * sys->body_count(); }
  void Set(const double* x) {
    for (int k = 0; k < sys->body_count(); ++k)
      for (int d = 0; d < 7; ++d) y[System::BodyOffset(k) + d] = x[7 * k + d] * scaling.D(d);
  }
  void Residual(const double* x, double* f) override {
    Set(x);
    const VecX phi = sys->JointResiduals(t, y.data(), memory) - drivers;
    const int m = static_cast<int>(rows.size());
    for (int a = 0; a < m; ++a) f[a] = scaling.row_scale[a] * phi[rows[a]];
    for (int k = 0; k < sys->body_count(); ++k)
      f[m + k] = Eigen::Map<const Vec4>(x + 7 * k + 3).squaredNorm() - 1.0;
  }
  void Jacobian(const double* x, std::vector<Triplet>* out) override {
    Set(x);
    out->clear();
    const SparseMat G = sys->PositionJacobian(t, y.data(), memory);
    std::vector<int> equation(sys->rows().size(), -1);
    const int m = static_cast<int>(rows.size());
    for (int a = 0; a < m; ++a) equation[rows[a]] = a;
    for (int c = 0; c < G.outerSize(); ++c)
      for (SparseMat::InnerIterator it(G, c); it; ++it)
        if (const int a = equation[it.row()]; a >= 0)
          out->push_back({a, c, scaling.row_scale[a] * scaling.D(c) * it.value()});
    for (int k = 0; k < sys->body_count(); ++k)
      for (int d = 0; d < 4; ++d) out->push_back({m + k, 7 * k + 3 + d, 2.0 * x[7 * k + 3 + d]});
  }
};

// "Joint 2 'slide' equation 6 (motion), moving Part 2 'block' against the ground"
std::string DescribeRow(const System& sys, int row, const VecX& y) {
  const auto& r = sys.rows()[row];
  const auto& joint = sys.joints()[r.joint];
  const System::JointSides sides = System::SidesOf(joint, y.data());
  std::ostringstream s;
  s << joint.Describe() << " equation " << r.local + 1 << " (" << joint.RowName(r.local)
    << "), moving ";
  for (int side = 0; side < 2; ++side) {
    const int body = sides.body[side];
    s << (side ? " against " : "")
      << (body >= 0 ? sys.bodies()[body].part->Describe() : std::string("the ground"));
  }
  return s.str();
}

void SolvePositions(const System& sys, double t, const double* memory, VecX* y) {
  PositionProblem p;
  p.sys = &sys;
  p.memory = memory;
  p.y = *y;
  p.t = t;
  p.drivers = sys.DriverValues(t, y->data(), memory, 0);
  p.rows = ActiveRowList(sys);
  for (int r : p.rows)
    if (!std::isfinite(p.drivers[r])) {
      // the Motion and its expression, as the dynamic analysis names them
      // (docs/conventions.md §7), then the equation it drives
      const VecX rates = VecX::Zero(y->size());
      std::ostringstream s;
      const std::string why = sys.NonFinite(t, y->data(), rates.data(), memory);
      if (!why.empty()) s << why << "; ";
      s << "the value a motion imposes is " << mbs::NonFiniteText(p.drivers[r]) << " at time " << t
        << " in " << DescribeRow(sys, r, *y);
      throw SolverError(s.str());
    }
  p.scaling = ScalePositionRows(sys, t, memory, y->data(), p.rows);
  VecX x(p.nq());
  for (int k = 0; k < sys.body_count(); ++k)
    for (int d = 0; d < 7; ++d) x[7 * k + d] = (*y)[System::BodyOffset(k) + d] / p.scaling.D(d);
  const NewtonOutcome outcome = SolveNewton(&p, NewtonOptions{}, &x);
  p.Set(x.data());
  // judge by the scaled residual left (as the assembly does), and name the worst equation
  // with its residual in model units
  const VecX phi = sys.JointResiduals(t, p.y.data(), memory) - p.drivers;
  double worst = 0.0, worst_scaled = 0.0;
  int worst_row = -1;
  for (size_t a = 0; a < p.rows.size(); ++a) {
    const double scaled = p.scaling.row_scale[a] * std::abs(phi[p.rows[a]]);
    if (!(scaled <= worst_scaled))
      worst_scaled = scaled, worst = std::abs(phi[p.rows[a]]), worst_row = p.rows[a];
  }
  // whatever KINSOL reports: its line search may fail at an iterate already at roundoff
  double worst_norm = 0.0;
  for (int k = 0; k < sys.body_count(); ++k)
    worst_norm = std::max(worst_norm, std::abs(x.segment<4>(7 * k + 3).squaredNorm() - 1.0));
  if (!(worst_scaled <= kAssemblyTolerance * 100) || !(worst_norm <= kAssemblyTolerance * 100)) {
    std::ostringstream s;
    s << "the position constraints cannot be met at time " << t;
    if (worst_row >= 0)
      s << "; the largest residual is " << worst << " in " << DescribeRow(sys, worst_row, p.y);
    s << " (" << outcome.flag_name << "); the mechanism may lock up or a motion leave its reach";
    throw SolverError(s.str());
  }
  for (int k = 0; k < sys.body_count(); ++k) p.y.segment<4>(System::BodyOffset(k) + 3).normalize();
  *y = p.y;
}

// B u = the motions' rates, B square and regular (no degree of freedom); u = (v, w body)
void SolveVelocities0(const System& sys, double t, const double* memory, VecX* y) {
  const int nb = sys.body_count();
  const SparseMat B = sys.VelocityJacobian(t, y->data(), memory);
  const VecX rates = sys.DriverValues(t, y->data(), memory, 1);
  std::vector<Eigen::Triplet<double>> trip;
  for (int c = 0; c < B.outerSize(); ++c)
    for (SparseMat::InnerIterator it(B, c); it; ++it) {
      const int a = sys.rows()[it.row()].active;
      if (a >= 0) trip.emplace_back(a, c, it.value());
    }
  SparseMat Ba(6 * nb, 6 * nb);
  Ba.setFromTriplets(trip.begin(), trip.end());
  VecX c(6 * nb);
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if (sys.rows()[r].active >= 0) c[sys.rows()[r].active] = rates[r];
  Eigen::SparseLU<SparseMat> lu;
  lu.compute(Ba);
  if (lu.info() != Eigen::Success)
    throw SolverError("the velocity constraints are singular at time " + std::to_string(t) +
                      " (the mechanism is at a lock-up or dead point)");
  const VecX u = lu.solve(c);
  for (int k = 0; k < nb; ++k) y->segment<6>(System::BodyOffset(k) + 7) = u.segment<6>(6 * k);
}

double StoredAndKinetic(const System& sys, double t, const double* memory, const VecX& y) {
  const System::Energy e = sys.EnergyAt(t, y.data(), memory);
  return e.kinetic + e.gravitational + e.elastic;
}

}  // namespace

Freedom FreedomOf(const System& sys, double t, const double* memory, const VecX& y) {
  Freedom freedom;
  const int nb = sys.body_count();
  freedom.count = 6 * nb - sys.active_rows();
  if (freedom.count <= 0) return freedom;
  // the null space of the active rows of B: the motions the constraints allow
  const SparseMat B = sys.VelocityJacobian(t, y.data(), memory);
  MatX dense = MatX::Zero(std::max(1, sys.active_rows()), 6 * nb);
  for (int c = 0; c < B.outerSize(); ++c)
    for (SparseMat::InnerIterator it(B, c); it; ++it) {
      const int a = sys.rows()[it.row()].active;
      if (a >= 0) dense(a, c) = it.value();
    }
  Eigen::FullPivLU<MatX> lu(dense);
  lu.setThreshold(1e-10);
  const MatX kernel = lu.kernel();
  for (int k = 0; k < nb; ++k)
    if (kernel.middleRows(6 * k, 6).cwiseAbs().maxCoeff() > 1e-8)
      freedom.free_parts.push_back(sys.bodies()[k].part->Describe());
  return freedom;
}

bool OnlyBodyStates(const System& sys) {
  return sys.differential_size() ==
         System::BodyOffset(sys.body_count()) + (sys.work_state() >= 0 ? 1 : 0);
}

void SolveKinematics(const System& sys, double t0, double t, const double* memory,
                     const AcceptState& accept, VecX* y, VecX* yp) {
  VecX ynew = *y, ypnew = *yp;
  // parts that turn far between t0 and t are followed in steps (whole turns of joint angles)
  double turn = 0.0;
  for (int k = 0; k < sys.body_count(); ++k)
    turn = std::max(turn, y->segment<3>(System::BodyOffset(k) + 10).norm() * std::abs(t - t0));
  if (!std::isfinite(turn)) turn = 0.0;  // a state that is not finite fails below, named
  const int steps = std::clamp(static_cast<int>(std::ceil(turn / kLargestRotation)), 1, kMostSteps);
  const double energy0 = StoredAndKinetic(sys, t0, memory, *y);
  const int nq = 7 * sys.body_count();
  std::vector<double> qdot(nq);
  double ts = t0;
  for (int s = 1; s <= steps; ++s) {
    const double te = s == steps ? t : t0 + (t - t0) * s / steps;
    // the start of Newton: the positions moved on by their rates
    sys.PositionRates(ynew.data(), qdot.data());
    for (int k = 0; k < sys.body_count(); ++k)
      for (int d = 0; d < 7; ++d) ynew[System::BodyOffset(k) + d] += (te - ts) * qdot[7 * k + d];
    try {
      SolvePositions(sys, te, memory, &ynew);
      SolveVelocities0(sys, te, memory, &ynew);
      SolveAccelerations(sys, te, memory, &ynew, &ypnew);
    } catch (const std::exception& e) {
      std::ostringstream s;
      s << "kinematics cannot advance past time " << ts << ": " << e.what();
      throw SolverError(s.str());
    }
    const std::string bad = sys.NonFinite(te, ynew.data(), ypnew.data(), memory);
    if (!bad.empty()) {
      std::ostringstream s;
      s << "kinematics cannot advance past time " << ts << ": " << bad;
      throw SolverError(s.str());
    }
    if (s < steps && accept) accept(te, ynew, ypnew);
    ts = te;
  }
  // the balance kinetic + gravitational + elastic - work holds exactly (docs/equations.md §7)
  if (sys.work_state() >= 0)
    ynew[sys.work_state()] =
        (*y)[sys.work_state()] + StoredAndKinetic(sys, t, memory, ynew) - energy0;
  *y = ynew;
  *yp = ypnew;
}

}  // namespace msolve::analysis
