// compile(model) -> System: validates the description and builds the runtime elements
#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include <Eigen/Eigenvalues>

#include "common/error.h"
#include "math/rotation.h"
#include "mbs/sign_force.h"
#include "mbs/springsat.h"
#include "system/expression_function.h"
#include "system/system.h"

namespace msolve::system {
namespace {

// axes of a frame given by Euler angles or by points (z point, x point) relative to origin;
// `names` are the attribute names, e.g. {"reuler", "zp", "xp", "qp"}, for the messages
Mat3 Axes(const model::Entity& e, const std::optional<Vec3>& reuler,
          const std::optional<Vec3>& zpoint, const std::optional<Vec3>& xpoint, const Vec3& origin,
          const std::array<const char*, 4>& names) {
  const std::string who = e.Describe() + ": ";
  if (reuler) {
    if (zpoint || xpoint)
      throw ModelError(who + "give the orientation either by " + names[0] + " or by " + names[1] +
                       "/" + names[2]);
    return math::Euler313ToMatrix(*reuler);
  }
  if (zpoint) {
    std::optional<Vec3> x;
    if (xpoint) x = *xpoint - origin;
    auto R = math::FrameFromPoints(*zpoint - origin, x);
    if (!R)
      throw ModelError(who + names[1] + " coincides with " + names[3] + " or " + names[2] +
                       " lies on the z axis, so the axes are undefined");
    return *R;
  }
  if (xpoint) throw ModelError(who + names[2] + " given without " + names[1]);
  return Mat3::Identity();
}

// orientation of a marker in its part frame
Mat3 MarkerAxes(const model::Marker& m) {
  return Axes(m, m.reuler, m.zp, m.xp, m.qp, {"reuler", "zp", "xp", "qp"});
}

// orientation of a part frame in the global frame
Mat3 PartAxes(const model::Part& p) {
  return Axes(p, p.reuler, p.zg, p.xg, p.qg, {"reuler", "zg", "xg", "qg"});
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

// ip = (Ixx, Iyy, Izz, Ixy, Ixz, Iyz) with the products as positive integrals, Ixy = the
// integral of x y dm (Adams Solver's PART/IP, which MotionSolve's Body_Rigid follows): the
// tensor holds -Ixy
Mat3 InertiaTensor(const std::array<double, 6>& ip) {
  Mat3 J;
  J << ip[0], -ip[3], -ip[4], -ip[3], ip[1], -ip[5], -ip[4], -ip[5], ip[2];
  return J;
}

// the eigenvectors of the 6x6 mass matrix diag(m I, J) whose eigenvalues are negligible
std::vector<Eigen::Matrix<double, 6, 1>> MasslessDirections(double mass, const Mat3& inertia) {
  const double scale = std::max({mass, inertia.norm(), 1e-300});
  Eigen::Matrix<double, 6, 6> M = Eigen::Matrix<double, 6, 6>::Zero();
  M.topLeftCorner<3, 3>() = mass * Mat3::Identity();
  M.bottomRightCorner<3, 3>() = inertia;
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 6, 6>> eig(M);
  std::vector<Eigen::Matrix<double, 6, 1>> directions;
  for (int c = 0; c < 6; ++c)
    if (eig.eigenvalues()[c] <= 1e-12 * scale || (mass == 0.0 && inertia.norm() == 0.0))
      directions.push_back(eig.eigenvectors().col(c));
  return directions;
}

}  // namespace

System System::Compile(const model::Model& model) {
  System sys;
  if (model.units) sys.ucf_ = model.units->ConsistencyFactor();
  // the SENVAL store of every active sensor, so that any expression may read it
  for (const auto& sensor : model.sensors)
    if (sensor->active) sys.sensor_values_->emplace(sensor->evaluate_id.value_or(sensor->id), 0.0);
  if (model.accgrav && model.accgrav->active)
    sys.gravity_ = Vec3(model.accgrav->igrav, model.accgrav->jgrav, model.accgrav->kgrav);

  // part frames: origin and axes of every active part
  struct PartFrame {
    Vec3 origin;
    Mat3 axes;
    Vec3 cm;  // mass centre in the part frame
    int body;
  };
  std::unordered_map<const model::Part*, PartFrame> frames;
  for (const auto& part : model.parts) {
    if (!part->active) continue;
    PartFrame f{part->qg, PartAxes(*part), Vec3::Zero(), kGround};
    if (!part->ground) {
      if (!(part->mass >= 0.0) || !std::isfinite(part->mass))
        throw ModelError(part->Describe() + ": mass must be zero or positive, got " +
                         std::to_string(part->mass));
      for (double v : part->ip)
        if (!std::isfinite(v)) throw ModelError(part->Describe() + ": ip has a non-finite value");
      if (part->cm && part->cm->part != part.get())
        throw ModelError(part->Describe() + ": its cm " + part->cm->Describe() +
                         " belongs to another part");
      if (part->im && part->im->part != part.get())
        throw ModelError(part->Describe() + ": its im " + part->im->Describe() +
                         " belongs to another part");
      Body b;
      b.part = part.get();
      b.mass = part->mass;
      const Mat3 cm_axes = part->cm ? MarkerAxes(*part->cm) : Mat3::Identity();
      const Mat3 im_axes = part->im ? MarkerAxes(*part->im) : cm_axes;
      const Mat3 J = InertiaTensor(part->ip);
      Eigen::SelfAdjointEigenSolver<Mat3> eig(J);
      if (eig.eigenvalues().minCoeff() < -1e-12 * std::max(1.0, J.norm()))
        throw ModelError(part->Describe() + ": the inertia tensor ip is not positive semidefinite");
      b.inertia = im_axes * J * im_axes.transpose();
      b.massless_directions = MasslessDirections(b.mass, b.inertia);
      f.cm = part->cm ? part->cm->qp : Vec3::Zero();
      b.r0 = f.origin + f.axes * f.cm;
      b.e0 = math::MatrixToQuat(f.axes);
      const std::optional<double>* v[6] = {&part->vx, &part->vy, &part->vz,
                                           &part->wx, &part->wy, &part->wz};
      for (int k = 0; k < 6; ++k) b.vel_ic[k] = *v[k];
      f.body = static_cast<int>(sys.bodies_.size());
      sys.bodies_.push_back(b);
    }
    frames.emplace(part.get(), f);
    sys.part_bodies_.emplace(part.get(), f.body);
  }

  // markers: offsets from the mass centre in body axes (ground markers: global)
  for (const auto& marker : model.markers) {
    if (!marker->active) continue;
    mbs::BodyMarker bm;
    bm.source = marker.get();
    const Mat3 A = MarkerAxes(*marker);
    const auto found = frames.find(marker->part);
    const PartFrame* f = found == frames.end() ? nullptr : &found->second;
    if (marker->part == nullptr) {
      bm.body = -2;  // checked where the marker is used
    } else if (f == nullptr) {
      bm.body = -3;  // on an inactive or foreign part
    } else if (f->body == kGround) {
      bm.body = kGround;
      bm.s = f->origin + f->axes * marker->qp;
      bm.A = f->axes * A;
    } else {
      bm.body = f->body;
      bm.s = marker->qp - f->cm;
      bm.A = A;
    }
    sys.markers_.emplace(marker.get(), bm);
  }

  // joints, joint primitives, and the relations between joints' coordinates
  sys.CompileJoints(model);
  // spring-dampers
  for (const auto& spring : model.spring_dampers) {
    if (!spring->active) continue;
    const std::string type = Upper(spring->type);
    if (type != "TRANSLATION" && type != "ROTATION")
      throw ModelError(spring->Describe() + ": type must be TRANSLATION or ROTATION, got '" +
                       spring->type + "'");
    const auto [mi, mj] = sys.MarkersOf(*spring, spring->i, spring->j);
    const double distance = sys.DesignDistance(mi, mj);
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
    sys.pair_forces_.push_back(std::make_unique<mbs::SpringDamperElement>(
        spring.get(), type == "ROTATION", mi, mj, length));
  }
  // bushings
  for (const auto& bushing : model.bushings) {
    if (!bushing->active) continue;
    const auto [mi, mj] = sys.MarkersOf(*bushing, bushing->i, bushing->j);
    for (const auto* values : {&bushing->k, &bushing->c, &bushing->kt, &bushing->ct})
      for (double v : *values)
        if (!(v >= 0))
          throw ModelError(bushing->Describe() + ": stiffness and damping must not be negative");
    for (const auto* values : {&bushing->force, &bushing->torque})
      for (double v : *values)
        if (!std::isfinite(v))
          throw ModelError(bushing->Describe() + ": preloads must be finite numbers");
    // the rotations a, b (AX, AY) are undefined where the z axes are perpendicular
    const VecX y0 = sys.DesignState();
    const double cos_z =
        mbs::MarkerFrame(mi, System::BodyState(mi.body, y0.data()))
            .R.col(2)
            .dot(mbs::MarkerFrame(mj, System::BodyState(mj.body, y0.data())).R.col(2));
    if (!(cos_z > 0))
      throw ModelError(bushing->Describe() +
                       ": the z axes of markers i and j are 90 degrees or more apart in the "
                       "design position, where the bushing's rotations about x and y are "
                       "undefined; align the two markers");
    sys.pair_forces_.push_back(std::make_unique<mbs::BushingElement>(bushing.get(), mi, mj));
  }
  // sign forces (seed 002)
  for (const auto& force : model.sign_forces) {
    if (!force->active) continue;
    const auto [mi, mj] = sys.MarkersOf(*force, force->i, force->j);
    mbs::SignRegularization reg;
    if (!mbs::ParseSignRegularization(force->reg, &reg))
      throw ModelError(force->Describe() + ": reg must be EXP, SINE, LINEAR or COSINE, got '" +
                       force->reg + "'");
    if (!(force->v0 > 0) || !std::isfinite(force->v0))
      throw ModelError(force->Describe() + ": v0 must be positive");
    if (!std::isfinite(force->f_nominal))
      throw ModelError(force->Describe() + ": f_nominal must be a finite number");
    sys.pair_forces_.push_back(std::make_unique<mbs::SignForceElement>(force.get(), reg, mi, mj));
  }
  // saturating springs (seed 004)
  for (const auto& spring : model.springsats) {
    if (!spring->active) continue;
    const auto [mi, mj] = sys.MarkersOf(*spring, spring->i, spring->j);
    const std::string who = spring->Describe() + ": ";
    if (!(spring->xsat > 0) || !std::isfinite(spring->xsat))
      throw ModelError(who + "xsat must be positive");
    if (!std::isfinite(spring->K0) || !std::isfinite(spring->Ksat))
      throw ModelError(who + "K0 and Ksat must be finite numbers");
    const double distance = sys.DesignDistance(mi, mj);
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
    sys.pair_forces_.push_back(
        std::make_unique<mbs::SpringsatElement>(spring.get(), mi, mj, length));
  }
  // scalar forces whose magnitude is an expression
  for (const auto& marker : model.markers)
    if (marker->active) sys.marker_ids_[marker->id] = marker.get();
  // variables, compiled in the order their references need
  std::unordered_map<long, const model::Variable*> variable_ids;
  for (const auto& variable : model.variables)
    if (variable->active) variable_ids[variable->id] = variable.get();
  // Diff states follow the bodies' states
  std::unordered_map<long, int> diff_index;
  for (const auto& diff : model.diffs) {
    if (!diff->active) continue;
    const int index = kBodyStates * sys.body_count() + static_cast<int>(sys.diffs_.size());
    diff_index[diff->id] = index;
    sys.diffs_.push_back({diff.get(), index, nullptr, {}, {}});
  }
  // Tfsiso states follow the Diffs', then the Lses'
  for (const auto& array : model.arrays)
    if (array->active) sys.arrays_[array->id] = array.get();
  for (const auto& matrix : model.matrices)
    if (matrix->active) DenseMatrix(*matrix);  // checks every matrix, used or not
  for (const auto& tf : model.tfsisos)
    if (tf->active) sys.linear_.push_back(TfsisoStates(*tf));
  for (const auto& lse : model.lses)
    if (lse->active) sys.linear_.push_back(LseStates(*lse));
  {
    // an X or Y array holds the states or outputs of one element only
    std::unordered_map<const model::Array*, const model::Entity*> owner;
    for (const auto& ls : sys.linear_)
      for (const auto& [array, role] : {std::pair{ls.x_array, "X"}, std::pair{ls.y_array, "Y"}}) {
        if (array == nullptr) continue;
        const auto [it, fresh] = owner.emplace(array, ls.source);
        if (!fresh)
          throw ModelError(ls.source->Describe() + ": its " + role + " array " + array->Describe() +
                           " already belongs to " + it->second->Describe());
      }
  }
  {
    int first = kBodyStates * sys.body_count() + static_cast<int>(sys.diffs_.size());
    for (auto& ls : sys.linear_) {
      ls.first = first;
      first += ls.n;
      sys.linear_state_count_ += ls.n;
    }
  }

  // splines, read by AKISPL, CUBSPL and LINSPL
  for (const auto& spline : model.splines)
    if (spline->active) sys.splines_.Add(*spline);

  // user routines, owned by the system
  const auto add_routine =
      [&sys](const model::Entity& owner, const std::shared_ptr<model::UserRoutine>& routine,
             model::UserRoutine::Form form, const std::string& function, int outputs) {
        sys.routines_.push_back(std::make_unique<RoutineEvaluator>(
            routine, form, owner, RoutineParameters(owner, function), outputs));
        return sys.routines_.back().get();
      };

  Resolver resolver;
  resolver.marker = [&sys](long id) { return sys.MarkerById(id); };
  resolver.function = [&sys](const std::string& name, const std::vector<long>& ids) {
    return sys.splines_.Function(name, ids);
  };
  resolver.diff = [&diff_index](long id) {
    const auto found = diff_index.find(id);
    if (found == diff_index.end())
      throw std::invalid_argument("unknown Diff id " + std::to_string(id));
    return found->second;
  };
  resolver.variable = [&](long id) -> const mbs::StateFunction* {
    const auto done = sys.variables_.find(id);
    if (done != sys.variables_.end()) {
      if (!done->second)
        throw std::invalid_argument("VARVAL(" + std::to_string(id) +
                                    ") closes a cycle: variables may not refer back to "
                                    "themselves through VARVAL");
      return done->second.get();
    }
    const auto found = variable_ids.find(id);
    if (found == variable_ids.end())
      throw std::invalid_argument("unknown variable id " + std::to_string(id));
    const model::Variable* variable = found->second;
    if (variable->implicit)
      throw std::invalid_argument(variable->Describe() +
                                  ": implicit variables are not available yet in msolve");
    std::unique_ptr<mbs::StateFunction> compiled;
    if (variable->routine) {
      compiled = std::make_unique<RoutineOutput>(
          add_routine(*variable, variable->routine, model::UserRoutine::Form::kState,
                      variable->function, 1),
          0);
    } else {
      if (variable->function.empty())
        throw std::invalid_argument(variable->Describe() + ": function is not set");
      CheckNoUserCall(*variable, variable->function);
      sys.variables_[id] = nullptr;  // being compiled
      compiled =
          std::make_unique<ExpressionFunction>(variable->function, variable->Describe(), resolver);
    }
    const mbs::StateFunction* result = compiled.get();
    sys.variables_[id] = std::move(compiled);
    return result;
  };
  resolver.array = [&](long id, long k) { return sys.ArrayById(id, k, resolver.variable); };
  resolver.sensor_value = [&sys](long id) -> const double* {
    const double* value = sys.SensorValue(id);
    if (value == nullptr)
      throw std::invalid_argument("no active sensor stores a value under id " + std::to_string(id));
    return value;
  };
  resolver.force = [&sys](const std::string& name, const std::vector<long>& ids,
                          const std::string& owner) -> std::unique_ptr<mbs::StateFunction> {
    if (!ForceMeasure::Handles(name)) return nullptr;
    auto measure = std::make_unique<ForceMeasure>(name, ids, owner, sys);
    sys.unlinked_force_measures_.push_back(measure.get());
    return measure;
  };
  for (const auto& [id, variable] : variable_ids) {
    try {
      resolver.variable(id);
    } catch (const std::invalid_argument& e) {
      throw ModelError(e.what());
    }
  }
  // the inputs of the Tfsisos (the first variable of the U array) and Lses (every variable)
  for (auto& ls : sys.linear_) {
    const model::Array* u = ls.u_array;
    if (u == nullptr) continue;
    if (Upper(u->type) != "U")
      throw ModelError(ls.source->Describe() + ": its U array " + u->Describe() + " has type " +
                       u->type + ", not U");
    if (static_cast<int>(u->variables.size()) < ls.inputs_count())
      throw ModelError(ls.source->Describe() + ": its U array " + u->Describe() +
                       " has no variable");
    for (int k = 0; k < ls.inputs_count(); ++k) {
      if (u->variables[k] == nullptr)
        throw ModelError(ls.source->Describe() + ": its U array " + u->Describe() + ": variable " +
                         std::to_string(k + 1) + " is not set");
      try {
        ls.inputs.push_back(resolver.variable(u->variables[k]->id));
      } catch (const std::invalid_argument& e) {
        throw ModelError(ls.source->Describe() + ": " + e.what());
      }
    }
  }
  const Resolver& lookup = resolver;
  for (const auto& force : model.sforces) {
    if (!force->active) continue;
    const std::string type = Upper(force->type);
    if (type != "TRANSLATION" && type != "ROTATION")
      throw ModelError(force->Describe() + ": type must be TRANSLATION or ROTATION, got '" +
                       force->type + "'");
    const auto [mi, mj] = sys.MarkersOf(*force, force->i, force->j);
    if (force->function.empty() && !force->routine)
      throw ModelError(force->Describe() + ": function (the force expression) is not set");
    const bool line_of_sight = type == "TRANSLATION" && !force->actiononly;
    if (line_of_sight) {
      if (sys.DesignDistance(mi, mj) < 1e-12)
        throw ModelError(force->Describe() +
                         ": markers i and j coincide, so the line of action is undefined "
                         "(use actiononly or separate the markers)");
    }
    std::unique_ptr<mbs::StateFunction> magnitude;
    if (force->routine) {
      magnitude = std::make_unique<RoutineOutput>(
          add_routine(*force, force->routine, model::UserRoutine::Form::kState, force->function, 1),
          0);
    } else {
      CheckNoUserCall(*force, force->function);
      magnitude = std::make_unique<ExpressionFunction>(force->function, force->Describe(), lookup);
    }
    sys.sforces_.emplace_back(force.get(), type == "ROTATION", force->actiononly, mi, mj,
                              std::move(magnitude));
  }

  // vector forces (Vforce, Vtorque, Gforce)
  for (const auto& force : model.vector_forces) {
    if (!force->active) continue;
    const auto [mi, mj] = sys.MarkersOf(*force, force->i, force->jfloat);
    mbs::BodyMarker mr;  // the global frame when rm is unset
    if (force->rm) {
      try {
        mr = sys.MarkerOf(force->rm);
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
      RoutineEvaluator* routine = add_routine(
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
          std::make_unique<ExpressionFunction>(text, force->Describe() + " " + names[k], lookup);
    }
    sys.vector_forces_.emplace_back(force.get(), mi, mj, mr, std::move(components));
  }

  // gravity components given as expressions of time
  if (model.accgrav && model.accgrav->active) {
    static const char* names[3] = {"igrav", "jgrav", "kgrav"};
    for (int a = 0; a < 3; ++a) {
      const std::string& text = model.accgrav->expressions[a];
      if (text.empty()) continue;
      auto f = std::make_unique<ExpressionFunction>(
          text, model.accgrav->Describe() + " " + names[a], lookup);
      if (!f->program().leaves().empty())
        throw ModelError(model.accgrav->Describe() + ": " + names[a] +
                         " may depend on TIME only (use a Vforce for state-dependent forces)");
      sys.gravity_functions_[a] = std::move(f);
    }
  }

  // the equations of the Diffs
  for (auto& diff : sys.diffs_) {
    if (diff.source->routine) {
      // the implicit form is checked after the routine's dependency pass
      diff.function = std::make_unique<RoutineOutput>(
          add_routine(*diff.source, diff.source->routine, model::UserRoutine::Form::kState,
                      diff.source->function, 1),
          0);
      continue;
    }
    if (diff.source->function.empty())
      throw ModelError(diff.source->Describe() + ": function is not set");
    CheckNoUserCall(*diff.source, diff.source->function);
    diff.function = std::make_unique<ExpressionFunction>(diff.source->function,
                                                         diff.source->Describe(), lookup);
    std::vector<int> y_deps;
    diff.function->Dependencies(&y_deps, &diff.yp_deps);
    if (diff.source->implicit &&
        !std::binary_search(diff.yp_deps.begin(), diff.yp_deps.end(), diff.index))
      throw ModelError(diff.source->Describe() + ": an implicit equation must read DIF1(" +
                       std::to_string(diff.source->id) + ")");
  }

  // motions: one more equation on a joint's markers or on markers i and j, driven by time
  for (const auto& motion : model.motions) {
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
      for (size_t k = 0; k < sys.joints_.size(); ++k)
        if (sys.joints_[k].joint() == joint && sys.joints_[k].motion() == nullptr)
          jn = static_cast<int>(k);
      if (jn < 0) throw ModelError(who + "its joint is inactive or not in the model");
      type = rotation ? mbs::JointType::kMotionRotation : mbs::JointType::kMotionTranslation;
      mi = sys.joints_[jn].i();
      mj = sys.joints_[jn].j();
    } else {
      // marker-based: DX, DY, DZ(I,J,J) or a body 1-2-3 angle of I relative to J
      if (!motion->i && !motion->j)
        throw ModelError(who + "neither joint nor markers i and j are set");
      std::tie(mi, mj) = sys.MarkersOf(*motion, motion->i, motion->j);
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
      routine = add_routine(*motion, motion->routine, model::UserRoutine::Form::kMotion,
                            motion->function, 1);
    } else {
      CheckNoUserCall(*motion, motion->function);
      function = std::make_unique<ExpressionFunction>(motion->function, motion->Describe(), lookup);
      if (!function->program().leaves().empty())
        throw ModelError(who + "the motion function may depend on TIME only");
    }

    sys.joint_row_start_.push_back(static_cast<int>(sys.rows_.size()));
    const int index = static_cast<int>(sys.joints_.size());
    sys.joints_.emplace_back(joint, type, mi, mj, motion.get());
    Driver driver{
        static_cast<int>(sys.rows_.size()), std::move(function), order, -1, motion.get(), routine};
    if (order > 0) {
      // integrated motions: s (and p) follow the Tfsiso and Lse states
      driver.state = kBodyStates * sys.body_count() + static_cast<int>(sys.diffs_.size()) +
                     sys.linear_state_count_ + sys.motion_state_count_;
      sys.motion_state_count_ += order;
    }
    sys.drivers_.push_back(std::move(driver));
    sys.rows_.push_back({index, 0, -1});
  }

  // the work of the non-conservative forces follows every other differential state
  if (sys.body_count() > 0)
    sys.work_state_ = kBodyStates * sys.body_count() + static_cast<int>(sys.diffs_.size()) +
                      sys.linear_state_count_ + sys.motion_state_count_;

  // force measures find their elements; a measure that reads itself is a cycle
  const std::vector<ForceMeasure*> force_measures = std::move(sys.unlinked_force_measures_);
  sys.unlinked_force_measures_.clear();
  for (ForceMeasure* measure : force_measures) measure->Link(sys);
  sys.SetActiveRows(std::vector<bool>(sys.rows_.size(), true));
  sys.force_measures_.assign(force_measures.begin(), force_measures.end());
  // with routines, PrepareRoutines checks the cycles once the routines can run
  if (sys.routines_.empty()) sys.CheckForceMeasureCycles();
  const VecX y0 = sys.DesignState(), yp0 = VecX::Zero(sys.size());
  sys.AcceptStep(0.0, y0.data(), yp0.data());
  return sys;
}

void System::CheckForceMeasureCycles() const {
  const VecX y0 = DesignState(), yp0 = VecX::Zero(size());
  for (const ForceMeasure* measure : force_measures_) measure->Value(0.0, y0.data(), yp0.data());
}

void System::PrepareRoutines(double t) {
  if (routines_.empty()) return;
  const Resolver resolver = MakeResolver();
  for (auto& routine : routines_) routine->SetResolver(resolver);
  const VecX y0 = DesignState(), yp0 = VecX::Zero(size());
  for (auto& routine : routines_) routine->Prepare(t, y0.data(), yp0.data());
  RefreshDependencies();
  for (const auto& d : diffs_)
    if (d.source->routine && d.source->implicit &&
        !std::binary_search(d.yp_deps.begin(), d.yp_deps.end(), d.index))
      throw ModelError(d.source->Describe() + ": the routine of an implicit Diff must read DIF1(" +
                       std::to_string(d.source->id) + ") in its dependency pass (iflag)");
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
  throw std::invalid_argument(array->Describe() + " (type " + array->type +
                              ") is not used by any Tfsiso or Lse");
}

Resolver System::MakeResolver() const {
  Resolver r;
  r.marker = [this](long id) { return MarkerById(id); };
  r.diff = [this](long id) {
    for (const auto& d : diffs_)
      if (d.source->id == id) return d.index;
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
    return splines_.Function(name, ids);
  };
  r.sensor_value = [this](long id) -> const double* {
    const double* value = SensorValue(id);
    if (value == nullptr)
      throw std::invalid_argument("no active sensor stores a value under id " + std::to_string(id));
    return value;
  };
  return r;
}

double* System::SensorValue(long id) const {
  const auto found = sensor_values_->find(id);
  return found == sensor_values_->end() ? nullptr : &found->second;
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

void System::SetActiveRows(const std::vector<bool>& active) {
  active_count_ = 0;
  for (size_t k = 0; k < rows_.size(); ++k) rows_[k].active = active[k] ? active_count_++ : -1;
  RefreshDependencies();
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
  sforce_deps_.assign(sforces_.size(), {});
  for (size_t n = 0; n < sforces_.size(); ++n)
    merge(&sforces_[n].magnitude(), &sforce_deps_[n].first, &sforce_deps_[n].second);
  vector_force_deps_.assign(vector_forces_.size(), {});
  for (size_t n = 0; n < vector_forces_.size(); ++n)
    for (int k = 0; k < 6; ++k)
      merge(vector_forces_[n].component(k), &vector_force_deps_[n].first,
            &vector_force_deps_[n].second);
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
  for (const auto& deps : sforce_deps_) reads_multipliers_ |= reads(deps.first);
  for (const auto& deps : vector_force_deps_) reads_multipliers_ |= reads(deps.first);
  for (const auto& d : diffs_) reads_multipliers_ |= reads(d.y_deps);
  for (const auto& ls : linear_) reads_multipliers_ |= reads(ls.y_deps);
}

}  // namespace msolve::system
