#include "analysis/assembly.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include <Eigen/SparseCholesky>

#include "analysis/initial_conditions.h"
#include "analysis/kinsol_solve.h"
#include "common/error.h"
#include "mbs/joint_equations.h"

namespace msolve::analysis {
namespace {

using system::SparseMat;
using system::System;

// the continuation in the motion values (docs/equations.md §5.2): its first step, and the
// smallest step before it gives up
constexpr double kFirstContinuationStep = 0.125;
constexpr double kSmallestContinuationStep = 1.0 / 4096;
// iterations of the search for the closest configuration when the assembly fails
constexpr int kClosestIterations = 200;
constexpr const char* kCannotAssemble =
    "the model cannot be assembled: the joints cannot all be satisfied; closest to meeting "
    "them, these joints stay open:";

// the largest |v_i|, 0 for an empty vector
double MaxAbs(const VecX& v) { return v.size() > 0 ? v.cwiseAbs().maxCoeff() : 0.0; }

// The scaled assembly problem (docs/equations.md §5.2). With D = diag(L for a translation, 1
// for a quaternion component) and the positions q = D z, and s_a the inverse length of the
// active row a of G D at the start, KINSOL solves for x = (z, nu, mu):
//   z - z0 + D G^T S nu + 2 mu_k e_k = 0,  s_a (Phi_a(q) - target_a) = 0,
//   |e_k|^2 - 1 - norm_target_k = 0,
// the stationarity of |z - z0|^2 / 2 on the joint equations: dimensionless, so that a model
// in millimetres follows the same iterates as the same model in metres.
struct AssemblyProblem : NonlinearSystem {
  const System* sys;
  const double* memory;  // of the run's state (system/state.h)
  double t = 0.0;        // the time of the assembly (the general constraints read it)
  VecX y;                // full state; its positions are overwritten by the iterate
  VecX z0;               // start positions, scaled, 7 per body
  VecX target;           // what each joint row must equal (per row of sys->rows())
  VecX norm_target;      // what |e|^2 - 1 must equal, per body
  std::vector<int> active_rows;
  VecX row_scale;  // s_a, per active row
  double length = 1.0;
  // the columns of z held at z0 (a body's `exact` X, Y, Z), each with a multiplier after the
  // norms': z_c - z0_c = 0 (docs/equations.md §5.2)
  std::vector<int> exact;

  int nq() const { return 7 * sys->body_count(); }
  int n() const {
    return nq() + static_cast<int>(active_rows.size()) + sys->body_count() +
           static_cast<int>(exact.size());
  }
  double D(int col) const { return col % 7 < 3 ? length : 1.0; }

  void SetPositions(const double* x) {
    for (int k = 0; k < sys->body_count(); ++k)
      for (int d = 0; d < 7; ++d) y[System::BodyOffset(k) + d] = x[7 * k + d] * D(d);
  }

  // the scaled residuals of the active rows at the positions in y
  VecX ScaledRows() const {
    const VecX phi = sys->JointResiduals(t, y.data(), memory) - target;
    VecX out(active_rows.size());
    for (size_t a = 0; a < active_rows.size(); ++a) out[a] = row_scale[a] * phi[active_rows[a]];
    return out;
  }

  void Residual(const double* x, double* F) override {
    SetPositions(x);
    const int nq7 = nq();
    const int na = static_cast<int>(active_rows.size());
    const VecX phi = sys->JointResiduals(t, y.data(), memory) - target;
    const SparseMat Gt = SparseMat(sys->PositionJacobian(t, y.data(), memory).transpose());
    Eigen::Map<const VecX> z(x, nq7);
    Eigen::Map<VecX> Fz(F, nq7);
    Fz = z - z0;
    for (int a = 0; a < na; ++a) {
      const int row = active_rows[a];
      const double w = x[nq7 + a] * row_scale[a];
      for (SparseMat::InnerIterator it(Gt, row); it; ++it)
        Fz[it.row()] += w * D(static_cast<int>(it.row())) * it.value();
      F[nq7 + a] = row_scale[a] * phi[row];
    }
    for (int k = 0; k < sys->body_count(); ++k) {
      const double mu = x[nq7 + na + k];
      const Eigen::Map<const Vec4> e(x + 7 * k + 3);
      Fz.segment<4>(7 * k + 3) += 2.0 * mu * e;
      F[nq7 + na + k] = e.squaredNorm() - 1.0 - norm_target[k];
    }
    const int held0 = nq7 + na + sys->body_count();
    for (size_t h = 0; h < exact.size(); ++h) {
      Fz[exact[h]] += x[held0 + h];
      F[held0 + h] = z[exact[h]] - z0[exact[h]];
    }
  }

