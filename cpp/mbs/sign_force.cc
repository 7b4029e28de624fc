#include "mbs/sign_force.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

double Value(double x) { return x; }
double Value(const PairForceElement::AD& x) { return x.value(); }

template <class S>
S RegularizedSignT(SignRegularization reg, const S& v, double v0) {
  using std::cos;
  using std::sin;
  using std::tanh;
  if (reg == SignRegularization::kExp) return tanh(v / (0.02 * v0));
  const double value = Value(v);
  if (std::abs(value) >= v0) return S(value > 0 ? 1.0 : -1.0);
  switch (reg) {
    case SignRegularization::kSine:
      return sin(M_PI / 2 * v / v0);
    case SignRegularization::kLinear:
      return v / v0;
    case SignRegularization::kCosine:
      return (value > 0 ? 1.0 : value < 0 ? -1.0 : 0.0) * (1.0 - cos(M_PI / 2 * v / v0));
    case SignRegularization::kExp:
      break;
  }
  return v;
}

}  // namespace

bool ParseSignRegularization(const std::string& word, SignRegularization* reg) {
  std::string w = word;
  std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::toupper(c); });
  if (w == "EXP")
    *reg = SignRegularization::kExp;
  else if (w == "SINE")
    *reg = SignRegularization::kSine;
  else if (w == "LINEAR")
    *reg = SignRegularization::kLinear;
  else if (w == "COSINE")
    *reg = SignRegularization::kCosine;
  else
    return false;
  return true;
}

double RegularizedSign(SignRegularization reg, double v, double v0) {
  return RegularizedSignT(reg, v, v0);
}

PairForceElement::AD RegularizedSign(SignRegularization reg, const PairForceElement::AD& v,
                                     double v0) {
  return RegularizedSignT(reg, v, v0);
}

SignForceElement::SignForceElement(const model::SignForce* source, SignRegularization reg,
                                   BodyMarker i, BodyMarker j)
    : PairForceElement(source, i, j), force_(source), reg_(reg) {}

template <class S>
void SignForceElement::ComputeT(const S* xI, const S* xJ, S* out) const {
  const MarkerMotion<S> I = Motion(i(), xI);
  const MarkerMotion<S> J = Motion(j(), xJ);
  // VZ(I, J, J, J): the rate of I - J seen from J's frame, along z_J
  const math::Vec3T<S> d = I.p - J.p;
  const math::Vec3T<S> zj = J.R.col(2);
  const S v = (I.v - J.v - J.w.cross(d)).dot(zj);
  const S f = force_->f_nominal * RegularizedSign(reg_, v, force_->v0);
  const math::Vec3T<S> fI = f * zj;
  const math::Vec3T<S> zero = math::Vec3T<S>::Zero();
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  ToBodyAt<S>(xI, I.p, fI, zero, out);
  ToBodyAt<S>(xJ, I.p, math::Vec3T<S>(-fI), zero, out + 6);
}

void SignForceElement::Compute(const double* xI, const double* xJ, const double* slots,
                               double* out) const {
  (void)slots;
  ComputeT(xI, xJ, out);
}

void SignForceElement::Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const {
  (void)slots;
  ComputeT(xI, xJ, out);
}

}  // namespace msolve::mbs
