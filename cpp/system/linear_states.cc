#include "system/linear_states.h"

#include <cctype>
#include <cmath>
#include <set>
#include <string>
#include <utility>

#include "common/error.h"

namespace msolve::system {
namespace {

std::string Upper(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

// "1 state", "2 states"
std::string Count(Eigen::Index count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string Size(Eigen::Index rows, Eigen::Index columns) {
  return std::to_string(rows) + " x " + std::to_string(columns);
}

// "its X array Array 3 'states'"
std::string Named(const char* role, const model::Entity& e) {
  return std::string("its ") + role + " " + e.Describe();
}

// an array an element refers to must be active and of the given type
void CheckArray(const model::Entity& owner, const model::Array& array, const char* role,
                const char* type) {
  const std::string who = owner.Describe() + ": " + Named(role, array);
  if (!array.active) throw ModelError(who + " is inactive");
  if (Upper(array.type) != type)
    throw ModelError(who + " has type " + array.type + ", not " + type);
}

}  // namespace

MatX DenseMatrix(const model::Matrix& matrix) {
  const std::string who = matrix.Describe() + ": ";
  if (matrix.rows < 1 || matrix.columns < 1)
    throw ModelError(who + "rows and columns must be at least 1, got " +
                     Size(matrix.rows, matrix.columns));
  for (double v : matrix.values)
    if (!std::isfinite(v)) throw ModelError(who + "values must be finite numbers");
  MatX out = MatX::Zero(matrix.rows, matrix.columns);
  const size_t count = matrix.values.size();
  if (matrix.sparse) {
    // coordinate list: values[k] at row i[k], column j[k], counted from 1
    if (matrix.full)
      throw ModelError(who + "full (" + *matrix.full +
                       ") is for dense matrices; a sparse matrix lists i, j and values");
    if (matrix.i.size() != count || matrix.j.size() != count)
      throw ModelError(who + "a sparse matrix needs as many row indices i (" +
                       std::to_string(matrix.i.size()) + ") and column indices j (" +
                       std::to_string(matrix.j.size()) + ") as values (" + std::to_string(count) +
                       ")");
    std::set<std::pair<int, int>> seen;
    for (size_t k = 0; k < count; ++k) {
      const int i = matrix.i[k], j = matrix.j[k];
      const std::string entry = "entry " + std::to_string(k + 1) + ": ";
      if (i < 1 || i > matrix.rows)
        throw ModelError(who + entry + "row index i = " + std::to_string(i) + " is outside 1.." +
                         std::to_string(matrix.rows));
      if (j < 1 || j > matrix.columns)
        throw ModelError(who + entry + "column index j = " + std::to_string(j) + " is outside 1.." +
                         std::to_string(matrix.columns));
      if (!seen.insert({i, j}).second)
        throw ModelError(who + entry + "row " + std::to_string(i) + ", column " +
                         std::to_string(j) + " is given twice");
      out(i - 1, j - 1) = matrix.values[k];
    }
    return out;
  }
  if (!matrix.i.empty() || !matrix.j.empty())
    throw ModelError(who + "row and column indices i, j are for a sparse matrix (sparse=True)");
  const size_t expected = static_cast<size_t>(matrix.rows) * matrix.columns;
  if (count != expected)
    throw ModelError(who + "a dense " + Size(matrix.rows, matrix.columns) + " matrix needs " +
                     std::to_string(expected) + " values, got " + std::to_string(count));
  // column order unless full = RORDER (MotionSolve's Matrix example without full lists the
  // values column after column)
  const std::string order = matrix.full ? Upper(*matrix.full) : "CORDER";
  if (order != "RORDER" && order != "CORDER")
    throw ModelError(who + "full must be RORDER or CORDER, got '" + *matrix.full + "'");
  for (int r = 0; r < matrix.rows; ++r)
    for (int c = 0; c < matrix.columns; ++c)
      out(r, c) = matrix.values[order == "RORDER" ? r * matrix.columns + c : c * matrix.rows + r];
  return out;
}

LinearStates TfsisoStates(const model::Tfsiso& tf) {
  const auto& den = tf.denominator;
  const auto& num = tf.numerator;
  if (den.size() < 2)
    throw ModelError(tf.Describe() + ": the denominator needs at least 2 coefficients");
  if (den.back() == 0.0)
    throw ModelError(tf.Describe() +
                     ": the last denominator coefficient (highest power of s) is 0");
  if (num.empty() || num.size() > den.size())
    throw ModelError(tf.Describe() + ": the numerator needs 1 to " + std::to_string(den.size()) +
                     " coefficients (a proper transfer function)");
  if (tf.x == nullptr) throw ModelError(tf.Describe() + ": the X array is not set");
  if (tf.u == nullptr) throw ModelError(tf.Describe() + ": the U array is not set");
  const int n = static_cast<int>(den.size()) - 1;
  if (tf.x->size != 0 && tf.x->size != n)
    throw ModelError(tf.Describe() + ": its X array " + tf.x->Describe() + " has size " +
                     std::to_string(tf.x->size) + " but the transfer function has " +
                     Count(n, "state"));
  LinearStates ls;
  ls.source = &tf;
  ls.x_array = tf.x;
  ls.y_array = tf.y;
  ls.u_array = tf.u;
  ls.n = n;
  ls.A = MatX::Zero(n, n);
  ls.B = MatX::Zero(n, 1);
  ls.C = MatX::Zero(1, n);
  ls.D = MatX::Zero(1, 1);
  ls.x0 = VecX::Zero(n);
  const double an = den.back();
  const auto alpha = [&](int k) { return den[k] / an; };
  const auto beta = [&](int k) { return k < static_cast<int>(num.size()) ? num[k] / an : 0.0; };
  const double d = beta(n);
  for (int i = 1; i <= n; ++i) {
    ls.A(i - 1, 0) = -alpha(n - i);
    if (i < n) ls.A(i - 1, i) = 1.0;
    ls.B(i - 1, 0) = beta(n - i) - alpha(n - i) * d;
  }
  ls.C(0, 0) = 1.0;
  ls.D(0, 0) = d;
  return ls;
}

LinearStates LseStates(const model::Lse& lse) {
  const std::string who = lse.Describe() + ": ";
  // the matrix in a role ("A"), checked on its own first
  const auto matrix = [&](const model::Matrix* m, const char* role) {
    if (!m->active)
      throw ModelError(who + "its " + role + " matrix " + m->Describe() + " is inactive");
    return DenseMatrix(*m);
  };
  const auto named = [](const char* role, const model::Entity* e) {
    return std::string("the ") + role + " " + e->Describe();
  };

  // required: the states and A (Control_StateEqn: A is n x n for n states)
  if (lse.x == nullptr) throw ModelError(who + "the X array (x) is not set");
  if (lse.a == nullptr) throw ModelError(who + "the A matrix (a) is not set");
  CheckArray(lse, *lse.x, "X array", "X");
  if (lse.y) CheckArray(lse, *lse.y, "Y array", "Y");
  if (lse.u) CheckArray(lse, *lse.u, "U array", "U");
  if (lse.ic) CheckArray(lse, *lse.ic, "IC array", "IC");
  const MatX A = matrix(lse.a, "A");
  if (A.rows() != A.cols())
    throw ModelError(who + named("A matrix", lse.a) + " is " + Size(A.rows(), A.cols()) +
                     "; it must be square (n x n for n states)");
  const int n = static_cast<int>(A.rows());
  if (lse.x->size != 0 && lse.x->size != n)
    throw ModelError(who + Named("X array", *lse.x) + " has size " + std::to_string(lse.x->size) +
                     " but " + named("A matrix", lse.a) + " is " + Size(n, n) + " (" +
                     Count(n, "state") + ")");

  // inputs: the variables of the U array, used through B and/or D (Adams LSE)
  int m = 0;
  if (lse.u) {
    m = static_cast<int>(lse.u->variables.size());
    if (m == 0) throw ModelError(who + Named("U array", *lse.u) + " has no variables");
    if (lse.u->size != 0 && lse.u->size != m)
      throw ModelError(who + Named("U array", *lse.u) + " has size " + std::to_string(lse.u->size) +
                       " but " + Count(m, "variable"));
    if (!lse.b && !lse.d)
      throw ModelError(who +
                       "the U array (u) is given but neither the B matrix (b) nor the D "
                       "matrix (d) that apply the inputs");
  }
  if (lse.b && !lse.u)
    throw ModelError(who + "the B matrix (b) is given but not the U array (u) of the inputs");
  if (lse.d && !lse.u)
    throw ModelError(who + "the D matrix (d) is given but not the U array (u) of the inputs");
  // outputs: p rows of C and/or D
  if (lse.y && !lse.c && !lse.d)
    throw ModelError(who +
                     "the Y array (y) is given but neither the C matrix (c) nor the D "
                     "matrix (d) that define the outputs");
  if (lse.c && !lse.y)
    throw ModelError(who + "the C matrix (c) is given but not the Y array (y) of the outputs");
  if (lse.d && !lse.y)
    throw ModelError(who + "the D matrix (d) is given but not the Y array (y) of the outputs");

  LinearStates ls;
  ls.source = &lse;
  ls.x_array = lse.x;
  ls.y_array = lse.y;
  ls.u_array = lse.u;
  ls.n = n;
  ls.A = A;
  ls.B = MatX::Zero(n, m);
  if (lse.b) {
    ls.B = matrix(lse.b, "B");
    if (ls.B.rows() != n || ls.B.cols() != m)
      throw ModelError(who + named("B matrix", lse.b) + " is " + Size(ls.B.rows(), ls.B.cols()) +
                       " but must be " + Size(n, m) + ": " + Count(n, "state") + " (A is " +
                       Size(n, n) + ") by " + Count(m, "input") + " (the variables of " +
                       lse.u->Describe() + ")");
  }
  int p = 0;
  if (lse.c) {
    ls.C = matrix(lse.c, "C");
    p = static_cast<int>(ls.C.rows());
    if (ls.C.cols() != n)
      throw ModelError(who + named("C matrix", lse.c) + " is " + Size(ls.C.rows(), ls.C.cols()) +
                       " but must have " + Count(n, "column") + ", one per state (A is " +
                       Size(n, n) + ")");
  }
  if (lse.d) {
    ls.D = matrix(lse.d, "D");
    if (lse.c && ls.D.rows() != p)
      throw ModelError(who + named("D matrix", lse.d) + " is " + Size(ls.D.rows(), ls.D.cols()) +
                       " but " + named("C matrix", lse.c) + " is " + Size(p, n) +
                       ": both need one row per output");
    p = static_cast<int>(ls.D.rows());
    if (ls.D.cols() != m)
      throw ModelError(who + named("D matrix", lse.d) + " is " + Size(ls.D.rows(), ls.D.cols()) +
                       " but must have " + Count(m, "column") + ", one per input (the " +
                       "variables of " + lse.u->Describe() + ")");
  }
  if (!lse.c) ls.C = MatX::Zero(p, n);
  if (!lse.d) ls.D = MatX::Zero(p, m);
  if (lse.y && lse.y->size != 0 && lse.y->size != p)
    throw ModelError(who + Named("Y array", *lse.y) + " has size " + std::to_string(lse.y->size) +
                     " but the C and D matrices give " + Count(p, "output"));

  // initial states from the IC array, zero without one
  ls.x0 = VecX::Zero(n);
  if (lse.ic) {
    const auto& numbers = lse.ic->numbers;
    if (static_cast<int>(numbers.size()) != n)
      throw ModelError(who + Named("IC array", *lse.ic) + " has " +
                       Count(static_cast<Eigen::Index>(numbers.size()), "number") +
                       " but the Lse has " + Count(n, "state") + " (A is " + Size(n, n) + ")");
    for (int k = 0; k < n; ++k) ls.x0[k] = numbers[k];
  }
  return ls;
}

}  // namespace msolve::system
