// Parallel loops over the elements of a model (docs/architecture.md §2.6, "parallel
// assembly"): OpenMP when the build has it, else every loop runs on the calling thread. The
// loops hand out contiguous chunks of items; what an item computes goes to slots of its own,
// and the caller sums them in item order afterwards, so that the results do not depend on
// the number of threads (bitwise).
#pragma once

#include <functional>

namespace msolve::parallel {

/// Automatic thread count: a thread per this many items (bodies, joints and force elements
/// together), on the cores that the 1-minute load average leaves idle, and none below two
/// (the calling thread alone). Not measured on an idle machine: on the shared 2-core one
/// (load 8-11) two threads were level with one (docs/architecture.md §2.6).
inline constexpr int kAutomaticMinimumItems = 128;

/// The thread count asked for: SetThreadCount's when called with n > 0, else the environment
/// variable MSOLVE_NUM_THREADS (read once), else 0 (automatic, kAutomaticMinimumItems).
int RequestedThreads();
/// Sets the thread count of every later evaluation in this process (0: back to automatic).
void SetThreadCount(int threads);
/// The number of threads to evaluate `items` items of about equal cost with: 1 without
/// OpenMP, the requested count when set (never more than the items), else automatic.
int ThreadsFor(int items);
/// Whether the build has OpenMP.
bool Available();

/// Calls body(chunk, begin, end) for `chunks` contiguous chunks that cover [0, count) in
/// order, on up to `chunks` threads (chunk c on the calling thread when chunks is 1). An
/// exception thrown by a chunk is rethrown here, that of the first such chunk.
void ForChunks(int count, int chunks, const std::function<void(int, int, int)>& body);

}  // namespace msolve::parallel
