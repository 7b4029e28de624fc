#include "mbs/contact.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "math/rotation.h"
#include "mbs/wrench.h"

namespace msolve::mbs {
namespace {

using contact_detail::Val;

// the most contact points the collision library reports for one pair of solids
constexpr int kMaxLibraryPoints = 16;

// STEP(x, x0, h0, x1, h1): the cubic step of MotionSolve's expressions (docs/
// motionsolve-compatibility.md §4.3), h0 below x0, h1 above x1.
template <class S>
S Step(const S& x, double x0, double h0, double x1, double h1) {
  if (Val(x) <= x0) return S(h0);
  if (Val(x) >= x1) return S(h1);
  const S s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * s * s * (3.0 - 2.0 * s);
}

// The global position of marker m at the body states x (nullptr for the ground), for the
// broad phase: no frame, no velocity.
Vec3 Centre(const BodyMarker& m, const double* x) {
  if (x == nullptr) return m.s;
  const Vec3 r(x[0], x[1], x[2]);
  if (m.s.isZero()) return r;
  return r + math::QuatToMatrix<double>(x + 3) * m.s;
}

// Whether the spheres that hold solids a and b (centres ca, cb) overlap.
bool MayTouch(const ContactShape& a, const Vec3& ca, const ContactShape& b, const Vec3& cb) {
  const double reach = a.bound + b.bound;
  return (ca - cb).squaredNorm() < reach * reach;
}

template <class S>
PlacedShape<S> Place(const ContactShape& shape, const S* x) {
  const MarkerMotion<S> m = Motion(shape.m, x);
  PlacedShape<S> placed;
  placed.sphere = shape.sphere;
  placed.c = m.p;
  placed.R = m.R;
  placed.radius = shape.radius;
  placed.half = shape.half;
  return placed;
}

template <class S>
Vec3 Values(const math::Vec3T<S>& v) {
  return Vec3(Val(v[0]), Val(v[1]), Val(v[2]));
}

template <class S>
Mat3 Values(const math::Mat3T<S>& m) {
  Mat3 out;
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) out(a, b) = Val(m(a, b));
  return out;
}

// The contact points of a pair without a closed form: found by the collision library at the
// values, each kept as a point of I and a point and normal of J fixed in their solids, so that
// the depth (pj - pi) . n follows the two bodies' motion to first order (its derivatives).
template <class S>
void LibraryContacts(const ContactShape& a, const PlacedShape<S>& pa, const ContactShape& b,
                     const PlacedShape<S>& pb, std::vector<ContactPoint<S>>* out) {
  std::vector<FclWitness> found;
  FclContacts(a.fcl, Values(pa.c), Values(pa.R), b.fcl, Values(pb.c), Values(pb.R),
              kMaxLibraryPoints, &found);
  for (const FclWitness& w : found) {
    const math::Vec3T<S> pi = pa.c + pa.R * w.pi.template cast<S>();
    const math::Vec3T<S> pj = pb.c + pb.R * w.pj.template cast<S>();
    ContactPoint<S> k;
    k.n = pb.R * w.nj.template cast<S>();
    k.depth = (pj - pi).dot(k.n);
    if (!(Val(k.depth) > 0)) continue;
    k.p = (pi + pj) / 2.0;
    out->push_back(k);
  }
}

// the normal force (docs/equations.md §3.13) from the depth and its rate, not negative
template <class S>
S NormalForce(const ContactLaw& law, const S& depth, const S& rate) {
  using std::pow;
  S f;
  if (law.poisson) {
    // penalty p d while the depth grows or holds, e^2 p d once it decreases faster than
    // normal_trans (restitution), a STEP between
    const double e2 = law.restitution * law.restitution;
    f = law.penalty * depth * Step(rate, -law.normal_trans, e2, 0.0, 1.0);
  } else {
    // IMPACT: k d^e + STEP(d, 0, 0, dmax, c) d', as the IMPACT function
    f = law.stiffness * pow(depth, law.exponent);
    if (law.damping > 0) f += Step(depth, 0.0, 0.0, law.dmax, law.damping) * rate;
  }
  return Val(f) > 0 ? f : S(0.0);
}

// The elastic part of the normal force at depth d > 0, k d^e (IMPACT) or p d (POISSON), and
// the energy it stores, its integral over the depth (docs/equations.md §7).
double ElasticForce(const ContactLaw& law, double d) {
  return law.poisson ? law.penalty * d : law.stiffness * std::pow(d, law.exponent);
}
double ElasticEnergy(const ContactLaw& law, double d) {
  return law.poisson ? law.penalty * d * d / 2
                     : law.stiffness * std::pow(d, law.exponent + 1) / (law.exponent + 1);
}

// the friction coefficient at slip speed v: STEP(v, 0, 0, vs, mu_s) up to the stiction
// transition velocity vs, STEP(v, vs, mu_s, vt, mu_d) up to the friction transition vt
template <class S>
S FrictionCoefficient(const ContactLaw& law, const S& v) {
  if (Val(v) <= law.stiction_v) return Step(v, 0.0, 0.0, law.stiction_v, law.mu_static);
  return Step(v, law.stiction_v, law.mu_static, law.friction_v, law.mu_dynamic);
}

}  // namespace

