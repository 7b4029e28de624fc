#include "system/delay_function.h"

#include <algorithm>

namespace msolve::system {

void DelayHistory::Record(double t, double value) {
  const auto from = std::lower_bound(times_.begin(), times_.end(), t);
  values_.erase(values_.begin() + (from - times_.begin()), values_.end());
  times_.erase(from, times_.end());
  times_.push_back(t);
  values_.push_back(value);
}

double DelayHistory::At(double t, double* slope) const {
  if (times_.size() == 1 || t < times_.front()) {
    *slope = 0.0;
    return values_.front();
  }
  // the record interval [i, i + 1] that holds t
  const auto it = std::upper_bound(times_.begin(), times_.end(), t);
  const std::size_t i =
      std::min<std::size_t>(static_cast<std::size_t>(it - times_.begin()), times_.size() - 1) - 1;
  const double h = times_[i + 1] - times_[i];
  *slope = (values_[i + 1] - values_[i]) / h;
  return values_[i] + *slope * (t - times_[i]);
}

void DelayHistory::Save(std::vector<double>* out) const {
  out->push_back(static_cast<double>(times_.size()));
  out->insert(out->end(), times_.begin(), times_.end());
  out->insert(out->end(), values_.begin(), values_.end());
}

bool DelayHistory::Restore(const std::vector<double>& in, std::size_t* offset) {
  if (*offset >= in.size()) return false;
  const std::size_t n = static_cast<std::size_t>(in[*offset]);
  if (*offset + 1 + 2 * n > in.size()) return false;
  const auto first = in.begin() + static_cast<std::ptrdiff_t>(*offset + 1);
  times_.assign(first, first + static_cast<std::ptrdiff_t>(n));
  values_.assign(first + static_cast<std::ptrdiff_t>(n),
                 first + static_cast<std::ptrdiff_t>(2 * n));
  *offset += 1 + 2 * n;
  return true;
}

double DelayFunction::Evaluate(const double* args, double* partials) const {
  const double val = args[0], ic = args[2], t = args[3];
  const bool clipped = args[1] < 0.0;  // a negative delay is 0
  const double dt = clipped ? 0.0 : args[1];
  if (recording_) history_.Record(t, val);
  double p[4] = {0.0, 0.0, 0.0, 0.0};
  double value;
  const double key = t - dt;
  if (dt == 0.0) {
    value = val, p[0] = 1.0;
  } else if (history_.empty() || key < history_.first_time()) {
    value = ic, p[2] = 1.0;
  } else if (key >= history_.last_time()) {
    // between the last record and now: towards the current value
    const double tb = history_.last_time(), vb = history_.last_value();
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
    value = history_.At(key, &slope);
    p[1] = -slope, p[3] = slope;
  }
  if (clipped) p[1] = 0.0;
  if (partials) std::copy(p, p + 4, partials);
  return value;
}

}  // namespace msolve::system
