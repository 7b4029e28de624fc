// DELAY(val, dt, ic) (docs/expression-functions.md): the value val had dt earlier, linearly
// interpolated in the history of val that the expression records at every accepted step.
//
// The history is the only run-time state of the expression language besides the whole
// turns of AX/AY/AZ. It lives here, in DelayHistory, one per DELAY call of a compiled
// expression; ExpressionFunction records into it on accepted steps (System::AcceptStep), and
// Simulation::ContinueFrom hands it to a new compilation of the model by key
// (System::DelayHistories, docs/architecture.md §3.1).
#pragma once

#include <vector>

#include "expr/expression.h"

namespace msolve::system {

/// The recorded (time, value) pairs of one DELAY call, times strictly increasing.
class DelayHistory {
 public:
  /// Adds (t, value); a record at or after t (left by a step the integrator went back from)
  /// is dropped first.
  void Record(double t, double value);
  bool empty() const { return times_.empty(); }
  double first_time() const { return times_.front(); }
  double last_time() const { return times_.back(); }
  double last_value() const { return values_.back(); }
  /// The value at `t` (first_time() <= t <= last_time()), linear between records; *slope
  /// receives its rate in time.
  double At(double t, double* slope) const;

  /// As a flat list (count, times..., values...) and back; Restore returns false when the
  /// list does not have that form.
  void Save(std::vector<double>* out) const;
  bool Restore(const std::vector<double>& in, std::size_t* offset);

 private:
  std::vector<double> times_, values_;
};

/// The function of one DELAY call: args = (val, dt, ic, TIME). Before the history reaches
/// back to TIME - dt it gives ic; a negative dt counts as 0. Partials: with respect to val
/// only while TIME - dt lies after the last record (interpolating towards the current value);
/// with respect to dt and TIME through the slope of the history.
class DelayFunction : public expr::ExternalFunction {
 public:
  double Evaluate(const double* args, double* partials) const override;

  /// While recording, every evaluation also records (TIME, val) (ExpressionFunction::Accept).
  void set_recording(bool on) { recording_ = on; }
  DelayHistory& history() { return history_; }
  const DelayHistory& history() const { return history_; }

 private:
  mutable DelayHistory history_;
  bool recording_ = false;
};

}  // namespace msolve::system
