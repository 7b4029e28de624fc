#include "system/surface_function.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "common/error.h"
#include "common/interrupt.h"
#include "system/routine_function.h"

namespace msolve::system {

RoutineSurface::RoutineSurface(const model::Surface& surface, std::vector<double> par)
    : surface_(surface), routine_(surface.routine), par_(std::move(par)) {
  Call(surface.minpar[0], surface.minpar[1], 0, true);
}

std::vector<double> RoutineSurface::Call(double u, double v, int iord, bool iflag) const {
  model::UserRoutine::Call call;
  call.form = model::UserRoutine::Form::kSurface;
  call.id = surface_.id;
  call.par = &par_;
  call.alpha = u;
  call.beta = v;
  call.iord = iord;
  call.iflag = iflag;
  const int count = 3 * (iord + 1);
  std::vector<double> out(count, std::numeric_limits<double>::quiet_NaN());
  const auto where = [&] {
    return " at u = " + std::to_string(u) + ", v = " + std::to_string(v) +
           ", iord = " + std::to_string(iord);
  };
  try {
    // the initialisation call's result is not read (a routine may return nothing then)
    routine_->Evaluate(call, iflag ? nullptr : out.data(), count);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    throw RoutineError(surface_.Describe() + ": its routine (SURSUB) failed" + where() + ":\n" +
                       e.what());
  }
  if (iflag) return out;
  for (double x : out)
    if (!std::isfinite(x))
      throw RoutineError(surface_.Describe() + ": its routine (SURSUB) gave a value that is " +
                         "not finite" + where());
  return out;
}

// the second derivative d2/du2 (dv 0), d2/dudv (1) or d2/dv2 (2)
Vec3 RoutineSurface::Second(double u, double v, int dv) const {
  const std::vector<double> d = Call(u, v, 2, false);
  return Vec3(d[3 * dv], d[3 * dv + 1], d[3 * dv + 2]);
}

Vec3 RoutineSurface::Evaluate(double u, double v, int du, int dv) const {
  double* p[2] = {&u, &v};
  for (int k = 0; k < 2; ++k) {
    if (!closed(k)) continue;
    const double lo = minpar(k), period = maxpar(k) - minpar(k);
    *p[k] = lo + (*p[k] - lo) - period * std::floor((*p[k] - lo) / period);
  }
  const int order = du + dv;
  if (order < 3) {
    const std::vector<double> d = Call(u, v, order, false);
    const int at = 3 * dv;  // iord 1: d/du, d/dv; iord 2: d2/du2, d2/dudv, d2/dv2
    return Vec3(d[at], d[at + 1], d[at + 2]);
  }
  // third derivatives: central differences of the second (docs/equations.md §12)
  if (du > 0) {
    const double h = kSurfaceRoutineStep * (maxpar(0) - minpar(0));
    return (Second(u + h, v, dv) - Second(u - h, v, dv)) / (2 * h);
  }
  const double h = kSurfaceRoutineStep * (maxpar(1) - minpar(1));
  return (Second(u, v + h, 2) - Second(u, v - h, 2)) / (2 * h);
}

std::unique_ptr<math::SpaceSurface> MakeSurface(const model::Surface& surface) {
  if (surface.routine == nullptr)
    throw ModelError(surface.Describe() + ": it has no routine (SURSUB) to compute it " +
                     "(MotionSolve defines surfaces only through SURSUB)");
  const std::string why = surface.routine->Unavailable();
  if (!why.empty()) throw ModelError(surface.Describe() + ": " + why);
  for (int k = 0; k < 2; ++k) {
    const double lo = surface.minpar[k], hi = surface.maxpar[k];
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi))
      throw ModelError(surface.Describe() + ": minpar and maxpar must be finite with minpar < " +
                       "maxpar in " + (k == 0 ? "u" : "v") + " (the range of its SURSUB's " +
                       "parameter), got " + std::to_string(lo) + " and " + std::to_string(hi));
  }
  std::optional<std::vector<double>> par;
  try {
    par = ParseUserParameters(surface.function.empty() ? "USER()" : surface.function);
  } catch (const std::invalid_argument& e) {
    throw ModelError(surface.Describe() + ": " + e.what());
  }
  if (!par)
    throw ModelError(surface.Describe() + ": function must be USER(p1, ...), the parameters " +
                     "of its routine (SURSUB); got '" + surface.function + "'");
  return std::make_unique<RoutineSurface>(surface, std::move(*par));
}

}  // namespace msolve::system
