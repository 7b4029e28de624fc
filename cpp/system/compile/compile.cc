// compile(model) -> System: the order in which the Builder fills the system, and what its
// files share (user routines, the resolver of the expressions compiled on the way)
#include <cctype>
#include <stdexcept>

#include "common/error.h"
#include "system/compile/builder.h"

namespace msolve::system {

System System::Compile(const model::Model& model) { return System(model); }

System::System(const model::Model& model) {
  Builder build(model, this);
  build.Units();
  build.SensorValues();
  build.Bodies();
  build.Markers();
  build.PointMassOrientations();
  build.CurveConstraints();
  build.DeformableCurveConstraints();
  build.SurfaceConstraints();
  // joints, joint primitives, and the relations between joints' coordinates
  build.Joints();
  build.Mates();
  build.JointRelations();
  build.NumberForces();
  // the controls' states follow the bodies' (Diffs, then Tfsisos and Lses)
  build.ControlStates();
  build.MakeResolver();
  build.Variables();
  build.LinearInputs();
  build.GseInputs();
  build.ExpressionForces();
  build.GravityExpressions();
  build.DiffEquations();
  build.Motions();
  build.GeneralConstraints();
  build.WorkState();
  build.Finish();
}

std::string Upper(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

// the USER(...) numbers of an element with a routine (none when function is empty)
std::vector<double> RoutineParameters(const model::Entity& e, const std::string& function) {
  if (function.find_first_not_of(" \t\r\n") == std::string::npos) return {};
  std::optional<std::vector<double>> par;
  try {
    par = ParseUserParameters(function);
  } catch (const std::invalid_argument& error) {
    throw ModelError(e.Describe() + ": " + error.what());
  }
  if (!par)
    throw ModelError(e.Describe() + ": with a routine, function must be USER(p1, p2, ...) (the " +
                     "routine's parameters) or empty, got '" + function + "'");
  return *par;
}

// an element without routine whose function asks for one
void CheckNoUserCall(const model::Entity& e, const std::string& function) {
  bool user = false;
  try {
    user = ParseUserParameters(function).has_value();
  } catch (const std::invalid_argument&) {
    user = true;
  }
  if (user)
    throw ModelError(e.Describe() + ": function '" + function +
                     "' calls a user routine, but routine is not set");
}

RoutineEvaluator* Builder::AddRoutine(const model::Entity& owner,
                                      const std::shared_ptr<model::UserRoutine>& routine,
                                      model::UserRoutine::Form form, const std::string& function,
                                      int outputs) {
  sys_.routines_.push_back(std::make_unique<RoutineEvaluator>(
      routine, form, owner, RoutineParameters(owner, function), outputs));
  return sys_.routines_.back().get();
}

void Builder::MakeResolver() {
  // as System::MakeResolver, except that Variables are compiled on first use, Diffs are
  // known by their indices before their equations, and force measures are linked at the end
  System& sys = sys_;
  resolver_.marker = [&sys](long id) { return sys.MarkerById(id); };
  resolver_.mode = [&sys](MemoryLayout* layout) {
    return ModeSlot(layout ? layout : &sys.memory_layout_);
  };
  resolver_.function = [&sys](const std::string& name, const std::vector<long>& ids) {
    return name == "CURVE" ? sys.curves_.Function(ids) : sys.splines_.Function(name, ids);
  };
  resolver_.diff = [this](long id) {
    const auto found = diff_index_.find(id);
    if (found == diff_index_.end())
      throw std::invalid_argument("unknown Diff id " + std::to_string(id));
    return found->second;
  };
  resolver_.variable = [this](long id) { return Variable(id); };
  resolver_.kinetic_energy = [&sys](long id) { return sys.KineticEnergyOf(id); };
  resolver_.array = [this](long id, long k) { return sys_.ArrayById(id, k, resolver_.variable); };
  resolver_.plant = [&sys](bool output, long id, long k) {
    return sys.PlantVariable(output, id, k);
  };
  resolver_.sensor_value = [&sys](long id) {
    const int slot = sys.SensorSlot(id);
    if (slot < 0)
      throw std::invalid_argument("no active sensor stores a value under id " + std::to_string(id));
    return slot;
  };
  resolver_.force = [&sys](const std::string& name, const std::vector<long>& ids,
                           const std::string& owner) -> std::unique_ptr<mbs::StateFunction> {
    if (!ForceMeasure::Handles(name)) return nullptr;
    auto measure = std::make_unique<ForceMeasure>(name, ids, owner, sys);
    sys.unlinked_force_measures_.push_back(measure.get());
    return measure;
  };
}

}  // namespace msolve::system
