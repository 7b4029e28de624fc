// DELAY(val, dt, ic) (docs/expression-functions.md): the value val had dt earlier, linearly
// interpolated in the history of val that the expression records at every accepted step.
//
// The history is run state, so it lives in the state's memory (docs/architecture.md §3.1): a
// fixed block of DelayHistory::kSlots slots per DELAY call, inside the memory block of the
// expression that calls it (after the whole turns of its angles). A new compilation of the
// model takes it over with the rest of the memory, by key (MemoryLayout::Remap), and two
// States of one System keep two histories. The block is bounded: when it is full, the
// records that no delay asked so far reaches back to are dropped, and if that is not enough,
// every other record (DelayHistory::Record).
#pragma once

#include "expr/expression.h"

namespace msolve::system {

/// The recorded (time, value) pairs of one DELAY call, times strictly increasing, read from
/// its slots of the memory: [count, longest delay asked, times[kCapacity],
/// values[kCapacity]]. Zeros are the empty history.
class DelayHistory {
 public:
  static constexpr int kCapacity = 2048;
  static constexpr int kSlots = 2 + 2 * kCapacity;

  explicit DelayHistory(const double* slots) : slots_(slots) {}
  int size() const { return static_cast<int>(slots_[0]); }
  bool empty() const { return size() == 0; }
  /// The longest delay the recording evaluations asked for.
  double longest_delay() const { return slots_[1]; }
  const double* times() const { return slots_ + 2; }
  const double* values() const { return slots_ + 2 + kCapacity; }
  double first_time() const { return times()[0]; }
  double last_time() const { return times()[size() - 1]; }
  double last_value() const { return values()[size() - 1]; }
  /// The value at `t` (first_time() <= t <= last_time()), linear between records; *slope
  /// receives its rate in time.
  double At(double t, double* slope) const;

  /// Adds (t, value) to the history in `slots`, asked for with `delay`; a record at or after
  /// t (left by a step the integrator went back from) is dropped first. When the block is
  /// full, the records before the last one at or before t - (longest delay asked) are
  /// dropped; if that frees nothing, every other record but the first and the last.
  static void Record(double* slots, double t, double value, double delay);
  /// Empties the history in `slots`.
  static void Clear(double* slots) { slots[0] = slots[1] = 0.0; }

 private:
  const double* slots_;
};

/// The function of one DELAY call: args = (val, dt, ic, TIME). Before the history reaches
/// back to TIME - dt it gives ic; a negative dt counts as 0. Partials: with respect to val
/// only while TIME - dt lies after the last record (interpolating towards the current value);
/// with respect to dt and TIME through the slope of the history.
class DelayFunction : public expr::ExternalFunction {
 public:
  double Evaluate(const double* args, double* partials) const override;

  /// The slots of its history that the next evaluations read (nullptr: no history, ic), and
  /// the same slots writable while an accepted step records (TIME, val) in them, or nullptr
  /// (ExpressionFunction binds them before every evaluation).
  void Bind(const double* slots, double* record) const {
    slots_ = slots;
    record_ = record;
  }

 private:
  mutable const double* slots_ = nullptr;
  mutable double* record_ = nullptr;
};

}  // namespace msolve::system
