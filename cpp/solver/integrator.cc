#include "solver/integrator.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace msolve::solver {

void SwitchWatch::Reset(int count) {
  muted_.assign(count, false);
  last_.assign(count, -std::numeric_limits<double>::infinity());
  repeats_.assign(count, 0);
}

void SwitchWatch::Located(const std::vector<int>& found, double t,
                          const std::function<std::string(int)>& describe,
                          std::vector<std::string>* messages) {
  const double close = kCloseSwitch * std::max(1.0, std::abs(t));
  for (size_t k = 0; k < muted_.size(); ++k) {
    if (found[k] == 0) continue;
    repeats_[k] = t - last_[k] < close ? repeats_[k] + 1 : 0;
    last_[k] = t;
    if (repeats_[k] < kChatterLimit) continue;
    muted_[k] = true;
    std::ostringstream s;
    s << describe(static_cast<int>(k)) << ": switched " << kChatterLimit + 1
      << " times in a row within " << close << " of each other up to time " << t
      << " (it chatters); the integrator no longer stops at it";
    messages->push_back(s.str());
  }
}

}  // namespace msolve::solver
