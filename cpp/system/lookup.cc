// what expressions and requests look up in a compiled system: markers, arrays, Variables,
// Diffs, force measures, splines, sensor values (the Resolver); the routines' dependency
// pass; the active rows' share of what the elements read
#include <algorithm>
#include <cctype>

#include "common/error.h"
#include "system/kinetic_energy.h"
#include "system/system.h"

namespace msolve::system {
namespace {

std::string Upper(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

}  // namespace

void System::CheckForceMeasureCycles() const {
  const VecX y0 = DesignState(), yp0 = VecX::Zero(size()), m0 = memory_layout_.Initial();
  for (const ForceMeasure* measure : force_measures_)
    measure->Value(0.0, y0.data(), yp0.data(), m0.data());
}

void System::PrepareRoutines(double t) {
  if (!gses_.empty()) {
    // each GSESUB once with iflag true (its setup call)
    const VecX y0 = DesignState(), yp0 = VecX::Zero(size()), m0 = memory_layout_.Initial();
    std::vector<double> out;
    for (const auto& g : gses_) {
      out.resize(g.n + g.outputs);
      g.Values(t, y0.data(), yp0.data(), m0.data(), out.data(), true);
    }
  }
  if (routines_.empty()) return;
  const Resolver resolver = MakeResolver();
  for (auto& routine : routines_) routine->SetResolver(resolver);
  const State start = MakeState();
  for (auto& routine : routines_)
    routine->Prepare(t, start.y.data(), start.yp.data(), start.memory.data());
  // the turns of the angles among their declared inputs: blocks of the memory
  for (auto& routine : routines_) routine->PlaceInputs(&memory_layout_);
  RefreshDependencies();
  for (const auto& d : diffs_) {
    if (!d.source->routine || !d.source->implicit) continue;
    if (d.algebraic() && !std::binary_search(d.y_deps.begin(), d.y_deps.end(), d.index))
      throw ModelError(d.key->Describe() + ": the routine of an implicit Variable must read " +
                       "VARVAL(" + std::to_string(d.source->id) +
                       ") in its dependency pass (iflag)");
    if (!d.algebraic() && !std::binary_search(d.yp_deps.begin(), d.yp_deps.end(), d.index))
      throw ModelError(d.source->Describe() + ": the routine of an implicit Diff must read DIF1(" +
                       std::to_string(d.source->id) + ") in its dependency pass (iflag)");
  }
  CheckForceMeasureCycles();
}

Resolver::ArrayValue System::ArrayById(
    long id, long k, const std::function<const mbs::StateFunction*(long)>& variable) const {
  const auto found = arrays_.find(id);
  if (found == arrays_.end()) throw std::invalid_argument("unknown array id " + std::to_string(id));
  const model::Array* array = found->second;
  Resolver::ArrayValue value;
  const std::string type = Upper(array->type);
  const auto bad_index = [&](long size) {
    return std::invalid_argument(array->Describe() + " has no element " + std::to_string(k) +
                                 " (it has " + std::to_string(size) + ")");
  };
  if (type == "IC") {
    if (k < 1 || k > static_cast<long>(array->numbers.size()))
      throw bad_index(array->numbers.size());
    value.constant = array->numbers[k - 1];
    return value;
  }
  if (type == "U") {
    if (k < 1 || k > static_cast<long>(array->variables.size()))
      throw bad_index(array->variables.size());
    if (array->variables[k - 1] == nullptr)
      throw std::invalid_argument(array->Describe() + ": variable " + std::to_string(k) +
                                  " is not set");
    value.variables.emplace_back(variable(array->variables[k - 1]->id), 1.0);
    return value;
  }
  for (const auto& ls : linear_) {
    if (type == "X" && ls.x_array == array) {
      if (k < 1 || k > ls.n) throw bad_index(ls.n);
      value.terms.emplace_back(ls.first + k - 1, 1.0);
      return value;
    }
    if (type == "Y" && ls.y_array == array) {
      // output k: row k of C x + D u
      if (k < 1 || k > ls.outputs_count()) throw bad_index(ls.outputs_count());
      for (int j = 0; j < ls.n; ++j)
        if (ls.C(k - 1, j) != 0.0) value.terms.emplace_back(ls.first + j, ls.C(k - 1, j));
      for (int i = 0; i < ls.inputs_count(); ++i) {
        const double d = ls.D(k - 1, i);
        const auto& vars = ls.u_array->variables;
        if (d != 0.0 && i < static_cast<int>(vars.size()) && vars[i])
          value.variables.emplace_back(variable(vars[i]->id), d);
      }
      return value;
    }
  }
  for (const auto& g : gses_) {
    if (type == "X" && g.source->x == array) {
      if (k < 1 || k > g.n) throw bad_index(g.n);
      value.terms.emplace_back(g.first + k - 1, 1.0);
      return value;
    }
    if (type == "Y" && g.source->y == array) {
      if (k < 1 || k > g.outputs) throw bad_index(g.outputs);
      value.variables.emplace_back(g.output_functions[k - 1].get(), 1.0);
      return value;
    }
  }
  throw std::invalid_argument(array->Describe() + " (type " + array->type +
                              ") is not used by any Tfsiso, Lse or Gse");
}

const Resolver& System::MakeResolver() const {
  if (resolver_) return *resolver_;
  resolver_ = std::make_unique<Resolver>();
  Resolver& r = *resolver_;
  r.marker = [this](long id) { return MarkerById(id); };
  // MODE after the compile: a block of the layout the caller gives (a Simulation's)
  r.mode = [](MemoryLayout* layout) {
    if (layout == nullptr) throw std::invalid_argument("MODE is not available here");
    return ModeSlot(layout);
  };
  r.diff = [this](long id) {
    for (const auto& d : diffs_)
      if (d.source->id == id && !d.algebraic() &&
          dynamic_cast<const model::Rv*>(d.source) == nullptr)
        return d.index;
    throw std::invalid_argument("unknown Diff id " + std::to_string(id));
  };
  r.variable = [this](long id) -> const mbs::StateFunction* {
    const auto found = variables_.find(id);
    if (found == variables_.end() || !found->second)
      throw std::invalid_argument("unknown variable id " + std::to_string(id));
    return found->second.get();
  };
  r.array = [this, variable = r.variable](long id, long k) { return ArrayById(id, k, variable); };
  r.force = [this](const std::string& name, const std::vector<long>& ids,
                   const std::string& owner) -> std::unique_ptr<mbs::StateFunction> {
    if (!ForceMeasure::Handles(name)) return nullptr;
    auto measure = std::make_unique<ForceMeasure>(name, ids, owner, *this);
    measure->Link(*this);
    return measure;
  };
  r.function = [this](const std::string& name, const std::vector<long>& ids) {
    return name == "CURVE" ? curves_.Function(ids) : splines_.Function(name, ids);
  };
  r.kinetic_energy = [this](long id) { return KineticEnergyOf(id); };
  r.plant = [this](bool output, long id, long k) { return PlantVariable(output, id, k); };
  r.sensor_value = [this](long id) {
    const int slot = SensorSlot(id);
    if (slot < 0)
      throw std::invalid_argument("no active sensor stores a value under id " + std::to_string(id));
    return slot;
  };
  return r;
}

int System::SensorSlot(long id) const {
  const auto found = sensor_slots_.find(id);
  return found == sensor_slots_.end() ? -1 : found->second;
}

std::unique_ptr<mbs::StateFunction> System::KineticEnergyOf(long id) const {
  std::vector<KineticEnergy::Body> bodies;
  bool found = id == 0;
  for (const auto& [part, body] : part_bodies_) {
    if (id != 0 && part->id != id) continue;
    found = true;
    if (body >= 0)
      bodies.push_back({BodyOffset(body), bodies_[body].mass, bodies_[body].inertia});
    else if (body != kGround)
      throw std::invalid_argument(part->Describe() + " is inactive or not in this model");
  }
  if (!found) throw std::invalid_argument("unknown part id " + std::to_string(id));
  std::sort(bodies.begin(), bodies.end(),
            [](const auto& a, const auto& b) { return a.offset < b.offset; });
  return std::make_unique<KineticEnergy>(std::move(bodies), ucf_);
}

long System::PlantVariable(bool output, long id, long k) const {
  const auto& table = output ? plant_outputs_ : plant_inputs_;
  const char* what = output ? "Poutput" : "Pinput";
  const auto found = table.find(id);
  if (found == table.end())
    throw std::invalid_argument(std::string("unknown ") + what + " id " + std::to_string(id));
  if (k < 1 || k > static_cast<long>(found->second.size()))
    throw std::invalid_argument(std::string(what) + " " + std::to_string(id) + " has " +
                                std::to_string(found->second.size()) + " variables, index " +
                                std::to_string(k) + " is out of range");
  return found->second[k - 1];
}

std::unique_ptr<ForceMeasure> System::NetForce(const model::Marker* i,
                                               const model::Marker* j) const {
  auto measure = std::make_unique<ForceMeasure>(i, j, *this);
  measure->Link(*this);
  return measure;
}

mbs::BodyMarker System::MarkerById(long id) const {
  if (id == 0) return mbs::BodyMarker{};  // the global frame
  const auto found = marker_ids_.find(id);
  if (found == marker_ids_.end())
    throw std::invalid_argument("unknown marker id " + std::to_string(id));
  try {
    return MarkerOf(found->second);
  } catch (const ModelError& e) {
    throw std::invalid_argument(e.what());
  }
}

std::pair<mbs::BodyMarker, mbs::BodyMarker> System::MarkersOf(const model::Entity& owner,
                                                              const model::Marker* i,
                                                              const model::Marker* j) const {
  if (i == nullptr || j == nullptr)
    throw ModelError(owner.Describe() + ": marker " + (i ? "j" : "i") + " is not set");
  try {
    return {MarkerOf(i), MarkerOf(j)};
  } catch (const ModelError& e) {
    throw ModelError(owner.Describe() + ": " + e.what());
  }
}

double System::DesignDistance(const mbs::BodyMarker& a, const mbs::BodyMarker& b) const {
  const VecX y0 = DesignState();
  return (mbs::MarkerFrame(a, BodyState(a.body, y0.data())).p -
          mbs::MarkerFrame(b, BodyState(b.body, y0.data())).p)
      .norm();
}

int System::BodyOfPart(const model::Part* part) const {
  const auto found = part_bodies_.find(part);
  return found == part_bodies_.end() ? -2 : found->second;
}

const mbs::BodyMarker& System::MarkerOf(const model::Marker* marker) const {
  const auto found = markers_.find(marker);
  if (found != markers_.end()) {
    const mbs::BodyMarker& bm = found->second;
    if (bm.body == -2) throw ModelError(marker->Describe() + ": has no part");
    if (bm.body == -3)
      throw ModelError(marker->Describe() + ": its part " + marker->part->Describe() +
                       " is inactive or not in this model");
    return bm;
  }
  throw ModelError(marker->Describe() + ": is inactive or not in this model");
}

void System::RefreshDependencies() {
  const auto merge = [](const mbs::StateFunction* f, std::vector<int>* y, std::vector<int>* yp) {
    if (f == nullptr) return;
    std::vector<int> fy, fyp;
    f->Dependencies(&fy, &fyp);
    y->insert(y->end(), fy.begin(), fy.end());
    yp->insert(yp->end(), fyp.begin(), fyp.end());
    for (auto* v : {y, yp}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
  };
  // the Gses first: their outputs' dependencies, read by others, include them
  for (auto& g : gses_) {
    g.y_deps.clear(), g.yp_deps.clear();
    for (const mbs::StateFunction* input : g.inputs) merge(input, &g.y_deps, &g.yp_deps);
  }
  for (auto& element : force_elements_) element->RefreshDependencies();
  for (auto& d : diffs_) {
    d.y_deps.clear(), d.yp_deps.clear();
    merge(d.function.get(), &d.y_deps, &d.yp_deps);
  }
  for (auto& ls : linear_) {
    ls.y_deps.clear(), ls.yp_deps.clear();
    for (const mbs::StateFunction* input : ls.inputs) merge(input, &ls.y_deps, &ls.yp_deps);
  }
  // the multipliers follow every differential state
  const auto reads = [this](const std::vector<int>& deps) {
    return !deps.empty() && deps.back() >= lambda_offset();
  };
  reads_multipliers_ = false;
  for (const auto& element : force_elements_) reads_multipliers_ |= reads(element->y_deps());
  for (const auto& d : diffs_) reads_multipliers_ |= reads(d.y_deps);
  for (const auto& ls : linear_) reads_multipliers_ |= reads(ls.y_deps);
  for (const auto& g : gses_) reads_multipliers_ |= reads(g.y_deps);
}

}  // namespace msolve::system
