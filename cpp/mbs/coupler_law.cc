#include "mbs/coupler_law.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/error.h"
#include "common/interrupt.h"

namespace msolve::mbs {
namespace {

bool Available(const std::shared_ptr<model::UserRoutine>& routine) {
  return routine != nullptr && routine->Unavailable().empty();
}

double Step(double x, double relative) { return relative * std::max(1.0, std::abs(x)); }

}  // namespace

CouplerLaw::CouplerLaw(const model::Coupler* coupler, std::vector<double> par, int n)
    : coupler_(coupler),
      par_(std::move(par)),
      n_(n),
      has_xx_(Available(coupler->routine_xx)),
      has_xx2_(Available(coupler->routine_xx2)) {}

void CouplerLaw::Call(const model::UserRoutine& routine, const char* which, const double* disp,
                      bool iflag, int count, double* out) const {
  model::UserRoutine::Call call;
  call.form = model::UserRoutine::Form::kCoupler;
  call.id = coupler_->id;
  // the coupler relates joint displacements only (docs/motionsolve-compatibility.md §3.2)
  call.time = 0.0;
  call.par = &par_;
  call.disp = disp;
  call.ndisp = n_;
  call.iflag = iflag;
  std::fill(out, out + count, std::numeric_limits<double>::quiet_NaN());
  try {
    routine.Evaluate(call, out, count);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    throw RoutineError(coupler_->Describe() + ": its routine (" + which + ") failed:\n" + e.what());
  }
}

void CouplerLaw::Prepare() const {
  const double zero[3] = {0, 0, 0};
  double out[9];
  Call(*coupler_->routine, "COUSUB", zero, true, 1, out);
  if (has_xx_) Call(*coupler_->routine_xx, "COUXX", zero, true, n_, out);
  if (has_xx2_) Call(*coupler_->routine_xx2, "COUXX2", zero, true, n_ * n_, out);
}

double CouplerLaw::Value(const double* disp) const {
  double out[1];
  Call(*coupler_->routine, "COUSUB", disp, false, 1, out);
  if (!std::isfinite(out[0]))
    throw RoutineError(coupler_->Describe() + ": its routine (COUSUB) returned a value that is " +
                       "not finite");
  return out[0];
}

void CouplerLaw::Gradient(const double* disp, double* grad) const {
  if (has_xx_) {
    Call(*coupler_->routine_xx, "COUXX", disp, false, n_, grad);
    for (int k = 0; k < n_; ++k)
      if (!std::isfinite(grad[k]))
        throw RoutineError(coupler_->Describe() + ": its routine COUXX must give " +
                           std::to_string(n_) + " finite partial derivatives");
    return;
  }
  double d[3] = {disp[0], disp[1], n_ > 2 ? disp[2] : 0.0};
  for (int k = 0; k < n_; ++k) {
    const double h = Step(disp[k], kCouplerStep1);
    d[k] = disp[k] + h;
    const double up = Value(d);
    d[k] = disp[k] - h;
    const double down = Value(d);
    d[k] = disp[k];
    grad[k] = (up - down) / (2 * h);
  }
}

void CouplerLaw::Evaluate(const double* disp, bool second, Coupling* out) const {
  out->value = Value(disp);
  Gradient(disp, out->grad);
  if (!second) return;
  std::fill(out->hess, out->hess + 9, 0.0);
  if (has_xx2_) {
    double h2[9];
    Call(*coupler_->routine_xx2, "COUXX2", disp, false, n_ * n_, h2);
    // n values: the diagonal (the cross derivatives zero); n x n: the whole matrix
    const bool full = std::all_of(h2, h2 + n_ * n_, [](double v) { return std::isfinite(v); });
    if (!full && !std::all_of(h2, h2 + n_, [](double v) { return std::isfinite(v); }))
      throw RoutineError(coupler_->Describe() + ": its routine COUXX2 must give " +
                         std::to_string(n_) + " (or " + std::to_string(n_ * n_) +
                         ") finite second partial derivatives");
    for (int k = 0; k < n_; ++k)
      for (int l = 0; l < n_; ++l)
        out->hess[3 * k + l] = full ? h2[n_ * k + l] : (k == l ? h2[k] : 0.0);
    return;
  }
  double d[3] = {disp[0], disp[1], n_ > 2 ? disp[2] : 0.0};
  if (has_xx_) {
    // central differences of the routine's gradient, made symmetric
    double up[3], down[3];
    for (int l = 0; l < n_; ++l) {
      const double h = Step(disp[l], kCouplerStep2);
      d[l] = disp[l] + h;
      Gradient(d, up);
      d[l] = disp[l] - h;
      Gradient(d, down);
      d[l] = disp[l];
      for (int k = 0; k < n_; ++k) out->hess[3 * k + l] += 0.5 * (up[k] - down[k]) / (2 * h);
      for (int k = 0; k < n_; ++k) out->hess[3 * l + k] += 0.5 * (up[k] - down[k]) / (2 * h);
    }
    return;
  }
  // second differences of f
  for (int k = 0; k < n_; ++k) {
    const double hk = Step(disp[k], kCouplerStep2);
    d[k] = disp[k] + hk;
    const double up = Value(d);
    d[k] = disp[k] - hk;
    const double down = Value(d);
    d[k] = disp[k];
    out->hess[4 * k] = (up - 2 * out->value + down) / (hk * hk);
    for (int l = k + 1; l < n_; ++l) {
      const double hl = Step(disp[l], kCouplerStep2);
      double corner[4];
      for (int c = 0; c < 4; ++c) {
        d[k] = disp[k] + (c & 1 ? -hk : hk);
        d[l] = disp[l] + (c & 2 ? -hl : hl);
        corner[c] = Value(d);
      }
      d[k] = disp[k], d[l] = disp[l];
      const double cross = (corner[0] - corner[1] - corner[2] + corner[3]) / (4 * hk * hl);
      out->hess[3 * k + l] = out->hess[3 * l + k] = cross;
    }
  }
}

}  // namespace msolve::mbs