ContactElement::ContactElement(const model::Contact* source, BodyMarker i, BodyMarker j,
                               std::vector<ContactShape> ishapes, std::vector<ContactShape> jshapes,
                               ContactLaw law)
    : PairForceElement(source, i, j),
      ishapes_(std::move(ishapes)),
      jshapes_(std::move(jshapes)),
      law_(law) {}

template <class S>
bool ContactElement::Near(const S* xI, const S* xJ) const {
  double values[2][kBodyX];
  const double* x[2] = {nullptr, nullptr};
  for (int s = 0; s < 2; ++s) {
    const S* from = s == 0 ? xI : xJ;
    if (from == nullptr) continue;
    for (int k = 0; k < kBodyX; ++k) values[s][k] = Val(from[k]);
    x[s] = values[s];
  }
  for (const ContactShape& a : ishapes_) {
    const Vec3 ca = Centre(a.m, x[0]);
    for (const ContactShape& b : jshapes_)
      if (MayTouch(a, ca, b, Centre(b.m, x[1]))) return true;
  }
  return false;
}

template <class S>
void ContactElement::Collect(const S* xI, const S* xJ, std::vector<ContactPoint<S>>* points) const {
  // broad phase, on the values: the spheres that hold the two solids must overlap
  double values[2][kBodyX];
  const double* x[2] = {nullptr, nullptr};
  for (int s = 0; s < 2; ++s) {
    const S* from = s == 0 ? xI : xJ;
    if (from == nullptr) continue;
    for (int k = 0; k < kBodyX; ++k) values[s][k] = Val(from[k]);
    x[s] = values[s];
  }
  for (const ContactShape& a : ishapes_) {
    const Vec3 ca = Centre(a.m, x[0]);
    for (const ContactShape& b : jshapes_) {
      if (!MayTouch(a, ca, b, Centre(b.m, x[1]))) continue;
      const PlacedShape<S> pa = Place(a, xI), pb = Place(b, xJ);
      bool handled = false;
      if (a.cylinder && b.closed_form && !b.sphere)
        CylinderBox(pa, pb, true, points, &handled);
      else if (b.cylinder && a.closed_form && !a.sphere)
        CylinderBox(pb, pa, false, points, &handled);
      if (handled) continue;
      if (a.closed_form && b.closed_form)
        ShapeContacts(pa, pb, points);
      else
        LibraryContacts(a, pa, b, pb, points);
    }
  }
}

template <class S>
void ContactElement::ComputeT(const S* xI, const S* xJ, S* out,
                              std::vector<ContactState>* states) const {
  using std::sqrt;
  for (int k = 0; k < 12; ++k) out[k] = S(0.0);
  if (!Near(xI, xJ)) return;
  // the points of a step's solution (one thread per System: the buffer is reused)
  thread_local std::vector<ContactPoint<S>> points;
  points.clear();
  Collect(xI, xJ, &points);
  if (points.empty()) return;
  const MarkerMotion<S> bi = Motion(i(), xI);
  const MarkerMotion<S> bj = Motion(j(), xJ);
  S part[6];
  for (const ContactPoint<S>& k : points) {
    // velocities of the material points of I and J at the contact point
    const math::Vec3T<S> vi = bi.v + bi.w.cross(math::Vec3T<S>(k.p - bi.p));
    const math::Vec3T<S> vj = bj.v + bj.w.cross(math::Vec3T<S>(k.p - bj.p));
    const math::Vec3T<S> vr = vi - vj;
    const S vn = vr.dot(k.n);
    const S fn = NormalForce(law_, k.depth, S(-vn));
    math::Vec3T<S> force = k.n * fn;
    const math::Vec3T<S> slip = vr - k.n * vn;
    math::Vec3T<S> friction = math::Vec3T<S>::Zero();
    const double speed2 = Val(slip.squaredNorm());
    if (law_.friction && Val(fn) > 0 && speed2 > 0) {
      const S speed = sqrt(slip.squaredNorm());
      friction = slip * (-FrictionCoefficient(law_, speed) * fn / speed);
      force += friction;
    }
    const math::Vec3T<S> zero = math::Vec3T<S>::Zero();
    ToBodyAt<S>(xI, k.p, force, zero, part);
    if (xI)
      for (int c = 0; c < 6; ++c) out[c] += part[c];
    ToBodyAt<S>(xJ, k.p, math::Vec3T<S>(-force), zero, part);
    if (xJ)
      for (int c = 0; c < 6; ++c) out[6 + c] += part[c];
    if (states) {
      ContactState s;
      for (int c = 0; c < 3; ++c) {
        s.point[c] = Val(k.p[c]);
        s.normal[c] = Val(k.n[c]);
        s.friction[c] = Val(friction[c]);
        s.slip[c] = Val(slip[c]);
      }
      s.depth = Val(k.depth);
      s.normal_force = Val(fn);
      s.normal_speed = Val(vn);
      states->push_back(s);
    }
  }
}

