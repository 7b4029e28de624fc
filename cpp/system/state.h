// What changes during a run (docs/architecture.md §3.1): the State, beside the compiled System
// that stays constant (as MuJoCo's mjData beside its mjModel, Pinocchio's Data beside its
// Model). Its layout is fixed when the System is compiled: y and y' by StateBlocks (a block
// per entity with differential states), the memory by a MemoryLayout (a block per element
// that remembers something between steps: the whole turns of the angles it follows, a
// SENVAL value, a sensor's firings). Blocks are keyed by model entity, so continuing a run
// after the model changed is one remap of keyed blocks.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/types.h"
#include "model/entity.h"

namespace msolve::system {

/// What names a memory block across compilations of a model: the model entity it belongs to
/// and what of that entity it holds ("" for the element itself, the text of one of its
/// expressions, "SENVAL 7" for a stored value, which belongs to no entity).
struct MemoryKey {
  const model::Entity* entity = nullptr;
  std::string part;
  bool operator<(const MemoryKey& other) const {
    return entity != other.entity ? entity < other.entity : part < other.part;
  }
};

class MemoryLayout;

/// The key of the block that holds the analysis mode MODE returns (System::mode_slot), in
/// the layout of an expression that reads MODE.
inline MemoryKey ModeKey() { return MemoryKey{nullptr, "MODE"}; }
/// The slot of MODE's block in `layout`, added (at 4, dynamics) when there is none yet.
int ModeSlot(MemoryLayout* layout);

/// count slots from offset in the memory block.
struct MemoryBlock {
  MemoryKey key;
  int offset = 0, count = 0;
};

/// The layout of a memory block: its keyed blocks and their values at the start of a run.
class MemoryLayout {
 public:
  /// Appends a block of `count` slots starting at the values `initial` (zeros when nullptr)
  /// and returns its offset. A key already present (two expressions of one element with the
  /// same text) is told apart by its rank, "#2", "#3", ..., in the order of the layout.
  int Add(const model::Entity* entity, std::string part, int count,
          const double* initial = nullptr);

  int size() const { return static_cast<int>(initial_.size()); }
  const std::vector<MemoryBlock>& blocks() const { return blocks_; }
  /// The memory at the start of a run.
  VecX Initial() const { return VecX::Map(initial_.data(), size()); }
  /// The block of a key, or nullptr.
  const MemoryBlock* Find(const MemoryKey& key) const;

  /// Copies into `to` (laid out by this layout) the blocks of `memory` (laid out by `from`)
  /// that both layouts have, with the same key and size; the others keep their values.
  void Remap(const MemoryLayout& from, const VecX& memory, VecX* to) const;

 private:
  std::vector<MemoryBlock> blocks_;
  std::map<MemoryKey, int> index_;
  std::vector<double> initial_;
};

/// Everything of a run that changes: time, y and y' (the DAE state, laid out by
/// System::StateBlocks), and the memory (laid out by a MemoryLayout, the System's and what
/// a simulation adds for its requests and sensors). System::MakeState gives the state at the
/// start; the System's evaluations read it and only System::AcceptStep writes its memory.
struct State {
  double t = 0.0;
  VecX y, yp;
  VecX memory;
};

}  // namespace msolve::system
