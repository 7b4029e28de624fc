// The independent joint equations: the rank-revealing factorisation of the velocity Jacobian B
// that the initial conditions (redundant equations, docs/equations.md §5.1) and the rank
// followed during a run (§5.5) share, done block by block of the graph of bodies and joints
// so that its cost stays linear in the number of bodies.
#pragma once

#include <vector>

#include <Eigen/OrderingMethods>
#include <Eigen/SparseQR>
#ifdef MSOLVE_WITH_SPQR
#include <Eigen/SPQRSupport>
#endif

#include "common/types.h"
#include "system/system.h"

namespace msolve::analysis {

/// The factorisation of one block: sparse QR of B^T with the rows of B scaled to unit length;
/// the columns of B^T it keeps are the rows whose part independent of those before exceeds
/// the pivot threshold (|R(k, k)| is that part's size; Heath's method), first in
/// colsPermutation(). Eigen's SparseQR (COLAMD ordering, the rows matched to the columns'
/// order so that R stays as sparse as B), or with the build option MSOLVE_WITH_SPQR
/// SuiteSparseQR (multifrontal; GPL, docs/architecture.md §7).
#ifdef MSOLVE_WITH_SPQR
using RowsQR = Eigen::SPQR<system::SparseMat>;
#else
using RowsQR = Eigen::SparseQR<system::SparseMat, Eigen::COLAMDOrdering<int> >;
#endif

/// What the factorisation of the rows of B finds: `order` lists every row, the `rank`
/// independent ones first (block by block), each with its pivot (`pivots[k]`, k < rank, the
/// size of its part independent of the rows before it in its block), then the dependent ones.
struct IndependentRows {
  bool ok = true;  // false when a block's factorisation failed
  int rank = 0;
  std::vector<int> order;
  std::vector<double> pivots;
};

/// The independent rows of B (sys's velocity Jacobian, or the same with columns scaled or
/// rows zeroed), 6 columns per body of `sys`. The rows are split into the blocks
/// (biconnected components) of the graph whose nodes are the bodies and the ground and whose
/// edges are the joint equations: a row of one block is never a combination of rows of
/// others, so each block is factorised alone (docs/equations.md §5.1). Eigen's left-looking
/// QR costs the rows of B^T for each of its columns, quadratic on a whole chain, linear when
/// each hinge is a block of its own.
IndependentRows FactorRows(const system::System& sys, const system::SparseMat& B,
                           double pivot_threshold);

}  // namespace msolve::analysis