void ContactElement::Compute(const double* xI, const double* xJ, const double* slots,
                             double* out) const {
  (void)slots;
  ComputeT(xI, xJ, out, nullptr);
}

void ContactElement::Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const {
  (void)slots;
  ComputeT(xI, xJ, out, nullptr);
}

void ContactElement::AddJacobian(double t, const double* y, const double* yp, const double* memory,
                                 double cj, std::vector<Triplet>* out) const {
  // a contact that does not touch puts no force and so no derivative: its entries stay out
  // of the Jacobian's pattern (the pattern changes when it starts or stops touching), so
  // that the cost of the sparse factorisation follows the pairs that touch, not all pairs
  const double* xI = BodyStates(i().body, y);
  const double* xJ = BodyStates(j().body, y);
  if (!Near(xI, xJ)) return;
  thread_local std::vector<ContactPoint<double>> points;
  points.clear();
  Collect(xI, xJ, &points);
  if (points.empty()) return;
  PairForceElement::AddJacobian(t, y, yp, memory, cj, out);
}

double ContactElement::Gap(const ContactShape& a, const PlacedShape<double>& pa,
                           const ContactShape& b, const PlacedShape<double>& pb) {
  std::vector<ContactPoint<double>> unused;
  bool handled = false;
  double gap = 0.0;
  if (a.cylinder && b.closed_form && !b.sphere) CylinderBox(pa, pb, true, &unused, &handled, &gap);
  if (b.cylinder && a.closed_form && !a.sphere) CylinderBox(pb, pa, false, &unused, &handled, &gap);
  return handled ? gap : ShapeGap(pa, pb);
}

void ContactElement::Switches(const double* y, double* g) const {
  const double* xI = BodyStates(i().body, y);
  const double* xJ = BodyStates(j().body, y);
  for (const ContactShape& a : ishapes_) {
    const Vec3 ca = Centre(a.m, xI);
    for (const ContactShape& b : jshapes_) {
      const Vec3 cb = Centre(b.m, xJ);
      // apart in the broad phase: the gap of the bounding spheres, a positive lower bound of
      // the solids' (a gap changes sign only where both solids are placed)
      if (!MayTouch(a, ca, b, cb))
        *g++ = (ca - cb).norm() - (a.bound + b.bound);
      else
        *g++ = Gap(a, Place(a, xI), b, Place(b, xJ));
    }
  }
}

double ContactElement::Energy(const double* xI, const double* xJ, const double* slots) const {
  (void)slots;
  if (!Near(xI, xJ)) return 0.0;
  double stored = 0.0;
  for (const ContactState& k : Points(xI, xJ)) stored += ElasticEnergy(law_, k.depth);
  return stored;
}

double ContactElement::NonConservativePower(const double* xI, const double* xJ, const double* slots,
                                            const Wrench& on_i, const Wrench& on_j) const {
  if (!Near(xI, xJ)) return 0.0;
  // the whole power less that of the elastic forces, f_e v_n = -d(Energy)/dt: the power of
  // the damping (or of the restitution's unloading) and of friction, never positive
  double power = PairForceElement::NonConservativePower(xI, xJ, slots, on_i, on_j);
  for (const ContactState& k : Points(xI, xJ))
    power -= ElasticForce(law_, k.depth) * k.normal_speed;
  return power;
}

std::vector<ContactState> ContactElement::Points(const double* xI, const double* xJ) const {
  double out[12];
  std::vector<ContactState> states;
  ComputeT(xI, xJ, out, &states);
  return states;
}

std::array<double, ContactElement::kResultSize> ContactElement::Result(const double* xI,
                                                                       const double* xJ) const {
  std::array<double, kResultSize> out{};
  const std::vector<ContactState> points = Points(xI, xJ);
  Vec3 force = Vec3::Zero(), weighted = Vec3::Zero(), deepest = Vec3::Zero();
  double fn = 0, ff = 0, depth = 0, slip = 0;
  for (const ContactState& k : points) {
    force += k.normal * k.normal_force + k.friction;
    fn += k.normal_force;
    ff += k.friction.norm();
    weighted += k.point * k.normal_force;
    if (k.depth >= depth) depth = k.depth, deepest = k.point;
    slip = std::max(slip, k.slip.norm());
  }
  const Vec3 at = fn > 0 ? Vec3(weighted / fn) : deepest;
  out = {force.norm(), force[0], force[1], force[2], fn,   ff,
         depth,        at[0],    at[1],    at[2],    slip, static_cast<double>(points.size())};
  return out;
}

}  // namespace msolve::mbs
