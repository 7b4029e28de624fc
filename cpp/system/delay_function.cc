#include "system/delay_function.h"

#include <algorithm>

namespace msolve::system {

double DelayHistory::At(double t, double* slope) const {
  const int n = size();
  const double* times = this->times();
  const double* values = this->values();
  if (n == 1 || t < times[0]) {
    *slope = 0.0;
    return values[0];
  }
  // the record interval [i, i + 1] that holds t
  const double* it = std::upper_bound(times, times + n, t);
  const int i = std::min(static_cast<int>(it - times), n - 1) - 1;
  const double h = times[i + 1] - times[i];
  *slope = (values[i + 1] - values[i]) / h;
  return values[i] + *slope * (t - times[i]);
}

void DelayHistory::Record(double* slots, double t, double value, double delay) {
  double* times = slots + 2;
  double* values = slots + 2 + kCapacity;
  int n = static_cast<int>(slots[0]);
  n = static_cast<int>(std::lower_bound(times, times + n, t) - times);
  slots[1] = std::max(slots[1], delay);
  if (n == kCapacity) {
    // the records no delay asked so far reaches: before the last one at or before t - longest
    const int keep_from =
        static_cast<int>(std::upper_bound(times, times + n, t - slots[1]) - times) - 1;
    if (keep_from > 0) {
      std::copy(times + keep_from, times + n, times);
      std::copy(values + keep_from, values + n, values);
      n -= keep_from;
    } else {
      // every record is within reach: keep the first and every other one up to the last
      int kept = 1;
      for (int k = 2 - (n - 1) % 2; k < n; k += 2, ++kept) {
        times[kept] = times[k];
        values[kept] = values[k];
      }
      n = kept;
    }
  }
  times[n] = t;
  values[n] = value;
  slots[0] = n + 1;
}

double DelayFunction::Evaluate(const double* args, double* partials) const {
  const double val = args[0], ic = args[2], t = args[3];
  const bool clipped = args[1] < 0.0;  // a negative delay is 0
  const double dt = clipped ? 0.0 : args[1];
  if (record_) DelayHistory::Record(record_, t, val, dt);
  double p[4] = {0.0, 0.0, 0.0, 0.0};
  double value;
  const double key = t - dt;
  static const double kEmpty[2] = {0.0, 0.0};
  const DelayHistory history(slots_ ? slots_ : kEmpty);
  if (dt == 0.0) {
    value = val, p[0] = 1.0;
  } else if (history.empty() || key < history.first_time()) {
    value = ic, p[2] = 1.0;
  } else if (key >= history.last_time()) {
    // between the last record and now: towards the current value
    const double tb = history.last_time(), vb = history.last_value();
    if (t > tb) {
      const double w = (key - tb) / (t - tb);
      value = vb + w * (val - vb);
      p[0] = w;
      p[1] = -(val - vb) / (t - tb);
      p[3] = (val - vb) * dt / ((t - tb) * (t - tb));
    } else {
      value = vb;
    }
  } else {
    double slope = 0.0;
    value = history.At(key, &slope);
    p[1] = -slope, p[3] = slope;
  }
  if (clipped) p[1] = 0.0;
  if (partials) std::copy(p, p + 4, partials);
  return value;
}

}  // namespace msolve::system
