// compile(model), the point-to-surface (Ptsf, docs/equations.md §2.9) and curve-to-surface
// (Cvsf, §2.10) constraints: the two parameters of a constraint's surface are the global x and
// y of a massless body of its own, held in the global x-y plane by an INPLANE row; a Ptsf's
// body keeps its orientation (ORIENTATION to the ground), a Cvsf's turns with the surface's
// normal (kSurfaceFrame). The parameters are so states of y like any coordinate, as a Ptcv's.
#include <Eigen/LU>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "common/error.h"
#include "math/rotation.h"
#include "system/compile/builder.h"
#include "system/compile/curve_geometry.h"
#include "system/surface_function.h"

namespace msolve::system {
namespace {

using Parameters = std::array<double, 2>;

// a surface's points negated: -s(u, v), so that a kSurfacePoint term gives +R s
class NegatedSurface : public math::SpaceSurface {
 public:
  explicit NegatedSurface(const math::SpaceSurface& surface) : surface_(surface) {}
  Vec3 Evaluate(double u, double v, int du, int dv) const override {
    return -surface_.Evaluate(u, v, du, dv);
  }
  bool closed(int k) const override { return surface_.closed(k); }
  double minpar(int k) const override { return surface_.minpar(k); }
  double maxpar(int k) const override { return surface_.maxpar(k); }

