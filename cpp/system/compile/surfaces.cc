// compile(model), the point-to-surface (Ptsf, docs/equations.md §2.9), curve-to-surface
// (Cvsf, §2.10) and surface-to-surface (Sfsf, §2.13) constraints: the two parameters of a
// constraint's surface are the global x and y of a massless body of its own, held in the
// global x-y plane by an INPLANE row; a Ptsf's body keeps its orientation (ORIENTATION to the
// ground), a Cvsf's and an Sfsf's turn with the surface's normal (kSurfaceFrame). The
// parameters are so states of y like any coordinate, as a Ptcv's.
#include <Eigen/LU>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>

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

// whether a surface with the derivatives su, sv along u and v has a normal there: su x sv not
// zero against the larger derivative's square (at a pole one derivative vanishes)
bool HasNormal(const Vec3& su, const Vec3& sv) {
  return su.cross(sv).norm() > 1e-9 * std::max(su.squaredNorm(), sv.squaredNorm());
}

// the orientation (a quaternion) of a Cvsf's surface parameter body: z along the surface
// normal s_u x s_v, x across s_v in the tangent plane, in the frame R of the surface's marker
Vec4 SurfaceFrameOrientation(const math::SpaceSurface& surface, const Parameters& uv, const Mat3& R,
                             const std::string& owner) {
  const Vec3 su = surface.Evaluate(uv[0], uv[1], 1, 0), sv = surface.Evaluate(uv[0], uv[1], 0, 1);
  const Vec3 n = su.cross(sv);
  if (!HasNormal(su, sv))
    throw ModelError(owner + ": the surface has no normal at the initial contact point (u = " +
                     std::to_string(uv[0]) + ", v = " + std::to_string(uv[1]) +
                     "): its derivatives along u and v are parallel, or one vanishes, there");
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

// the massless body of a surface's parameters (u, v) that turns with the surface (a Cvsf's, an
// Sfsf's): at uv, its z along the surface normal in the frame R of marker `on` (the marker the
// surface is fixed in); an INPLANE row holds it in the global x-y plane, a surface-frame term
// (3 rows) turns it with the surface (docs/equations.md §2.10); returns its body index
int Builder::SurfaceFrameBody(const model::Entity& owner, const std::string& label,
                              const math::SpaceSurface& surface, const std::array<double, 2>& uv,
                              const mbs::BodyMarker& on, const Mat3& R) {
  const int body = SurfaceParameterBody(
      owner, label, uv[0], uv[1], SurfaceFrameOrientation(surface, uv, R, owner.Describe()), true);
  mbs::BodyMarker on_body, ground;
  on_body.body = body;
  ground.body = kGround;
  sys_.AddConstraint(mbs::JointConstraint(&owner, mbs::JointType::kInplane, on_body, ground));
  mbs::JointConstraint::Term frame;
  frame.type = mbs::JointType::kSurfaceFrame;
  frame.i = on;
  frame.j = on_body;
  frame.surface = &surface;
  sys_.AddConstraint(mbs::JointConstraint(&owner, {frame}, 3));
  return body;
}

// the point-to-surface constraints (docs/equations.md §2.9): p_I - p_J - R_J s(u, v) = 0
void Builder::SurfaceConstraints() {
  const VecX design = sys_.DesignState();
  for (const auto& ptsf : model_.ptsfs) {
    if (!ptsf->active) continue;
    CheckShape(*ptsf, ptsf->surface, "surface", "the Surface fixed in the frame of rm");
    const auto [mi, mj] = sys_.MarkersOf(*ptsf, ptsf->i, ptsf->j);
    CheckContactInput(*ptsf, *ptsf->i, "i", *ptsf->j, "rm", "the point and the surface",
                      {ptsf->disp}, "disp");
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
    sys_.AddConstraint(PointRows(ptsf.get(), mi, mj, {ShapePoint(mj, body, surface)}));
  }
  CurveToSurfaceConstraints();
  SurfaceToSurfaceConstraints();
}

// the curve-to-surface constraints (docs/equations.md §2.10): a parameter body for the curve
// (as a Cvcv's, §2.8) and one for the surface; the 3 rows of the contact point
// p_I + R_I c(alpha) - p_J - R_J s(u, v) and the tangency row x_A . z_B (a PERPENDICULAR
// between the two parameter bodies: the curve's tangent across the surface's normal)
void Builder::CurveToSurfaceConstraints() {
  const VecX design = sys_.DesignState();
  for (const auto& cvsf : model_.cvsfs) {
    if (!cvsf->active) continue;
    CheckShape(*cvsf, cvsf->curve, "curve", "the Curve fixed in the frame of irm");
    CheckShape(*cvsf, cvsf->surface, "surface", "the Surface fixed in the frame of jrm");
    const auto [mi, mj] = sys_.MarkersOf(*cvsf, cvsf->i, cvsf->j);
    CheckContactInput(*cvsf, *cvsf->i, "irm", *cvsf->j, "jrm", "the curve and the surface",
                      {cvsf->idisp, cvsf->jdisp}, "idisp and jdisp");
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
        SurfaceFrameBody(*cvsf, "surface parameters of " + cvsf->Describe(), surface, uv, mj, fj.R);
    mbs::BodyMarker on_a, on_b, ground;
    on_a.body = a;
    on_b.body = b;
    ground.body = kGround;
    sys_.AddConstraint(mbs::JointConstraint(cvsf.get(), mbs::JointType::kInline, on_a, ground));
    mbs::JointConstraint::Term curve_frame;
    curve_frame.type = mbs::JointType::kCurveFrame;
    curve_frame.i = mi;
    curve_frame.j = on_a;
    curve_frame.curve = &curve;
    curve_frame.normal = m;
    sys_.AddConstraint(mbs::JointConstraint(cvsf.get(), {curve_frame}, 3));

    // p_J - p_I - R_I c + R_J s: the contact point, as a Cvcv's rows
    sys_.AddConstraint(PointRows(cvsf.get(), mj, mi,
                                 {ShapePoint(mi, a, curve), ShapePoint(mj, b, minus_surface)}));
    // tangency: x of A (the curve's tangent) across z of B (the surface's normal)
    on_a.A << Vec3::UnitY(), Vec3::UnitZ(), Vec3::UnitX();
    sys_.AddConstraint(
        mbs::JointConstraint(cvsf.get(), mbs::JointType::kPerpendicular, on_a, on_b));
  }
}

namespace {

// the contact conditions of two surfaces at the parameters x = (u_i, v_i, u_j, v_j), given
// in global coordinates by the frames fi, fj (docs/equations.md §2.13): with d = P_I - P_J,
// n_I the unit normal of isurface and e_u, e_v the unit tangents of jsurface, d.e_u, d.e_v
// (the points on a common normal) and n_I.e_u, n_I.e_v (the normals parallel)
Eigen::Vector4d ContactConditions(const math::SpaceSurface& si, const mbs::Frame<double>& fi,
                                  const math::SpaceSurface& sj, const mbs::Frame<double>& fj,
                                  const Eigen::Vector4d& x) {
  const Vec3 d =
      fi.p + fi.R * si.Evaluate(x[0], x[1], 0, 0) - fj.p - fj.R * sj.Evaluate(x[2], x[3], 0, 0);
  const Vec3 n =
      (fi.R * si.Evaluate(x[0], x[1], 1, 0).cross(si.Evaluate(x[0], x[1], 0, 1))).normalized();
  const Vec3 eu = (fj.R * sj.Evaluate(x[2], x[3], 1, 0)).normalized();
  const Vec3 ev = (fj.R * sj.Evaluate(x[2], x[3], 0, 1)).normalized();
  return Eigen::Vector4d(d.dot(eu), d.dot(ev), n.dot(eu), n.dot(ev));
}

constexpr int kPairSamples = 24;  // per direction of isurface, for an Sfsf's initial contact

// the parameters of the initial contact point of an Sfsf on each surface: from the guesses
// (idisp, jdisp) or the nearest pair of a sampling of isurface, refined by Newton on the
// contact conditions (their Jacobian by central differences); an error naming the Sfsf when
// Newton does not converge
std::pair<Parameters, Parameters> InitialContact(const model::Sfsf& sfsf,
                                                 const math::SpaceSurface& si,
                                                 const mbs::Frame<double>& fi,
                                                 const math::SpaceSurface& sj,
                                                 const mbs::Frame<double>& fj) {
  const auto in_j = [&](const Parameters& uv) -> Vec3 {
    return fj.R.transpose() * (fi.p + fi.R * si.Evaluate(uv[0], uv[1], 0, 0) - fj.p);
  };
  const auto in_i = [&](const Parameters& uv) -> Vec3 {
    return fi.R.transpose() * (fj.p + fj.R * sj.Evaluate(uv[0], uv[1], 0, 0) - fi.p);
  };
  Parameters ui{}, uj{};
  if (sfsf.idisp) ui = NearestSurfaceParameters(si, *sfsf.idisp);
  if (sfsf.jdisp) uj = NearestSurfaceParameters(sj, *sfsf.jdisp);
  if (!sfsf.idisp && !sfsf.jdisp) {
    // each sample's nearest point from its neighbour's (the first sampled anew)
    double best = std::numeric_limits<double>::infinity();
    Parameters row_start{};
    for (int k = 0; k <= kPairSamples; ++k) {
      Parameters near = row_start;
      for (int l = 0; l <= kPairSamples; ++l) {
        const Parameters uv{si.minpar(0) + (si.maxpar(0) - si.minpar(0)) * k / kPairSamples,
                            si.minpar(1) + (si.maxpar(1) - si.minpar(1)) * l / kPairSamples};
        const Vec3 p = in_j(uv);
        near = NearestSurfaceParameters(sj, p, k == 0 && l == 0 ? nullptr : &near);
        if (l == 0) row_start = near;
        const double distance = (sj.Evaluate(near[0], near[1], 0, 0) - p).squaredNorm();
        if (distance < best) best = distance, ui = uv, uj = near;
      }
    }
  } else if (!sfsf.idisp) {
    ui = NearestSurfaceParameters(si, in_i(uj));
  } else if (!sfsf.jdisp) {
    uj = NearestSurfaceParameters(sj, in_j(ui));
  }
  const std::array<const math::SpaceSurface*, 4> of = {&si, &si, &sj, &sj};
  Eigen::Vector4d x(ui[0], ui[1], uj[0], uj[1]), range;
  for (int k = 0; k < 4; ++k) range[k] = of[k]->maxpar(k % 2) - of[k]->minpar(k % 2);
  bool converged = false;
  for (int iteration = 0; iteration < 50 && !converged; ++iteration) {
    const Eigen::Vector4d f = ContactConditions(si, fi, sj, fj, x);
    Eigen::Matrix4d jacobian;
    for (int k = 0; k < 4; ++k) {
      const double h = 1e-6 * range[k];
      Eigen::Vector4d plus = x, minus = x;
      plus[k] += h;
      minus[k] -= h;
      jacobian.col(k) =
          (ContactConditions(si, fi, sj, fj, plus) - ContactConditions(si, fi, sj, fj, minus)) /
          (2 * h);
    }
    const Eigen::FullPivLU<Eigen::Matrix4d> lu(jacobian);
    if (!lu.isInvertible()) break;
    Eigen::Vector4d step = lu.solve(f);
    if (!step.allFinite()) break;
    const double size = step.cwiseQuotient(range).cwiseAbs().maxCoeff();
    if (size > 0.1) step *= 0.1 / size;  // a long step: along it, a tenth of a range
    x -= step;
    for (int k = 0; k < 4; ++k) {
      const int c = k % 2;
      if (!of[k]->closed(c)) x[k] = std::min(std::max(x[k], of[k]->minpar(c)), of[k]->maxpar(c));
    }
    converged = size < 1e-12;
  }
  for (const auto& [surface, k, name] : {std::tuple{&si, 0, "isurface"}, {&sj, 2, "jsurface"}}) {
    const Vec3 su = surface->Evaluate(x[k], x[k + 1], 1, 0);
    const Vec3 sv = surface->Evaluate(x[k], x[k + 1], 0, 1);
    if (!HasNormal(su, sv))
      throw ModelError(
          sfsf.Describe() + ": its " + name + " has no normal at the contact " +
          "point found at the start (u = " + std::to_string(x[k]) +
          ", v = " + std::to_string(x[k + 1]) + "): its derivatives along u and v are " +
          "parallel, or one vanishes, there (a pole of its parametrisation); keep the poles away " +
          "from the contact");
  }
  const Eigen::Vector4d f = ContactConditions(si, fi, sj, fj, x);
  if (!converged || !f.allFinite() || f.tail<2>().norm() > 1e-8)
    throw ModelError(sfsf.Describe() + ": no contact point found at the start: no points of " +
                     "isurface and jsurface with a common normal near (u, v) = (" +
                     std::to_string(ui[0]) + ", " + std::to_string(ui[1]) + ") and (" +
                     std::to_string(uj[0]) + ", " + std::to_string(uj[1]) + ") (the normals " +
                     "differ by " + std::to_string(f.tail<2>().norm()) +
                     " there); give idisp and jdisp, guesses of the contact point on each");
  return {Parameters{x[0], x[1]}, Parameters{x[2], x[3]}};
}

}  // namespace

// the surface-to-surface constraints (docs/equations.md §2.13): a parameter body turned with
// each surface (SurfaceFrameBody); the 3 rows of the contact point
// p_J + R_J s_j(u_j, v_j) - p_I - R_I s_i(u_i, v_i) and the 2 rows of the common normal
// z_A . x_B = z_A . y_B = 0 (a PARALLEL_AXES between the two parameter bodies)
void Builder::SurfaceToSurfaceConstraints() {
  const VecX design = sys_.DesignState();
  for (const auto& sfsf : model_.sfsfs) {
    if (!sfsf->active) continue;
    CheckShape(*sfsf, sfsf->isurface, "isurface", "the Surface fixed in the frame of irm");
    CheckShape(*sfsf, sfsf->jsurface, "jsurface", "the Surface fixed in the frame of jrm");
    const auto [mi, mj] = sys_.MarkersOf(*sfsf, sfsf->i, sfsf->j);
    CheckContactInput(*sfsf, *sfsf->i, "irm", *sfsf->j, "jrm", "the two surfaces",
                      {sfsf->idisp, sfsf->jdisp}, "idisp and jdisp");
    sys_.constraint_surfaces_.push_back(MakeSurface(*sfsf->isurface));
    const math::SpaceSurface& si = *sys_.constraint_surfaces_.back();
    sys_.constraint_surfaces_.push_back(MakeSurface(*sfsf->jsurface));
    const math::SpaceSurface& sj = *sys_.constraint_surfaces_.back();
    sys_.constraint_surfaces_.push_back(std::make_unique<NegatedSurface>(sj));
    const math::SpaceSurface& minus_sj = *sys_.constraint_surfaces_.back();

    const mbs::Frame<double> fi = mbs::MarkerFrame(mi, System::BodyState(mi.body, design.data()));
    const mbs::Frame<double> fj = mbs::MarkerFrame(mj, System::BodyState(mj.body, design.data()));
    const auto [ui, uj] = InitialContact(*sfsf, si, fi, sj, fj);
    mbs::BodyMarker on_a, on_b;
    on_a.body =
        SurfaceFrameBody(*sfsf, "isurface parameters of " + sfsf->Describe(), si, ui, mi, fi.R);
    on_b.body =
        SurfaceFrameBody(*sfsf, "jsurface parameters of " + sfsf->Describe(), sj, uj, mj, fj.R);
    // p_J - p_I - R_I s_i + R_J s_j: the contact point, as a Cvsf's rows
    sys_.AddConstraint(PointRows(
        sfsf.get(), mj, mi, {ShapePoint(mi, on_a.body, si), ShapePoint(mj, on_b.body, minus_sj)}));
    // the common normal: z of A (isurface's normal) along z of B (jsurface's)
    sys_.AddConstraint(mbs::JointConstraint(sfsf.get(), mbs::JointType::kParallelAxes, on_a, on_b));
  }
}

}  // namespace msolve::system
