// compile(model), the Motions: one more joint row each, on a joint's free coordinate or on
// markers i and j, driven by a function of time; the states of the integrated ones; then the
// work state, which follows every other differential state
#include <algorithm>
#include <tuple>

#include "common/error.h"
#include "system/compile/builder.h"

namespace msolve::system {

void Builder::Motions() {
  // motions: one more equation on a joint's markers or on markers i and j, driven by time
  for (const auto& motion : model_.motions) {
    if (!motion->active) continue;
    const std::string who = motion->Describe() + ": ";
    const std::string mt = Upper(motion->jtype), dt = Upper(motion->dtype);
    int order = -1;
    if (dt == "DISPLACEMENT") order = 0;
    if (dt == "VELOCITY") order = 1;
    if (dt == "ACCELERATION") order = 2;
    if (order < 0)
      throw ModelError(who + "dtype must be DISPLACEMENT, VELOCITY or ACCELERATION, got '" +
                       motion->dtype + "'");
    if (mt != "ROTATION" && mt != "TRANSLATION")
      throw ModelError(who + "jtype must be TRANSLATION or ROTATION, got '" + motion->jtype + "'");
    if (motion->function.empty() && !motion->routine) throw ModelError(who + "function is not set");

    mbs::JointType type;
    mbs::BodyMarker mi, mj;
    const model::Joint* joint = motion->joint;
    if (joint) {
      // joint-based: the free coordinate of a REVOLUTE, TRANSLATIONAL or CYLINDRICAL joint
      if (motion->i || motion->j)
        throw ModelError(who + "give either joint or markers i and j, not both");
      if (motion->direction)
        throw ModelError(who + "direction applies to marker-based motions (i, j); a motion on " +
                         joint->Describe() + " takes jtype (TRANSLATION or ROTATION)");
      const std::string jt = Upper(joint->type);
      const bool rotation = mt == "ROTATION";
      const bool allowed = jt == "CYLINDRICAL" || (jt == "REVOLUTE" && rotation) ||
                           (jt == "TRANSLATIONAL" && !rotation);
      if (!allowed)
        throw ModelError(who + "a " + mt + " motion cannot drive " + joint->Describe() +
                         " of type " + joint->type);
      int jn = -1;
      for (size_t k = 0; k < sys_.joints_.size(); ++k)
        if (sys_.joints_[k].joint() == joint && sys_.joints_[k].motion() == nullptr)
          jn = static_cast<int>(k);
      if (jn < 0) throw ModelError(who + "its joint is inactive or not in the model");
      type = rotation ? mbs::JointType::kMotionRotation : mbs::JointType::kMotionTranslation;
      mi = sys_.joints_[jn].i();
      mj = sys_.joints_[jn].j();
    } else {
      // marker-based: DX, DY, DZ(I,J,J) or a body 1-2-3 angle of I relative to J
      if (!motion->i && !motion->j)
        throw ModelError(who + "neither joint nor markers i and j are set");
      std::tie(mi, mj) = sys_.MarkersOf(*motion, motion->i, motion->j);
      if (motion->i->part == motion->j->part)
        throw ModelError(who + "markers i (" + motion->i->Describe() + ") and j (" +
                         motion->j->Describe() + ") are on the same part");
      if (!motion->direction)
        throw ModelError(who + "direction (X, Y, Z, B1, B2 or B3) is not set");
      const std::string dir = Upper(*motion->direction);
      static const std::pair<const char*, mbs::JointType> kDirections[] = {
          {"X", mbs::JointType::kMotionX},           {"Y", mbs::JointType::kMotionY},
          {"Z", mbs::JointType::kMotionTranslation}, {"B1", mbs::JointType::kMotionB1},
          {"B2", mbs::JointType::kMotionB2},         {"B3", mbs::JointType::kMotionB3}};
      const auto found = std::find_if(std::begin(kDirections), std::end(kDirections),
                                      [&](const auto& d) { return dir == d.first; });
      if (found == std::end(kDirections))
        throw ModelError(who + "direction must be X, Y, Z, B1, B2 or B3, got '" +
                         *motion->direction + "'");
      type = found->second;
      if (mt == "ROTATION" && !mbs::IsMotionAngle(type))
        throw ModelError(who + "jtype ROTATION contradicts the translational direction " + dir);
    }
    std::unique_ptr<ExpressionFunction> function;
    RoutineEvaluator* routine = nullptr;
    if (motion->routine) {
      routine = AddRoutine(*motion, motion->routine, model::UserRoutine::Form::kMotion,
                           motion->function, 1);
    } else {
      CheckNoUserCall(*motion, motion->function);
      function =
          std::make_unique<ExpressionFunction>(motion->function, motion->Describe(), resolver_);
      // TIME, constants, splines of TIME and Variables that depend on TIME only
      // (docs/equations.md §2.5)
      // DELAY reads a history recorded at accepted steps, while a motion's value and its
      // first two time derivatives are needed at any time, before any step
      // (docs/expression-functions.md, DELAY)
      if (function->has_delays())
        throw ModelError(who +
                         "DELAY is not available in a motion function (a motion needs its "
                         "value, velocity and acceleration at any time, DELAY only the "
                         "values recorded at past steps); write the function of TIME - dt "
                         "instead, e.g. SIN(TIME - 0.5) for DELAY(SIN(TIME), 0.5, 0) after "
                         "TIME = 0.5");
      std::string why;
      if (!function->DependsOnTimeOnly(&why))
        throw ModelError(who + "the motion function may depend on TIME only, but " + why);
    }
    if (mi.body == kGround && mj.body == kGround)
      CheckMotionOnGround(*motion, function.get(), order);

    sys_.joint_row_start_.push_back(static_cast<int>(sys_.rows_.size()));
    const int index = static_cast<int>(sys_.joints_.size());
    sys_.joints_.emplace_back(joint, type, mi, mj, motion.get());
    System::Driver driver{
        static_cast<int>(sys_.rows_.size()), std::move(function), order, -1, motion.get(), routine};
    if (order > 0) {
      // integrated motions: s (and p) follow the Tfsiso and Lse states
      driver.state = kBodyStates * sys_.body_count() + static_cast<int>(sys_.diffs_.size()) +
                     sys_.linear_state_count_ + sys_.element_state_count_ +
                     sys_.motion_state_count_;
      sys_.motion_state_count_ += order;
    }
    sys_.drivers_.push_back(std::move(driver));
    sys_.rows_.push_back({index, 0, -1});
  }
}

void Builder::CheckMotionOnGround(const model::Motion& motion, const ExpressionFunction* function,
                                  int order) {
  // Both markers on ground parts: the driven coordinate never moves, so its equation is set
  // aside as redundant and checked once, at the start (docs/equations.md §5). It then holds at
  // every time only for a constant displacement (a velocity or acceleration of zero): any
  // other function is refused here rather than left silently unmet after the start.
  static const char* const kWhat[] = {"displacement", "velocity", "acceleration"};
  const bool constant = function != nullptr && function->program().is_constant();
  if (constant && (order == 0 || function->Value(0.0, nullptr, nullptr, nullptr) == 0.0)) return;
  std::string why = std::string(kWhat[order]) + " function '" + motion.function.substr(0, 200) +
                    (constant ? "' is not zero" : "' changes with time");
  if (function == nullptr) why = std::string(kWhat[order]) + " is given by a user routine";
  throw ModelError(motion.Describe() +
                   ": both its markers are on ground parts, which never move, so it can only "
                   "hold a constant displacement; its " +
                   why);
}

void Builder::WorkState() {
  // the work of the non-conservative forces follows every other differential state
  if (sys_.body_count() > 0)
    sys_.work_state_ = kBodyStates * sys_.body_count() + static_cast<int>(sys_.diffs_.size()) +
                       sys_.linear_state_count_ + sys_.element_state_count_ +
                       sys_.motion_state_count_;
}

}  // namespace msolve::system
