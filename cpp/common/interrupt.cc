#include "common/interrupt.h"

#include <chrono>
#include <utility>

namespace msolve {
namespace {

struct ThreadCheck {
  std::function<bool()> check;
  std::chrono::steady_clock::time_point next;
  bool fired = false;
};
thread_local ThreadCheck g_check;

}  // namespace

InterruptCheckScope::InterruptCheckScope(std::function<bool()> check)
    : previous_(std::move(g_check.check)) {
  g_check.check = std::move(check);
  g_check.next = {};
  g_check.fired = false;
}

InterruptCheckScope::~InterruptCheckScope() {
  g_check.check = std::move(previous_);
  g_check.fired = false;
}

void PollInterrupt() {
  if (!g_check.check) return;
  if (!g_check.fired) {
    const auto now = std::chrono::steady_clock::now();
    if (now < g_check.next) return;
    g_check.next = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(kInterruptPollSeconds));
    g_check.fired = g_check.check();
    if (!g_check.fired) return;
  }
  throw Interrupted("interrupted");
}

}  // namespace msolve