 private:
  const math::SpaceSurface& surface_;
};

constexpr int kSurfaceSamples = 40;  // per direction, for the nearest point
constexpr int kCurveSamples = 200;   // along a Cvsf's curve, for the initial contact

// the parameters of the point of `surface` nearest to p (both in the surface's frame): the
// best of a sampling of the parameter ranges (or `start`), refined by Newton on
// (s - p).s_u = 0, (s - p).s_v = 0
Parameters NearestSurfaceParameters(const math::SpaceSurface& surface, const Vec3& p,
                                    const Parameters* start = nullptr) {
  Parameters best{surface.minpar(0), surface.minpar(1)};
  if (start) {
    best = *start;
  } else {
    double best_distance = std::numeric_limits<double>::infinity();
    for (int k = 0; k <= kSurfaceSamples; ++k) {
      for (int l = 0; l <= kSurfaceSamples; ++l) {
        const Parameters uv{
            surface.minpar(0) + (surface.maxpar(0) - surface.minpar(0)) * k / kSurfaceSamples,
            surface.minpar(1) + (surface.maxpar(1) - surface.minpar(1)) * l / kSurfaceSamples};
        const double distance = (surface.Evaluate(uv[0], uv[1], 0, 0) - p).squaredNorm();
        if (distance < best_distance) best = uv, best_distance = distance;
      }
    }
  }
  for (int iteration = 0; iteration < 30; ++iteration) {
    const auto& [u, v] = best;
    const Vec3 r = surface.Evaluate(u, v, 0, 0) - p;
    const Vec3 su = surface.Evaluate(u, v, 1, 0), sv = surface.Evaluate(u, v, 0, 1);
    const Eigen::Vector2d g(r.dot(su), r.dot(sv));
    Eigen::Matrix2d h;
    h << su.dot(su) + r.dot(surface.Evaluate(u, v, 2, 0)),
        su.dot(sv) + r.dot(surface.Evaluate(u, v, 1, 1)), 0.0,
        sv.dot(sv) + r.dot(surface.Evaluate(u, v, 0, 2));
    h(1, 0) = h(0, 1);
    if (!(h.determinant() > 0.0) || !(h(0, 0) > 0.0)) break;  // not a minimum: keep the sample
    const Eigen::Vector2d step = h.inverse() * g;
    if (!step.allFinite()) break;
    double size = 0.0;
    for (int k = 0; k < 2; ++k) {
      const double lo = surface.minpar(k), hi = surface.maxpar(k);
      best[k] -= step[k];
      if (!surface.closed(k)) best[k] = std::min(std::max(best[k], lo), hi);
      size = std::max(size, std::abs(step[k]) / (hi - lo));
    }
    if (size < 1e-15) break;
  }
  return best;
}

// what is wrong with the surface of a constraint, or nothing
void CheckSurface(const model::Entity& owner, const model::Surface* surface, const char* marker) {
  if (surface == nullptr)
    throw ModelError(owner.Describe() + ": surface is not set (the Surface fixed in the frame " +
                     "of " + marker + ")");
  if (!surface->active)
    throw ModelError(owner.Describe() + ": its surface " + surface->Describe() + " is not active");
}

// the orientation (a quaternion) of a Cvsf's surface parameter body: z along the surface
// normal s_u x s_v, x across s_v in the tangent plane, in the frame R of the surface's marker
Vec4 SurfaceFrameOrientation(const math::SpaceSurface& surface, const Parameters& uv, const Mat3& R,
                             const std::string& owner) {
  const Vec3 su = surface.Evaluate(uv[0], uv[1], 1, 0), sv = surface.Evaluate(uv[0], uv[1], 0, 1);
  const Vec3 n = su.cross(sv);
  if (!(n.norm() > 1e-12 * su.norm() * sv.norm()))
    throw ModelError(owner + ": the surface has no normal at the initial contact point (u = " +
                     std::to_string(uv[0]) + ", v = " + std::to_string(uv[1]) +
                     "): its derivatives along u and v are parallel there");
  Mat3 local;
  local.col(2) = n.normalized();
  local.col(0) = sv.cross(local.col(2)).normalized();
  local.col(1) = local.col(2).cross(local.col(0));
  return math::MatrixToQuat(R * local);
}

}  // namespace

// the massless body whose global x, y are the parameters (u, v) of a surface constraint,
// turned as e0; its z held at 0; returns its body index
int Builder::SurfaceParameterBody(const model::Entity& owner, const std::string& label, double u,
                                  double v, const Vec4& e0, bool rotates) {
  auto part = std::make_unique<model::Part>();
  part->id = owner.id;
  part->label = label;
  Body b;
  b.part = part.get();
  b.owner = &owner;
  b.r0 = Vec3(u, v, 0.0);
  b.e0 = e0;
  for (int c = 0; c < 6; ++c) b.massless_directions.push_back(Eigen::Matrix<double, 6, 1>::Unit(c));
  for (int c = 0; c < 6; ++c)
    if (c < 3 || !rotates) b.vel_ic[c] = 0.0;
  b.vel_ic[0].reset();
  b.vel_ic[1].reset();
  sys_.parameter_parts_.push_back(std::move(part));
  sys_.bodies_.push_back(b);
  return static_cast<int>(sys_.bodies_.size()) - 1;
}

// the point-to-surface constraints (docs/equations.md §2.9): p_I - p_J - R_J s(u, v) = 0
void Builder::SurfaceConstraints() {
  const VecX design = sys_.DesignState();
  for (const auto& ptsf : model_.ptsfs) {
    if (!ptsf->active) continue;
    CheckSurface(*ptsf, ptsf->surface, "rm");
    const auto [mi, mj] = sys_.MarkersOf(*ptsf, ptsf->i, ptsf->j);
    if (ptsf->i->part == ptsf->j->part)
      throw ModelError(ptsf->Describe() + ": markers i (" + ptsf->i->Describe() + ") and rm (" +
                       ptsf->j->Describe() + ") are on the same part (" +
                       ptsf->i->part->Describe() + "): the point and the surface must be on " +
                       "different parts");
    if (ptsf->disp && !ptsf->disp->allFinite())
      throw ModelError(ptsf->Describe() + ": disp must be 3 finite numbers");
    sys_.constraint_surfaces_.push_back(MakeSurface(*ptsf->surface));
    const math::SpaceSurface& surface = *sys_.constraint_surfaces_.back();

    // the initial contact point: the surface's point nearest to disp (a guess, in the frame of
    // rm), else to the origin of marker i, in the design position
    const mbs::Frame<double> fi = mbs::MarkerFrame(mi, System::BodyState(mi.body, design.data()));
    const mbs::Frame<double> fj = mbs::MarkerFrame(mj, System::BodyState(mj.body, design.data()));
    const Vec3 guess = ptsf->disp ? *ptsf->disp : Vec3(fj.R.transpose() * (fi.p - fj.p));
    const Parameters uv = NearestSurfaceParameters(surface, guess);

    const int body = SurfaceParameterBody(*ptsf, "surface parameters of " + ptsf->Describe(), uv[0],
                                          uv[1], Vec4(1, 0, 0, 0), false);
    mbs::BodyMarker on_body, fixed, origin;
    on_body.body = body;
    fixed.body = kGround;
    fixed.s = sys_.bodies_[body].r0;
    origin.body = kGround;
    sys_.AddConstraint(
        mbs::JointConstraint(ptsf.get(), mbs::JointType::kOrientation, on_body, fixed));
    sys_.AddConstraint(mbs::JointConstraint(ptsf.get(), mbs::JointType::kInplane, on_body, origin));
    mbs::JointConstraint::Term point, on_surface;
    point.type = mbs::JointType::kSpherical;
    point.i = mi;
    point.j = mj;
    on_surface.type = mbs::JointType::kSurfacePoint;
    on_surface.i = mj;
    on_surface.j = on_body;
    on_surface.surface = &surface;
    sys_.AddConstraint(mbs::JointConstraint(ptsf.get(), {point, on_surface}, 3));
  }
  CurveToSurfaceConstraints();
}

// the curve-to-surface constraints (docs/equations.md §2.10): a parameter body for the curve
// (as a Cvcv's, §2.8) and one for the surface; the 3 rows of the contact point
// p_I + R_I c(alpha) - p_J - R_J s(u, v) and the tangency row x_A . z_B (a PERPENDICULAR
// between the two parameter bodies: the curve's tangent across the surface's normal)
void Builder::CurveToSurfaceConstraints() {
  const VecX design = sys_.DesignState();
  for (const auto& cvsf : model_.cvsfs) {
    if (!cvsf->active) continue;
    if (cvsf->curve == nullptr)
      throw ModelError(cvsf->Describe() + ": curve is not set (the Curve fixed in the frame " +
                       "of irm)");
    if (!cvsf->curve->active)
      throw ModelError(cvsf->Describe() + ": its curve " + cvsf->curve->Describe() +
                       " is not active");
    CheckSurface(*cvsf, cvsf->surface, "jrm");
    const auto [mi, mj] = sys_.MarkersOf(*cvsf, cvsf->i, cvsf->j);
    if (cvsf->i->part == cvsf->j->part)
      throw ModelError(cvsf->Describe() + ": markers irm (" + cvsf->i->Describe() + ") and jrm (" +
                       cvsf->j->Describe() + ") are on the same part (" +
                       cvsf->i->part->Describe() + "): the curve and the surface must be on " +
                       "different parts");
    for (const auto& disp : {cvsf->idisp, cvsf->jdisp})
      if (disp && !disp->allFinite())
        throw ModelError(cvsf->Describe() + ": idisp and jdisp must be 3 finite numbers");
    sys_.constraint_curves_.push_back(MakeCurve(*cvsf->curve));
    const math::SpaceCurve& curve = *sys_.constraint_curves_.back();
    sys_.constraint_surfaces_.push_back(MakeSurface(*cvsf->surface));
    const math::SpaceSurface& surface = *sys_.constraint_surfaces_.back();
    sys_.constraint_surfaces_.push_back(std::make_unique<NegatedSurface>(surface));
    const math::SpaceSurface& minus_surface = *sys_.constraint_surfaces_.back();

    const mbs::Frame<double> fi = mbs::MarkerFrame(mi, System::BodyState(mi.body, design.data()));
    const mbs::Frame<double> fj = mbs::MarkerFrame(mj, System::BodyState(mj.body, design.data()));
    Vec3 m = CurvePlaneNormal(curve, cvsf->Describe() + ": its curve " + cvsf->curve->Describe(),
                              "a Cvsf's curve lies in a plane, the x-y plane of irm");
    if (m.isZero()) {
      // a straight curve: any plane through it
      const Vec3 t = curve.Evaluate(curve.minpar(), 1).normalized();
      m = t.cross(std::abs(t.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).normalized();
    }

    // the initial contact: the curve's point nearest to the surface (or idisp), and the
    // surface's point nearest to it (or jdisp)
    const auto in_j = [&](double a) -> Vec3 {
      return fj.R.transpose() * (fi.p + fi.R * curve.Evaluate(a, 0) - fj.p);
    };
    double alpha = cvsf->idisp ? NearestParameter(curve, *cvsf->idisp) : curve.minpar();
    Parameters uv = cvsf->jdisp ? NearestSurfaceParameters(surface, *cvsf->jdisp)
                                : NearestSurfaceParameters(surface, in_j(alpha));
    if (!cvsf->idisp) {
      double lo = curve.minpar(), hi = curve.maxpar();
      for (int round = 0; round < 4; ++round) {
        double best = std::numeric_limits<double>::infinity();
        double at = alpha;
        Parameters near = uv;
        for (int k = 0; k <= kCurveSamples; ++k) {
          const double a = lo + (hi - lo) * k / kCurveSamples;
          const Vec3 p = in_j(a);
          near = NearestSurfaceParameters(surface, p, &near);
          const double d = (surface.Evaluate(near[0], near[1], 0, 0) - p).squaredNorm();
          if (d < best) best = d, at = a, uv = near;
        }
        const double width = 2.0 * (hi - lo) / kCurveSamples;
        alpha = at, lo = at - width, hi = at + width;
      }
      if (!cvsf->jdisp) uv = NearestSurfaceParameters(surface, in_j(alpha), &uv);
    }

    const int a =
        ParameterBody(*cvsf, "curve parameter of " + cvsf->Describe(), alpha,
                      CurveFrameOrientation(curve, alpha, m, fi.R), curve, std::nullopt, true);
    const int b =
        SurfaceParameterBody(*cvsf, "surface parameters of " + cvsf->Describe(), uv[0], uv[1],
                             SurfaceFrameOrientation(surface, uv, fj.R, cvsf->Describe()), true);
    mbs::BodyMarker on_a, on_b, ground;
    on_a.body = a;
    on_b.body = b;
    ground.body = kGround;
    sys_.AddConstraint(mbs::JointConstraint(cvsf.get(), mbs::JointType::kInline, on_a, ground));
    sys_.AddConstraint(mbs::JointConstraint(cvsf.get(), mbs::JointType::kInplane, on_b, ground));
    mbs::JointConstraint::Term curve_frame, surface_frame;
    curve_frame.type = mbs::JointType::kCurveFrame;
    curve_frame.i = mi;
    curve_frame.j = on_a;
    curve_frame.curve = &curve;
    curve_frame.normal = m;
    sys_.AddConstraint(mbs::JointConstraint(cvsf.get(), {curve_frame}, 3));
    surface_frame.type = mbs::JointType::kSurfaceFrame;
    surface_frame.i = mj;
    surface_frame.j = on_b;
    surface_frame.surface = &surface;
    sys_.AddConstraint(mbs::JointConstraint(cvsf.get(), {surface_frame}, 3));

    mbs::JointConstraint::Term points, on_curve, on_surface;
    points.type = mbs::JointType::kSpherical;
    points.i = mj;
    points.j = mi;
    on_curve.type = mbs::JointType::kCurvePoint;
    on_curve.i = mi;
    on_curve.j = on_a;
    on_curve.curve = &curve;
    on_surface.type = mbs::JointType::kSurfacePoint;
    on_surface.i = mj;
    on_surface.j = on_b;
    on_surface.surface = &minus_surface;
    // p_J - p_I - R_I c + R_J s: the contact point, as a Cvcv's rows
    sys_.AddConstraint(mbs::JointConstraint(cvsf.get(), {points, on_curve, on_surface}, 3));
    // tangency: x of A (the curve's tangent) across z of B (the surface's normal)
    on_a.A << Vec3::UnitY(), Vec3::UnitZ(), Vec3::UnitX();
    sys_.AddConstraint(
        mbs::JointConstraint(cvsf.get(), mbs::JointType::kPerpendicular, on_a, on_b));
  }
}

}  // namespace msolve::system
