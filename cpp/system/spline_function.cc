#include "system/spline_function.h"

#include <stdexcept>

#include "common/error.h"

namespace msolve::system {

double SplineFunction::Evaluate(const double* args, double* partials) const {
  if (partials == nullptr) return spline_->Evaluate(args[0], args[1], order_, nullptr, nullptr);
  return spline_->Evaluate(args[0], args[1], order_, &partials[0], &partials[1]);
}

void SplineTable::Add(const model::Spline& spline) {
  const std::string bad = math::CheckSplineData(spline.x, spline.y, spline.z);
  if (!bad.empty()) throw ModelError(spline.Describe() + ": " + bad);
  if (entries_.count(spline.id))
    throw ModelError(spline.Describe() + ": another Spline has the id " +
                     std::to_string(spline.id));
  Entry& entry = entries_[spline.id];
  entry.source = &spline;
  for (int m = 0; m < 3; ++m) {
    entry.methods[m] = std::make_unique<math::Spline>(spline.x, spline.y, spline.z,
                                                      static_cast<math::SplineMethod>(m),
                                                      spline.linear_extrapolate);
    for (int order = 0; order < 3; ++order)
      entry.functions[3 * m + order] =
          std::make_unique<SplineFunction>(entry.methods[m].get(), order);
  }
}

const expr::ExternalFunction* SplineTable::Function(const std::string& name,
                                                    const std::vector<long>& ids) const {
  if (name == "INTERP") {
    // INTERP(x, method, id[, iord]) (Adams' INTERP page; docs/expression-functions.md): the
    // Spline id interpolated linearly (method 1) or by the natural cubic spline (3)
    const long method = ids.empty() ? 0 : ids[0];
    if (method != 1 && method != 3)
      throw std::invalid_argument("the method of INTERP must be 1 (linear) or 3 (cubic), got " +
                                  std::to_string(method));
    const long order = ids.size() > 2 ? ids[2] : 0;
    if (order < 0 || order > 2)
      throw std::invalid_argument("the derivative order iord of INTERP must be 0, 1 or 2, got " +
                                  std::to_string(order));
    const auto found = ids.size() < 2 ? entries_.end() : entries_.find(ids[1]);
    if (found != entries_.end() && found->second.methods[0]->is_surface())
      throw std::invalid_argument(found->second.source->Describe() +
                                  " is a surface (it has z values): INTERP reads a curve");
    return Function(method == 1 ? "LINSPL" : "CUBSPL",
                    std::vector<long>(ids.begin() + 1, ids.end()));
  }
  math::SplineMethod method;
  if (name == "AKISPL") {
    method = math::SplineMethod::kAkima;
  } else if (name == "CUBSPL") {
    method = math::SplineMethod::kCubic;
  } else if (name == "LINSPL") {
    method = math::SplineMethod::kLinear;
  } else {
    throw std::invalid_argument("unknown function '" + name + "'");
  }
  const auto found = ids.empty() ? entries_.end() : entries_.find(ids[0]);
  if (found == entries_.end())
    throw std::invalid_argument("unknown spline id " + (ids.empty() ? "" : std::to_string(ids[0])));
  const long order = ids.size() > 1 ? ids[1] : 0;
  if (order < 0 || order > 2)
    throw std::invalid_argument("the derivative order n of " + name + " must be 0, 1 or 2, got " +
                                std::to_string(order));
  const Entry& entry = found->second;
  // the Adams and MotionSolve help: no derivative order when interpolating a surface
  if (order > 0 && entry.methods[0]->is_surface())
    throw std::invalid_argument(entry.source->Describe() + " is a surface (it has z values): " +
                                name + " takes no derivative order n on a surface");
  return entry.functions[3 * static_cast<int>(method) + order].get();
}

}  // namespace msolve::system
