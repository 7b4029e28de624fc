#include "analysis/independent_rows.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>

namespace msolve::analysis {

using system::SparseMat;
using system::System;

namespace {

using RowMajor = Eigen::SparseMatrix<double, Eigen::RowMajor>;

// The nodes each row joins: the bodies it has columns of (6 per body) and those of its
// joint's terms, and the ground (node `ground`) when a term has a side on it. A row's
// gradient is unchanged by a motion common to all its bodies (it depends on relative
// positions) unless it holds a body to the ground: that is what makes the blocks of this
// graph independent (docs/equations.md §5.1). A row on one node alone (a joint between two
// ground parts, or between markers of one part) is joined to the ground as well: adding the
// ground to a row's nodes never breaks that property.
std::vector<std::vector<int>> RowNodes(const System& sys, const RowMajor& B) {
  const int m = static_cast<int>(B.rows()), ground = sys.body_count();
  std::vector<std::vector<int>> nodes(m);
  for (int r = 0; r < m; ++r) {
    auto& n = nodes[r];
    for (RowMajor::InnerIterator it(B, r); it; ++it) n.push_back(static_cast<int>(it.col()) / 6);
    const auto& joint = sys.joints()[sys.rows()[r].joint];
    for (int t = 0; t < joint.terms(); ++t)
      for (int body : {joint.term(t).i.body, joint.term(t).j.body})
        n.push_back(body < 0 ? ground : body);
    std::sort(n.begin(), n.end());
    n.erase(std::unique(n.begin(), n.end()), n.end());
    if (n.size() == 1 && n[0] != ground) n.push_back(ground);
  }
  return nodes;
}

// The biconnected components of the graph on `count` nodes with `edges` (node pairs): the
// component of each edge (Tarjan's algorithm, iterative, with a stack of edges).
std::vector<int> EdgeBlocks(int count, const std::vector<std::pair<int, int>>& edges) {
  const int ne = static_cast<int>(edges.size());
  std::vector<int> start(count + 1, 0), adjacent(2 * ne);
  for (const auto& [a, b] : edges) ++start[a + 1], ++start[b + 1];
  for (int v = 0; v < count; ++v) start[v + 1] += start[v];
  std::vector<int> fill(start.begin(), start.end() - 1);
  for (int e = 0; e < ne; ++e)
    adjacent[fill[edges[e].first]++] = e, adjacent[fill[edges[e].second]++] = e;
  std::vector<int> block(ne, -1), discovered(count, -1), low(count, 0), via(count, -1);
  std::vector<int> next(count, 0), edge_stack, node_stack;
  int clock = 0, blocks = 0;
  for (int root = 0; root < count; ++root) {
    if (discovered[root] >= 0) continue;
    discovered[root] = low[root] = clock++;
    next[root] = start[root];
    node_stack.push_back(root);
    while (!node_stack.empty()) {
      const int u = node_stack.back();
      if (next[u] < start[u + 1]) {
        const int e = adjacent[next[u]++];
        if (e == via[u]) continue;
        const int v = edges[e].first == u ? edges[e].second : edges[e].first;
        if (discovered[v] < 0) {
          edge_stack.push_back(e);
          via[v] = e;
          discovered[v] = low[v] = clock++;
          next[v] = start[v];
          node_stack.push_back(v);
        } else if (discovered[v] < discovered[u]) {
          edge_stack.push_back(e);
          low[u] = std::min(low[u], discovered[v]);
        }
        continue;
      }
      node_stack.pop_back();
      if (via[u] < 0) continue;  // the root of a search
      const int p = edges[via[u]].first == u ? edges[via[u]].second : edges[via[u]].first;
      low[p] = std::min(low[p], low[u]);
      if (low[u] < discovered[p]) continue;
      // p separates u's subtree: the edges above via[u] on the stack form a block
      int e;
      do {
        e = edge_stack.back();
        edge_stack.pop_back();
        block[e] = blocks;
      } while (e != via[u]);
      ++blocks;
    }
  }
  return block;
}

// The blocks of rows: the rows of each biconnected component of the graph where each row
// joins its nodes (one edge for two nodes, a cycle through three or more so that they stay
// in one component; the edges between a pair of nodes are one); a row of the ground alone
// is a block of its own.
std::vector<std::vector<int>> RowBlocks(const System& sys, const RowMajor& B) {
  const std::vector<std::vector<int>> nodes = RowNodes(sys, B);
  const int m = static_cast<int>(nodes.size());
  std::vector<std::pair<int, int>> edges;
  std::unordered_map<std::uint64_t, int> edge_of;
  std::vector<int> first_edge(m, -1);
  for (int r = 0; r < m; ++r) {
    const auto& n = nodes[r];
    const int k = static_cast<int>(n.size());
    for (int s = 0; s < (k == 2 ? 1 : k) && k > 1; ++s) {
      const int a = std::min(n[s], n[(s + 1) % k]), b = std::max(n[s], n[(s + 1) % k]);
      const std::uint64_t key = (static_cast<std::uint64_t>(a) << 32) | static_cast<unsigned>(b);
      const auto [it, added] = edge_of.emplace(key, static_cast<int>(edges.size()));
      if (added) edges.emplace_back(a, b);
      if (s == 0) first_edge[r] = it->second;
    }
  }
  const std::vector<int> block = EdgeBlocks(sys.body_count() + 1, edges);
  std::vector<int> index(edges.size() + 1, -1);  // block -> position in the result
  std::vector<std::vector<int>> rows;
  for (int r = 0; r < m; ++r) {
    if (first_edge[r] < 0) {
      rows.push_back({r});
      continue;
    }
    int& at = index[block[first_edge[r]]];
    if (at < 0) {
      at = static_cast<int>(rows.size());
      rows.emplace_back();
    }
    rows[at].push_back(r);
  }
  return rows;
}

// the rank-revealing QR of one block (the rows of B scaled to unit length)
void FactorBlock(const SparseMat& B, double pivot_threshold, RowsQR* qr) {
  VecX scale = VecX::Zero(B.rows());
  for (int c = 0; c < B.outerSize(); ++c)
    for (SparseMat::InnerIterator it(B, c); it; ++it) scale[it.row()] += it.value() * it.value();
  for (Eigen::Index r = 0; r < scale.size(); ++r)
    scale[r] = scale[r] > 0 ? 1.0 / std::sqrt(scale[r]) : 0.0;
  SparseMat Bt = (scale.asDiagonal() * B).transpose();
  Bt.makeCompressed();
#ifdef MSOLVE_WITH_SPQR
  qr->setSPQROrdering(SPQR_ORDERING_COLAMD);
  qr->setPivotThreshold(pivot_threshold);
  qr->compute(Bt);
#else
  // SparseQR reflects the k-th column of its fill-reducing order onto the k-th row: the rows
  // (body coordinates) put in that order, one row of each column in turn and the rows left
  // over at the end, keep R as sparse as B (in the given order R fills in quadratically along
  // a chain). A permutation of the rows changes neither the pivots |R(k, k)| nor the rank.
  using Permutation = Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int>;
  Permutation columns;
  Eigen::COLAMDOrdering<int>()(Bt, columns);
  const int nr = static_cast<int>(Bt.rows()), nc = static_cast<int>(Bt.cols());
  std::vector<int> column_at(nc), position(nr, -1);
  for (int c = 0; c < nc; ++c) column_at[columns.size() ? columns.indices()[c] : c] = c;
  int next = 0;
  for (int k = 0; k < nc; ++k)
    for (SparseMat::InnerIterator it(Bt, column_at[k]); it; ++it)
      if (position[it.row()] < 0) {
        position[it.row()] = next++;
        break;
      }
  for (int r = 0; r < nr; ++r)
    if (position[r] < 0) position[r] = next++;
  Permutation rows(nr);
  for (int r = 0; r < nr; ++r) rows.indices()[r] = position[r];
  SparseMat ordered = rows * Bt;
  ordered.makeCompressed();
  qr->setPivotThreshold(pivot_threshold);
  qr->compute(ordered);
#endif
}

}  // namespace

IndependentRows FactorRows(const System& sys, const SparseMat& B, double pivot_threshold) {
  IndependentRows result;
  const RowMajor rows_of(B);
  std::vector<int> dependent, column(B.cols(), -1);
  std::vector<Eigen::Triplet<double>> entries;
  for (const std::vector<int>& block : RowBlocks(sys, rows_of)) {
    // the block's rows and the columns they have, in their order in B (a model of one block
    // is factorised as the whole B was)
    std::vector<int> columns;
    bool zero = true;
    for (int r : block)
      for (RowMajor::InnerIterator it(rows_of, r); it; ++it) {
        zero = zero && it.value() == 0.0;
        if (column[it.col()] < 0) {
          column[it.col()] = 0;
          columns.push_back(static_cast<int>(it.col()));
        }
      }
    if (zero) {  // all-zero rows: dependent (SparseQR takes no empty matrix)
      for (int c : columns) column[c] = -1;
      dependent.insert(dependent.end(), block.begin(), block.end());
      continue;
    }
    std::sort(columns.begin(), columns.end());
    for (int k = 0; k < static_cast<int>(columns.size()); ++k) column[columns[k]] = k;
    entries.clear();
    for (int k = 0; k < static_cast<int>(block.size()); ++k)
      for (RowMajor::InnerIterator it(rows_of, block[k]); it; ++it)
        entries.emplace_back(k, column[it.col()], it.value());
    for (int c : columns) column[c] = -1;
    SparseMat part(static_cast<Eigen::Index>(block.size()),
                   static_cast<Eigen::Index>(columns.size()));
    part.setFromTriplets(entries.begin(), entries.end());
    RowsQR qr;
    FactorBlock(part, pivot_threshold, &qr);
    if (qr.info() != Eigen::Success) {
      result.ok = false;
      return result;
    }
    const int rank = static_cast<int>(qr.rank());
    const auto& perm = qr.colsPermutation().indices();
    const SparseMat R = qr.matrixR();
    for (int k = 0; k < rank; ++k) {
      result.order.push_back(block[perm[k]]);
      result.pivots.push_back(std::abs(R.coeff(k, k)));
    }
    for (int k = rank; k < static_cast<int>(block.size()); ++k) dependent.push_back(block[perm[k]]);
  }
  result.rank = static_cast<int>(result.order.size());
  result.order.insert(result.order.end(), dependent.begin(), dependent.end());
  return result;
}

}  // namespace msolve::analysis
