#include "mbs/linear_field.h"

#include <cmath>

#include <stdexcept>
#include <string>

#include "common/error.h"
#include "common/interrupt.h"
#include "math/rotation.h"
#include "mbs/field_coordinates.h"

namespace msolve::mbs {

namespace {

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
