// The compiled N_Vector kernels against SUNDIALS' own serial kernels: the same arithmetic in
// the same order, so every entry and every norm must agree bit for bit.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "solver/sundials_util.h"
#include "solver/vector_kernels.h"

namespace msolve::solver {
namespace {

constexpr int kLength = 37;  // odd, so vectorised loops also run their scalar tail

class VectorKernelsTest : public ::testing::Test {
 protected:
  VectorKernelsTest() : ctx_(MakeContext()) {}

  // a pair of vectors with the same entries: one with SUNDIALS' kernels, one with ours
  struct Pair {
    VectorPtr reference, compiled;
  };

  Pair Random(double low, double high) {
    std::uniform_real_distribution<double> dist(low, high);
    VecX values(kLength);
    for (auto& v : values) v = dist(rng_);
    Pair p{VectorPtr(N_VNew_Serial(kLength, ctx_.get())), MakeVector(values, ctx_.get())};
    View(p.reference.get()) = values;
    return p;
  }

  static void ExpectSame(const Pair& p) {
    const auto a = View(p.reference.get());
    const auto b = View(p.compiled.get());
    for (int i = 0; i < kLength; ++i) EXPECT_EQ(a[i], b[i]) << "entry " << i;
  }

  ContextPtr ctx_;
  std::mt19937 rng_{12345};
};

TEST_F(VectorKernelsTest, MakeVectorAndItsClonesUseTheCompiledKernels) {
  Pair x = Random(-1, 1);
  EXPECT_NE(x.compiled->ops->nvlinearsum, x.reference->ops->nvlinearsum);
  VectorPtr clone(N_VClone(x.compiled.get()));
  EXPECT_EQ(clone->ops->nvlinearsum, x.compiled->ops->nvlinearsum);
  EXPECT_EQ(clone->ops->nvwrmsnormmask, x.compiled->ops->nvwrmsnormmask);
}

TEST_F(VectorKernelsTest, LinearSumInEveryCaseSundialsDistinguishes) {
  const double coefficients[] = {1.0, -1.0, 0.3, -0.3, 2.5, 0.0};
  for (double a : coefficients)
    for (double b : coefficients)
      for (int alias = 0; alias < 3; ++alias) {  // z separate, z = x, z = y
        Pair x = Random(-3, 3), y = Random(-3, 3), z = Random(-1, 1);
        Pair* z_or_alias = alias == 0 ? &z : alias == 1 ? &x : &y;
        N_VLinearSum(a, x.reference.get(), b, y.reference.get(), z_or_alias->reference.get());
        N_VLinearSum(a, x.compiled.get(), b, y.compiled.get(), z_or_alias->compiled.get());
        SCOPED_TRACE(testing::Message() << "a=" << a << " b=" << b << " alias=" << alias);
        ExpectSame(x);
        ExpectSame(y);
        ExpectSame(z);
      }
}

TEST_F(VectorKernelsTest, ElementwiseOperations) {
  Pair x = Random(0.1, 2), y = Random(-2, -0.1), z = Random(-1, 1);
  auto both = [&](auto op) {
    op(false);
    op(true);
    ExpectSame(z);
  };
  auto pick = [](Pair& p, bool compiled) {
    return compiled ? p.compiled.get() : p.reference.get();
  };
  both([&](bool c) { N_VConst(0.7, pick(z, c)); });
  both([&](bool c) { N_VScale(-1.3, pick(x, c), pick(z, c)); });
  both([&](bool c) { N_VScale(-1.0, pick(y, c), pick(z, c)); });
  both([&](bool c) { N_VAbs(pick(y, c), pick(z, c)); });
  both([&](bool c) { N_VInv(pick(y, c), pick(z, c)); });
  both([&](bool c) { N_VAddConst(pick(x, c), 0.25, pick(z, c)); });
  both([&](bool c) { N_VProd(pick(x, c), pick(y, c), pick(z, c)); });
  both([&](bool c) { N_VDiv(pick(x, c), pick(y, c), pick(z, c)); });
  EXPECT_EQ(N_VMaxNorm(y.reference.get()), N_VMaxNorm(y.compiled.get()));
}

TEST_F(VectorKernelsTest, WeightedNormsWithAndWithoutMask) {
  Pair x = Random(-1e3, 1e3), w = Random(1e-2, 1e8), id = Random(-1, 1);
  EXPECT_EQ(N_VWrmsNorm(x.reference.get(), w.reference.get()),
            N_VWrmsNorm(x.compiled.get(), w.compiled.get()));
  EXPECT_EQ(N_VWrmsNormMask(x.reference.get(), w.reference.get(), id.reference.get()),
            N_VWrmsNormMask(x.compiled.get(), w.compiled.get(), id.compiled.get()));
  EXPECT_EQ(N_VWSqrSumLocal(x.reference.get(), w.reference.get()),
            N_VWSqrSumLocal(x.compiled.get(), w.compiled.get()));
  EXPECT_EQ(N_VWSqrSumMaskLocal(x.reference.get(), w.reference.get(), id.reference.get()),
            N_VWSqrSumMaskLocal(x.compiled.get(), w.compiled.get(), id.compiled.get()));
  // the masked norm leaves out the entries whose id is not positive, and divides by the
  // whole length
  double sum = 0.0;
  const auto xv = View(x.compiled.get()), wv = View(w.compiled.get()), iv = View(id.compiled.get());
  for (int i = 0; i < kLength; ++i)
    if (iv[i] > 0) sum += (xv[i] * wv[i]) * (xv[i] * wv[i]);
  EXPECT_DOUBLE_EQ(N_VWrmsNormMask(x.compiled.get(), w.compiled.get(), id.compiled.get()),
                   std::sqrt(sum / kLength));
}

TEST_F(VectorKernelsTest, FusedOperationsMatchSundialsFallbacks) {
  const int nv = 6;
  std::vector<Pair> xs;
  for (int i = 0; i < nv; ++i) xs.push_back(Random(-5, 5));
  std::vector<N_Vector> ref, cmp;
  for (auto& p : xs) {
    ref.push_back(p.reference.get());
    cmp.push_back(p.compiled.get());
  }
  double c[nv] = {1.0, -0.4, 2.0 / 3.0, 1.5, -1.0, 0.125};
  for (int n = 1; n <= nv; ++n) {
    Pair z = Random(-1, 1);
    N_VLinearCombination(n, c, ref.data(), z.reference.get());
    N_VLinearCombination(n, c, cmp.data(), z.compiled.get());
    SCOPED_TRACE(testing::Message() << "combination of " << n);
    ExpectSame(z);
  }
  {  // in place: z is the first vector
    Pair z = Random(-1, 1);
    std::vector<N_Vector> r = ref, k = cmp;
    r[0] = z.reference.get();
    k[0] = z.compiled.get();
    N_VLinearCombination(nv, c, r.data(), z.reference.get());
    N_VLinearCombination(nv, c, k.data(), z.compiled.get());
    ExpectSame(z);
  }
  std::vector<Pair> zs;
  std::vector<N_Vector> zr, zc;
  for (int i = 0; i < 3; ++i) zs.push_back(Random(-1, 1));
  for (auto& p : zs) {
    zr.push_back(p.reference.get());
    zc.push_back(p.compiled.get());
  }
  N_VScaleAddMulti(3, c + 1, ref[0], ref.data() + 1, zr.data());
  N_VScaleAddMulti(3, c + 1, cmp[0], cmp.data() + 1, zc.data());
  for (auto& p : zs) ExpectSame(p);
  N_VLinearSumVectorArray(3, 0.3, ref.data(), -0.3, ref.data() + 3, zr.data());
  N_VLinearSumVectorArray(3, 0.3, cmp.data(), -0.3, cmp.data() + 3, zc.data());
  for (auto& p : zs) ExpectSame(p);
}

}  // namespace
}  // namespace msolve::solver
