// Simulation::Save and Load: the state of a run (system/state.h) as named blocks, for
// Model.save and Model.reload, which write and read it as a file
// (docs/motionsolve-compatibility.md §2.5)
#include <map>
#include <string>
#include <vector>

#include "common/error.h"
#include "simulation/simulation.h"

namespace msolve::simulation {
namespace {

std::string EntityName(const model::Entity* entity) {
  return entity ? std::string(entity->TypeName()) + " " + std::to_string(entity->id) : "-";
}

// the names of the state blocks: "Type id", and "Type id #k" for the k-th (k >= 2) block of
// one entity (the two parameter bodies of a Cvcv or a Cvsf, docs/equations.md §2.8, §2.10)
std::vector<std::string> BlockNames(const std::vector<system::System::StateBlock>& blocks) {
  std::map<const model::Entity*, int> seen;
  std::vector<std::string> names;
  for (const auto& block : blocks) {
    const int k = ++seen[block.source];
    names.push_back(EntityName(block.source) + (k > 1 ? " #" + std::to_string(k) : ""));
  }
  return names;
}

std::string MemoryName(const system::MemoryKey& key) {
  return EntityName(key.entity) + ": " + key.part;
}

// at most four names of a list, for a message
std::string Some(const std::vector<std::string>& names) {
  std::string text;
  for (size_t k = 0; k < names.size() && k < 4; ++k) text += (k ? ", " : "") + names[k];
  if (names.size() > 4) text += " and " + std::to_string(names.size() - 4) + " more";
  return text;
}

}  // namespace

Simulation::SavedState Simulation::Save() const {
  SavedState saved;
  saved.t = state_.t;
  const auto blocks = sys_.StateBlocks();
  const std::vector<std::string> names = BlockNames(blocks);
  for (size_t k = 0; k < blocks.size(); ++k) {
    const VecX values = state_.y.segment(blocks[k].offset, blocks[k].count);
    saved.states.emplace_back(names[k],
                              std::vector<double>(values.data(), values.data() + blocks[k].count));
  }
  for (const auto& block : layout_.blocks()) {
    const double* values = state_.memory.data() + block.offset;
    saved.memory.emplace_back(MemoryName(block.key),
                              std::vector<double>(values, values + block.count));
  }
  if (sys_.work_state() >= 0) saved.work = state_.y[sys_.work_state()];
  return saved;
}

void Simulation::Load(const SavedState& saved) {
  if (initialized_) throw ModelError("Load: this simulation has already started");
  std::map<std::string, const std::vector<double>*> states;
  for (const auto& [name, values] : saved.states) states[name] = &values;
  // the same entities with the same numbers of states: the same model
  std::vector<std::string> missing, different;
  VecX y = sys_.DesignState();
  const auto blocks = sys_.StateBlocks();
  const std::vector<std::string> names = BlockNames(blocks);
  for (size_t k = 0; k < blocks.size(); ++k) {
    const auto& block = blocks[k];
    const std::string& name = names[k];
    const auto found = states.find(name);
    if (found == states.end()) {
      missing.push_back(name);
      continue;
    }
    if (static_cast<int>(found->second->size()) != block.count) {
      different.push_back(name + " (" + std::to_string(found->second->size()) + " states, here " +
                          std::to_string(block.count) + ")");
    } else {
      y.segment(block.offset, block.count) = VecX::Map(found->second->data(), block.count);
    }
    states.erase(found);
  }
  std::vector<std::string> extra;
  for (const auto& entry : states) extra.push_back(entry.first);
  if (!missing.empty() || !different.empty() || !extra.empty()) {
    std::string why = "the saved state is not one of this model:";
    if (!extra.empty()) why += " it has states of " + Some(extra) + ", which this model has not;";
    if (!missing.empty()) why += " it has none of " + Some(missing) + ";";
    if (!different.empty()) why += " it differs in " + Some(different) + ";";
    why.pop_back();
    throw ModelError(why);
  }
  state_.t = saved.t;
  state_.y = y;
  if (sys_.work_state() >= 0 && saved.work) state_.y[sys_.work_state()] = *saved.work;
  // what the elements, requests and sensors remember: the blocks both have, by key and size
  std::map<std::string, const std::vector<double>*> memory;
  for (const auto& [name, values] : saved.memory) memory[name] = &values;
  for (const auto& block : layout_.blocks()) {
    const auto found = memory.find(MemoryName(block.key));
    if (found == memory.end() || static_cast<int>(found->second->size()) != block.count) continue;
    state_.memory.segment(block.offset, block.count) =
        VecX::Map(found->second->data(), block.count);
  }
  continued_ = true;
}

}  // namespace msolve::simulation
