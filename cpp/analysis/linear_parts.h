// The pieces of the linear analysis (analysis/linear.h) that its files share: the layout of
// the tangent coordinates and the reduction to independent coordinates
// (docs/equations.md §10). Internal to cpp/analysis.
#pragma once

#include <vector>

#include <Eigen/Dense>
#include <Eigen/SparseCore>

#include "analysis/linear.h"

namespace msolve::analysis {

using Sparse = Eigen::SparseMatrix<double>;

// the tangent coordinates xi: per body 6 positions at P(b), 6 velocities at U(b), then the
// control states at C(c), whose DAE states are `controls`
struct Layout {
  int nb = 0, nc = 0, m = 0;
  std::vector<int> controls;
  int P(int b) const { return 6 * b; }
  int U(int b) const { return 6 * nb + 6 * b; }
  int C(int c) const { return 12 * nb + c; }
  int n_xi() const { return 12 * nb + nc; }
};

// xi = Xi X for the reduced state X = (s, z, c): xi_p = N s, xi_u = P s + N z; s' = Sdot X
struct Reduction {
  int n_f = 0;
  std::vector<int> independent, dependent;
  MatX N, P, Sdot, Xi;
  // the rates of N and P along the operating motion (zero at rest)
  MatX Ndot, Pdot;
  Eigen::PartialPivLU<MatX> dependent_lu;
};

// P from the velocity constraints (Gv xi = 0), then Sdot and Xi
void ReduceVelocities(const Sparse& Gv, const Sparse& K, const Layout& layout, Reduction* r);

// eigenvalues and modes of A into result
void Eigensolution(const MatX& A, const Layout& layout, const Reduction& r, LinearResult* result);

// leaves the eigenvalues and modes above `cutoff` (cycles per time) out of result (nothing
// when cutoff is not positive)
void DropModesAbove(double cutoff, LinearResult* result);

// B, C, D of the plant inputs and outputs (nothing without them); `lu` and `Y` are the
// factorised momentum system and its solution for the reduced states
void PlantMatrices(const system::System& sys, const model::Model& model, double t,
                   const double* memory, const VecX& y, const VecX& yp,
                   const LinearSettings& settings, const Layout& layout, const Reduction& r,
                   const Sparse& T, const Sparse& Td, const Sparse& Sm, const Sparse& El,
                   const Eigen::PartialPivLU<MatX>& lu, const MatX& Y, LinearResult* result);

}  // namespace msolve::analysis
