// RAII handles for SUNDIALS objects, return-code checking, and the filling of a dense or KLU
// sparse SUNMatrix from triplets (common/triplet.h).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nonlinearsolver.h>

#include "common/triplet.h"
#include "common/types.h"

namespace msolve::solver {

/// Throws SolverError when a SUNDIALS call returns a negative flag.
void Check(int flag, const char* call);

struct ContextDeleter {
  void operator()(SUNContext c) const;
};
struct VectorDeleter {
  void operator()(N_Vector v) const;
};
struct MatrixDeleter {
  void operator()(SUNMatrix m) const;
};
struct LinSolDeleter {
  void operator()(SUNLinearSolver s) const;
};

struct NonlinSolDeleter {
  void operator()(SUNNonlinearSolver s) const;
};

using NonlinSolPtr = std::unique_ptr<std::remove_pointer_t<SUNNonlinearSolver>, NonlinSolDeleter>;
using ContextPtr = std::unique_ptr<std::remove_pointer_t<SUNContext>, ContextDeleter>;
using VectorPtr = std::unique_ptr<std::remove_pointer_t<N_Vector>, VectorDeleter>;
using MatrixPtr = std::unique_ptr<std::remove_pointer_t<SUNMatrix>, MatrixDeleter>;
using LinSolPtr = std::unique_ptr<std::remove_pointer_t<SUNLinearSolver>, LinSolDeleter>;

ContextPtr MakeContext();
VectorPtr MakeVector(const VecX& values, SUNContext ctx);
Eigen::Map<VecX> View(N_Vector v);

/// Systems up to this size use the dense LU solver, larger ones KLU.
inline constexpr int kDenseLimit = 150;

/// A square Jacobian of fixed sparsity pattern, stored as a dense or CSC sparse SUNMatrix,
/// with the linear solver that factorises it.
class JacobianMatrix {
 public:
  /// The pattern is the sequence of (row, col) of `pattern`; duplicates are summed.
  JacobianMatrix(int n, const std::vector<Triplet>& pattern, N_Vector y, SUNContext ctx);

  /// Writes the values of triplets given in the same order as the pattern. Triplets of
  /// another sequence of (row, col) (contacts that start or stop touching) become the new
  /// pattern: the matrix is resized and KLU analyses it anew at its next factorisation.
  void Fill(const std::vector<Triplet>& values, SUNMatrix target);
  /// How many times Fill took a new pattern.
  long pattern_changes() const { return pattern_changes_; }

  SUNMatrix matrix() const { return matrix_.get(); }
  SUNLinearSolver solver() const { return solver_.get(); }
  bool sparse() const { return sparse_; }

 private:
  int n_;
  bool sparse_;
  void SetPattern(const std::vector<Triplet>& pattern);
  bool SamePattern(const std::vector<Triplet>& values) const;

  std::vector<int> slot_;                  // triplet k -> index into the CSC data array
  std::vector<std::pair<int, int>> keys_;  // (row, col) of triplet k
  long pattern_changes_ = 0;
  // below this rcond a refactorisation is factorised from scratch (sundials_util.cc, KluSetup)
  std::unique_ptr<double> rcond_floor_ = std::make_unique<double>(1.0);
  std::vector<sunindextype> colptr_, rows_;
  MatrixPtr matrix_;
  LinSolPtr solver_;
};

}  // namespace msolve::solver
