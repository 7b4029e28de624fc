// Parallel loops over the elements of a model (docs/architecture.md §2.6, "parallel
// assembly"): OpenMP when the build has it, else every loop runs on the calling thread. The
// loops hand out contiguous chunks of items; what an item computes goes to slots of its own,
// and the caller sums them in item order afterwards, so that the results do not depend on
// the number of threads (bitwise).
#pragma once

#include <functional>

namespace msolve::parallel {

/// Automatic thread count (asked for with MSOLVE_NUM_THREADS=auto or SetThreadCount(
/// kAutomatic); the default is the calling thread alone): a thread per this many items
/// (bodies, joints and force elements together), on the cores that the 1-minute load average
/// leaves idle, and none below two. Not measured on an idle machine: on the shared 2-core one
/// two threads were level with one (docs/architecture.md §2.6), so it is not the default.
inline constexpr int kAutomaticMinimumItems = 128;
inline constexpr int kAutomatic = -1;

/// The thread count asked for: SetThreadCount's when called with n != 0, else the
/// environment variable MSOLVE_NUM_THREADS (read once: a count or "auto"), else 0 (serial).
/// kAutomatic for the automatic count.
int RequestedThreads();
/// Sets the thread count of every later evaluation in this process: n > 0 threads,
/// kAutomatic, or 0 (back to the environment's choice).
void SetThreadCount(int threads);
/// The number of threads to evaluate `items` items of about equal cost with: 1 without
/// OpenMP, the requested count when set (never more than the items), the automatic count
/// when asked for, else 1.
int ThreadsFor(int items);
/// Whether the build has OpenMP.
bool Available();

/// Calls body(chunk, begin, end) for `chunks` contiguous chunks that cover [0, count) in
/// order, on up to `chunks` threads (chunk c on the calling thread when chunks is 1). An
/// exception thrown by a chunk is rethrown here, that of the first such chunk.
void ForChunks(int count, int chunks, const std::function<void(int, int, int)>& body);

}  // namespace msolve::parallel
