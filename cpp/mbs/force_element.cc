#include "mbs/force_element.h"

#include <algorithm>

namespace msolve::mbs {

double ForceElement::WorkRate(const double* y, const double* memory, const Wrench& on_i,
                              const Wrench& on_j) const {
  (void)memory;
  // generalised velocities (v, w in body axes) of a body: states 7..12
  const auto power = [y](int body, const Wrench& w) {
    return body >= 0 ? Eigen::Map<const Wrench>(y + kBodyX * body + 7).dot(w) : 0.0;
  };
  return power(body_[0], on_i) + power(body_[1], on_j);
}

void ForceElement::AcceptState(double t, const double* y, const double* yp, double* memory) const {
  for (const StateFunction* f : functions()) f->Accept(t, y, yp, memory);
}

void ForceElement::RefreshDependencies() {
  y_deps_.clear(), yp_deps_.clear();
  for (const StateFunction* f : functions()) {
    std::vector<int> fy, fyp;
    f->Dependencies(&fy, &fyp);
    y_deps_.insert(y_deps_.end(), fy.begin(), fy.end());
    yp_deps_.insert(yp_deps_.end(), fyp.begin(), fyp.end());
  }
  for (auto* v : {&y_deps_, &yp_deps_}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
}

}  // namespace msolve::mbs
