// compile(model), the point-to-curve constraints (docs/equations.md §2.7): the parameter of
// each Ptcv's curve is the global z of a massless body of its own, which ORIENTATION and INLINE
// rows to the ground hold everywhere else; the Ptcv's 3 rows put the follower point at the
// curve's point of that parameter. The parameter is so a state of y like any coordinate, and
// every analysis (initial conditions, statics, kinematics, linearisation) sees it without a
// special case. These bodies follow the parts' bodies.
#include <cmath>
#include <limits>

#include "common/error.h"
#include "system/compile/builder.h"
#include "system/curve_function.h"

namespace msolve::system {
namespace {

// the parameter of the point of `curve` nearest to p (both in the curve's frame): the best of
// a sampling of the parameter range, refined by Newton on (c(a) - p).c'(a) = 0
double NearestParameter(const math::SpaceCurve& curve, const Vec3& p) {
  const double lo = curve.minpar(), hi = curve.maxpar();
  constexpr int kSamples = 2000;
  double best = lo, best_distance = std::numeric_limits<double>::infinity();
  for (int k = 0; k <= kSamples; ++k) {
    const double a = lo + (hi - lo) * k / kSamples;
    const double distance = (curve.Evaluate(a, 0) - p).squaredNorm();
    if (distance < best_distance) best = a, best_distance = distance;
  }
  for (int iteration = 0; iteration < 30; ++iteration) {
    const Vec3 r = curve.Evaluate(best, 0) - p;
    const Vec3 t = curve.Evaluate(best, 1);
    const double slope = t.squaredNorm() + r.dot(curve.Evaluate(best, 2));
    if (!(slope > 0.0)) break;
    const double step = r.dot(t) / slope;
    best -= step;
    if (!curve.closed()) best = std::min(std::max(best, lo), hi);
    if (std::abs(step) < 1e-15 * (hi - lo)) break;
  }
  return best;
}

}  // namespace

void Builder::CurveConstraints() {
  const VecX design = sys_.DesignState();
  for (const auto& ptcv : model_.ptcvs) {
    if (!ptcv->active) continue;
    if (ptcv->curve == nullptr)
      throw ModelError(ptcv->Describe() +
                       ": curve is not set (the Curve that the origin of marker i slides on)");
    if (!ptcv->curve->active)
      throw ModelError(ptcv->Describe() + ": its curve " + ptcv->curve->Describe() +
                       " is not active");
    const auto [mi, mj] = sys_.MarkersOf(*ptcv, ptcv->i, ptcv->j);
    if (ptcv->i->part == ptcv->j->part)
      throw ModelError(ptcv->Describe() + ": markers i (" + ptcv->i->Describe() + ") and rm (" +
                       ptcv->j->Describe() + ") are on the same part (" +
                       ptcv->i->part->Describe() + "): the point and the curve must be on " +
                       "different parts");
    if (ptcv->disp && !ptcv->disp->allFinite())
      throw ModelError(ptcv->Describe() + ": disp must be 3 finite numbers");
    if (ptcv->vel && !std::isfinite(*ptcv->vel))
      throw ModelError(ptcv->Describe() + ": vel must be a finite number");
    sys_.constraint_curves_.push_back(MakeCurve(*ptcv->curve));
    const math::SpaceCurve& curve = *sys_.constraint_curves_.back();

    // the initial contact point: the curve's point nearest to disp (a guess), else to the
    // origin of marker i, in the design position
    const mbs::Frame<double> fi = mbs::MarkerFrame(mi, System::BodyState(mi.body, design.data()));
    const mbs::Frame<double> fj = mbs::MarkerFrame(mj, System::BodyState(mj.body, design.data()));
    const Vec3 guess = ptcv->disp ? *ptcv->disp : fi.p;
    const double alpha = NearestParameter(curve, fj.R.transpose() * (guess - fj.p));

    // the parameter body: no mass, its global z the parameter, its velocity along z free
    // unless vel gives the sliding speed (|c'(alpha)| per unit of parameter rate)
    auto part = std::make_unique<model::Part>();
    part->id = ptcv->id;
    part->label = "curve parameter of " + ptcv->Describe();
    Body b;
    b.part = part.get();
    b.owner = ptcv.get();
    b.r0 = Vec3(0.0, 0.0, alpha);
    for (int c = 0; c < 6; ++c)
      b.massless_directions.push_back(Eigen::Matrix<double, 6, 1>::Unit(c));
    for (int c = 0; c < 6; ++c) b.vel_ic[c] = 0.0;
    b.vel_ic[2].reset();
    if (ptcv->vel) {
      const double speed = curve.Evaluate(alpha, 1).norm();
      if (!(speed > 0.0))
        throw ModelError(ptcv->Describe() + ": the curve has no tangent at the initial contact " +
                         "point, so vel cannot be given there");
      b.vel_ic[2] = *ptcv->vel / speed;
    }
    sys_.parameter_parts_.push_back(std::move(part));
    const int body = static_cast<int>(sys_.bodies_.size());
    sys_.bodies_.push_back(b);

    mbs::BodyMarker on_body, fixed, axis;
    on_body.body = body;
    fixed.body = kGround;
    fixed.s = b.r0;
    axis.body = kGround;
    sys_.AddConstraint(
        mbs::JointConstraint(ptcv.get(), mbs::JointType::kOrientation, on_body, fixed));
    sys_.AddConstraint(mbs::JointConstraint(ptcv.get(), mbs::JointType::kInline, on_body, axis));
    mbs::JointConstraint::Term point, on_curve;
    point.type = mbs::JointType::kSpherical;
    point.i = mi;
    point.j = mj;
    on_curve.type = mbs::JointType::kCurvePoint;
    on_curve.i = mj;
    on_curve.j = on_body;
    on_curve.curve = &curve;
    sys_.AddConstraint(mbs::JointConstraint(ptcv.get(), {point, on_curve}, 3));
  }
}

}  // namespace msolve::system
