#include "system/assembly.h"

#include <algorithm>

#include "common/parallel.h"
#include "system/system.h"

namespace msolve::system::assembly {
namespace {

// where an item's triplets lie: in the calling thread's list (list -1) or in a chunk's
struct Span {
  int list, begin, end;
};

}  // namespace

int Threads(const System& sys) {
  return parallel::ThreadsFor(sys.body_count() + static_cast<int>(sys.joints().size()) +
                              static_cast<int>(sys.force_elements().size()));
}

void ForItems(int count, int threads, const std::function<bool(int)>& on_caller,
              const std::function<void(int)>& run) {
  if (threads <= 1) {
    for (int k = 0; k < count; ++k) run(k);
    return;
  }
  for (int k = 0; k < count; ++k)
    if (on_caller(k)) run(k);
  parallel::ForChunks(count, threads, [&](int, int begin, int end) {
    for (int k = begin; k < end; ++k)
      if (!on_caller(k)) run(k);
  });
}

void CollectTriplets(int count, int threads, const std::function<bool(int)>& on_caller,
                     const std::function<void(int, std::vector<msolve::Triplet>*)>& add,
                     std::vector<msolve::Triplet>* out) {
  if (threads <= 1) {
    for (int k = 0; k < count; ++k) add(k, out);
    return;
  }
  // the lists of the calling thread and of the chunks, kept by the calling thread between
  // calls (moved out meanwhile, in case an item assembles another system)
  thread_local std::vector<std::vector<msolve::Triplet>> kept;
  std::vector<std::vector<msolve::Triplet>> lists = std::move(kept);
  lists.resize(std::max<size_t>(lists.size(), threads + 1));
  for (auto& list : lists) list.clear();
  std::vector<Span> spans(count);
  std::vector<msolve::Triplet>& own = lists[threads];
  for (int k = 0; k < count; ++k) {
    if (!on_caller(k)) continue;
    const int begin = static_cast<int>(own.size());
    add(k, &own);
    spans[k] = {-1, begin, static_cast<int>(own.size())};
  }
  parallel::ForChunks(count, threads, [&](int chunk, int begin, int end) {
    std::vector<msolve::Triplet>& list = lists[chunk];
    for (int k = begin; k < end; ++k) {
      if (on_caller(k)) continue;
      const int first = static_cast<int>(list.size());
      add(k, &list);
      spans[k] = {chunk, first, static_cast<int>(list.size())};
    }
  });
  size_t total = out->size();
  for (const auto& list : lists) total += list.size();
  out->reserve(total);
  for (const Span& s : spans) {
    const auto& list = s.list < 0 ? own : lists[s.list];
    out->insert(out->end(), list.begin() + s.begin, list.begin() + s.end);
  }
  kept = std::move(lists);
}

}  // namespace msolve::system::assembly
