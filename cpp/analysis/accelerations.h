// The index-1 solve of accelerations and multipliers at a run's outputs (docs/architecture.md
// §2.9), with its factorisation's symbolic analysis and its work arrays kept from one output to
// the next. Part of the analysis layer, beside the initial-conditions analysis
// (initial_conditions.h), whose SolveAccelerations it matches to round-off.
#pragma once

#include <vector>

#include <Eigen/SparseCholesky>

#include "common/types.h"
#include "system/system.h"

namespace msolve::analysis {

/// Solves M u' + B^T lambda = F, B u' = -gamma (docs/equations.md §6) through the Schur
/// complement S = B M^-1 B^T of the block-diagonal mass matrix M, S lambda = B M^-1 F + gamma,
/// u' = M^-1 (F - B^T lambda), with a sparse LDL^T of S whose symbolic analysis (ordering,
/// elimination tree) is done once per pattern of S and reused while the active rows stay the
/// same. Parts with a singular mass matrix (massless directions) go to SolveAccelerations'
/// augmented (KKT) system instead. Not thread-safe: one per run.
class AccelerationSolver {
 public:
  /// As SolveAccelerations (initial_conditions.h): fills y' and the multipliers in y; returns
  /// the velocity Jacobian B at the positions of y.
  system::SparseMat Solve(const system::System& sys, double t, const double* memory, VecX* y,
                          VecX* yp);

 private:
  // the inverse mass blocks (ucf / mass, ucf I^-1 in body axes); false when a part's mass
  // matrix is singular
  bool Prepare(const system::System& sys);
  // S = B M^-1 B^T over the active rows, factored (its analysis redone when its pattern changed)
  bool Factor(const system::System& sys, const system::SparseMat& Bfull);

  bool prepared_ = false;
  bool schur_ = false;
  std::vector<Mat3> inverse_inertia_;
  std::vector<double> inverse_mass_;
  system::SparseMat B_;   // active rows of the velocity Jacobian
  system::SparseMat MB_;  // M^-1 B^T
  system::SparseMat S_;
  std::vector<int> outer_, inner_;  // the pattern S_'s analysis was made for
  Eigen::SimplicialLDLT<system::SparseMat> ldlt_;
  bool analysed_ = false;
  VecX rhs_, lambda_, force_, accel_;
  std::vector<double> qdot_;
};

}  // namespace msolve::analysis
