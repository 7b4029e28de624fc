#include "solver/sundials_util.h"

#include <algorithm>
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
SUNLinearSolverContent_KLU KluContent(SUNLinearSolver s) {
  return static_cast<SUNLinearSolverContent_KLU>(s->content);
}

int KluInitializeOnce(SUNLinearSolver s) {
  SUNLinearSolverContent_KLU c = KluContent(s);
  if (c->symbolic == nullptr || c->numeric == nullptr) return SUNLinSolInitialize_KLU(s);
  c->last_flag = SUNLS_SUCCESS;
  return SUNLS_SUCCESS;
}

// A refactorisation on the kept pivot order that fails (a pivot become zero) is done again
// from the analysis before IDA sees a failure: as SUNDIALS' KLU after an initialize. (Its
// test of the condition number after each refactorisation, which factorises from scratch a
// third of the setups of a chain, stays: keeping refactorisations by their pivot growth
// instead made a flyball governor take 45 % more steps; docs/equations.md §6.3.)
int KluSetup(SUNLinearSolver s, SUNMatrix A) {
  const int flag = SUNLinSolSetup_KLU(s, A);
  SUNLinearSolverContent_KLU c = KluContent(s);
  if (flag != SUNLS_PACKAGE_FAIL_REC || c->first_factorize) return flag;
  c->first_factorize = 1;
  return SUNLinSolSetup_KLU(s, A);
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
