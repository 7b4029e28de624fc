// The linear analysis' reduction of the velocities, its eigensolution, its settings and the
// eigenvalue table of the log (docs/equations.md §10).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/linear_parts.h"
#include "common/error.h"

// LAPACK's general eigensolver (real Schur form with right eigenvectors): blocked and much
// faster than Eigen's EigenSolver for the hundreds of states of a long chain
extern "C" void dgeev_(const char* jobvl, const char* jobvr, const int* n, double* a,
                       const int* lda, double* wr, double* wi, double* vl, const int* ldvl,
                       double* vr, const int* ldvr, double* work, const int* lwork, int* info);

namespace msolve::analysis {
namespace {

// eigenvalues and right eigenvectors of A by dgeev
void GeneralEigen(const MatX& A, VecXc* values, MatXc* vectors) {
  const int n = static_cast<int>(A.rows());
  MatX a = A, vr(n, n);
  Eigen::VectorXd wr(n), wi(n);
  double vl = 0.0, query = 0.0;
  int one = 1, lwork = -1, info = 0;
  dgeev_("N", "V", &n, a.data(), &n, wr.data(), wi.data(), &vl, &one, vr.data(), &n, &query, &lwork,
         &info);
  lwork = std::max(1, static_cast<int>(query));
  std::vector<double> work(lwork);
  dgeev_("N", "V", &n, a.data(), &n, wr.data(), wi.data(), &vl, &one, vr.data(), &n, work.data(),
         &lwork, &info);
  if (info != 0)
    throw SolverError(
        "linear analysis: the eigenvalues of the state matrix did not converge "
        "(LAPACK dgeev info " +
        std::to_string(info) + ")");
  values->resize(n);
  vectors->resize(n, n);
  for (int j = 0; j < n; ++j) {
    (*values)[j] = {wr[j], wi[j]};
    if (wi[j] != 0.0 && j + 1 < n) {
      // a conjugate pair: columns j and j + 1 hold the real and imaginary parts
      vectors->col(j) = vr.col(j).cast<std::complex<double>>() +
                        std::complex<double>(0, 1) * vr.col(j + 1).cast<std::complex<double>>();
      vectors->col(j + 1) = vectors->col(j).conjugate();
      (*values)[j + 1] = {wr[j + 1], wi[j + 1]};
      ++j;
    } else {
      vectors->col(j) = vr.col(j).cast<std::complex<double>>();
    }
  }
}

std::string Format(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace

void ReduceVelocities(const Sparse& Gv, const Sparse& K, const Layout& layout, Reduction* r) {
  const int n = 6 * layout.nb, nf = r->n_f, nc = layout.nc, m = layout.m;
  // the velocities that keep the velocity constraints B xi_u + H xi_p = 0: xi_u = N z + P s
  r->P = MatX::Zero(n, nf);
  if (m > 0 && nf > 0) {
    const MatX HN = Gv.leftCols(n) * r->N;
    const MatX Pd = -r->dependent_lu.solve(HN);
    for (int i = 0; i < m; ++i) r->P.row(r->dependent[i]) = Pd.row(i);
  }
  // s' = z + (K N s) in the independent rows (xi_p' = xi_u + K xi_p)
  const MatX KN = K * r->N;
  r->Sdot = MatX::Zero(nf, 2 * nf + nc);
  for (int j = 0; j < nf; ++j) r->Sdot.row(j).head(nf) = KN.row(r->independent[j]);
  r->Sdot.middleCols(nf, nf).setIdentity();
  r->Xi = MatX::Zero(layout.n_xi(), 2 * nf + nc);
  r->Xi.block(0, 0, n, nf) = r->N;
  r->Xi.block(n, 0, n, nf) = r->P;
  r->Xi.block(n, nf, n, nf) = r->N;
  r->Xi.bottomRightCorner(nc, nc).setIdentity();
}

void Eigensolution(const MatX& A, const Layout& layout, const Reduction& r, LinearResult* result) {
  if (A.rows() == 0) return;
  VecXc values;
  MatXc vectors;
  GeneralEigen(A, &values, &vectors);
  const int count = static_cast<int>(values.size());
  std::vector<int> order(count);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&values](int a, int b) {
    const double fa = std::abs(values[a]), fb = std::abs(values[b]);
    if (std::abs(fa - fb) > 1e-12 * std::max(1.0, std::max(fa, fb))) return fa < fb;
    return values[a].imag() > values[b].imag();
  });
  result->eigenvalues.resize(count);
  const int n = 6 * layout.nb, nf = r.n_f;
  for (int i = 0; i < count; ++i) {
    const std::complex<double> lambda = values[order[i]];
    result->eigenvalues[i] = lambda;
    const double size = std::abs(lambda);
    // one mode per real eigenvalue and per conjugate pair
    if (lambda.imag() < -1e-9 * std::max(1.0, size)) continue;
    LinearMode mode;
    mode.eigenvalue = lambda;
    mode.frequency = size / (2 * M_PI);
    mode.damping_ratio = size > 0 ? -lambda.real() / size : 0.0;
    // the positions of the mode: xi_p = N s (the velocities are not reported)
    const auto v = vectors.col(order[i]);
    VecXc xi = VecXc::Zero(layout.n_xi());
    xi.head(n) = r.N * v.head(nf).real() + std::complex<double>(0, 1) * (r.N * v.head(nf).imag());
    xi.tail(layout.nc) = v.tail(layout.nc);
    std::complex<double> largest = 0.0;
    const auto consider = [&largest](std::complex<double> v) {
      if (std::abs(v) > std::abs(largest)) largest = v;
    };
    for (int k = 0; k < n; ++k) consider(xi[k]);
    for (int c = 0; c < layout.nc; ++c) consider(xi[layout.C(c)]);
    if (largest == 0.0) largest = 1.0;
    for (int b = 0; b < layout.nb; ++b) {
      std::array<std::complex<double>, 6> part;
      for (int d = 0; d < 6; ++d) part[d] = xi[layout.P(b) + d] / largest;
      mode.parts.push_back(part);
    }
    for (int c = 0; c < layout.nc; ++c) mode.controls.push_back(xi[layout.C(c)] / largest);
    result->modes.push_back(std::move(mode));
  }
}

void DropModesAbove(double cutoff, LinearResult* result) {
  if (!(cutoff > 0)) return;
  result->cutoff_frequency = cutoff;
  const auto above = [cutoff](std::complex<double> lambda) {
    return std::abs(lambda) / (2 * M_PI) > cutoff;
  };
  std::vector<std::complex<double>> kept;
  for (const auto& lambda : result->eigenvalues)
    if (!above(lambda)) kept.push_back(lambda);
  result->eigenvalues = Eigen::Map<VecXc>(kept.data(), static_cast<int>(kept.size()));
  const auto first = std::remove_if(result->modes.begin(), result->modes.end(),
                                    [&above](const LinearMode& m) { return above(m.eigenvalue); });
  result->modes_above_cutoff = static_cast<int>(result->modes.end() - first);
  result->modes.erase(first, result->modes.end());
}

LinearSettings LinearSettingsOf(const model::Model& model, const model::Pinput* pinput,
                                const model::Poutput* poutput) {
  LinearSettings s;
  const model::Linear* linear = model.linear.get();
  if (linear) {
    s.nodamping = linear->nodamping;
    s.eigen_analysis = linear->eigen_analysis;
    s.gyroscopic = linear->gyroscopic != "NONE";
    s.gyroscopic_partial = linear->gyroscopic == "PARTIAL";
    if (linear->cutoff_frequency) {
      if (!std::isfinite(*linear->cutoff_frequency))
        throw ModelError(linear->Describe() + ": cutoff_frequency must be a finite number");
      s.cutoff_frequency = *linear->cutoff_frequency;
    }
    if (!pinput) pinput = linear->pinput;
    if (!poutput) poutput = linear->poutput;
    // the options without effect are noted by the Python classes (docs/msolve-attributes.md)
  }
  // without a choice: the model's only active plant input and output
  const auto only = [](const auto& list) -> decltype(list.front().get()) {
    decltype(list.front().get()) found = nullptr;
    for (const auto& e : list)
      if (e->active) {
        if (found) return nullptr;
        found = e.get();
      }
    return found;
  };
  if (!pinput) pinput = only(model.pinputs);
  if (!poutput) poutput = only(model.poutputs);
  const auto check = [](const model::Entity* e, const std::vector<model::Variable*>& vars) {
    if (!e) return;
    if (!e->active) throw ModelError(e->Describe() + " is not active");
    if (vars.empty()) throw ModelError(e->Describe() + ": variables is empty");
    for (const auto* v : vars)
      if (!v) throw ModelError(e->Describe() + ": a variable of the list is not set");
  };
  if (pinput) check(pinput, pinput->variables);
  if (poutput) check(poutput, poutput->variables);
  s.pinput = pinput;
  s.poutput = poutput;
  return s;
}

std::vector<std::string> DescribeLinearResult(const LinearResult& r) {
  std::vector<std::string> lines;
  std::ostringstream head;
  head << "linear analysis at time " << r.time << ": " << r.dof << " degrees of freedom, "
       << r.controls << " control states, " << r.A.rows() << " states";
  if (r.pinput) head << ", " << r.B.cols() << " inputs (" << r.pinput->Describe() << ")";
  if (r.poutput) head << ", " << r.C.rows() << " outputs (" << r.poutput->Describe() << ")";
  lines.push_back(head.str());
  for (const auto& note : r.notes) lines.push_back("  " + note);
  if (r.modes_above_cutoff > 0)
    lines.push_back("  " + std::to_string(r.modes_above_cutoff) +
                    (r.modes_above_cutoff == 1 ? " mode" : " modes") +
                    " above the cutoff frequency " + Format(r.cutoff_frequency) + " left out");
  if (r.modes.empty()) return lines;
  lines.push_back("  mode   real part        imag part        frequency        damping ratio");
  for (size_t k = 0; k < r.modes.size(); ++k) {
    const LinearMode& m = r.modes[k];
    char buffer[160];
    std::snprintf(buffer, sizeof buffer, "  %4zu  % .9e  % .9e  % .9e  % .6e", k + 1,
                  m.eigenvalue.real(), m.eigenvalue.imag(), m.frequency, m.damping_ratio);
    lines.push_back(buffer);
  }
  lines.push_back("  (eigenvalues in 1/time; frequency |lambda| / 2 pi in cycles per time)");
  return lines;
}

}  // namespace msolve::analysis
