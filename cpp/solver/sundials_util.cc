#include "solver/sundials_util.h"

#include <algorithm>
#include <numeric>

#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "common/error.h"

namespace msolve::solver {

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
  VectorPtr p(v);
  View(v) = values;
  return p;
}

Eigen::Map<VecX> View(N_Vector v) {
  return Eigen::Map<VecX>(N_VGetArrayPointer(v), N_VGetLength(v));
}

JacobianMatrix::JacobianMatrix(int n, const std::vector<system::Triplet>& pattern, N_Vector y,
                               SUNContext ctx)
    : n_(n), sparse_(n > kDenseLimit) {
  if (!sparse_) {
    matrix_.reset(SUNDenseMatrix(n, n, ctx));
    solver_.reset(SUNLinSol_Dense(y, matrix_.get(), ctx));
  } else {
    // compressed-column pattern: sort the triplets by (col, row), merge duplicates
    std::vector<int> order(pattern.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      const auto& ta = pattern[a];
      const auto& tb = pattern[b];
      return ta.col != tb.col ? ta.col < tb.col : ta.row < tb.row;
    });
    slot_.assign(pattern.size(), -1);
    std::vector<sunindextype> rows;
    std::vector<sunindextype> colptr(n + 1, 0);
    for (size_t k = 0; k < order.size(); ++k) {
      const auto& t = pattern[order[k]];
      const bool same =
          k > 0 && pattern[order[k - 1]].col == t.col && pattern[order[k - 1]].row == t.row;
      if (!same) {
        rows.push_back(t.row);
        colptr[t.col + 1]++;
      }
      slot_[order[k]] = static_cast<int>(rows.size()) - 1;
    }
    for (int c = 0; c < n; ++c) colptr[c + 1] += colptr[c];
    // every diagonal entry must be in the pattern for KLU's ordering to be meaningful
    matrix_.reset(SUNSparseMatrix(n, n, std::max<sunindextype>(1, rows.size()), CSC_MAT, ctx));
    colptr_ = colptr;
    rows_ = rows;
    std::copy(colptr.begin(), colptr.end(), SUNSparseMatrix_IndexPointers(matrix_.get()));
    std::copy(rows.begin(), rows.end(), SUNSparseMatrix_IndexValues(matrix_.get()));
    solver_.reset(SUNLinSol_KLU(y, matrix_.get(), ctx));
  }
  if (!matrix_ || !solver_) throw SolverError("could not create the linear solver");
}

void JacobianMatrix::Fill(const std::vector<system::Triplet>& values, SUNMatrix target) const {
  if (!sparse_) {
    SUNMatZero(target);
    for (const auto& t : values) SM_ELEMENT_D(target, t.row, t.col) += t.value;
    return;
  }
  if (values.size() != slot_.size())
    throw SolverError("internal error: the Jacobian pattern changed between evaluations");
  // SUNMatZero clears the pattern arrays too; restore them
  std::copy(colptr_.begin(), colptr_.end(), SUNSparseMatrix_IndexPointers(target));
  std::copy(rows_.begin(), rows_.end(), SUNSparseMatrix_IndexValues(target));
  const sunindextype nnz = colptr_[n_];
  double* data = SUNSparseMatrix_Data(target);
  std::fill(data, data + nnz, 0.0);
  for (size_t k = 0; k < values.size(); ++k) data[slot_[k]] += values[k].value;
}

}  // namespace msolve::solver
