#include "mbs/pair_force.h"

namespace msolve::mbs {

void PairForceElement::Evaluate(const double* xI, const double* xJ, Wrench* on_i, Wrench* on_j,
                                PairForceJacobian* jac) const {
  if (jac == nullptr) {
    double out[12];
    Compute(xI, xJ, out);
    *on_i = Eigen::Map<const Wrench>(out);
    *on_j = Eigen::Map<const Wrench>(out + 6);
    return;
  }
  AD xi[kBodyX], xj[kBodyX];
  for (int k = 0; k < kBodyX; ++k) {
    if (xI) xi[k] = AD(xI[k], 2 * kBodyX, k);
    if (xJ) xj[k] = AD(xJ[k], 2 * kBodyX, kBodyX + k);
  }
  AD out[12];
  Compute(xI ? xi : nullptr, xJ ? xj : nullptr, out);
  for (int k = 0; k < 12; ++k) {
    (k < 6 ? (*on_i)[k] : (*on_j)[k - 6]) = out[k].value();
    // a component that does not depend on the states has no derivative vector
    if (out[k].derivatives().size() == 2 * kBodyX)
      jac->row(k) = out[k].derivatives().transpose();
    else
      jac->row(k).setZero();
  }
}

double PairForceElement::NonConservativePower(const double* xI, const double* xJ,
                                              const Wrench& on_i, const Wrench& on_j) const {
  // generalised velocities (v, w in body axes) of a body: states 7..12
  const auto power = [](const double* x, const Wrench& w) {
    return x ? Eigen::Map<const Wrench>(x + 7).dot(w) : 0.0;
  };
  return power(xI, on_i) + power(xJ, on_j);
}

}  // namespace msolve::mbs
