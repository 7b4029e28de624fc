// The parallel assembly of the residual and of the Jacobian over the elements of a group
// (bodies, force elements, joints; docs/architecture.md §2.6): items that may not leave the
// calling thread (Python, user routines, shared scratch space) run on it, the others on the
// threads of common/parallel.h; each item writes its own slots, and the results are gathered
// in item order, so that they are the same, bitwise, for every number of threads.
#pragma once

#include <functional>
#include <vector>

#include "common/triplet.h"

namespace msolve::system {
class System;
}

namespace msolve::system::assembly {

/// The threads of an evaluation of a System's residual or Jacobian (common/parallel.h), by
/// the number of its bodies, joints and force elements.
int Threads(const System& sys);

/// Calls run(k) for every item k of [0, count): those with on_caller(k) on the calling
/// thread, first, the others on up to `threads` threads.
void ForItems(int count, int threads, const std::function<bool(int)>& on_caller,
              const std::function<void(int)>& run);

/// Appends to *out the triplets of items [0, count) in item order, item k's from
/// add(k, vector) (which appends them), run as ForItems runs them.
void CollectTriplets(int count, int threads, const std::function<bool(int)>& on_caller,
                     const std::function<void(int, std::vector<msolve::Triplet>*)>& add,
                     std::vector<msolve::Triplet>* out);

/// Every item may leave the calling thread.
inline bool Anywhere(int) { return false; }

}  // namespace msolve::system::assembly
