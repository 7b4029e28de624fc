// compile(model), the constraints of a point on a deformable curve (Ptdcv) or surface (Ptdsf),
// docs/equations.md §2.11: the curve is the cubic spline through the origins of its markers,
// c(u) = sum_k w_k(u) p_k, linear in the markers' positions with weights fixed at compile
// time (math/deform_spline.h). The parameter u (and v of a surface) is a coordinate of a
// massless parameter body of the constraint's own, as for a Ptcv (curves.cc); the 3 rows
// p_I - sum_k w_k(u) p_k are a kSpherical term between the point and the ground and one
// kWeightedPoint term per marker, so the reactions act on the part of the point and on the
// parts that carry the markers, each through its own term.
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "math/deform_spline.h"
#include "system/compile/builder.h"
#include "system/compile/curve_geometry.h"

namespace msolve::system {
namespace {

// the end condition of a word, or an error naming the entity and the attribute
math::SplineEnd EndOf(const model::Entity& owner, const std::string& word, const char* name) {
  math::SplineEnd end;
  if (!math::ParseSplineEnd(word, &end))
    throw ModelError(owner.Describe() + ": " + name + " must be NATURAL, PARABOLIC, PERIODIC or " +
                     "CANTILEVER, got '" + word + "'");
  return end;
}

// the spline weights of `count` points, or an error naming the entity
std::shared_ptr<const math::SplineWeights> WeightsOf(const model::Entity& owner, int count,
                                                     bool closed, math::SplineEnd left,
                                                     math::SplineEnd right, double lambda_left,
                                                     double lambda_right, double span,
                                                     const char* what) {
  try {
    return std::make_shared<math::SplineWeights>(count, closed, left, right, lambda_left,
                                                 lambda_right, span);
  } catch (const std::invalid_argument& e) {
    throw ModelError(owner.Describe() + ": the spline " + what + " " + e.what());
  }
}

// the point of a frozen surface and its derivatives of orders (du, dv) at (u, v)
Vec3 SurfacePoint(const math::SplineWeights& wu, const math::SplineWeights& wv,
                  const std::vector<Vec3>& points, double u, double v, int du, int dv) {
  std::vector<double> a(wu.count()), b(wv.count());
  wu.Evaluate(u, du, a.data());
  wv.Evaluate(v, dv, b.data());
  Vec3 s = Vec3::Zero();
  for (int r = 0; r < wu.count(); ++r)
    for (int c = 0; c < wv.count(); ++c) s += a[r] * b[c] * points[r * wv.count() + c];
  return s;
}

// the parameters (u, v) of the point of a frozen surface nearest to p: the best of a
// sampling, refined by Newton on (S - p).S_u = (S - p).S_v = 0
std::pair<double, double> NearestSurfacePoint(const math::SplineWeights& wu,
                                              const math::SplineWeights& wv,
                                              const std::vector<Vec3>& points, const Vec3& p) {
  constexpr int kSamples = 60;
  double u = 0.0, v = 0.0, best = std::numeric_limits<double>::infinity();
  for (int k = 0; k <= kSamples; ++k)
    for (int l = 0; l <= kSamples; ++l) {
      const double a = wu.minpar() + (wu.maxpar() - wu.minpar()) * k / kSamples;
      const double b = wv.minpar() + (wv.maxpar() - wv.minpar()) * l / kSamples;
      const double d = (SurfacePoint(wu, wv, points, a, b, 0, 0) - p).squaredNorm();
      if (d < best) best = d, u = a, v = b;
    }
  for (int iteration = 0; iteration < 30; ++iteration) {
    const Vec3 f = SurfacePoint(wu, wv, points, u, v, 0, 0) - p;
    const Vec3 su = SurfacePoint(wu, wv, points, u, v, 1, 0);
    const Vec3 sv = SurfacePoint(wu, wv, points, u, v, 0, 1);
    Eigen::Matrix2d h;
    h << su.dot(su) + f.dot(SurfacePoint(wu, wv, points, u, v, 2, 0)),
        su.dot(sv) + f.dot(SurfacePoint(wu, wv, points, u, v, 1, 1)), 0.0,
        sv.dot(sv) + f.dot(SurfacePoint(wu, wv, points, u, v, 0, 2));
    h(1, 0) = h(0, 1);
    const Eigen::Vector2d g(f.dot(su), f.dot(sv));
    if (!(h.determinant() > 0.0) || !(h(0, 0) > 0.0)) break;
    const Eigen::Vector2d step = h.inverse() * g;
    u -= step[0], v -= step[1];
    if (!wu.closed()) u = std::min(std::max(u, wu.minpar()), wu.maxpar());
    if (!wv.closed()) v = std::min(std::max(v, wv.minpar()), wv.maxpar());
    if (step.norm() < 1e-15 * (wu.maxpar() - wu.minpar() + wv.maxpar() - wv.minpar())) break;
  }
  return {u, v};
}

}  // namespace

// the runtime markers of a deformable curve's or surface's markers (each must be set and
// known), their design positions, and an error when the point is on the part of every one
std::vector<mbs::BodyMarker> Builder::DeformableMarkers(const model::Entity& owner,
                                                        const model::Marker* i,
                                                        const std::vector<model::Marker*>& markers,
                                                        const char* what,
                                                        std::vector<Vec3>* design_points) {
  const VecX design = sys_.DesignState();
  std::vector<mbs::BodyMarker> result;
  bool all_on_i = true;
  for (size_t k = 0; k < markers.size(); ++k) {
    if (markers[k] == nullptr)
      throw ModelError(owner.Describe() + ": marker " + std::to_string(k + 1) + " of its " + what +
                       " is not set");
    const mbs::BodyMarker mk = sys_.MarkersOf(owner, markers[k], i).first;
    result.push_back(mk);
    design_points->push_back(mbs::MarkerFrame(mk, System::BodyState(mk.body, design.data())).p);
    all_on_i = all_on_i && markers[k]->part == i->part;
  }
  if (all_on_i)
    throw ModelError(owner.Describe() + ": marker i (" + i->Describe() + ") is on the part of " +
                     "every marker of its " + what + ": the point and the " + what +
                     " must move apart");
  return result;
}

// the 3 rows p_I - sum_k weight_k p_k on the parameter body `body` (docs/equations.md §2.11)
void Builder::WeightedPointRows(const model::Entity& owner, const mbs::BodyMarker& mi,
                                const std::vector<mbs::BodyMarker>& markers,
                                const std::vector<const math::SpaceCurve*>& u_weights,
                                const std::vector<const math::SpaceCurve*>& v_weights, int body) {
  std::vector<mbs::JointConstraint::Term> terms(1);
  terms[0].type = mbs::JointType::kSpherical;
  terms[0].i = mi;
  terms[0].j.body = kGround;
  const int columns = v_weights.empty() ? 1 : static_cast<int>(v_weights.size());
  for (size_t k = 0; k < markers.size(); ++k) {
    mbs::JointConstraint::Term t;
    t.type = mbs::JointType::kWeightedPoint;
    t.i = markers[k];
    t.j.body = body;
    t.curve = u_weights[k / columns];
    if (!v_weights.empty()) t.curve_v = v_weights[k % columns];
    terms.push_back(t);
  }
  sys_.AddConstraint(mbs::JointConstraint(&owner, std::move(terms), 3));
}

void Builder::DeformableCurveConstraints() {
  for (const auto& ptdcv : model_.ptdcvs) {
    if (!ptdcv->active) continue;
    const model::Dcurve* dcurve = ptdcv->dcurve;
    if (dcurve == nullptr)
      throw ModelError(ptdcv->Describe() + ": dcurve is not set (the deformable curve that the " +
                       "origin of marker i slides on)");
    if (!dcurve->active)
      throw ModelError(ptdcv->Describe() + ": its dcurve " + dcurve->Describe() + " is not active");
    if (ptdcv->i == nullptr) throw ModelError(ptdcv->Describe() + ": marker i is not set");
    const mbs::BodyMarker mi = sys_.MarkersOf(*ptdcv, ptdcv->i, ptdcv->i).first;
    // a closed curve's last marker may repeat its first
    std::vector<model::Marker*> markers = dcurve->markers;
    if (dcurve->closed && markers.size() > 1 && markers.back() == markers.front())
      markers.pop_back();
    const std::string what = "dcurve " + dcurve->Describe();
    const auto weights =
        WeightsOf(*ptdcv, static_cast<int>(markers.size()), dcurve->closed,
                  EndOf(*dcurve, dcurve->end_type_left, "end_type_left"),
                  EndOf(*dcurve, dcurve->end_type_right, "end_type_right"), dcurve->lambda_left,
                  dcurve->lambda_right, dcurve->u_span, ("of its " + what).c_str());
    std::vector<Vec3> points;
    const auto runtime = DeformableMarkers(*ptdcv, ptdcv->i, markers, what.c_str(), &points);

    // the initial contact point: the curve's point nearest to the origin of marker i
    const math::FrozenSplineCurve frozen(weights, points);
    const VecX design = sys_.DesignState();
    const Vec3 pi = mbs::MarkerFrame(mi, System::BodyState(mi.body, design.data())).p;
    const double u = NearestParameter(frozen, pi);
    const int body = ParameterBody(*ptdcv, "curve parameter of " + ptdcv->Describe(), u,
                                   Vec4(1, 0, 0, 0), frozen, std::nullopt, false);
    mbs::BodyMarker on_body, fixed, axis;
    on_body.body = body;
    fixed.body = kGround;
    fixed.s = sys_.bodies_[body].r0;
    axis.body = kGround;
    sys_.AddConstraint(
        mbs::JointConstraint(ptdcv.get(), mbs::JointType::kOrientation, on_body, fixed));
    sys_.AddConstraint(mbs::JointConstraint(ptdcv.get(), mbs::JointType::kInline, on_body, axis));
    std::vector<const math::SpaceCurve*> u_weights;
    for (int k = 0; k < weights->count(); ++k) {
      sys_.constraint_curves_.push_back(std::make_unique<math::WeightCurve>(weights, k));
      u_weights.push_back(sys_.constraint_curves_.back().get());
    }
    WeightedPointRows(*ptdcv, mi, runtime, u_weights, {}, body);
  }
  DeformableSurfaceConstraints();
}

void Builder::DeformableSurfaceConstraints() {
  for (const auto& ptdsf : model_.ptdsfs) {
    if (!ptdsf->active) continue;
    const model::Dsurface* surface = ptdsf->dsurface;
    if (surface == nullptr)
      throw ModelError(ptdsf->Describe() + ": dsurface is not set (the deformable surface that " +
                       "the origin of marker i slides on)");
    if (!surface->active)
      throw ModelError(ptdsf->Describe() + ": its dsurface " + surface->Describe() +
                       " is not active");
    if (ptdsf->i == nullptr) throw ModelError(ptdsf->Describe() + ": marker i is not set");
    const mbs::BodyMarker mi = sys_.MarkersOf(*ptdsf, ptdsf->i, ptdsf->i).first;
    int rows = surface->rows, columns = surface->columns;
    if (rows < 1 || columns < 1 || static_cast<int>(surface->markers.size()) != rows * columns)
      throw ModelError(surface->Describe() + ": its markers must be a grid of rows x columns, " +
                       "got " + std::to_string(surface->markers.size()) + " markers for " +
                       std::to_string(rows) + " x " + std::to_string(columns));
    auto at = [&](int r, int c) { return surface->markers[r * surface->columns + c]; };
    // closed in u (v): the last row (column) may repeat the first
    bool same = rows > 1;
    for (int c = 0; c < columns && same; ++c) same = at(rows - 1, c) == at(0, c);
    if (surface->u_closed && same) --rows;
    same = columns > 1;
    for (int r = 0; r < rows && same; ++r) same = at(r, columns - 1) == at(r, 0);
    if (surface->v_closed && same) --columns;
    std::vector<model::Marker*> markers;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) markers.push_back(at(r, c));
    const math::SplineEnd end = EndOf(*surface, surface->end_type, "end_type");
    const auto wu = WeightsOf(*ptdsf, rows, surface->u_closed, end, end, 0.0, 0.0, surface->u_span,
                              "in u of its dsurface");
    const auto wv = WeightsOf(*ptdsf, columns, surface->v_closed, end, end, 0.0, 0.0,
                              surface->v_span, "in v of its dsurface");
    const std::string what = "dsurface " + surface->Describe();
    std::vector<Vec3> points;
    const auto runtime = DeformableMarkers(*ptdsf, ptdsf->i, markers, what.c_str(), &points);

    const VecX design = sys_.DesignState();
    const Vec3 pi = mbs::MarkerFrame(mi, System::BodyState(mi.body, design.data())).p;
    const auto [u, v] = NearestSurfacePoint(*wu, *wv, points, pi);
    // the parameter body: u its global z, v its global x, held at y = 0
    const math::FrozenSplineCurve along_u(wu, std::vector<Vec3>(rows, Vec3::Zero()));
    const int body = ParameterBody(*ptdsf, "surface parameters of " + ptdsf->Describe(), u,
                                   Vec4(1, 0, 0, 0), along_u, std::nullopt, false);
    sys_.bodies_[body].r0.x() = v;
    sys_.bodies_[body].vel_ic[0].reset();
    mbs::BodyMarker on_body, fixed, plane;
    on_body.body = body;
    fixed.body = kGround;
    fixed.s = sys_.bodies_[body].r0;
    plane.body = kGround;
    plane.A << Vec3::UnitZ(), Vec3::UnitX(), Vec3::UnitY();  // z along global y
    sys_.AddConstraint(
        mbs::JointConstraint(ptdsf.get(), mbs::JointType::kOrientation, on_body, fixed));
    sys_.AddConstraint(mbs::JointConstraint(ptdsf.get(), mbs::JointType::kInplane, on_body, plane));
    std::vector<const math::SpaceCurve*> u_weights, v_weights;
    for (int k = 0; k < rows; ++k) {
      sys_.constraint_curves_.push_back(std::make_unique<math::WeightCurve>(wu, k));
      u_weights.push_back(sys_.constraint_curves_.back().get());
    }
    for (int k = 0; k < columns; ++k) {
      sys_.constraint_curves_.push_back(std::make_unique<math::WeightCurve>(wv, k));
      v_weights.push_back(sys_.constraint_curves_.back().get());
    }
    WeightedPointRows(*ptdsf, mi, runtime, u_weights, v_weights, body);
  }
}

}  // namespace msolve::system