  void Jacobian(const double* x, std::vector<Triplet>* out) override {
    SetPositions(x);
    out->clear();
    const int nq7 = nq();
    const int na = static_cast<int>(active_rows.size());
    for (int c = 0; c < nq7; ++c) out->push_back({c, c, 1.0});
    std::vector<int> active_of_row(sys->rows().size(), -1);
    for (int a = 0; a < na; ++a) active_of_row[active_rows[a]] = a;
    double phi[6];
    mbs::PairGradient grad;
    std::vector<mbs::PairHessian> hess;
    int row0 = 0;
    mbs::Coupling coupling;
    for (const auto& joint : sys->joints()) {
      const mbs::Coupling* law =
          joint.coupled() ? System::CouplingOf(joint, t, y.data(), memory, true, &coupling)
                          : nullptr;
      for (int term = 0; term < joint.terms(); ++term) {
        const System::JointSides sides = System::SidesOf(joint, term, y.data());
        const int* side_body = sides.body;
        const double* const* q = sides.state;
        joint.EvaluateTermHessians(term, q[0], q[1], joint.Slots(memory), phi, &grad, &hess, law);
        for (int r = 0; r < joint.rows(); ++r) {
          const int a = active_of_row[row0 + r];
          if (a < 0) continue;
          const double s = row_scale[a], nu = x[nq7 + a] * s;
          for (int side = 0; side < 2; ++side) {
            if (!q[side]) continue;
            for (int d = 0; d < 7; ++d) {
              const int col = 7 * side_body[side] + d;
              const double g = s * D(d) * grad(r, 7 * side + d);
              out->push_back({nq7 + a, col, g});
              out->push_back({col, nq7 + a, g});
              for (int s2 = 0; s2 < 2; ++s2) {
                if (!q[s2]) continue;
                for (int d2 = 0; d2 < 7; ++d2)
                  out->push_back({col, 7 * side_body[s2] + d2,
                                  nu * D(d) * D(d2) * hess[r](7 * side + d, 7 * s2 + d2)});
              }
            }
          }
        }
      }
      row0 += joint.rows();
    }
    for (int k = 0; k < sys->body_count(); ++k) {
      const double mu = x[nq7 + na + k];
      for (int d = 0; d < 4; ++d) {
        const int col = 7 * k + 3 + d;
        out->push_back({col, col, 2.0 * mu});
        out->push_back({col, nq7 + na + k, 2.0 * x[col]});
        out->push_back({nq7 + na + k, col, 2.0 * x[col]});
      }
    }
    const int held0 = nq7 + na + sys->body_count();
    for (size_t h = 0; h < exact.size(); ++h) {
      const int row = held0 + static_cast<int>(h);
      out->push_back({exact[h], row, 1.0});
      out->push_back({row, exact[h], 1.0});
    }
  }
};

// s_a = 1 / |row a of G D| at the positions in p->y (ScalePositionRows)
void ScaleRows(AssemblyProblem* p) {
  p->row_scale =
      ScalePositionRows(*p->sys, p->t, p->memory, p->y.data(), p->active_rows, p->length).row_scale;
}

// The configuration closest to meeting the joint equations, by Levenberg-Marquardt on the
// scaled rows from the start z0, the quaternions kept of unit norm (their norm equations in
// the step, and normalised after it): where a failed assembly is judged.
void ClosestConfiguration(AssemblyProblem* p) {
  const int nq7 = p->nq(), na = static_cast<int>(p->active_rows.size());
  const int nb = p->sys->body_count();
  std::vector<int> active_of_row(p->sys->rows().size(), -1);
  for (int a = 0; a < na; ++a) active_of_row[p->active_rows[a]] = a;
  VecX z = p->z0;
  for (int k = 0; k < nb; ++k) z.segment<4>(7 * k + 3).normalize();
  auto residual = [&](const VecX& at, VecX* r) {
    p->SetPositions(at.data());
    r->resize(na + nb);
    r->head(na) = p->ScaledRows();
    for (int k = 0; k < nb; ++k) (*r)[na + k] = at.segment<4>(7 * k + 3).squaredNorm() - 1.0;
  };
  VecX r;
  residual(z, &r);
  double mu = 1e-3;
  for (int iteration = 0; iteration < kClosestIterations && r.norm() > 1e-14; ++iteration) {
    p->SetPositions(z.data());
    const SparseMat G = p->sys->PositionJacobian(p->t, p->y.data(), p->memory);
    std::vector<Eigen::Triplet<double>> trip;
    for (int c = 0; c < G.outerSize(); ++c)
      for (SparseMat::InnerIterator it(G, c); it; ++it)
        if (const int a = active_of_row[it.row()]; a >= 0)
          trip.emplace_back(a, c, p->row_scale[a] * p->D(c) * it.value());
    for (int k = 0; k < nb; ++k)
      for (int d = 0; d < 4; ++d) trip.emplace_back(na + k, 7 * k + 3 + d, 2.0 * z[7 * k + 3 + d]);
    SparseMat J(na + nb, nq7);
    J.setFromTriplets(trip.begin(), trip.end());
    const SparseMat JtJ = J.transpose() * J;
    const VecX g = J.transpose() * r;
    bool improved = false;
    while (!improved && mu < 1e12) {
      SparseMat A = JtJ;
      for (int c = 0; c < nq7; ++c) A.coeffRef(c, c) += mu * (1.0 + JtJ.coeff(c, c));
      Eigen::SimplicialLDLT<SparseMat> ldlt(A);
      const VecX step = ldlt.solve(-g);
      // the orientations stay rotations: quaternions normalised after the step
      VecX z_new = z + step;
      for (int k = 0; k < nb; ++k) z_new.segment<4>(7 * k + 3).normalize();
      VecX r_new;
      residual(z_new, &r_new);
      if (ldlt.info() == Eigen::Success && r_new.norm() < r.norm()) {
        improved = true;
        z = z_new;
        r = r_new;
        mu = std::max(mu / 3.0, 1e-12);
      } else {
        mu *= 4.0;
      }
    }
    if (!improved) break;
  }
  p->SetPositions(z.data());
}

// "Joint 5 (SPHERICAL): open by 12.5 (length units)" for each joint whose active rows are not
// met at the positions in p->y: the length rows' residuals as a distance, the axis rows'
// (cosines that should vanish) as the angle in radians they are off by
std::string NameOpenJoints(const AssemblyProblem& p) {
  const System& sys = *p.sys;
  const VecX phi = sys.JointResiduals(p.t, p.y.data(), p.memory) - p.target;
  std::map<int, std::pair<double, double>> open;  // joint: (length^2, angle^2)
  std::map<int, std::string> rows;                // joint: its open equations
  for (size_t a = 0; a < p.active_rows.size(); ++a) {
    const int row = p.active_rows[a];
    const double value = phi[row];
    if (!(std::abs(p.row_scale[a] * value) > 1e-8)) continue;
    const auto& joint = sys.joints()[sys.rows()[row].joint];
    mbs::JointEquationTerm terms[2];
    const int count = mbs::JointEquationTerms(joint.type(), sys.rows()[row].local, terms);
    auto& gap = open[sys.rows()[row].joint];
    std::ostringstream line;
    line << "\n    " << JointName(sys, row) << ": residual " << value;
    rows[sys.rows()[row].joint] += line.str();
    if (joint.terms() == 1 && count == 1 && terms[0].kind == mbs::JointEquationTerm::Kind::kAxes)
      gap.second += std::pow(std::asin(std::clamp(value, -1.0, 1.0)), 2);
    else if (joint.terms() == 1 && mbs::IsMotionAngle(joint.type()))
      gap.second += value * value;
    else
      gap.first += value * value;
  }
  std::ostringstream s;
  int named = 0;
  for (const auto& [index, gap] : open) {
    if (named++ == 12) {
      s << "\n  ... and " << open.size() - 12 << " more";
      break;
    }
    s << "\n  " << sys.joints()[index].Describe() << ":";
    if (gap.first > 0) s << " open by " << std::sqrt(gap.first) << " (model length units)";
    if (gap.first > 0 && gap.second > 0) s << ",";
    if (gap.second > 0) s << " misaligned by " << std::sqrt(gap.second) << " rad";
    s << rows[index];
  }
  return s.str();
}

// The problem at the start y, for the active rows (or all rows: `all_rows`) but those of the
// motions whose initial displacement is not given: they start where the others put them
void SetUp(const System& sys, double t, const double* memory, const VecX& y, const VecX& drivers,
           bool all_rows, double length, AssemblyProblem* p) {
  const std::vector<bool> later = sys.RowsImposedLater(0);
  p->sys = &sys;
  p->t = t;
  p->memory = memory;
  p->y = y;
  p->target = drivers;
  for (size_t r = 0; r < sys.rows().size(); ++r)
    if ((all_rows || sys.rows()[r].active >= 0) && !later[r])
      p->active_rows.push_back(static_cast<int>(r));
  p->length = length > 0 ? length : LengthScale(sys, y.data());
  ScaleRows(p);
  p->z0.resize(7 * sys.body_count());
  for (int k = 0; k < sys.body_count(); ++k)
    for (int d = 0; d < 7; ++d) p->z0[7 * k + d] = y[System::BodyOffset(k) + d] / p->D(d);
  p->norm_target = VecX::Zero(sys.body_count());
  // Part and PointMass `exact`: X, Y, Z of the body held (PSI, THETA, PHI are not)
  for (int k = 0; k < sys.body_count(); ++k) {
    const model::Part* part = sys.bodies()[k].part;
    if (part == nullptr || sys.bodies()[k].owner != nullptr) continue;
    for (const std::string& word : part->exact)
      for (int d = 0; d < 3; ++d)
        if (word == std::string(1, static_cast<char>('X' + d))) p->exact.push_back(7 * k + d);
  }
}

}  // namespace

double LengthScale(const System& sys, const double* y) {
  Vec3 low = Vec3::Constant(INFINITY), high = Vec3::Constant(-INFINITY);
  auto add = [&](const Vec3& p) {
    low = low.cwiseMin(p);
    high = high.cwiseMax(p);
  };
  for (int k = 0; k < sys.body_count(); ++k) add(Vec3(y + System::BodyOffset(k)));
  for (const auto& joint : sys.joints())
    for (int term = 0; term < joint.terms(); ++term)
      for (const mbs::BodyMarker* m : {&joint.term(term).i, &joint.term(term).j})
        add(mbs::MarkerFrame(*m, m->body == kGround ? nullptr : y + System::BodyOffset(m->body)).p);
  const double side = (high - low).maxCoeff();
  return std::isfinite(side) && side > 0 ? side : 1.0;
}

PositionScaling ScalePositionRows(const System& sys, double t, const double* memory,
                                  const double* y, const std::vector<int>& rows, double length) {
  PositionScaling scaling;
  scaling.length = length > 0 ? length : LengthScale(sys, y);
  const SparseMat Gt = SparseMat(sys.PositionJacobian(t, y, memory).transpose());
  const int na = static_cast<int>(rows.size());
  VecX size = VecX::Zero(na);
  for (int a = 0; a < na; ++a) {
    for (SparseMat::InnerIterator it(Gt, rows[a]); it; ++it)
      size[a] += std::pow(scaling.D(static_cast<int>(it.row())) * it.value(), 2);
    size[a] = std::sqrt(size[a]);
  }
  // a row whose gradient (nearly) vanishes keeps the scale 1 rather than an unbounded one
  const double floor = 1e-8 * MaxAbs(size);
  scaling.row_scale.resize(na);
  for (int a = 0; a < na; ++a) scaling.row_scale[a] = size[a] > floor ? 1.0 / size[a] : 1.0;
  return scaling;
}

int AssemblePositions(const System& sys, double t, const double* memory, VecX* y, double length,
                      double tolerance) {
  if (tolerance <= 0.0) tolerance = kAssemblyTolerance;
  const VecX drivers = sys.DriverValues(t, y->data(), memory, 0);
  CheckMotionValues(sys, t, drivers, 0);
  AssemblyProblem p;
  SetUp(sys, t, memory, *y, drivers, false, length, &p);
  const int nb = sys.body_count();
  VecX norm0(nb);
  for (int k = 0; k < nb; ++k) norm0[k] = p.z0.segment<4>(7 * k + 3).squaredNorm() - 1.0;
  const VecX offset = sys.JointResiduals(t, y->data(), memory) - drivers;  // at the start
  if (std::max(MaxAbs(p.ScaledRows()), MaxAbs(norm0)) <= tolerance) {
    sys.StartMotionStates(t, 0, y->data(), memory);
    return 0;
  }

  // the problem part way, lambda in [0, 1], from the start (lambda = 0, met by the start)
  // to the assembly (lambda = 1): the gaps of the start closed by the fraction lambda
  auto solve_at = [&](double lambda, VecX* x) {
    p.target = drivers + (1.0 - lambda) * offset;
    p.norm_target = (1.0 - lambda) * norm0;
    VecX trial = *x;
    const NewtonOutcome outcome = SolveNewton(&p, NewtonOptions{}, &trial);
    p.SetPositions(trial.data());
    const bool met = outcome.flag >= 0 && MaxAbs(p.ScaledRows()) <= tolerance;
    if (met) *x = trial;
    return met;
  };
  VecX x = VecX::Zero(p.n());
  x.head(p.nq()) = p.z0;
  int steps = 0;
  if (!solve_at(1.0, &x)) {
    // continuation: from the start in steps, halved when Newton fails, doubled when it
    // succeeds, each from the last solution
    double lambda = 0.0, step = kFirstContinuationStep;
    while (lambda < 1.0 && step >= kSmallestContinuationStep) {
      const double next = std::min(1.0, lambda + step);
      if (solve_at(next, &x)) {
        ++steps;
        lambda = next;
        step *= 2.0;
      } else {
        step /= 2.0;
      }
    }
    if (lambda < 1.0) {
      // the configuration closest to meeting the joints: an assembly when it meets them
      // (not the least change then), else where the failure is measured
      p.target = drivers;
      ClosestConfiguration(&p);
      const std::string open = NameOpenJoints(p);
      if (!open.empty()) throw ModelError(kCannotAssemble + open);
      for (int k = 0; k < nb; ++k)
        for (int d = 0; d < 7; ++d) x[7 * k + d] = p.y[System::BodyOffset(k) + d] / p.D(d);
    }
  }
  // the closest configuration does not hold the exact coordinates: say which moved
  for (const int c : p.exact)
    if (std::abs(x[c] - p.z0[c]) > 1e-9)
      throw ModelError(sys.bodies()[c / 7].part->Describe() + ": exact " +
                       std::string(1, static_cast<char>('X' + c % 7)) +
                       " cannot be held at its design value: the joints need it moved by " +
                       std::to_string((x[c] - p.z0[c]) * p.length));
  p.SetPositions(x.data());
  for (int k = 0; k < nb; ++k) p.y.segment<4>(System::BodyOffset(k) + 3).normalize();
  *y = p.y;
  sys.StartMotionStates(t, 0, y->data(), memory);
  return steps;
}

void ThrowOpenJoints(const System& sys, double t, const double* memory, const VecX& start) {
  AssemblyProblem p;
  SetUp(sys, t, memory, start, sys.DriverValues(t, start.data(), memory, 0), true, 0.0, &p);
  ClosestConfiguration(&p);
  std::string open = NameOpenJoints(p);
  if (open.empty()) open = "\n  (none where the least squares of the joint equations end)";
  throw ModelError(kCannotAssemble + open);
}

}  // namespace msolve::analysis
