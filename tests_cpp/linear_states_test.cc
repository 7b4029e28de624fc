// Tests of system/linear_states: the entries of a Matrix (dense by rows or by columns,
// sparse) and the dimension checks of an Lse, whose messages name the Lse and the sizes.
#include "system/linear_states.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"

namespace msolve {
namespace {

using model::Array;
using model::Lse;
using model::Matrix;
using system::DenseMatrix;
using system::LseStates;

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

Matrix Dense(int rows, int columns, std::vector<double> values, const char* full = nullptr) {
  Matrix m;
  m.id = 2;
  m.label = "M";
  m.rows = rows, m.columns = columns;
  if (full) m.full = full;
  m.values = std::move(values);
  return m;
}

TEST(MatrixTest, DenseOrders) {
  // MotionSolve matrix_api example: a 4 x 5 matrix with entries 10 i + j, listed by rows with
  // full="RORDER" and by columns without full
  std::vector<double> by_rows, by_columns;
  for (int i = 1; i <= 4; ++i)
    for (int j = 1; j <= 5; ++j) by_rows.push_back(10 * i + j);
  for (int j = 1; j <= 5; ++j)
    for (int i = 1; i <= 4; ++i) by_columns.push_back(10 * i + j);
  const MatX rows = DenseMatrix(Dense(4, 5, by_rows, "RORDER"));
  const MatX columns = DenseMatrix(Dense(4, 5, by_columns));
  const MatX corder = DenseMatrix(Dense(4, 5, by_columns, "CORDER"));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j) {
      EXPECT_EQ(rows(i, j), 10 * (i + 1) + (j + 1));
      EXPECT_EQ(columns(i, j), rows(i, j));
      EXPECT_EQ(corder(i, j), rows(i, j));
    }
}

TEST(MatrixTest, SparseEntriesCountFromOne) {
  // coordinate list (matrix_api: sparse=True with i, j, values); unlisted entries are 0
  Matrix m;
  m.rows = 3, m.columns = 2;
  m.sparse = true;
  m.i = {1, 3};
  m.j = {2, 1};
  m.values = {5.0, -1.0};
  MatX expected = MatX::Zero(3, 2);
  expected(0, 1) = 5.0;
  expected(2, 0) = -1.0;
  EXPECT_EQ(DenseMatrix(m), expected);
}

TEST(MatrixTest, InconsistentDataIsNamed) {
  std::string msg = ErrorOf([] { DenseMatrix(Dense(2, 2, {1, 2, 3})); });
  EXPECT_NE(msg.find("Matrix 2 'M': a dense 2 x 2 matrix needs 4 values, got 3"), std::string::npos)
      << msg;
  msg = ErrorOf([] { DenseMatrix(Dense(0, 2, {})); });
  EXPECT_NE(msg.find("rows and columns must be at least 1"), std::string::npos) << msg;
  Matrix sparse;
  sparse.rows = 2, sparse.columns = 2;
  sparse.sparse = true;
  sparse.i = {1, 3};
  sparse.j = {1, 1};
  sparse.values = {1, 2};
  msg = ErrorOf([&] { DenseMatrix(sparse); });
  EXPECT_NE(msg.find("entry 2: row index i = 3 is outside 1..2"), std::string::npos) << msg;
  sparse.i = {1, 1};
  msg = ErrorOf([&] { DenseMatrix(sparse); });
  EXPECT_NE(msg.find("row 1, column 1 is given twice"), std::string::npos) << msg;
  sparse.j = {1};
  msg = ErrorOf([&] { DenseMatrix(sparse); });
  EXPECT_NE(msg.find("as many row indices i (2) and column indices j (1) as values (2)"),
            std::string::npos)
      << msg;
}

// an Lse with n = 2 states, m = 1 input, p = 1 output
struct SmallLse {
  Array x, y, u, ic;
  Matrix a = Dense(2, 2, {0, 1, -4, -0.4}, "RORDER");
  Matrix b = Dense(2, 1, {0, 1});
  Matrix c = Dense(1, 2, {1, 0});
  Matrix d = Dense(1, 1, {0.5});
  model::Variable input;
  Lse lse;
  SmallLse() {
    x.type = "X", y.type = "Y", u.type = "U", ic.type = "IC";
    u.variables = {&input};
    ic.numbers = {1, 2};
    lse.id = 4;
    lse.label = "plant";
    lse.x = &x, lse.y = &y, lse.u = &u, lse.ic = &ic;
    lse.a = &a, lse.b = &b, lse.c = &c, lse.d = &d;
  }
};

TEST(LseTest, StatesFromTheMatrices) {
  SmallLse s;
  const auto ls = LseStates(s.lse);
  EXPECT_EQ(ls.n, 2);
  EXPECT_EQ(ls.inputs_count(), 1);
  EXPECT_EQ(ls.outputs_count(), 1);
  EXPECT_EQ(ls.A(1, 0), -4);
  EXPECT_EQ(ls.D(0, 0), 0.5);
  EXPECT_EQ(ls.x0, (VecX(2) << 1, 2).finished());
  // b, c, d optional (Control_StateEqn, Adams LSE): without them, B, C, D have no columns or
  // no rows, and without an IC array the states start at 0
  s.lse.b = s.lse.c = s.lse.d = nullptr;
  s.lse.u = s.lse.y = s.lse.ic = nullptr;
  const auto bare = LseStates(s.lse);
  EXPECT_EQ(bare.inputs_count(), 0);
  EXPECT_EQ(bare.outputs_count(), 0);
  EXPECT_EQ(bare.x0, VecX::Zero(2));
}

TEST(LseTest, DimensionErrorsNameBothSizes) {
  // Control_StateEqn: A n x n, B n x m, C p x n, D p x m
  const auto message = [](const std::function<void(SmallLse&)>& change) {
    SmallLse s;
    change(s);
    return ErrorOf([&] { LseStates(s.lse); });
  };
  std::string msg = message([](SmallLse& s) { s.a = Dense(2, 3, {1, 2, 3, 4, 5, 6}); });
  EXPECT_NE(msg.find("Lse 4 'plant': the A matrix Matrix 2 'M' is 2 x 3; it must be square"),
            std::string::npos)
      << msg;
  msg = message([](SmallLse& s) { s.b = Dense(3, 1, {1, 2, 3}); });
  EXPECT_NE(msg.find("the B matrix Matrix 2 'M' is 3 x 1 but must be 2 x 1"), std::string::npos)
      << msg;
  msg = message([](SmallLse& s) { s.c = Dense(1, 3, {1, 2, 3}); });
  EXPECT_NE(msg.find("the C matrix Matrix 2 'M' is 1 x 3 but must have 2 columns"),
            std::string::npos)
      << msg;
  msg = message([](SmallLse& s) { s.d = Dense(2, 1, {1, 2}); });
  EXPECT_NE(msg.find("the D matrix Matrix 2 'M' is 2 x 1 but the C matrix Matrix 2 'M' is 1 x 2"),
            std::string::npos)
      << msg;
  msg = message([](SmallLse& s) { s.ic.numbers = {1, 2, 3}; });
  EXPECT_NE(msg.find("has 3 numbers but the Lse has 2 states"), std::string::npos) << msg;
  msg = message([](SmallLse& s) { s.lse.a = nullptr; });
  EXPECT_NE(msg.find("Lse 4 'plant': the A matrix (a) is not set"), std::string::npos) << msg;
  msg = message([](SmallLse& s) { s.lse.u = nullptr; });
  EXPECT_NE(msg.find("the B matrix (b) is given but not the U array (u)"), std::string::npos)
      << msg;
  msg = message([](SmallLse& s) { s.lse.c = s.lse.d = nullptr; });
  EXPECT_NE(msg.find("the Y array (y) is given but neither the C matrix (c) nor the D matrix"),
            std::string::npos)
      << msg;
  msg = message([](SmallLse& s) { s.lse.x = &s.y; });
  EXPECT_NE(msg.find("its X array Array 0 has type Y, not X"), std::string::npos) << msg;
}

}  // namespace
}  // namespace msolve
