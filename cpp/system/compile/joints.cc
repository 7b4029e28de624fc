// compile(model), the constraints: Joints, Jprims, and the relations between joints'
// coordinates (SCREW and RACKPIN joints, Couplers, Gears), each a JointConstraint whose rows
// follow the rows of the constraints before it
#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include "common/error.h"
#include "math/rotation.h"
#include "system/compile/builder.h"

namespace msolve::system {
namespace {

using Term = mbs::JointConstraint::Term;

// the value of a single-row coordinate at the positions in y (its origin)
double CoordinateAt(mbs::JointType type, const mbs::BodyMarker& i, const mbs::BodyMarker& j,
                    const VecX& y) {
  const mbs::JointConstraint c(nullptr, type, i, j);
  double value = 0.0;
  // a fresh constraint: no memory, its angle within half a turn of zero
  c.EvaluateValue(System::BodyState(i.body, y.data()), System::BodyState(j.body, y.data()), nullptr,
                  &value);
  return value;
}

// a term of a relation, measured from its value in the design position
Term MakeTerm(mbs::JointType type, const mbs::BodyMarker& i, const mbs::BodyMarker& j, double scale,
              const VecX& design) {
  Term t;
  t.type = type;
  t.i = i;
  t.j = j;
  t.scale = scale;
  t.origin = CoordinateAt(type, i, j, design);
  return t;
}

// the free coordinate of a joint a Coupler or Gear relates: "R" rotation, "T" translation
mbs::JointType FreeCoordinate(const model::Entity& owner, const model::Joint& joint,
                              const std::string& word) {
  const std::string jt = Upper(joint.type), w = Upper(word);
  if (!w.empty() && w != "R" && w != "T")
    throw ModelError(owner.Describe() + ": type must be \"R\" or \"T\" for each joint, got '" +
                     word + "' for " + joint.Describe());
  bool rotation;
  if (jt == "REVOLUTE") {
    rotation = true;
  } else if (jt == "TRANSLATIONAL") {
    rotation = false;
  } else if (jt == "CYLINDRICAL") {
    if (w.empty())
      throw ModelError(owner.Describe() + ": " + joint.Describe() +
                       " is CYLINDRICAL: say in type whether its rotation (\"R\") or its "
                       "translation (\"T\") is coupled");
    rotation = w == "R";
  } else {
    throw ModelError(owner.Describe() + ": " + joint.Describe() + " is " + joint.type +
                     "; only REVOLUTE, TRANSLATIONAL and CYLINDRICAL joints can be coupled");
  }
  if (!w.empty() && (w == "R") != rotation)
    throw ModelError(owner.Describe() + ": type '" + word + "' does not fit " + joint.Describe() +
                     " (" + joint.type + ")");
  return rotation ? mbs::JointType::kMotionRotation : mbs::JointType::kMotionTranslation;
}

}  // namespace

void System::AddConstraint(mbs::JointConstraint constraint) {
  joint_row_start_.push_back(static_cast<int>(rows_.size()));
  const int index = static_cast<int>(joints_.size());
  joints_.push_back(std::move(constraint));
  for (int r = 0; r < joints_.back().rows(); ++r) rows_.push_back({index, r, -1});
}

void Builder::Joints() {
  const VecX design = sys_.DesignState();
  const auto same_part = [](const model::Entity& owner, const model::Marker* i,
                            const model::Marker* j) {
    if (i->part == j->part)
      throw ModelError(owner.Describe() + ": markers i (" + i->Describe() + ") and j (" +
                       j->Describe() + ") are on the same part (" + i->part->Describe() + ")");
  };

  // joints: their equations; SCREW and RACKPIN relate a translation to a rotation
  for (const auto& joint : model_.joints) {
    if (!joint->active) continue;
    const auto [mi, mj] = sys_.MarkersOf(*joint, joint->i, joint->j);
    same_part(*joint, joint->i, joint->j);
    const std::string type = Upper(joint->type);
    if (type == "SCREW") {
      // d.z_J - pitch theta / 2 pi = 0, theta the turns of x_I about z_J (docs/equations.md §2.4)
      if (!(joint->pitch != 0.0) || !std::isfinite(joint->pitch))
        throw ModelError(joint->Describe() + ": a SCREW joint needs a nonzero pitch");
      sys_.AddConstraint(mbs::JointConstraint(
          joint.get(),
          {MakeTerm(mbs::JointType::kMotionTranslation, mi, mj, 1.0, design),
           MakeTerm(mbs::JointType::kMotionRotation, mi, mj, -joint->pitch / (2 * M_PI), design)}));
      continue;
    }
    if (type == "RACKPIN") {
      // travel of the pinion I along the rack's z axis = pd/2 times its rotation about z_I
      if (!(joint->pd > 0.0) || !std::isfinite(joint->pd))
        throw ModelError(joint->Describe() +
                         ": a RACKPIN joint needs a positive pd (pitch "
                         "diameter of the pinion)");
      const Vec3 zI = mbs::MarkerFrame(mi, System::BodyState(mi.body, design.data())).R.col(2);
      const Vec3 zJ = mbs::MarkerFrame(mj, System::BodyState(mj.body, design.data())).R.col(2);
      if (std::abs(zI.dot(zJ)) > 1e-6)
        throw ModelError(joint->Describe() +
                         ": the pinion's z axis (marker i) must be "
                         "perpendicular to the rack's z axis (marker j)");
      sys_.AddConstraint(mbs::JointConstraint(
          joint.get(),
          {MakeTerm(mbs::JointType::kMotionTranslation, mi, mj, 1.0, design),
           MakeTerm(mbs::JointType::kRackPinionAngle, mi, mj, -joint->pd / 2, design)}));
      continue;
    }
    mbs::JointType jt;
    if (!mbs::ParseJointType(joint->type, &jt))
      throw ModelError(joint->Describe() + ": joint type '" + joint->type +
                       "' is not supported (CONVEL, CYLINDRICAL, FIXED, HOOKE, PLANAR, RACKPIN, "
                       "REVOLUTE, SCREW, SPHERICAL, TRANSLATIONAL, UNIVERSAL)");
    sys_.AddConstraint(mbs::JointConstraint(joint.get(), jt, mi, mj));
  }

  // joint primitives
  for (const auto& jprim : model_.jprims) {
    if (!jprim->active) continue;
    mbs::JointType jt;
    if (!mbs::ParseJprimType(jprim->type, &jt))
      throw ModelError(jprim->Describe() + ": type '" + jprim->type +
                       "' is not a joint primitive (ATPOINT, INLINE, INPLANE, ORIENTATION, "
                       "PARALLEL_AXES, PERPENDICULAR)");
    const auto [mi, mj] = sys_.MarkersOf(*jprim, jprim->i, jprim->j);
    same_part(*jprim, jprim->i, jprim->j);
    sys_.AddConstraint(mbs::JointConstraint(jprim.get(), jt, mi, mj));
  }

  // planar parts: a PLANAR joint to the ground whose J frame has the plane's normal as its z
  // axis, at the part's design position (MotionSolve's Part planar)
  for (const auto& part : model_.parts) {
    if (!part->active || part->ground || !part->planar) continue;
    const std::string plane = Upper(*part->planar);
    int normal;
    if (plane == "XY" || plane == "YX") {
      normal = 2;
    } else if (plane == "YZ" || plane == "ZY") {
      normal = 0;
    } else if (plane == "ZX" || plane == "XZ") {
      normal = 1;
    } else {
      throw ModelError(part->Describe() + ": planar must be XY, YZ, ZX, YX, ZY or XZ, got '" +
                       *part->planar + "'");
    }
    const auto found = sys_.part_bodies_.find(part.get());
    if (found == sys_.part_bodies_.end() || found->second == kGround) continue;
    const int body = found->second;
    const double* q = System::BodyState(body, design.data());
    // J: the global axes turned so that z is the normal (x, y the plane's axes, right-handed)
    Mat3 plane_axes = Mat3::Identity();
    plane_axes.col(2) = Mat3::Identity().col(normal);
    plane_axes.col(0) = Mat3::Identity().col((normal + 1) % 3);
    plane_axes.col(1) = Mat3::Identity().col((normal + 2) % 3);
    mbs::BodyMarker mj;
    mj.body = kGround;
    mj.s = Vec3(q[0], q[1], q[2]);
    mj.A = plane_axes;
    mbs::BodyMarker mi;
    mi.body = body;
    mi.A = math::QuatToMatrix<double>(Vec4(q[3], q[4], q[5], q[6])).transpose() * plane_axes;
    sys_.AddConstraint(mbs::JointConstraint(part.get(), mbs::JointType::kPlanar, mi, mj));
  }
}

// a Coupler with a routine (COUSUB): the law of its joints' displacements, the routine called
// once with iflag true here (docs/equations.md §2.4)
void Builder::NonlinearCoupler(
    const model::Coupler& coupler,
    const std::vector<std::pair<mbs::BodyMarker, mbs::BodyMarker>>& pairs, const VecX& design) {
  const std::string who = coupler.Describe() + ": ";
  const std::string why = coupler.routine->Unavailable();
  if (!why.empty()) throw ModelError(who + why);
  std::optional<std::vector<double>> par;
  try {
    par = ParseUserParameters(coupler.function.empty() ? "USER()" : coupler.function);
  } catch (const std::invalid_argument& e) {
    throw ModelError(who + e.what());
  }
  if (!par)
    throw ModelError(who + "function must be USER(p1, ...), the parameters of its routine " +
                     "(COUSUB); got '" + coupler.function + "'");
  std::vector<Term> terms;
  for (size_t k = 0; k < coupler.joints.size(); ++k) {
    const std::string word = k < coupler.type.size() ? coupler.type[k] : "";
    terms.push_back(MakeTerm(FreeCoordinate(coupler, *coupler.joints[k], word), pairs[k].first,
                             pairs[k].second, 1.0, design));
  }
  auto law = std::make_shared<mbs::CouplerLaw>(&coupler, std::move(*par),
                                               static_cast<int>(coupler.joints.size()));
  law->Prepare();
  sys_.AddConstraint(mbs::JointConstraint(&coupler, std::move(terms), std::move(law)));
}

void Builder::JointRelations() {
  const VecX design = sys_.DesignState();
  // the joints a Coupler or Gear relates must be active joints of this model
  const auto markers_of_joint = [&](const model::Entity& owner, const model::Joint* joint) {
    if (joint == nullptr) throw ModelError(owner.Describe() + ": a joint is not set");
    for (const auto& c : sys_.joints_)
      if (c.joint() == joint && c.motion() == nullptr) return std::make_pair(c.i(), c.j());
    throw ModelError(owner.Describe() + ": " + joint->Describe() +
                     " is inactive or not in this model");
  };

  // couplers: sum_k scales[k] (q_k - q_k at design) = 0, or a routine's f(q - q at design) = 0
  for (const auto& coupler : model_.couplers) {
    if (!coupler->active) continue;
    const std::string who = coupler->Describe() + ": ";
    const size_t n = coupler->joints.size();
    if (n < 2 || n > 3)
      throw ModelError(who + "couples two or three joints, got " + std::to_string(n));
    if (coupler->type.size() > n)
      throw ModelError(who + "type has more entries than there are joints");
    if (coupler->routine) {
      std::vector<std::pair<mbs::BodyMarker, mbs::BodyMarker>> pairs;
      for (const model::Joint* joint : coupler->joints)
        pairs.push_back(markers_of_joint(*coupler, joint));
      NonlinearCoupler(*coupler, pairs, design);
      continue;
    }
    CheckNoUserCall(*coupler, coupler->function);
    // the scales of every joint, or of all but the first (whose scale is then 1, as Adams)
    std::vector<double> scales = coupler->scales;
    // entries beyond the joints (MotionSolve pads the list to three) must be zero
    while (scales.size() > n) {
      if (scales.back() != 0.0)
        throw ModelError(who + "has " + std::to_string(n) + " joints but " +
                         std::to_string(coupler->scales.size()) + " nonzero scales");
      scales.pop_back();
    }
    if (scales.size() == n - 1) scales.insert(scales.begin(), 1.0);
    if (scales.size() != n)
      throw ModelError(who + "give one scale per joint (" + std::to_string(n) + "), got " +
                       std::to_string(coupler->scales.size()));
    for (double v : scales)
      if (!std::isfinite(v)) throw ModelError(who + "scales must be finite numbers");
    if (std::all_of(scales.begin(), scales.end(), [](double v) { return v == 0.0; }))
      throw ModelError(who + "every scale is zero");
    std::vector<Term> terms;
    for (size_t k = 0; k < n; ++k) {
      const model::Joint* joint = coupler->joints[k];
      const auto [mi, mj] = markers_of_joint(*coupler, joint);
      const std::string word = k < coupler->type.size() ? coupler->type[k] : "";
      terms.push_back(MakeTerm(FreeCoordinate(*coupler, *joint, word), mi, mj, scales[k], design));
    }
    sys_.AddConstraint(mbs::JointConstraint(coupler.get(), std::move(terms)));
  }

  // gears (Adams GEAR): the velocity of the contact point cv along z_cv is the same on both
  // gears. Gear k turns (or slides) relative to the carrier, which holds the J markers and cv,
  // by its joint coordinate q_k about (along) z_Jk; the contact point on it then moves along
  // z_cv at a_k q_k' with a_k = (z_Jk x (p_cv - p_Jk)).z_cv (rotation) or z_Jk.z_cv
  // (translation), constants of the carrier frame: a_1 q_1 - a_2 q_2 = 0 from the design.
  for (const auto& gear : model_.gears) {
    if (!gear->active) continue;
    const std::string who = gear->Describe() + ": ";
    if (gear->joints.size() != 2)
      throw ModelError(who + "relates two joints, got " + std::to_string(gear->joints.size()));
    if (gear->cv == nullptr) throw ModelError(who + "the common velocity marker cv is not set");
    mbs::BodyMarker cv;
    try {
      cv = sys_.MarkerOf(gear->cv);
    } catch (const ModelError& e) {
      throw ModelError(who + e.what());
    }
    const mbs::Frame<double> fcv = mbs::MarkerFrame(cv, System::BodyState(cv.body, design.data()));
    std::vector<Term> terms;
    for (int k = 0; k < 2; ++k) {
      const model::Joint* joint = gear->joints[k];
      const auto [mi, mj] = markers_of_joint(*gear, joint);
      if (joint->j->part != gear->cv->part)
        throw ModelError(who + "the j marker of " + joint->Describe() + " (" +
                         joint->j->Describe() + ") must be on the carrier part of cv (" +
                         gear->cv->part->Describe() + ")");
      const std::string jt = Upper(joint->type);
      const mbs::JointType coordinate =
          FreeCoordinate(*gear, *joint, jt == "TRANSLATIONAL" ? "T" : "R");
      const mbs::Frame<double> fj = mbs::MarkerFrame(mj, System::BodyState(mj.body, design.data()));
      const Vec3 z = fj.R.col(2), zcv = fcv.R.col(2);
      const double a = coordinate == mbs::JointType::kMotionRotation
                           ? z.cross(fcv.p - fj.p).dot(zcv)
                           : z.dot(zcv);
      const double size = coordinate == mbs::JointType::kMotionRotation
                              ? std::max((fcv.p - fj.p).norm(), 1e-300)
                              : 1.0;
      if (!(std::abs(a) > 1e-9 * size))
        throw ModelError(who +
                         "the z axis of cv is not a direction in which the contact point "
                         "moves with " +
                         joint->Describe() +
                         " (for a gear turning about z_J it must be tangent to the pitch "
                         "circle through cv)");
      terms.push_back(MakeTerm(coordinate, mi, mj, k == 0 ? a : -a, design));
    }
    sys_.AddConstraint(mbs::JointConstraint(gear.get(), std::move(terms)));
  }
}

}  // namespace msolve::system
