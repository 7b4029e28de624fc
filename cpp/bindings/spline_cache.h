// The interpolants of Splines read outside a running analysis (AKISPL, CUBSPL and LINSPL
// called from a script), built once per Spline and method instead of at every call. Inside
// an analysis the runtime functions read the running system's interpolants instead
// (system/spline_function.h); both are math::Spline built from the same data.
#pragma once

#include <array>
#include <iterator>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "math/spline.h"
#include "model/entities.h"

namespace msolve::bindings {

/// An entry is reused while its Spline lives and its data are those the interpolants were
/// built from, so changing the data or a new Spline at a freed address makes a new entry.
/// Not thread-safe: the bindings use it with the GIL held.
class SplineCache {
 public:
  /// The interpolant of `spline` by `method`; nullptr with *problem set (CheckSplineData's
  /// reason) when the data are not valid.
  const math::Spline* Interpolant(const std::shared_ptr<model::Spline>& spline,
                                  math::SplineMethod method, std::string* problem) {
    Entry* entry = Find(spline, problem);
    if (entry == nullptr) return nullptr;
    std::unique_ptr<math::Spline>& curve = entry->methods[static_cast<int>(method)];
    if (!curve)
      curve = std::make_unique<math::Spline>(entry->x, entry->y, entry->z, method,
                                             entry->linear_extrapolate);
    return curve.get();
  }

 private:
  // past this many entries, those of Splines that no longer exist are dropped
  static constexpr size_t kPruneAbove = 64;

  struct Entry {
    std::weak_ptr<model::Spline> source;
    std::vector<double> x, y, z;  // the data the interpolants are built from (checked)
    bool linear_extrapolate = false;
    std::array<std::unique_ptr<math::Spline>, 3> methods;  // by math::SplineMethod, built lazily
  };

  Entry* Find(const std::shared_ptr<model::Spline>& spline, std::string* problem) {
    const auto found = entries_.find(spline.get());
    if (found != entries_.end()) {
      Entry& entry = found->second;
      if (entry.source.lock() == spline && entry.x == spline->x && entry.y == spline->y &&
          entry.z == spline->z && entry.linear_extrapolate == spline->linear_extrapolate)
        return &entry;
      entries_.erase(found);
    }
    *problem = math::CheckSplineData(spline->x, spline->y, spline->z);
    if (!problem->empty()) return nullptr;
    if (entries_.size() >= kPruneAbove) {
      for (auto it = entries_.begin(); it != entries_.end();)
        it = it->second.source.expired() ? entries_.erase(it) : std::next(it);
    }
    Entry& entry = entries_[spline.get()];
    entry.source = spline;
    entry.x = spline->x, entry.y = spline->y, entry.z = spline->z;
    entry.linear_extrapolate = spline->linear_extrapolate;
    return &entry;
  }

  std::unordered_map<const model::Spline*, Entry> entries_;
};

}  // namespace msolve::bindings
