#include "mbs/linear_field.h"

#include <cmath>

#include <stdexcept>
#include <string>

#include "common/error.h"
#include "common/interrupt.h"
#include "math/rotation.h"
#include "mbs/wrench.h"

namespace msolve::mbs {

namespace {

// The relative coordinates of docs/equations.md §3.11: q (position of I's origin relative to
// J's, in J's axes, and the rotations AX, AY, AZ of I relative to J) and their rates v.
template <class S>
struct FieldCoordinates {
  MarkerMotion<S> I, J;
  S q[6];
  S rate[6];
};

template <class S>
FieldCoordinates<S> Coordinates(const BodyMarker& i, const BodyMarker& j, const S* xI,
                                const S* xJ) {
  FieldCoordinates<S> c{Motion(i, xI), Motion(j, xJ), {}, {}};
  const MarkerMotion<S>& I = c.I;
  const MarkerMotion<S>& J = c.J;
  const math::Mat3T<S> RJt = J.R.transpose();
  const math::Vec3T<S> d = I.p - J.p;
  const math::Vec3T<S> x = RJt * d;
  const math::Vec3T<S> v = RJt * math::Vec3T<S>(I.v - J.v - J.w.cross(d));
  const math::Vec3T<S> w = RJt * math::Vec3T<S>(I.w - J.w);
  // AX, AY, AZ of I relative to J (docs/motionsolve-compatibility.md §4.6), as the Bushing's
  const math::Vec3T<S> xi = I.R.col(0), zi = I.R.col(2);
  const math::Vec3T<S> xj = J.R.col(0), yj = J.R.col(1), zj = J.R.col(2);
  using std::atan2;
  const S q[6] = {x[0],
                  x[1],
                  x[2],
                  atan2(S(-zi.dot(yj)), S(zi.dot(zj))),
                  atan2(S(zi.dot(xj)), S(zi.dot(zj))),
                  atan2(S(xi.dot(yj)), S(xi.dot(xj)))};
  const S rate[6] = {v[0], v[1], v[2], w[0], w[1], w[2]};
  for (int a = 0; a < 6; ++a) c.q[a] = q[a], c.rate[a] = rate[a];
  return c;
}

// the wrench (F, T) on I in J's axes onto the bodies: I gets it, J the same reversed at I
template <class S>
void ApplyWrench(const FieldCoordinates<S>& c, const S* xI, const S* xJ, const S* wrench, S* out) {
  const math::Vec3T<S> F = c.J.R * math::Vec3T<S>(wrench[0], wrench[1], wrench[2]);
  const math::Vec3T<S> T = c.J.R * math::Vec3T<S>(wrench[3], wrench[4], wrench[5]);
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  ToBodyAt<S>(xI, c.I.p, F, T, out);
  ToBodyAt<S>(xJ, c.I.p, math::Vec3T<S>(-F), math::Vec3T<S>(-T), out + 6);
}

// the time of the evaluation in progress of a RoutineFieldElement on this thread: the pair
// force interface passes the states only
thread_local double g_field_time = 0.0;

struct TimeScope {
  double previous;
  explicit TimeScope(double t) : previous(g_field_time) { g_field_time = t; }
  ~TimeScope() { g_field_time = previous; }
};

}  // namespace

template <class S>
void LinearFieldElement::ComputeT(const S* xI, const S* xJ, S* out) const {
  FieldCoordinates<S> c = Coordinates(i(), j(), xI, xJ);
  for (int a = 0; a < 6; ++a) c.q[a] -= data_.length[a];
  S wrench[6];
  for (int r = 0; r < 6; ++r) {
    S sum = S(data_.preload[r]);
    for (int k = 0; k < 6; ++k) {
      if (data_.K(r, k) != 0.0) sum -= data_.K(r, k) * c.q[k];
      if (data_.C(r, k) != 0.0) sum -= data_.C(r, k) * c.rate[k];
    }
    wrench[r] = sum;
  }
  ApplyWrench(c, xI, xJ, wrench, out);
}

void LinearFieldElement::Compute(const double* xI, const double* xJ, const double* slots,
                                 double* out) const {
  (void)slots;
  ComputeT(xI, xJ, out);
}

void LinearFieldElement::Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const {
  (void)slots;
  ComputeT(xI, xJ, out);
}

RoutineFieldElement::RoutineFieldElement(const model::Field* source, BodyMarker i, BodyMarker j,
                                         std::vector<double> par)
    : PairForceElement(source, i, j), field_(source), par_(std::move(par)) {}

void RoutineFieldElement::Evaluate(double t, const double* y, const double* yp,
                                   const double* memory, Wrench* on_i, Wrench* on_j) const {
  TimeScope scope(t);
  PairForceElement::Evaluate(t, y, yp, memory, on_i, on_j);
}

void RoutineFieldElement::AddJacobian(double t, const double* y, const double* yp,
                                      const double* memory, double cj,
                                      std::vector<Triplet>* out) const {
  TimeScope scope(t);
  PairForceElement::AddJacobian(t, y, yp, memory, cj, out);
}

void RoutineFieldElement::Call(const double* disp, const double* velo, double* out) const {
  model::UserRoutine::Call call;
  call.form = model::UserRoutine::Form::kField;
  call.id = field_->id;
  call.time = g_field_time;
  call.par = &par_;
  call.disp = disp;
  call.velo = velo;
  try {
    field_->routine->Evaluate(call, out, kFieldRoutineOutputs);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    throw RoutineError(field_->Describe() + ": its routine (FIESUB) failed at time " +
                       std::to_string(g_field_time) + ":\n" + e.what());
  }
  for (int k = 0; k < kFieldRoutineOutputs; ++k)
    if (!std::isfinite(out[k]))
      throw RoutineError(field_->Describe() + ": its routine (FIESUB) returned a value that is " +
                         "not finite at time " + std::to_string(g_field_time));
}

void RoutineFieldElement::Compute(const double* xI, const double* xJ, const double* slots,
                                  double* out) const {
  (void)slots;
  const FieldCoordinates<double> c = Coordinates(i(), j(), xI, xJ);
  double result[kFieldRoutineOutputs];
  Call(c.q, c.rate, result);
  ApplyWrench(c, xI, xJ, result, out);
}

void RoutineFieldElement::Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const {
  (void)slots;
  const FieldCoordinates<AD> c = Coordinates(i(), j(), xI, xJ);
  double disp[6], velo[6];
  for (int a = 0; a < 6; ++a) disp[a] = c.q[a].value(), velo[a] = c.rate[a].value();
  double result[kFieldRoutineOutputs];
  Call(disp, velo, result);
  // the chain rule with the routine's own partial derivatives (docs/equations.md §3.11)
  AD wrench[6];
  for (int r = 0; r < 6; ++r) {
    wrench[r] = AD(result[r]);
    wrench[r].derivatives().setZero();
    for (int k = 0; k < 6; ++k) {
      wrench[r].derivatives() += result[6 + 6 * r + k] * c.q[k].derivatives();
      wrench[r].derivatives() += result[42 + 6 * r + k] * c.rate[k].derivatives();
    }
  }
  ApplyWrench(c, xI, xJ, wrench, out);
}

}  // namespace msolve::mbs
