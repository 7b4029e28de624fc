// compile(model), the force elements, in the order of System::force_elements_: the pair
// forces (SpringDampers, Bushings, SignForces, Springsats), the Sforces, the Vforces,
// Vtorques and Gforces
#include <cmath>

#include "common/error.h"
#include "mbs/bushing.h"
#include "mbs/sforce.h"
#include "mbs/sign_force.h"
#include "mbs/spring_damper.h"
#include "mbs/springsat.h"
#include "mbs/vector_force.h"
#include "system/compile/builder.h"

namespace msolve::system {

void Builder::PairForces() {
  // spring-dampers
  for (const auto& spring : model_.spring_dampers) {
    if (!spring->active) continue;
    const std::string type = Upper(spring->type);
    if (type != "TRANSLATION" && type != "ROTATION")
      throw ModelError(spring->Describe() + ": type must be TRANSLATION or ROTATION, got '" +
                       spring->type + "'");
    const auto [mi, mj] = sys_.MarkersOf(*spring, spring->i, spring->j);
    const double distance = sys_.DesignDistance(mi, mj);
    const double length = spring->length.value_or(distance);
    if (type == "TRANSLATION") {
      if (spring->length && !(*spring->length >= 0))
        throw ModelError(spring->Describe() + ": length must not be negative");
      if (distance < 1e-12)
        throw ModelError(spring->Describe() +
                         ": markers i and j coincide, so the direction of the force is undefined");
    }
    for (double v : {spring->k, spring->c, spring->kt, spring->ct})
      if (!(v >= 0))
        throw ModelError(spring->Describe() + ": stiffness and damping must not be negative");
    sys_.force_elements_.push_back(std::make_unique<mbs::SpringDamperElement>(
        spring.get(), type == "ROTATION", mi, mj, length));
  }
  // bushings
  for (const auto& bushing : model_.bushings) {
    if (!bushing->active) continue;
    const auto [mi, mj] = sys_.MarkersOf(*bushing, bushing->i, bushing->j);
    for (const auto* values : {&bushing->k, &bushing->c, &bushing->kt, &bushing->ct})
      for (double v : *values)
        if (!(v >= 0))
          throw ModelError(bushing->Describe() + ": stiffness and damping must not be negative");
    for (const auto* values : {&bushing->force, &bushing->torque})
      for (double v : *values)
        if (!std::isfinite(v))
          throw ModelError(bushing->Describe() + ": preloads must be finite numbers");
    // the rotations a, b (AX, AY) are undefined where the z axes are perpendicular
    const VecX y0 = sys_.DesignState();
    const double cos_z =
        mbs::MarkerFrame(mi, System::BodyState(mi.body, y0.data()))
            .R.col(2)
            .dot(mbs::MarkerFrame(mj, System::BodyState(mj.body, y0.data())).R.col(2));
    if (!(cos_z > 0))
      throw ModelError(bushing->Describe() +
                       ": the z axes of markers i and j are 90 degrees or more apart in the "
                       "design position, where the bushing's rotations about x and y are "
                       "undefined; align the two markers");
    sys_.force_elements_.push_back(std::make_unique<mbs::BushingElement>(bushing.get(), mi, mj));
  }
  // sign forces (docs/equations.md §3.6)
  for (const auto& force : model_.sign_forces) {
    if (!force->active) continue;
    const auto [mi, mj] = sys_.MarkersOf(*force, force->i, force->j);
    mbs::SignRegularization reg;
    if (!mbs::ParseSignRegularization(force->reg, &reg))
      throw ModelError(force->Describe() + ": reg must be EXP, SINE, LINEAR or COSINE, got '" +
                       force->reg + "'");
    if (!(force->v0 > 0) || !std::isfinite(force->v0))
      throw ModelError(force->Describe() + ": v0 must be positive");
    if (!std::isfinite(force->f_nominal))
      throw ModelError(force->Describe() + ": f_nominal must be a finite number");
    sys_.force_elements_.push_back(
        std::make_unique<mbs::SignForceElement>(force.get(), reg, mi, mj));
  }
  // saturating springs (docs/equations.md §3.7)
  for (const auto& spring : model_.springsats) {
    if (!spring->active) continue;
    const auto [mi, mj] = sys_.MarkersOf(*spring, spring->i, spring->j);
    const std::string who = spring->Describe() + ": ";
    if (!(spring->xsat > 0) || !std::isfinite(spring->xsat))
      throw ModelError(who + "xsat must be positive");
    if (!std::isfinite(spring->K0) || !std::isfinite(spring->Ksat))
      throw ModelError(who + "K0 and Ksat must be finite numbers");
    const double distance = sys_.DesignDistance(mi, mj);
    if (distance < 1e-12)
      throw ModelError(who +
                       "markers i and j coincide, so the direction of the force is "
                       "undefined");
    if (spring->length && !(*spring->length >= 0))
      throw ModelError(who + "length must not be negative");
    const double length = spring->length.value_or(distance);
    if (!(std::abs(distance - length) < spring->xsat))
      throw ModelError(who + "the deflection in the design position, " +
                       std::to_string(distance - length) +
                       ", is not within xsat = " + std::to_string(spring->xsat));
    sys_.force_elements_.push_back(
        std::make_unique<mbs::SpringsatElement>(spring.get(), mi, mj, length));
  }
}

void Builder::Sforces() {
  // scalar forces whose magnitude is an expression or a routine
  for (const auto& force : model_.sforces) {
    if (!force->active) continue;
    const std::string type = Upper(force->type);
    if (type != "TRANSLATION" && type != "ROTATION")
      throw ModelError(force->Describe() + ": type must be TRANSLATION or ROTATION, got '" +
                       force->type + "'");
    const auto [mi, mj] = sys_.MarkersOf(*force, force->i, force->j);
    if (force->function.empty() && !force->routine)
      throw ModelError(force->Describe() + ": function (the force expression) is not set");
    const bool line_of_sight = type == "TRANSLATION" && !force->actiononly;
    if (line_of_sight) {
      if (sys_.DesignDistance(mi, mj) < 1e-12)
        throw ModelError(force->Describe() +
                         ": markers i and j coincide, so the line of action is undefined "
                         "(use actiononly or separate the markers)");
    }
    std::unique_ptr<mbs::StateFunction> magnitude;
    if (force->routine) {
      magnitude = std::make_unique<RoutineOutput>(
          AddRoutine(*force, force->routine, model::UserRoutine::Form::kState, force->function, 1),
          0);
    } else {
      CheckNoUserCall(*force, force->function);
      magnitude =
          std::make_unique<ExpressionFunction>(force->function, force->Describe(), resolver_);
    }
    sys_.force_elements_.push_back(std::make_unique<mbs::ScalarForceElement>(
        force.get(), type == "ROTATION", force->actiononly, mi, mj, std::move(magnitude)));
  }
}

void Builder::VectorForces() {
  // vector forces (Vforce, Vtorque, Gforce)
  for (const auto& force : model_.vector_forces) {
    if (!force->active) continue;
    const auto [mi, mj] = sys_.MarkersOf(*force, force->i, force->jfloat);
    mbs::BodyMarker mr;  // the global frame when rm is unset
    if (force->rm) {
      try {
        mr = sys_.MarkerOf(force->rm);
      } catch (const ModelError& e) {
        throw ModelError(force->Describe() + ": rm " + e.what());
      }
    }
    std::array<std::unique_ptr<mbs::StateFunction>, 6> components;
    static const char* names[6] = {"fx", "fy", "fz", "tx", "ty", "tz"};
    if (force->routine) {
      // VFOSUB gives fx fy fz, VTOSUB tx ty tz, GFOSUB all six
      const int first = force->kind == "Vtorque" ? 3 : 0;
      const int count = force->kind == "Gforce" ? 6 : 3;
      for (const auto& text : force->components)
        if (!text.empty())
          throw ModelError(force->Describe() +
                           ": give either the component expressions or a routine, not both");
      RoutineEvaluator* routine = AddRoutine(
          *force, force->routine, model::UserRoutine::Form::kState, force->function, count);
      for (int k = 0; k < count; ++k)
        components[first + k] = std::make_unique<RoutineOutput>(routine, k);
    } else if (!force->function.empty()) {
      CheckNoUserCall(*force, force->function);
      throw ModelError(force->Describe() + ": function is used only with a routine");
    }
    for (int k = 0; k < 6; ++k) {
      const std::string& text = force->components[k];
      if (text.empty()) continue;
      components[k] =
          std::make_unique<ExpressionFunction>(text, force->Describe() + " " + names[k], resolver_);
    }
    sys_.force_elements_.push_back(
        std::make_unique<mbs::VectorForceElement>(force.get(), mi, mj, mr, std::move(components)));
  }
}

}  // namespace msolve::system
