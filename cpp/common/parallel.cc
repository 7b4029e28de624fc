#include "common/parallel.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace msolve::parallel {
namespace {

// 0 until SetThreadCount: the environment's count then applies
std::atomic<int> g_set_threads{0};

// MSOLVE_NUM_THREADS: a count (1 ... 4096), or "auto" (kAutomatic); unset or anything else:
// 0, the calling thread alone
int EnvironmentThreads() {
  static const int threads = [] {
    const char* text = std::getenv("MSOLVE_NUM_THREADS");
    if (text == nullptr) return 0;
    if (std::string(text) == "auto") return kAutomatic;
    char* end = nullptr;
    const long n = std::strtol(text, &end, 10);
    return (end != text && *end == '\0' && n > 0 && n <= 4096) ? static_cast<int>(n) : 0;
  }();
  return threads;
}

int Cores() {
#ifdef _OPENMP
  return std::max(1, omp_get_num_procs());
#else
  return 1;
#endif
}

// the cores the rest of the machine leaves idle, by the 1-minute load average when the first
// automatic choice is made (one per process): a thread that waits for a core holds up every
// join of the loop (docs/architecture.md §2.6)
int IdleCores() {
  static const int idle = [] {
    double load = 0.0;
    if (getloadavg(&load, 1) != 1) return Cores();
    return std::max(0, Cores() - static_cast<int>(std::ceil(load)));
  }();
  return idle;
}

}  // namespace

int RequestedThreads() {
  const int set = g_set_threads.load(std::memory_order_relaxed);
  return set != 0 ? set : EnvironmentThreads();
}

void SetThreadCount(int threads) {
  g_set_threads.store(threads == kAutomatic ? kAutomatic : std::max(0, threads),
                      std::memory_order_relaxed);
}

bool Available() {
#ifdef _OPENMP
  return true;
#else
  return false;
#endif
}

int ThreadsFor(int items) {
  if (!Available() || items < 2) return 1;
  const int requested = RequestedThreads();
  if (requested > 0) return std::min(requested, items);
  if (requested != kAutomatic) return 1;  // the default: serial
  // a thread per kAutomaticMinimumItems items, on the idle cores
  const int threads = std::min(IdleCores(), items / kAutomaticMinimumItems);
  return threads >= 2 ? threads : 1;
}

void ForChunks(int count, int chunks, const std::function<void(int, int, int)>& body) {
  chunks = std::max(1, std::min(chunks, count));
  const auto range = [count, chunks](int c) {
    return std::pair<int, int>(static_cast<int>(static_cast<long>(count) * c / chunks),
                               static_cast<int>(static_cast<long>(count) * (c + 1) / chunks));
  };
  if (chunks == 1) {
    body(0, 0, count);
    return;
  }
  std::vector<std::exception_ptr> errors(chunks);
#ifdef _OPENMP
#pragma omp parallel for num_threads(chunks) schedule(static, 1)
#endif
  for (int c = 0; c < chunks; ++c) {
    try {
      const auto [begin, end] = range(c);
      body(c, begin, end);
    } catch (...) {
      errors[c] = std::current_exception();
    }
  }
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);
}

}  // namespace msolve::parallel
