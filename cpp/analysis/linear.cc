#include "analysis/linear.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <Eigen/SparseCore>

#include "analysis/linear_parts.h"
#include "common/error.h"
#include "math/rotation.h"

// LAPACK's QR factorisation with column pivoting
extern "C" void dgeqp3_(const int* m, const int* n, double* a, const int* lda, int* jpvt,
                        double* tau, double* work, const int* lwork, int* info);

namespace msolve::analysis {
namespace {

using math::QuatL;
using math::QuatToMatrix;
using math::Skew;
using system::System;

// The tangent coordinates xi of docs/equations.md §10.1 and the DAE states they move: per
// body the translation and the small rotation in global axes (6, at 6 k), then per body
// the velocity and the angular velocity in global axes (6, at 6 nb + 6 k), then the control
// states (Diffs, Tfsisos, Lses). Motion states and the work W take no part (a driven
// coordinate does not vibrate; W is an output).
Layout MakeLayout(const System& sys) {
  // an implicit Variable is an algebraic unknown the state matrix has no place for
  // (docs/equations.md §4.8)
  if (const auto implicit = sys.ImplicitVariables(); !implicit.empty())
    throw ModelError(implicit.front()->Describe() +
                     ": the linear analysis does not take implicit variables");
  Layout layout;
  layout.nb = sys.body_count();
  layout.m = sys.active_rows();
  for (const auto& block : sys.StateBlocks()) {
    const model::Entity* source = block.source;
    if (dynamic_cast<const model::Diff*>(source) || dynamic_cast<const model::Tfsiso*>(source) ||
        dynamic_cast<const model::Lse*>(source))
      for (int d = 0; d < block.count; ++d) layout.controls.push_back(block.offset + d);
  }
  layout.nc = static_cast<int>(layout.controls.size());
  return layout;
}

// delta y = T xi and the rate of T along the operating point (dT/dt xi), docs/equations.md
// §10.1: delta r = xi_r, delta e = L(e) R^T xi_pi / 2, delta v = xi_v,
// delta w = R^T (xi_w + Omega x xi_pi), Omega = R w the angular velocity in global axes.
void Chart(const System& sys, const Layout& layout, const VecX& y, const VecX& yp, Sparse* T,
           Sparse* Tdot, Sparse* K) {
  std::vector<Eigen::Triplet<double>> t, td, k;
  const auto block = [](std::vector<Eigen::Triplet<double>>* out, int row, int col,
                        const Eigen::MatrixXd& b) {
    for (int i = 0; i < b.rows(); ++i)
      for (int j = 0; j < b.cols(); ++j)
        if (b(i, j) != 0.0) out->emplace_back(row + i, col + j, b(i, j));
  };
  const int nb = layout.nb;
  for (int b = 0; b < nb; ++b) {
    const int o = System::BodyOffset(b);
    const Vec4 e = y.segment<4>(o + 3), ed = yp.segment<4>(o + 3);
    const Vec3 w = y.segment<3>(o + 10), wd = yp.segment<3>(o + 10);
    const Mat3 Rt = QuatToMatrix<double>(e).transpose();
    const int p = layout.P(b), u = layout.U(b);
    block(&t, o, p, Mat3::Identity());
    block(&t, o + 3, p + 3, 0.5 * QuatL(e) * Rt);
    block(&t, o + 7, u, Mat3::Identity());
    block(&t, o + 10, u + 3, Rt);
    block(&t, o + 10, p + 3, Skew(w) * Rt);
    block(&td, o + 3, p + 3, 0.5 * QuatL(ed) * Rt - 0.5 * QuatL(e) * Skew(w) * Rt);
    block(&td, o + 10, u + 3, -Skew(w) * Rt);
    block(&td, o + 10, p + 3, Skew(wd) * Rt - Skew(w) * Skew(w) * Rt);
    // the rate of the small rotation: xi_pi' = xi_w + Omega x xi_pi
    block(&k, p + 3, p + 3, Skew(Rt.transpose() * w));
  }
  for (int c = 0; c < layout.nc; ++c) t.emplace_back(layout.controls[c], layout.C(c), 1.0);
  *T = Sparse(sys.size(), layout.n_xi());
  T->setFromTriplets(t.begin(), t.end());
  *Tdot = Sparse(sys.size(), layout.n_xi());
  Tdot->setFromTriplets(td.begin(), td.end());
  *K = Sparse(6 * nb, 6 * nb);
  K->setFromTriplets(k.begin(), k.end());
}

Sparse ToSparse(int n, const std::vector<Triplet>& triplets) {
  std::vector<Eigen::Triplet<double>> t;
  t.reserve(triplets.size());
  for (const Triplet& e : triplets) t.emplace_back(e.row, e.col, e.value);
  Sparse s(n, n);
  s.setFromTriplets(t.begin(), t.end());
  return s;
}

// rows (or, transposed, columns) `indices` of an n-vector space
Sparse Selection(const std::vector<int>& indices, int n) {
  std::vector<Eigen::Triplet<double>> t;
  for (size_t i = 0; i < indices.size(); ++i) t.emplace_back(static_cast<int>(i), indices[i], 1.0);
  Sparse s(static_cast<int>(indices.size()), n);
  s.setFromTriplets(t.begin(), t.end());
  return s;
}

std::vector<int> Range(int first, int count) {
  std::vector<int> r(count);
  for (int i = 0; i < count; ++i) r[i] = first + i;
  return r;
}

// N for the independent and dependent coordinates of r: the identity in the independent
// rows, -B_d^-1 B_i in the dependent ones (`lu` the factorised B_d)
MatX Basis(const Sparse& Bp, const Reduction& r, Eigen::PartialPivLU<MatX>* lu) {
  const int n = static_cast<int>(Bp.cols()), m = static_cast<int>(r.dependent.size());
  MatX N = MatX::Zero(n, r.n_f);
  for (int j = 0; j < r.n_f; ++j) N(r.independent[j], j) = 1.0;
  if (m > 0) {
    const Sparse Sd = Selection(r.dependent, n).transpose(),
                 Si = Selection(r.independent, n).transpose();
    const MatX Bd = MatX(Bp * Sd), Bi = MatX(Bp * Si);
    *lu = Bd.partialPivLu();
    const MatX Nd = -lu->solve(Bi);
    for (int i = 0; i < m; ++i) N.row(r.dependent[i]) = Nd.row(i);
  }
  return N;
}

// The independent coordinates (docs/equations.md §10.2): the columns of the position
// constraint Jacobian in the tangent coordinates left over when a column-pivoted QR has
// picked the best-conditioned dependent ones, and the basis N of the tangent space with the
// identity in the independent rows.
void Partition(const Sparse& Bp, const Layout& layout, Reduction* r) {
  const int n = 6 * layout.nb, m = layout.m;
  r->n_f = n - m;
  std::vector<int> dependent, independent;
  if (m > 0) {
    // LAPACK's dgeqp3 (blocked QR with column pivoting): the first m pivot columns
    MatX a = MatX(Bp);
    std::vector<int> pivots(n, 0);
    std::vector<double> tau(std::min(m, n));
    int lwork = -1, info = 0;
    double query = 0.0;
    dgeqp3_(&m, &n, a.data(), &m, pivots.data(), tau.data(), &query, &lwork, &info);
    lwork = std::max(1, static_cast<int>(query));
    std::vector<double> work(lwork);
    dgeqp3_(&m, &n, a.data(), &m, pivots.data(), tau.data(), work.data(), &lwork, &info);
    if (info != 0)
      throw SolverError(
          "linear analysis: the QR of the constraint Jacobian failed (LAPACK "
          "dgeqp3 info " +
          std::to_string(info) + ")");
    int rank = 0;
    const double largest = std::abs(a(0, 0));
    while (rank < std::min(m, n) && std::abs(a(rank, rank)) > 1e-10 * largest) ++rank;
    if (rank < m)
      throw ModelError(
          "linear analysis: the constraint equations are dependent at the operating point (" +
          std::to_string(m - rank) + " of " + std::to_string(m) +
          " are redundant there); the degrees of freedom cannot be told apart");
    for (int i = 0; i < n; ++i) (i < m ? dependent : independent).push_back(pivots[i] - 1);
    std::sort(independent.begin(), independent.end());
  } else {
    independent = Range(0, n);
  }
  r->independent = independent;
  r->dependent = dependent;
  r->N = Basis(Bp, *r, &r->dependent_lu);
}

// The chart of the operating point; with the gyroscopic terms left out (gyroscopic NONE) the
// bodies' axes are taken as not turning along the operating motion (docs/equations.md §10.4)
void ChartOf(const System& sys, const Layout& layout, const VecX& y, const VecX& yp,
             bool gyroscopic, Sparse* T, Sparse* Td, Sparse* K) {
  if (gyroscopic) return Chart(sys, layout, y, yp, T, Td, K);
  VecX still = y, still_rate = yp;
  for (int b = 0; b < layout.nb; ++b) {
    still.segment<3>(System::BodyOffset(b) + 10).setZero();
    still_rate.segment<4>(System::BodyOffset(b) + 3).setZero();
  }
  Chart(sys, layout, still, still_rate, T, Td, K);
}

// The rates of N and P along the operating motion (docs/equations.md §10.2): central
// differences of the partition, with the same dependent coordinates, at t -+ h, y -+ h y'
// (zero at rest)
void PartitionRates(const System& sys, const Layout& layout, double t, const double* memory,
                    const VecX& y, const VecX& yp, bool gyroscopic, Reduction* r) {
  const int n = 6 * layout.nb, m = layout.m, size = sys.size();
  r->Ndot = MatX::Zero(n, r->n_f);
  r->Pdot = MatX::Zero(n, r->n_f);
  const double rate = yp.head(System::BodyOffset(layout.nb)).cwiseAbs().maxCoeff();
  if (m == 0 || r->n_f == 0 || rate == 0.0) return;
  const double h = 1e-5 / std::max(1.0, rate);
  MatX N[2], P[2];
  for (int k = 0; k < 2; ++k) {
    const double sign = k == 0 ? 1.0 : -1.0;
    const VecX ys = y + sign * h * yp;
    std::vector<Triplet> j0;
    sys.Jacobian(t + sign * h, ys.data(), yp.data(), memory, 0.0, &j0);
    const Sparse Fy = ToSparse(size, j0);
    Sparse T, Td, K;
    ChartOf(sys, layout, ys, yp, gyroscopic, &T, &Td, &K);
    const Sparse Gp = Selection(Range(sys.mu_offset(), m), size) * Fy * T;
    const Sparse Gv = Selection(Range(sys.lambda_offset(), m), size) * Fy * T;
    Eigen::PartialPivLU<MatX> lu;
    N[k] = Basis(Gp.leftCols(n), *r, &lu);
    P[k] = MatX::Zero(n, r->n_f);
    const MatX Pd = -lu.solve(MatX(Gv.leftCols(n) * N[k]));
    for (int i = 0; i < m; ++i) P[k].row(r->dependent[i]) = Pd.row(i);
  }
  r->Ndot = (N[0] - N[1]) / (2 * h);
  r->Pdot = (P[0] - P[1]) / (2 * h);
}

std::string DescribeCoordinate(const System& sys, int index) {
  static const char* const kNames[] = {"translation X", "translation Y", "translation Z",
                                       "rotation X",    "rotation Y",    "rotation Z"};
  return sys.bodies()[index / 6].part->Describe() + " " + kNames[index % 6];
}

// The state matrix from the momentum and control rows (docs/equations.md §10.3): per body
// the force and torque rows, then the control rows, with the reactions eliminated.
struct Solved {
  MatX A;
  Eigen::PartialPivLU<MatX> lu;
  MatX Y;  // [z'; c'; delta lambda] per reduced state
};

Solved SolveStateMatrix(const System& sys, const Layout& layout, const Reduction& r,
                        const Sparse& Fy, const Sparse& Fyp, const Sparse& T, const Sparse& Td,
                        const Sparse& Sm, const Sparse& El) {
  const int n = 6 * layout.nb, nf = r.n_f, nc = layout.nc, m = layout.m;
  const int nX = 2 * nf + nc;
  const Sparse FmT = Sm * Fy * T, FmpT = Sm * Fyp * T, FmpTd = Sm * Fyp * Td;
  const MatX Fl = MatX(Sm * Fy * El);
  const int rows = static_cast<int>(Sm.rows());
  MatX L(rows, nf + nc + m);
  L.leftCols(nf) = FmpT.middleCols(n, n) * r.N;
  L.middleCols(nf, nc) = MatX(FmpT.rightCols(nc));
  L.rightCols(m) = Fl;
  Solved s;
  s.lu = L.partialPivLu();
  const double rcond = s.lu.rcond();
  if (!(rcond > 1e-14)) {
    std::string parts;
    for (const auto& body : sys.bodies())
      if (!body.massless_directions.empty()) parts += " " + body.part->Describe() + ";";
    std::ostringstream msg;
    msg << "linear analysis: the mass matrix is singular in the free directions (reciprocal "
           "condition "
        << rcond << "): every free motion needs mass or inertia"
        << (parts.empty() ? std::string(".") : ", missing in:" + parts);
    throw ModelError(msg.str());
  }
  // xi_p' = N s' + N' s, xi_u' = N z' + P s' + N' z + P' s (the partition's rates, §10.2)
  MatX rates = MatX::Zero(n, nX);
  rates.leftCols(nf) = r.Pdot;
  rates.middleCols(nf, nf) = r.Ndot;
  const MatX rhs = -(FmpT.leftCols(n) * (r.N * r.Sdot + r.Ndot * MatX::Identity(nf, nX)) +
                     FmpT.middleCols(n, n) * (r.P * r.Sdot + rates) + (FmpTd + FmT) * r.Xi);
  s.Y = s.lu.solve(rhs);
  s.A.resize(nX, nX);
  s.A.topRows(nf) = r.Sdot;
  s.A.middleRows(nf, nf) = s.Y.topRows(nf);
  s.A.bottomRows(nc) = s.Y.middleRows(nf, nc);
  (void)rows;
  return s;
}

// The gyroscopic terms of the torque rows, d((w x J w) / UCF)/dw per body, times `sign`,
// as Jacobian triplets (docs/equations.md §10.4)
void AddGyroscopic(const System& sys, const VecX& y, double sign, std::vector<Triplet>* out) {
  for (int b = 0; b < sys.body_count(); ++b) {
    const int o = System::BodyOffset(b);
    const Vec3 w = y.segment<3>(o + 10);
    const Mat3& J = sys.bodies()[b].inertia;
    const Mat3 d = sign * (Skew(w) * J - Skew(J * w)) / sys.ucf();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (d(i, j) != 0.0) out->push_back({o + 10 + i, o + 10 + j, d(i, j)});
  }
}

// The DAE Jacobian without the damping of the force elements: the derivatives of the body
// force and torque rows by the body velocities keep only the gyroscopic terms
// (w x J w) / UCF, when the linearisation has them (docs/equations.md §10.4).
std::vector<Triplet> WithoutDamping(const System& sys, const VecX& y,
                                    const std::vector<Triplet>& all, bool gyroscopic) {
  const int nb = sys.body_count(), end = System::BodyOffset(nb);
  const auto velocity = [end](int i) { return i < end && i % system::kBodyStates >= 7; };
  std::vector<Triplet> out;
  for (const Triplet& e : all)
    if (!(velocity(e.row) && velocity(e.col))) out.push_back(e);
  if (gyroscopic) AddGyroscopic(sys, y, 1.0, &out);
  return out;
}

}  // namespace

LinearResult Linearize(const System& sys, const model::Model& model, double t, const double* memory,
                       const VecX& y, const VecX& yp, const LinearSettings& settings) {
  const Layout layout = MakeLayout(sys);
  const int n = 6 * layout.nb, size = sys.size(), m = layout.m;
  if (n - m <= 0 && layout.nc == 0)
    throw ModelError("linear analysis: the model has no free degree of freedom (" +
                     std::to_string(layout.nb) + " moving parts, " + std::to_string(m) +
                     " independent constraint equations) and no control states");

  // the Jacobians dF/dy and dF/dy' of the DAE at the operating point
  std::vector<Triplet> j0, j1;
  sys.Jacobian(t, y.data(), yp.data(), memory, 0.0, &j0);
  sys.Jacobian(t, y.data(), yp.data(), memory, 1.0, &j1);
  const Sparse Fyp = ToSparse(size, j1) - ToSparse(size, j0);
  // gyroscopic NONE: the torque rows without d(w x J w)/dw
  if (!settings.gyroscopic) AddGyroscopic(sys, y, -1.0, &j0);
  const Sparse Fy = ToSparse(size, j0);

  Sparse T, Td, K;
  ChartOf(sys, layout, y, yp, settings.gyroscopic, &T, &Td, &K);
  const std::vector<int> position_rows = Range(sys.mu_offset(), m);
  const std::vector<int> velocity_rows = Range(sys.lambda_offset(), m);
  const Sparse Gp = Selection(position_rows, size) * Fy * T;
  const Sparse Gv = Selection(velocity_rows, size) * Fy * T;

  Reduction r;
  Partition(Gp.leftCols(n), layout, &r);
  ReduceVelocities(Gv, K, layout, &r);
  PartitionRates(sys, layout, t, memory, y, yp, settings.gyroscopic, &r);
  if (r.n_f == 0 && layout.nc == 0)
    throw ModelError("linear analysis: the model has no free degree of freedom: its " +
                     std::to_string(m) + " constraint equations fix all " +
                     std::to_string(layout.nb) + " moving parts");

  // momentum and control rows; the reactions' columns
  std::vector<int> momentum_rows;
  for (int b = 0; b < layout.nb; ++b)
    for (int d = 7; d < 13; ++d) momentum_rows.push_back(System::BodyOffset(b) + d);
  for (int c : layout.controls) momentum_rows.push_back(c);
  const Sparse Sm = Selection(momentum_rows, size);
  const Sparse El = Selection(velocity_rows, size).transpose();

  Solved full = SolveStateMatrix(sys, layout, r, Fy, Fyp, T, Td, Sm, El);
  LinearResult result;
  result.time = t;
  result.dof = r.n_f;
  result.controls = layout.nc;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < r.n_f; ++j)
      result.states.push_back(DescribeCoordinate(sys, r.independent[j]) +
                              (k == 0 ? " (position)" : " (velocity)"));
  for (int c : layout.controls) result.states.push_back(sys.DescribeState(c));
  result.A = full.A;

  // inputs and outputs
  result.pinput = settings.pinput;
  result.poutput = settings.poutput;
  PlantMatrices(sys, model, t, memory, y, yp, settings, layout, r, T, Td, Sm, El, full.lu, full.Y,
                &result);

  if (settings.eigen_analysis) {
    if (settings.nodamping) {
      const Sparse Fy0 = ToSparse(size, WithoutDamping(sys, y, j0, settings.gyroscopic));
      const Solved undamped = SolveStateMatrix(sys, layout, r, Fy0, Fyp, T, Td, Sm, El);
      Eigensolution(undamped.A, layout, r, &result);
    } else {
      Eigensolution(full.A, layout, r, &result);
    }
    DropModesAbove(settings.cutoff_frequency, &result);
  }
  if (settings.gyroscopic_partial)
    result.notes.push_back(
        "gyroscopic = PARTIAL: the gyroscopic terms are linearised in full (as FULL)");
  return result;
}

}  // namespace msolve::analysis
