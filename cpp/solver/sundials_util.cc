#include "solver/sundials_util.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numeric>

#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <Eigen/LU>

#include "common/error.h"
#include "solver/vector_kernels.h"

namespace msolve::solver {
namespace {

// The dense direct solver for small systems: Eigen's LU with partial pivoting of the
// SUNDIALS dense matrix, in place of SUNDIALS' own (whose scalar loops dominate the cost of
// a step of a model of a few bodies).
struct EigenDenseLu {
  Eigen::PartialPivLU<MatX> lu;
  sunindextype last_flag = 0;
};

EigenDenseLu* Content(SUNLinearSolver s) { return static_cast<EigenDenseLu*>(s->content); }

SUNLinearSolver EigenDenseSolver(int n, SUNContext ctx) {
  SUNLinearSolver s = SUNLinSolNewEmpty(ctx);
  if (s == nullptr) return nullptr;
  s->content = new EigenDenseLu{Eigen::PartialPivLU<MatX>(n)};
  s->ops->gettype = [](SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; };
  s->ops->getid = [](SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; };
  s->ops->initialize = [](SUNLinearSolver) { return SUNLS_SUCCESS; };
  s->ops->setup = [](SUNLinearSolver s, SUNMatrix A) {
    const auto n = SM_COLUMNS_D(A);
    EigenDenseLu* c = Content(s);
    c->lu.compute(Eigen::Map<const MatX>(SM_DATA_D(A), n, n));
    // a zero pivot: IDA treats a positive flag as recoverable and retries with a smaller step
    const auto& diag = c->lu.matrixLU().diagonal();
    c->last_flag = 0;
    for (sunindextype k = 0; k < n; ++k)
      if (diag[k] == 0.0) {
        c->last_flag = k + 1;
        return static_cast<int>(SUNLS_LUFACT_FAIL);
      }
    return static_cast<int>(SUNLS_SUCCESS);
  };
  s->ops->solve = [](SUNLinearSolver s, SUNMatrix, N_Vector x, N_Vector b, realtype) {
    View(x) = Content(s)->lu.solve(View(b));
    return static_cast<int>(SUNLS_SUCCESS);
  };
  s->ops->lastflag = [](SUNLinearSolver s) { return Content(s)->last_flag; };
  s->ops->free = [](SUNLinearSolver s) {
    if (s == nullptr) return static_cast<int>(SUNLS_SUCCESS);
    delete Content(s);
    s->content = nullptr;
    SUNLinSolFreeEmpty(s);
    return static_cast<int>(SUNLS_SUCCESS);
  };
  return s;
}

// KLU with its symbolic analysis done once (docs/equations.md §6.3): SUNDIALS' KLU analyses
// the pattern again on every initialize, which IDA calls at each restart (IDAReInit: every
// sensor, discontinuity and new simulate); the pattern of a System never changes, so a later
// initialize keeps the analysis and the factors, and the next setup refactorises
// (klu_refactor) on the kept pivot order.
// KLU's index type, as SUNDIALS' KLU interface casts sunindextype arrays to it
#if defined(SUNDIALS_INT64_T)
using KluIndex = long int;
#else
using KluIndex = int;
#endif

SUNLinearSolverContent_KLU KluContent(SUNLinearSolver s) {
  return static_cast<SUNLinearSolverContent_KLU>(s->content);
}

int KluInitializeOnce(SUNLinearSolver s) {
  SUNLinearSolverContent_KLU c = KluContent(s);
  if (c->symbolic == nullptr || c->numeric == nullptr) return SUNLinSolInitialize_KLU(s);
  c->last_flag = SUNLS_SUCCESS;
  return SUNLS_SUCCESS;
}

// A setup refactorises on the kept pivot order (klu_refactor). One that fails (a pivot
// become zero) is done again from the analysis before IDA sees a failure: as SUNDIALS' KLU
// after an initialize. SUNDIALS' test of the condition number follows (klu_rcond, and when
// that is below uround^(2/3), klu_condest above its inverse): the matrix is factorised from
// scratch. A factorisation from scratch cures a pivot order gone stale, not a matrix that is
// itself ill-conditioned (a long chain at a short step: condest 1e15 - 1e18 at N = 256, the
// same rcond from scratch as refactorised). So when one does not raise rcond by half, that
// rcond is the matrix's own and the test's threshold goes down to a hundredth of it
// (`rcond_floor`, kept in KLU's common.user_data, which only a user ordering reads): the
// refactorisations are kept until rcond falls that far below what a new pivot order gave.
// (Keeping refactorisations by their pivot growth, klu_rgrowth, instead made a flyball
// governor take 45 % more steps; docs/equations.md §6.3.)
int KluSetup(SUNLinearSolver s, SUNMatrix A) {
  SUNLinearSolverContent_KLU c = KluContent(s);
  if (c->first_factorize || c->numeric == nullptr) return SUNLinSolSetup_KLU(s, A);
  auto* colptr = reinterpret_cast<KluIndex*>(SUNSparseMatrix_IndexPointers(A));
  auto* rows = reinterpret_cast<KluIndex*>(SUNSparseMatrix_IndexValues(A));
  double* data = SUNSparseMatrix_Data(A);
  if (!sun_klu_refactor(colptr, rows, data, c->symbolic, c->numeric, &c->common)) {
    c->first_factorize = 1;
    return SUNLinSolSetup_KLU(s, A);
  }
  c->last_flag = SUNLS_PACKAGE_FAIL_REC;
  if (!sun_klu_rcond(c->symbolic, c->numeric, &c->common)) return c->last_flag;
  const double uround_23 = std::pow(DBL_EPSILON, 2.0 / 3.0);
  auto* floor = static_cast<double*>(c->common.user_data);
  const double threshold = floor ? std::min(uround_23, *floor) : uround_23;
  c->last_flag = SUNLS_SUCCESS;
  if (c->common.rcond >= threshold) return c->last_flag;
  if (!sun_klu_condest(colptr, data, c->symbolic, c->numeric, &c->common))
    return c->last_flag = SUNLS_PACKAGE_FAIL_REC;
  if (c->common.condest <= 1.0 / uround_23) return c->last_flag;
  const double refactored = c->common.rcond;
  sun_klu_free_numeric(&c->numeric, &c->common);
  c->numeric = sun_klu_factor(colptr, rows, data, c->symbolic, &c->common);
  if (c->numeric == nullptr) return c->last_flag = SUNLS_PACKAGE_FAIL_UNREC;
  if (floor && sun_klu_rcond(c->symbolic, c->numeric, &c->common) &&
      c->common.rcond < 1.5 * refactored)
    *floor = 0.01 * c->common.rcond;
  return c->last_flag;
}

}  // namespace

void Check(int flag, const char* call) {
  if (flag < 0) throw SolverError(std::string(call) + " failed with flag " + std::to_string(flag));
}

void ContextDeleter::operator()(SUNContext c) const { SUNContext_Free(&c); }
void VectorDeleter::operator()(N_Vector v) const { N_VDestroy(v); }
void MatrixDeleter::operator()(SUNMatrix m) const { SUNMatDestroy(m); }
void LinSolDeleter::operator()(SUNLinearSolver s) const { SUNLinSolFree(s); }
void NonlinSolDeleter::operator()(SUNNonlinearSolver s) const { SUNNonlinSolFree(s); }

ContextPtr MakeContext() {
  SUNContext ctx = nullptr;
  Check(SUNContext_Create(nullptr, &ctx), "SUNContext_Create");
  return ContextPtr(ctx);
}

VectorPtr MakeVector(const VecX& values, SUNContext ctx) {
  N_Vector v = N_VNew_Serial(values.size(), ctx);
  if (v == nullptr) throw SolverError("N_VNew_Serial failed");
  UseCompiledKernels(v);
  VectorPtr p(v);
  View(v) = values;
  return p;
}

Eigen::Map<VecX> View(N_Vector v) {
  return Eigen::Map<VecX>(N_VGetArrayPointer(v), N_VGetLength(v));
}

JacobianMatrix::JacobianMatrix(int n, const std::vector<Triplet>& pattern, N_Vector y,
                               SUNContext ctx)
    : n_(n), sparse_(n > kDenseLimit) {
  if (!sparse_) {
    matrix_.reset(SUNDenseMatrix(n, n, ctx));
    solver_.reset(EigenDenseSolver(n, ctx));
  } else {
    SetPattern(pattern);
    matrix_.reset(SUNSparseMatrix(n, n, std::max<sunindextype>(1, rows_.size()), CSC_MAT, ctx));
    std::copy(colptr_.begin(), colptr_.end(), SUNSparseMatrix_IndexPointers(matrix_.get()));
    std::copy(rows_.begin(), rows_.end(), SUNSparseMatrix_IndexValues(matrix_.get()));
    solver_.reset(SUNLinSol_KLU(y, matrix_.get(), ctx));
    if (solver_) {
      solver_->ops->initialize = KluInitializeOnce;
      solver_->ops->setup = KluSetup;
      KluContent(solver_.get())->common.user_data = rcond_floor_.get();
    }
  }
  if (!matrix_ || !solver_) throw SolverError("could not create the linear solver");
}

void JacobianMatrix::SetPattern(const std::vector<Triplet>& pattern) {
  // compressed-column pattern: the triplets in (col, row) order by two stable counting sorts
  // (by row, then by column: linear in their number), duplicates merged
  const size_t count = pattern.size();
  std::vector<int> start(n_ + 1), by_row(count), order(count);
  for (const auto& t : pattern) ++start[t.row + 1];
  for (int r = 0; r < n_; ++r) start[r + 1] += start[r];
  for (size_t k = 0; k < count; ++k) by_row[start[pattern[k].row]++] = static_cast<int>(k);
  std::fill(start.begin(), start.end(), 0);
  for (const auto& t : pattern) ++start[t.col + 1];
  for (int c = 0; c < n_; ++c) start[c + 1] += start[c];
  for (int k : by_row) order[start[pattern[k].col]++] = k;
  slot_.assign(count, -1);
  keys_.resize(count);
  rows_.clear();
  colptr_.assign(n_ + 1, 0);
  for (size_t k = 0; k < count; ++k) keys_[k] = {pattern[k].row, pattern[k].col};
  for (size_t k = 0; k < count; ++k) {
    const auto& t = pattern[order[k]];
    const bool same =
        k > 0 && pattern[order[k - 1]].col == t.col && pattern[order[k - 1]].row == t.row;
    if (!same) {
      rows_.push_back(t.row);
      colptr_[t.col + 1]++;
    }
    slot_[order[k]] = static_cast<int>(rows_.size()) - 1;
  }
  for (int c = 0; c < n_; ++c) colptr_[c + 1] += colptr_[c];
}

bool JacobianMatrix::SamePattern(const std::vector<Triplet>& values) const {
  if (values.size() != keys_.size()) return false;
  for (size_t k = 0; k < values.size(); ++k)
    if (keys_[k].first != values[k].row || keys_[k].second != values[k].col) return false;
  return true;
}

void JacobianMatrix::Fill(const std::vector<Triplet>& values, SUNMatrix target) {
  if (!sparse_) {
    SUNMatZero(target);
    for (const auto& t : values) SM_ELEMENT_D(target, t.row, t.col) += t.value;
    return;
  }
  if (!SamePattern(values)) {
    // a new pattern (contacts that start or stop touching): storage for its entries, and a
    // new symbolic analysis by KLU at its next factorisation
    SetPattern(values);
    const auto nnz = std::max<sunindextype>(1, rows_.size());
    if (SUNLinSol_KLUReInit(solver_.get(), target, nnz, SUNKLU_REINIT_FULL) != SUNLS_SUCCESS)
      throw SolverError("could not reinitialise the sparse linear solver for a new pattern");
    *rcond_floor_ = 1.0;  // a new matrix: its own condition to find
    ++pattern_changes_;
  }
  // SUNMatZero clears the pattern arrays too; restore them
  std::copy(colptr_.begin(), colptr_.end(), SUNSparseMatrix_IndexPointers(target));
  std::copy(rows_.begin(), rows_.end(), SUNSparseMatrix_IndexValues(target));
  const sunindextype nnz = colptr_[n_];
  double* data = SUNSparseMatrix_Data(target);
  std::fill(data, data + nnz, 0.0);
  for (size_t k = 0; k < values.size(); ++k) data[slot_[k]] += values[k].value;
}

}  // namespace msolve::solver
