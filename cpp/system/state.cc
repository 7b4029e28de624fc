#include "system/state.h"

namespace msolve::system {

int MemoryLayout::Add(const model::Entity* entity, std::string part, int count,
                      const double* initial) {
  MemoryKey key{entity, part};
  for (int rank = 2; index_.count(key); ++rank) key.part = part + "#" + std::to_string(rank);
  const int offset = size();
  index_[key] = static_cast<int>(blocks_.size());
  blocks_.push_back({std::move(key), offset, count});
  for (int k = 0; k < count; ++k) initial_.push_back(initial ? initial[k] : 0.0);
  return offset;
}

const MemoryBlock* MemoryLayout::Find(const MemoryKey& key) const {
  const auto found = index_.find(key);
  return found == index_.end() ? nullptr : &blocks_[found->second];
}

void MemoryLayout::Remap(const MemoryLayout& from, const VecX& memory, VecX* to) const {
  for (const MemoryBlock& block : blocks_) {
    const MemoryBlock* before = from.Find(block.key);
    if (before == nullptr || before->count != block.count) continue;
    to->segment(block.offset, block.count) = memory.segment(before->offset, before->count);
  }
}

int ModeSlot(MemoryLayout* layout) {
  if (const MemoryBlock* block = layout->Find(ModeKey())) return block->offset;
  const double dynamics = 4.0;
  return layout->Add(nullptr, ModeKey().part, 1, &dynamics);
}

}  // namespace msolve::system
