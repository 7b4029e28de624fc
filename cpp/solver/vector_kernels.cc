#include "solver/vector_kernels.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Core>

namespace msolve::solver {
namespace {

using Array = Eigen::Map<Eigen::ArrayXd>;

Array A(N_Vector v) { return Array(NV_DATA_S(v), NV_LENGTH_S(v)); }

// z = a x + b y. SUNDIALS factors a common coefficient out (a (x + y) when a = b, a (x - y)
// when a = -b); every other case it distinguishes rounds the same as a x + b y, because its
// coefficients are then +-1.
void LinearSum(realtype a, N_Vector x, realtype b, N_Vector y, N_Vector z) {
  if (a == b) {
    A(z) = a * (A(x) + A(y));
  } else if (a == -b) {
    A(z) = a * (A(x) - A(y));
  } else {
    A(z) = a * A(x) + b * A(y);
  }
}

void Const(realtype c, N_Vector z) { A(z).setConstant(c); }
void Scale(realtype c, N_Vector x, N_Vector z) { A(z) = c * A(x); }
void Abs(N_Vector x, N_Vector z) { A(z) = A(x).abs(); }
void Inv(N_Vector x, N_Vector z) { A(z) = A(x).inverse(); }
void AddConst(N_Vector x, realtype b, N_Vector z) { A(z) = A(x) + b; }
void Prod(N_Vector x, N_Vector y, N_Vector z) { A(z) = A(x) * A(y); }
void Div(N_Vector x, N_Vector y, N_Vector z) { A(z) = A(x) / A(y); }

// The weighted sums of squares add the entries in index order, as SUNDIALS does; a
// vectorised reduction would round differently.
realtype WSqrSum(N_Vector x, N_Vector w) {
  const double* xd = NV_DATA_S(x);
  const double* wd = NV_DATA_S(w);
  double sum = 0.0;
  for (sunindextype i = 0, n = NV_LENGTH_S(x); i < n; ++i) {
    const double p = xd[i] * wd[i];
    sum += p * p;
  }
  return sum;
}

realtype WSqrSumMask(N_Vector x, N_Vector w, N_Vector id) {
  const double* xd = NV_DATA_S(x);
  const double* wd = NV_DATA_S(w);
  const double* idd = NV_DATA_S(id);
  double sum = 0.0;
  for (sunindextype i = 0, n = NV_LENGTH_S(x); i < n; ++i) {
    if (idd[i] > 0.0) {
      const double p = xd[i] * wd[i];
      sum += p * p;
    }
  }
  return sum;
}

// The norms divide by the whole length, masked or not.
realtype WrmsNorm(N_Vector x, N_Vector w) {
  return std::sqrt(WSqrSum(x, w) / static_cast<double>(NV_LENGTH_S(x)));
}

realtype WrmsNormMask(N_Vector x, N_Vector w, N_Vector id) {
  return std::sqrt(WSqrSumMask(x, w, id) / static_cast<double>(NV_LENGTH_S(x)));
}

realtype MaxNorm(N_Vector x) { return NV_LENGTH_S(x) > 0 ? A(x).abs().maxCoeff() : 0.0; }

// z = sum c_i X_i, accumulated in the order of i as SUNDIALS' fallback (scale, then one
// axpy per further vector) does; entry by entry, so z may be any of the X_i.
int LinearCombination(int nv, realtype* c, N_Vector* X, N_Vector z) {
  constexpr int kMaxTerms = 16;  // IDA combines at most max order + 2 = 7 vectors
  if (nv > kMaxTerms) {
    Scale(c[0], X[0], z);
    for (int i = 1; i < nv; ++i) LinearSum(c[i], X[i], 1.0, z, z);
    return 0;
  }
  const double* x[kMaxTerms];
  for (int i = 0; i < nv; ++i) x[i] = NV_DATA_S(X[i]);
  double* zd = NV_DATA_S(z);
  for (sunindextype j = 0, n = NV_LENGTH_S(z); j < n; ++j) {
    double s = c[0] * x[0][j];
    for (int i = 1; i < nv; ++i) s += c[i] * x[i][j];
    zd[j] = s;
  }
  return 0;
}

// Z_i = a_i x + Y_i
int ScaleAddMulti(int nv, realtype* a, N_Vector x, N_Vector* Y, N_Vector* Z) {
  for (int i = 0; i < nv; ++i) A(Z[i]) = a[i] * A(x) + A(Y[i]);
  return 0;
}

// Z_i = a X_i + b Y_i
int LinearSumVectorArray(int nv, realtype a, N_Vector* X, realtype b, N_Vector* Y, N_Vector* Z) {
  for (int i = 0; i < nv; ++i) LinearSum(a, X[i], b, Y[i], Z[i]);
  return 0;
}

}  // namespace

void UseCompiledKernels(N_Vector v) {
  N_Vector_Ops ops = v->ops;
  ops->nvlinearsum = LinearSum;
  ops->nvconst = Const;
  ops->nvscale = Scale;
  ops->nvabs = Abs;
  ops->nvinv = Inv;
  ops->nvaddconst = AddConst;
  ops->nvprod = Prod;
  ops->nvdiv = Div;
  ops->nvwrmsnorm = WrmsNorm;
  ops->nvwrmsnormmask = WrmsNormMask;
  ops->nvwsqrsumlocal = WSqrSum;
  ops->nvwsqrsummasklocal = WSqrSumMask;
  ops->nvmaxnorm = MaxNorm;
  ops->nvlinearcombination = LinearCombination;
  ops->nvscaleaddmulti = ScaleAddMulti;
  ops->nvlinearsumvectorarray = LinearSumVectorArray;
}

}  // namespace msolve::solver
