#include "mbs/springsat.h"

#include <cmath>
#include <limits>
#include <sstream>

#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

double Value(double x) { return x; }
double Value(const PairForceElement::AD& x) { return x.value(); }

// f(q) = K0 (q + Ksat 4/(4 - pi) (tan(x) - x)), x = pi q / (2 xsat)
template <class S>
S ForceT(const SpringsatLaw& law, const S& q) {
  using std::tan;
  const S x = M_PI * q / (2 * law.xsat);
  return law.K0 * (q + law.Ksat * 4.0 / (4.0 - M_PI) * (tan(x) - x));
}

}  // namespace

double SpringsatLaw::Energy(double q) const {
  const double x = M_PI * q / (2 * xsat);
  const double hsat = -8 * xsat / (M_PI * (4 - M_PI)) *
                      (M_PI * M_PI * q * q / (8 * xsat * xsat) + std::log(std::cos(x)));
  return K0 * (q * q / 2 + Ksat * hsat);
}

double SpringsatLaw::Force(double q) const { return ForceT(*this, q); }

SpringsatElement::SpringsatElement(const model::Springsat* source, BodyMarker i, BodyMarker j,
                                   double length)
    : PairForceElement(source, i, j), spring_(source), length_(length) {
  law_.K0 = source->K0;
  law_.Ksat = source->Ksat;
  law_.xsat = source->xsat;
}

template <class S>
void SpringsatElement::ComputeT(const S* xI, const S* xJ, S* out) const {
  const MarkerMotion<S> I = Motion(i(), xI);
  const MarkerMotion<S> J = Motion(j(), xJ);
  const math::Vec3T<S> d = I.p - J.p;
  const S len = d.norm();
  const S q = len - length_;
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  if (!(std::abs(Value(q)) < law_.xsat)) {
    // beyond saturation the law has no value: the residual reports a failure
    for (int k = 0; k < 12; ++k) out[k] = S(std::numeric_limits<double>::quiet_NaN());
    return;
  }
  const math::Vec3T<S> fI = -ForceT(law_, q) * (d / len);
  const math::Vec3T<S> zero = math::Vec3T<S>::Zero();
  ToBodyAt<S>(xI, I.p, fI, zero, out);
  ToBodyAt<S>(xJ, I.p, math::Vec3T<S>(-fI), zero, out + 6);
}

void SpringsatElement::Compute(const double* xI, const double* xJ, const double* slots,
                               double* out) const {
  (void)slots;
  ComputeT(xI, xJ, out);
}

void SpringsatElement::Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const {
  (void)slots;
  ComputeT(xI, xJ, out);
}

double SpringsatElement::Deflection(const double* xI, const double* xJ) const {
  return (Motion(i(), xI).p - Motion(j(), xJ).p).norm() - length_;
}

double SpringsatElement::Energy(const double* xI, const double* xJ, const double*) const {
  const double q = Deflection(xI, xJ);
  if (!(std::abs(q) < law_.xsat)) return std::numeric_limits<double>::infinity();
  return law_.Energy(q);
}

double SpringsatElement::NonConservativePower(const double*, const double*, const double*,
                                              const Wrench&, const Wrench&) const {
  return 0.0;
}

std::string SpringsatElement::OutOfRange(const double* xI, const double* xJ, const double*,
                                         double margin) const {
  const double q = Deflection(xI, xJ);
  if (std::abs(q) < (1.0 - margin) * law_.xsat) return {};
  std::ostringstream s;
  s.precision(6);
  s << spring_->Describe() << ": the deflection q = DM(I,J) - length reached " << q
    << ", the saturation value xsat = " << law_.xsat
    << " (|q| must stay below xsat, where the force and the energy grow without bound)";
  return s.str();
}

}  // namespace msolve::mbs
