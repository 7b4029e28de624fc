#include "system/force_measure.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>

#include "common/error.h"
#include "math/rotation.h"
#include "mbs/contact.h"
#include "mbs/force_element.h"
#include "mbs/friction.h"
#include "mbs/joint.h"
#include "system/system.h"

namespace msolve::system {
namespace {

// the net measures, by component: |F| Fx Fy Fz |T| Tx Ty Tz
const char* const kNetNames[8] = {"FM", "FX", "FY", "FZ", "TM", "TX", "TY", "TZ"};

// component of a net measure, or -1
int NetComponent(const std::string& name) {
  for (int k = 0; k < 8; ++k)
    if (name == kNetNames[k]) return k;
  return -1;
}

// the element outputs and the entity class each reads, in the order of ForceMeasure::Target
// from kJoint (the kinds after kPtcv have no enumerator of their own: their Target is their
// place here, and Link tells them apart by their class)
const char* const kElementNames[] = {"JOINT",   "MOTION",   "SFORCE", "BUSH",  "SPDP", "VFORCE",
                                     "VTORQ",   "GFORCE",   "BEAM",   "FIELD", "PTCV", "JPRIM",
                                     "CONTACT", "FRICTION", "CVCV",   "NFORCE"};
const char* const kElementKinds[] = {
    "Joint", "Motion", "Sforce", "Bushing", "SpringDamper", "Vforce",   "Vtorque", "Gforce",
    "Beam",  "Field",  "Ptcv",   "Jprim",   "Contact",      "Friction", "Cvcv",    "Nforce"};
static_assert(std::size(kElementNames) == std::size(kElementKinds));

// the side a FRICTION call without rm notes until Link: the I side, in the axes of the
// joint's J marker
constexpr int kInJointAxes = 2;
// component_ of FRICTION's comp 7 to 18: kFrictionOutput + comp - 1, the index of the output
// in FrictionElement::Outputs
constexpr int kFrictionOutput = 100;
// component_ of CONTACT(id, index, rm): kContactOutput + the place of the quantity in
// mbs::ContactElement::Result (its DEPTH for index 1)
constexpr int kContactOutput = 200;
constexpr int kContactDepth = 6;

std::string Call(const std::string& name, const std::vector<long>& ids) {
  std::string s = name + "(";
  for (size_t k = 0; k < ids.size(); ++k) s += (k ? "," : "") + std::to_string(ids[k]);
  return s + ")";
}

// the generalised wrench of one side (force global, torque in body axes about the mass
// centre) as a force and a moment about p, global; for the ground, the opposite of the
// other side's (the elements apply equal and opposite wrenches at one point)
void SideWrench(const double* y, int body, const mbs::Wrench& w, int other_body,
                const mbs::Wrench& other, const Vec3& p, Vec3* force, Vec3* moment) {
  const bool own = body >= 0;
  const int b = own ? body : other_body;
  if (b < 0) {
    force->setZero(), moment->setZero();
    return;
  }
  const mbs::Wrench& use = own ? w : other;
  const double* x = y + System::BodyOffset(b);
  const Mat3 Rb = math::QuatToMatrix<double>(Vec4(Vec4(x[3], x[4], x[5], x[6]).normalized()));
  *force = use.head<3>();
  *moment = Rb * use.tail<3>() + (Vec3(x[0], x[1], x[2]) - p).cross(*force);
  if (!own) *force = -*force, *moment = -*moment;
}

// one side of an Nforce's element on the marker of an NFORCE call
// (docs/expression-functions.md): at an I marker, that marker's element on its I side; at J,
// every element of the Nforce on its J side
struct NforceSide {
  const mbs::ForceElement* element;
  int side;
  const mbs::BodyMarker* marker;
};

std::vector<NforceSide> NforceSides(const System& sys, long id, const model::Marker* marker,
                                    bool* found) {
  std::vector<NforceSide> sides;
  *found = false;
  for (const auto& element : sys.force_elements()) {
    if (element->source()->id != id || std::string("Nforce") != element->source()->TypeName())
      continue;
    *found = true;
    if (element->i().source == marker) sides.push_back({element.get(), 0, &element->i()});
    if (element->j().source == marker) sides.push_back({element.get(), 1, &element->j()});
  }
  return sides;
}

}  // namespace

bool ForceMeasure::Handles(const std::string& name) {
  if (NetComponent(name) >= 0) return true;
  return std::find(std::begin(kElementNames), std::end(kElementNames), name) !=
         std::end(kElementNames);
}

std::vector<std::string> ForceMeasure::NetNames() {
  return {std::begin(kNetNames), std::end(kNetNames)};
}

std::vector<std::string> ForceMeasure::ElementNames() {
  return {std::begin(kElementNames), std::end(kElementNames)};
}

ForceMeasure::ForceMeasure(const model::Marker* i, const model::Marker* j, const System& sys)
    : call_("FORCE"), i_(i), j_(j), point_(sys.MarkerOf(i)) {}

ForceMeasure::ForceMeasure(const std::string& name, const std::vector<long>& ids,
                           const std::string& owner, const System& sys)
    : owner_(owner), call_(Call(name, ids)) {
  const int net = NetComponent(name);
  if (net >= 0) {
    const size_t most = name == "FM" || name == "TM" ? 2 : 3;
    const size_t least = name == "TM" ? 2 : 1;
    if (ids.size() < least || ids.size() > most)
      throw std::invalid_argument(name + " takes " +
                                  (least == most
                                       ? std::to_string(most)
                                       : std::to_string(least) + " to " + std::to_string(most)) +
                                  " marker ids, got " + std::to_string(ids.size()));
    if (ids[0] == 0) throw std::invalid_argument(name + ": the first marker id must not be 0");
    point_ = sys.MarkerById(ids[0]);
    i_ = point_.source;
    if (ids.size() > 1 && ids[1] != 0) j_ = sys.MarkerById(ids[1]).source;
    if (name == "TM" && j_ == nullptr) throw std::invalid_argument("TM needs both markers I and J");
    if (ids.size() > 2) frame_ = sys.MarkerById(ids[2]);
    component_ = net;
    return;
  }
  const auto found = std::find(std::begin(kElementNames), std::end(kElementNames), name);
  if (found == std::end(kElementNames)) throw std::invalid_argument("unknown function " + name);
  target_ = static_cast<Target>(1 + (found - std::begin(kElementNames)));
  if (name == "CONTACT" && ids.size() == 3) {
    // CONTACT(id, index, rm) (docs/expression-functions.md): index 1, the largest penetration
    // depth of the Contact's points; the page's list of the other indices was not readable
    if (ids[1] != 1)
      throw std::invalid_argument(
          "CONTACT(id, index, rm): index " + std::to_string(ids[1]) +
          " is not available in msolve, only index 1 (the penetration depth); the Contact's "
          "CONTACT result gives its points and its normal and friction forces");
    element_id_ = ids[0];
    component_ = kContactOutput + kContactDepth;
    frame_ = sys.MarkerById(ids[2]);
    contributions_.push_back(Contribution{});  // the element is found by Link
    return;
  }
  if (name == "FRICTION") {
    // FRICTION(id, comp[, rm]) (docs/expression-functions.md): the friction force and
    // torque on I, in the axes of rm (the joint's J marker when not given)
    if (ids.size() < 2 || ids.size() > 3)
      throw std::invalid_argument("FRICTION takes (id, comp[, rm]), got " +
                                  std::to_string(ids.size()) + " arguments");
    if (ids[1] < 1 || ids[1] > 18) throw std::invalid_argument("FRICTION: comp must be 1 to 18");
    element_id_ = ids[0];
    // comp 1-6: FX FY FZ, TX TY TZ of the wrench; 7-18: the element's other outputs
    component_ = ids[1] > 6 ? kFrictionOutput + static_cast<int>(ids[1]) - 1
                            : static_cast<int>(ids[1]) + (ids[1] > 3 ? 1 : 0);
    Contribution side;  // the I side; the element is found by Link
    if (ids.size() > 2)
      frame_ = sys.MarkerById(ids[2]);
    else
      side.side = kInJointAxes;
    contributions_.push_back(side);
    return;
  }
  if (ids.size() < 3 || ids.size() > 4)
    throw std::invalid_argument(name + " takes (id, jflag, comp[, rm]), got " +
                                std::to_string(ids.size()) + " arguments");
  if (name == "NFORCE") {
    // NFORCE(id, marker, comp[, rm]): the second argument is the marker the force acts on
    if (ids[1] == 0)
      throw std::invalid_argument(
          "NFORCE: the second argument is the id of one of the Nforce's "
          "markers (an I marker or J), not 0");
    i_ = sys.MarkerById(ids[1]).source;
  } else if (ids[1] > 1) {
    throw std::invalid_argument(name + ": jflag must be 0 (I side) or 1 (J side)");
  }
  if (ids[2] < 1 || ids[2] > 8)
    throw std::invalid_argument(name + ": comp must be 1 to 8 (|F| Fx Fy Fz |T| Tx Ty Tz)");
  element_id_ = ids[0];
  component_ = static_cast<int>(ids[2]) - 1;
  if (ids.size() > 3) frame_ = sys.MarkerById(ids[3]);
  Contribution side;
  side.side = static_cast<int>(ids[1]);
  contributions_.push_back(side);  // the element is found by Link
}

void ForceMeasure::AddContribution(const System& sys, Contribution c) {
  if (c.joint) {
    const int index = static_cast<int>(c.joint - sys.joints().data());
    for (const JointRow& row : sys.rows())
      if (row.joint == index) c.rows.push_back(&row);
  }
  contributions_.push_back(std::move(c));
}

void ForceMeasure::Link(const System& sys) {
  lambda_offset_ = sys.lambda_offset();
  linked_ = true;
  if (target_ == Target::kNet) {
    contributions_.clear();
    // the side of an element whose markers (a, b) connect i_ to j_ (or to anything)
    const auto side_of = [&](const mbs::BodyMarker& a, const mbs::BodyMarker& b) {
      if (a.source == i_ && (j_ == nullptr || b.source == j_)) return 0;
      if (b.source == i_ && (j_ == nullptr || a.source == j_)) return 1;
      return -1;
    };
    for (const auto& joint : sys.joints()) {
      // a general constraint acts at its marker i (docs/equations.md §2.14)
      if (joint.general() && joint.i().source == i_ && i_ != nullptr && j_ == nullptr) {
        Contribution c;
        c.joint = &joint;
        c.side = 0;
        AddContribution(sys, c);
        continue;
      }
      // a relation between joints (Coupler, Gear) connects no pair of markers
      if (!joint.single_pair()) continue;
      Contribution c;
      c.joint = &joint;
      c.side = side_of(joint.i(), joint.j());
      if (c.side >= 0) AddContribution(sys, c);
    }
    for (const auto& element : sys.force_elements()) {
      Contribution c;
      c.element = element.get();
      c.side = side_of(element->i(), element->j());
      // an action-only force puts nothing on J
      if (c.side == 0 || (c.side == 1 && element->reacts_on_j())) AddContribution(sys, c);
    }
    return;
  }
  Contribution c = contributions_.front();
  contributions_.clear();
  const long id = element_id_;
  const mbs::BodyMarker* side_marker[2] = {nullptr, nullptr};
  std::string kind;
  switch (target_) {
    case Target::kJoint:
    case Target::kMotion:
      kind = target_ == Target::kJoint ? "Joint" : "Motion";
      for (const auto& joint : sys.joints()) {
        const model::Entity* source = joint.motion();
        if (target_ == Target::kJoint && source == nullptr) source = joint.joint();
        if (source && source->id == id &&
            (target_ == Target::kMotion) == (joint.motion() != nullptr)) {
          c.joint = &joint;
          side_marker[0] = &joint.i(), side_marker[1] = &joint.j();
        }
      }
      break;
    case Target::kPtcv:
      // the rows that hold the point on the curve (docs/equations.md §2.7), not those that
      // hold the parameter body
      kind = "Ptcv";
      for (const auto& joint : sys.joints())
        if (joint.source() && joint.source()->id == id && kind == joint.source()->TypeName() &&
            joint.terms() == 2) {
          c.joint = &joint;
          side_marker[0] = &joint.i(), side_marker[1] = &joint.j();
        }
      break;
    default:
      kind = kElementKinds[static_cast<int>(target_) - 1];
      if (kind == "Cvcv") return LinkCvcv(sys, c);
      if (kind == "Nforce") {
        bool found = false;
        for (const NforceSide& at : NforceSides(sys, id, i_, &found)) {
          c.element = at.element, c.side = at.side, point_ = *at.marker;
          AddContribution(sys, c);
        }
        if (!found) break;  // no such Nforce: the error below
        if (contributions_.empty())
          throw ModelError(owner_ + ": " + call_ + ": " + i_->Describe() +
                           " is neither an I marker nor the J marker of Nforce " +
                           std::to_string(id));
        return;
      }
      if (kind == "Jprim") {
        for (const auto& joint : sys.joints())
          if (joint.source() && joint.source()->id == id && kind == joint.source()->TypeName() &&
              joint.motion() == nullptr) {
            c.joint = &joint;
            side_marker[0] = &joint.i(), side_marker[1] = &joint.j();
          }
        break;
      }
      for (const auto& element : sys.force_elements())
        if (element->source()->id == id && kind == element->source()->TypeName()) {
          c.element = element.get();
          side_marker[0] = &element->i(), side_marker[1] = &element->j();
        }
      break;
  }
  if (c.side == kInJointAxes) {
    c.side = 0;
    if (side_marker[1]) frame_ = *side_marker[1];
  }
  if (kind == "Contact" && c.element) {
    // CONTACT reports at the mass centre of the I or J part (its body frame's origin)
    mbs::BodyMarker centre;
    centre.body = side_marker[c.side]->body;
    point_ = centre;
    AddContribution(sys, c);
    return;
  }
  if (!c.joint && !c.element)
    throw ModelError(owner_ + ": " + call_ + ": there is no active " + kind + " " +
                     std::to_string(id));
  if (side_marker[0]) point_ = *side_marker[c.side];
  AddContribution(sys, c);
}

void ForceMeasure::LinkCvcv(const System& sys, Contribution c) {
  // every row of the Cvcv (docs/equations.md §2.8) acts on the parts through the massless
  // parameter bodies: the reactions on the parts are those of all its constraints, the
  // parts those of its contact-point constraint's curve terms (markers irm and jrm)
  const long id = element_id_;
  std::vector<const mbs::JointConstraint*> found;
  for (const auto& joint : sys.joints())
    if (joint.source() && joint.source()->id == id &&
        std::string("Cvcv") == joint.source()->TypeName()) {
      found.push_back(&joint);
      if (joint.terms() == 3) contact_ = &joint;
    }
  if (contact_ == nullptr)
    throw ModelError(owner_ + ": " + call_ + ": there is no active Cvcv " + std::to_string(id));
  c.parts = std::array<int, 2>{contact_->term(1).i.body, contact_->term(2).i.body};
  for (const mbs::JointConstraint* joint : found) {
    Contribution one = c;
    one.joint = joint;
    AddContribution(sys, one);
  }
}

Vec3 ForceMeasure::CurveContactPoint(const double* y) const {
  // the icurve term: marker irm (i) and the parameter body (j) whose global z is alpha
  const mbs::JointConstraint::Term& on_i = contact_->term(1);
  const mbs::Frame<double> f = mbs::MarkerFrame(on_i.i, System::BodyState(on_i.i.body, y));
  const double alpha = System::BodyState(on_i.j.body, y)[2];
  return f.p + f.R * on_i.curve->Evaluate(alpha, 0);
}

void ForceMeasure::ContributionWrench(const Contribution& c, double t, const double* y,
                                      const double* yp, const double* memory, const Vec3& p,
                                      Vec3* force, Vec3* moment) const {
  mbs::Wrench w[2];
  int body[2];
  if (c.joint && (!c.joint->single_pair() || c.parts)) {
    TermsWrench(c, t, y, memory, body, w);
  } else if (c.joint) {
    // reactions from the multipliers: -Phi_q^T lambda on each moving side
    const System::JointSides sides = System::SidesOf(*c.joint, y);
    double phi[6];
    mbs::PairGradient grad;
    c.joint->Evaluate(sides.state[0], sides.state[1], c.joint->Slots(memory), phi, &grad);
    for (int s = 0; s < 2; ++s) {
      body[s] = sides.body[s];
      w[s].setZero();
      if (body[s] < 0) continue;
      const double* q = sides.state[s];
      const Vec4 e(q[3], q[4], q[5], q[6]);
      for (size_t k = 0; k < c.rows.size(); ++k) {
        const int a = c.rows[k]->active;
        if (a < 0) continue;
        const double lambda = y[lambda_offset_ + a];
        w[s].head<3>() -= lambda * grad.row(k).segment<3>(mbs::kBodyQ * s).transpose();
        w[s].tail<3>() -= lambda * 0.5 * math::QuatL(e).transpose() *
                          grad.row(k).segment<4>(mbs::kBodyQ * s + 3).transpose();
      }
    }
  } else {
    body[0] = c.element->i().body, body[1] = c.element->j().body;
    c.element->Evaluate(t, y, yp, memory, &w[0], &w[1]);
    if (!c.element->reacts_on_j()) body[1] = kGround, w[1].setZero();
  }
  const int s = c.side;
  SideWrench(y, body[s], w[s], body[1 - s], w[1 - s], p, force, moment);
}

void ForceMeasure::TermsWrench(const Contribution& c, double t, const double* y,
                               const double* memory, int* body,
                               Eigen::Matrix<double, 6, 1>* w) const {
  // a constraint of several terms: the reactions on the bodies of its first term's markers,
  // -Phi_q^T lambda summed over every term that moves them
  const mbs::JointConstraint& joint = *c.joint;
  body[0] = c.parts ? (*c.parts)[0] : joint.i().body;
  body[1] = c.parts ? (*c.parts)[1] : joint.j().body;
  w[0].setZero(), w[1].setZero();
  double phi[6];
  mbs::PairGradient grad;
  // a nonlinear Coupler's law, a general constraint's row (docs/equations.md §2.14)
  mbs::Coupling coupling;
  const mbs::Coupling* law =
      joint.coupled() ? System::CouplingOf(joint, t, y, memory, false, &coupling) : nullptr;
  for (int term = 0; term < joint.terms(); ++term) {
    const System::JointSides sides = System::SidesOf(joint, term, y);
    joint.EvaluateTerm(term, sides.state[0], sides.state[1], joint.Slots(memory), phi, &grad, law);
    for (int s = 0; s < 2; ++s) {
      const int b = sides.body[s];
      if (b < 0 || (b != body[0] && b != body[1])) continue;
      mbs::Wrench& out = w[b == body[0] ? 0 : 1];
      const double* q = sides.state[s];
      const Vec4 e(q[3], q[4], q[5], q[6]);
      for (size_t k = 0; k < c.rows.size(); ++k) {
        const int a = c.rows[k]->active;
        if (a < 0) continue;
        const double lambda = y[lambda_offset_ + a];
        out.head<3>() -= lambda * grad.row(k).segment<3>(mbs::kBodyQ * s).transpose();
        out.tail<3>() -= lambda * 0.5 * math::QuatL(e).transpose() *
                         grad.row(k).segment<4>(mbs::kBodyQ * s + 3).transpose();
      }
    }
  }
}

void ForceMeasure::Wrench(double t, const double* y, const double* yp, const double* memory,
                          Vec3* force, Vec3* moment) const {
  if (!linked_) throw ModelError(owner_ + ": " + call_ + " is used before the model is complete");
  const Guard guard = Enter();
  const Vec3 p = contact_ ? CurveContactPoint(y)
                          : mbs::MarkerFrame(point_, System::BodyState(point_.body, y)).p;
  force->setZero(), moment->setZero();
  Vec3 f, m;
  for (const Contribution& c : contributions_) {
    ContributionWrench(c, t, y, yp, memory, p, &f, &m);
    *force += f, *moment += m;
  }
}

ForceMeasure::Guard ForceMeasure::Enter() const {
  if (busy_)
    throw ModelError(owner_ + ": " + call_ +
                     " depends on itself: it measures a force whose expression reads it");
  busy_ = true;
  return Guard{&busy_};
}

double ForceMeasure::Value(double t, const double* y, const double* yp,
                           const double* memory) const {
  if (component_ >= kContactOutput) {
    // CONTACT(id, index, rm): a scalar of the Contact's result (docs/equations.md §3.13)
    if (!linked_) throw ModelError(owner_ + ": " + call_ + " is used before the model is complete");
    const auto* contact = dynamic_cast<const mbs::ContactElement*>(contributions_.front().element);
    const auto out = contact->Result(mbs::BodyStates(contact->i().body, y),
                                     mbs::BodyStates(contact->j().body, y));
    return out[component_ - kContactOutput];
  }
  if (component_ >= kFrictionOutput) {
    // FRICTION's coefficients and slip velocities: one component of a triple, rm's axes
    if (!linked_) throw ModelError(owner_ + ": " + call_ + " is used before the model is complete");
    const auto* friction =
        dynamic_cast<const mbs::FrictionElement*>(contributions_.front().element);
    const auto out = friction->Outputs(t, y, yp, memory);
    const int index = component_ - kFrictionOutput;
    const int first = index - index % 3;
    const Vec3 v(out[first], out[first + 1], out[first + 2]);
    const Mat3 R = mbs::MarkerFrame(frame_, System::BodyState(frame_.body, y)).R;
    return R.col(index % 3).dot(v);
  }
  Vec3 force, moment;
  Wrench(t, y, yp, memory, &force, &moment);
  const Vec3& v = component_ < 4 ? force : moment;
  const int axis = component_ % 4 - 1;
  if (axis < 0) return v.norm();
  const Mat3 R = mbs::MarkerFrame(frame_, System::BodyState(frame_.body, y)).R;
  return R.col(axis).dot(v);
}

double ForceMeasure::Gradient(double t, const double* y, const double* yp, const double* memory,
                              mbs::SparseGradient* dy, mbs::SparseGradient* dyp) const {
  std::vector<int> y_deps, yp_deps;
  Dependencies(&y_deps, &yp_deps);
  dy->clear();
  dyp->clear();
  // the measure reads only its dependencies, so copies up to the largest one suffice
  work_y_.assign(y, y + (y_deps.empty() ? 0 : y_deps.back() + 1));
  work_yp_.assign(yp, yp + (yp_deps.empty() ? 0 : yp_deps.back() + 1));
  const double* Y = y_deps.empty() ? y : work_y_.data();
  const double* YP = yp_deps.empty() ? yp : work_yp_.data();
  const double value = Value(t, Y, YP, memory);
  const auto central = [&](std::vector<double>* work, int index) {
    const double x = (*work)[index];
    const double h = 1e-6 * std::max(1.0, std::abs(x));
    (*work)[index] = x + h;
    const double up = Value(t, Y, YP, memory);
    (*work)[index] = x - h;
    const double down = Value(t, Y, YP, memory);
    (*work)[index] = x;
    return (up - down) / (2 * h);
  };
  for (int index : y_deps) dy->emplace_back(index, central(&work_y_, index));
  for (int index : yp_deps) dyp->emplace_back(index, central(&work_yp_, index));
  return value;
}

void ForceMeasure::Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const {
  const Guard guard = Enter();
  y_indices->clear();
  yp_indices->clear();
  const auto body = [&](int b, int count) {
    if (b < 0) return;
    for (int k = 0; k < count; ++k) y_indices->push_back(System::BodyOffset(b) + k);
  };
  const auto function = [&](const mbs::StateFunction* f) {
    if (f == nullptr) return;
    std::vector<int> fy, fyp;
    f->Dependencies(&fy, &fyp);
    y_indices->insert(y_indices->end(), fy.begin(), fy.end());
    yp_indices->insert(yp_indices->end(), fyp.begin(), fyp.end());
  };
  body(point_.body, mbs::kBodyQ);
  body(frame_.body, mbs::kBodyQ);
  for (const Contribution& c : contributions_) {
    if (c.joint) {
      // every body the terms read (a Ptcv's or Cvcv's parameter bodies too)
      for (int term = 0; term < c.joint->terms(); ++term) {
        body(c.joint->term(term).i.body, mbs::kBodyQ);
        body(c.joint->term(term).j.body, mbs::kBodyQ);
      }
      for (const JointRow* row : c.rows)
        if (row->active >= 0) y_indices->push_back(lambda_offset_ + row->active);
    } else {
      for (int b : c.element->state_bodies()) body(b, mbs::kBodyX);
      for (const mbs::StateFunction* f : c.element->functions()) function(f);
      // the element's own states (a friction's bristles)
      for (int k = 0; k < c.element->state_count(); ++k)
        y_indices->push_back(c.element->first_state() + k);
    }
  }
  for (auto* v : {y_indices, yp_indices}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
}

}  // namespace msolve::system
