#include "mbs/pair_force.h"

namespace msolve::mbs {

void PairForceElement::Evaluate(const double* xI, const double* xJ, const double* slots,
                                Wrench* on_i, Wrench* on_j, PairForceJacobian* jac) const {
  if (jac == nullptr) {
    double out[12];
    Compute(xI, xJ, slots, out);
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
  Compute(xI ? xi : nullptr, xJ ? xj : nullptr, slots, out);
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
                                              const double* slots, const Wrench& on_i,
                                              const Wrench& on_j) const {
  (void)slots;
  // generalised velocities (v, w in body axes) of a body: states 7..12
  const auto power = [](const double* x, const Wrench& w) {
    return x ? Eigen::Map<const Wrench>(x + 7).dot(w) : 0.0;
  };
  return power(xI, on_i) + power(xJ, on_j);
}

void PairForceElement::Evaluate(double t, const double* y, const double* yp, const double* memory,
                                Wrench* on_i, Wrench* on_j) const {
  (void)t, (void)yp;
  Evaluate(BodyStates(i_.body, y), BodyStates(j_.body, y), Slots(memory), on_i, on_j, nullptr);
}

void PairForceElement::AddJacobian(double t, const double* y, const double* yp,
                                   const double* memory, double cj,
                                   std::vector<Triplet>* out) const {
  (void)t, (void)yp, (void)cj;
  const int body[2] = {i_.body, j_.body};
  Wrench on_i, on_j;
  PairForceJacobian jac;
  Evaluate(BodyStates(body[0], y), BodyStates(body[1], y), Slots(memory), &on_i, &on_j, &jac);
  for (int s = 0; s < 2; ++s) {
    if (body[s] < 0) continue;
    for (int s2 = 0; s2 < 2; ++s2) {
      if (body[s2] < 0) continue;
      for (int r = 0; r < 6; ++r)
        for (int c = 0; c < kBodyX; ++c)
          out->push_back(
              {kBodyX * body[s] + 7 + r, kBodyX * body[s2] + c, -jac(6 * s + r, kBodyX * s2 + c)});
    }
  }
}

double PairForceElement::WorkRate(const double* y, const double* memory, const Wrench& on_i,
                                  const Wrench& on_j) const {
  return NonConservativePower(BodyStates(i_.body, y), BodyStates(j_.body, y), Slots(memory), on_i,
                              on_j);
}

double PairForceElement::StoredEnergy(const double* y, const double* memory) const {
  return Energy(BodyStates(i_.body, y), BodyStates(j_.body, y), Slots(memory));
}

std::string PairForceElement::OutOfRangeAt(const double* y, const double* memory,
                                           double margin) const {
  return OutOfRange(BodyStates(i_.body, y), BodyStates(j_.body, y), Slots(memory), margin);
}

void PairForceElement::AcceptState(double t, const double* y, const double* yp,
                                   double* memory) const {
  (void)t, (void)yp;
  if (memory_size() > 0)
    Accept(BodyStates(i_.body, y), BodyStates(j_.body, y), memory + memory_offset());
}

}  // namespace msolve::mbs
