// compile(model), the point-to-curve constraints (docs/equations.md §2.7): the parameter of
// each Ptcv's curve is the global z of a massless body of its own, which ORIENTATION and INLINE
// rows to the ground hold everywhere else; the Ptcv's 3 rows put the follower point at the
// curve's point of that parameter. The parameter is so a state of y like any coordinate, and
// every analysis (initial conditions, statics, kinematics, linearisation) sees it without a
// special case. These bodies follow the parts' bodies.
#include <Eigen/Eigenvalues>
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
#include "system/curve_function.h"

namespace msolve::system {

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

namespace {

// a curve's points negated: -c(alpha), so that a kCurvePoint term gives +R c (the second
// curve of a Cvcv, whose contact point enters its rows with the opposite sign)
class NegatedCurve : public math::SpaceCurve {
 public:
  explicit NegatedCurve(const math::SpaceCurve& curve) : curve_(curve) {}
  Vec3 Evaluate(double alpha, int order) const override { return -curve_.Evaluate(alpha, order); }
  bool closed() const override { return curve_.closed(); }
  double minpar() const override { return curve_.minpar(); }
  double maxpar() const override { return curve_.maxpar(); }

 private:
  const math::SpaceCurve& curve_;
};

constexpr int kPlaneSamples = 400;

// the arc length s(alpha) of a curve from its parameter alpha0, as a curve (s, 0, 0) whose
// derivatives are those of s: |c'| and c'.c''/|c'| (and the next), so that a kCurvePoint term
// on it gives -s (the rolling row of a Cvcv without slip, docs/equations.md §2.8). s is a
// cumulative table of 5-point Gauss-Legendre integrals of |c'| over [minpar, maxpar], cut at
// the curve's breakpoints (each piece within a cubic segment) into at least kArcPieces
// pieces, plus the integral from the piece's start to alpha; a closed curve adds its length
// per period, an open one integrates beyond its ends piece by piece.
constexpr int kArcPieces = 512;

class ArcLengthCurve : public math::SpaceCurve {
 public:
  ArcLengthCurve(const math::SpaceCurve& curve, double alpha0) : curve_(curve) {
    const double lo = curve.minpar(), hi = curve.maxpar();
    std::vector<double> cuts = {lo, hi};
    for (double b : curve.Breakpoints())
      if (b > lo && b < hi) cuts.push_back(b);
    std::sort(cuts.begin(), cuts.end());
    const double most = (hi - lo) / kArcPieces;
    nodes_.push_back(lo);
    for (size_t k = 1; k < cuts.size(); ++k) {
      const int n = std::max(1, static_cast<int>(std::ceil((cuts[k] - cuts[k - 1]) / most)));
      for (int m = 1; m <= n; ++m) nodes_.push_back(cuts[k - 1] + (cuts[k] - cuts[k - 1]) * m / n);
    }
    cumulative_.push_back(0.0);
    for (size_t k = 1; k < nodes_.size(); ++k)
      cumulative_.push_back(cumulative_.back() + Gauss(nodes_[k - 1], nodes_[k]));
    s0_ = Length(alpha0);
  }

  Vec3 Evaluate(double alpha, int order) const override {
    if (order == 0) return Vec3(Length(alpha) - s0_, 0.0, 0.0);
    const Vec3 c1 = curve_.Evaluate(alpha, 1), c2 = curve_.Evaluate(alpha, 2);
    const double speed = c1.norm();
    if (order == 1) return Vec3(speed, 0.0, 0.0);
    if (order == 2) return Vec3(c1.dot(c2) / speed, 0.0, 0.0);
    const Vec3 c3 = curve_.Evaluate(alpha, 3);
    const double d = c1.dot(c2);
    return Vec3((c2.squaredNorm() + c1.dot(c3)) / speed - d * d / (speed * speed * speed), 0.0,
                0.0);
  }
  bool closed() const override { return curve_.closed(); }
  double minpar() const override { return curve_.minpar(); }
  double maxpar() const override { return curve_.maxpar(); }

 private:
  // the integral of |c'| from a to b
  double Gauss(double a, double b) const {
    static constexpr std::array<double, 5> x = {0.0, -0.5384693101056831, 0.5384693101056831,
                                                -0.9061798459386640, 0.9061798459386640};
    static constexpr std::array<double, 5> w = {0.5688888888888889, 0.4786286704993665,
                                                0.4786286704993665, 0.2369268850561891,
                                                0.2369268850561891};
    const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
    double sum = 0.0;
    for (int k = 0; k < 5; ++k) sum += w[k] * curve_.Evaluate(mid + half * x[k], 1).norm();
    return half * sum;
  }
  // s(alpha) - s(minpar)
  double Length(double alpha) const {
    const double lo = nodes_.front(), hi = nodes_.back();
    if (curve_.closed()) {
      const double turns = std::floor((alpha - lo) / (hi - lo));
      return turns * cumulative_.back() + InRange(alpha - turns * (hi - lo));
    }
    if (alpha >= lo && alpha <= hi) return InRange(alpha);
    // beyond an end of an open curve: pieces of the table's size from that end
    const double end = alpha < lo ? lo : hi;
    const int n = static_cast<int>(std::ceil(std::abs(alpha - end) / (nodes_[1] - nodes_[0])));
    double s = 0.0;
    for (int m = 0; m < n; ++m)
      s += Gauss(end + (alpha - end) * m / n, end + (alpha - end) * (m + 1) / n);
    return (alpha < lo ? 0.0 : cumulative_.back()) + s;
  }
  double InRange(double alpha) const {
    const size_t k = std::min<size_t>(
        std::upper_bound(nodes_.begin(), nodes_.end(), alpha) - nodes_.begin(), nodes_.size() - 1);
    const size_t from = k == 0 ? 0 : k - 1;
    return cumulative_[from] + Gauss(nodes_[from], alpha);
  }

  const math::SpaceCurve& curve_;
  std::vector<double> nodes_, cumulative_;
  double s0_ = 0.0;
};

}  // namespace

// the unit normal of the plane a curve lies in (its frame's coordinates), from a sampling of
// its parameter range; a zero vector for a straight curve (any plane through it); an error
// naming `what` when the curve leaves every plane by more than 1e-6 of its size
Vec3 CurvePlaneNormal(const math::SpaceCurve& curve, const std::string& what,
                      const std::string& need) {
  std::vector<Vec3> points;
  Vec3 centre = Vec3::Zero();
  for (int k = 0; k <= kPlaneSamples; ++k) {
    points.push_back(
        curve.Evaluate(curve.minpar() + (curve.maxpar() - curve.minpar()) * k / kPlaneSamples, 0));
    centre += points.back() / (kPlaneSamples + 1);
  }
  Mat3 scatter = Mat3::Zero();
  double size = 0.0;
  for (const Vec3& p : points) {
    scatter += (p - centre) * (p - centre).transpose();
    size = std::max(size, (p - centre).norm());
  }
  const Eigen::SelfAdjointEigenSolver<Mat3> eigen(scatter);  // eigenvalues ascending
  const Vec3 normal = eigen.eigenvectors().col(0);
  double off = 0.0;
  for (const Vec3& p : points) off = std::max(off, std::abs((p - centre).dot(normal)));
  if (off > 1e-6 * size)
    throw ModelError(what + " is not planar: its points leave their best plane by " +
                     std::to_string(off) + " (" + need + ")");
  if (eigen.eigenvalues()[1] <= 1e-12 * eigen.eigenvalues()[2]) return Vec3::Zero();
  return normal;
}

// the curve or surface of a constraint set and active
void CheckShape(const model::Entity& owner, const model::Entity* shape, const std::string& name,
                const std::string& what) {
  if (shape == nullptr)
    throw ModelError(owner.Describe() + ": " + name + " is not set (" + what + ")");
  if (!shape->active)
    throw ModelError(owner.Describe() + ": its " + name + " " + shape->Describe() +
                     " is not active");
}

// the markers of a curve or surface constraint on different parts, its guesses finite
void CheckContactInput(const model::Entity& owner, const model::Marker& i, const char* iname,
                       const model::Marker& j, const char* jname, const std::string& what,
                       std::initializer_list<std::optional<Vec3>> guesses, const char* names) {
  if (i.part == j.part)
    throw ModelError(owner.Describe() + ": markers " + iname + " (" + i.Describe() + ") and " +
                     jname + " (" + j.Describe() + ") are on the same part (" + i.part->Describe() +
                     "): " + what + " must be on different parts");
  for (const auto& guess : guesses)
    if (guess && !guess->allFinite())
      throw ModelError(owner.Describe() + ": " + names + " must be 3 finite numbers");
}

namespace {

// the parameters (alpha, beta) of the nearest points of two curves given in global
// coordinates by the frames fi, fj: the best pair of a sampling, refined by alternating
// nearest-point searches; a guess (idisp, jdisp) replaces the sampling of its curve
std::pair<double, double> NearestPair(const math::SpaceCurve& ci, const mbs::Frame<double>& fi,
                                      const math::SpaceCurve& cj, const mbs::Frame<double>& fj,
                                      const model::Cvcv& cvcv, const Vec3& normal) {
  auto global_i = [&](double a) -> Vec3 { return fi.p + fi.R * ci.Evaluate(a, 0); };
  auto global_j = [&](double b) -> Vec3 { return fj.p + fj.R * cj.Evaluate(b, 0); };
  double alpha = cvcv.idisp ? NearestParameter(ci, *cvcv.idisp) : ci.minpar();
  double beta = cvcv.jdisp ? NearestParameter(cj, *cvcv.jdisp) : cj.minpar();
  if (!cvcv.idisp || !cvcv.jdisp) {
    double best = std::numeric_limits<double>::infinity();
    const int na = cvcv.idisp ? 0 : kPlaneSamples, nb = cvcv.jdisp ? 0 : kPlaneSamples;
    // the samples of jcurve once (a CURSUB curve's points cost a routine call each)
    std::vector<std::pair<double, Vec3>> samples_j;
    for (int l = 0; l <= nb; ++l) {
      const double b = nb ? cj.minpar() + (cj.maxpar() - cj.minpar()) * l / nb : beta;
      samples_j.emplace_back(b, global_j(b));
    }
    for (int k = 0; k <= na; ++k) {
      const double a = na ? ci.minpar() + (ci.maxpar() - ci.minpar()) * k / na : alpha;
      const Vec3 p = global_i(a);
      for (const auto& [b, q] : samples_j) {
        const double d = (q - p).squaredNorm();
        if (d < best) best = d, alpha = a, beta = b;
      }
    }
  }
  for (int round = 0; round < 5; ++round) {
    if (!cvcv.jdisp) beta = NearestParameter(cj, fj.R.transpose() * (global_i(alpha) - fj.p));
    if (!cvcv.idisp) alpha = NearestParameter(ci, fi.R.transpose() * (global_j(beta) - fi.p));
  }
  if (cvcv.idisp || cvcv.jdisp) return {alpha, beta};
  // alternating projections creep along two curves that touch (where the distance is flat to
  // second order): Newton on the contact conditions r.t_i = 0 and (t_i x t_j).m = 0 finishes
  for (int iteration = 0; iteration < 50; ++iteration) {
    const Vec3 r = global_i(alpha) - global_j(beta);
    const Vec3 ti = fi.R * ci.Evaluate(alpha, 1), tj = fj.R * cj.Evaluate(beta, 1);
    const Vec3 ki = fi.R * ci.Evaluate(alpha, 2), kj = fj.R * cj.Evaluate(beta, 2);
    const Eigen::Vector2d f(r.dot(ti), ti.cross(tj).dot(normal));
    Eigen::Matrix2d jacobian;
    jacobian << ti.squaredNorm() + r.dot(ki), -ti.dot(tj), ki.cross(tj).dot(normal),
        ti.cross(kj).dot(normal);
    const Eigen::FullPivLU<Eigen::Matrix2d> lu(jacobian);
    if (!lu.isInvertible()) break;
    const Eigen::Vector2d step = lu.solve(f);
    if (!step.allFinite() || step.norm() > 0.1 * (ci.maxpar() - ci.minpar())) break;
    alpha -= step[0], beta -= step[1];
    if (step.norm() < 1e-15 * (ci.maxpar() - ci.minpar())) break;
  }
  return {alpha, beta};
}

}  // namespace

// the massless body whose global z is the parameter of a curve constraint, at `alpha`, turned
// as e0; its velocity free, or (vel) the speed along the curve; returns its body index
int Builder::ParameterBody(const model::Entity& owner, const std::string& label, double alpha,
                           const Vec4& e0, const math::SpaceCurve& curve, std::optional<double> vel,
                           bool rotates) {
  auto part = std::make_unique<model::Part>();
  part->id = owner.id;
  part->label = label;
  Body b;
  b.part = part.get();
  b.owner = &owner;
  b.r0 = Vec3(0.0, 0.0, alpha);
  b.e0 = e0;
  for (int c = 0; c < 6; ++c) b.massless_directions.push_back(Eigen::Matrix<double, 6, 1>::Unit(c));
  for (int c = 0; c < 6; ++c)
    if (c < 3 || !rotates) b.vel_ic[c] = 0.0;
  b.vel_ic[2].reset();
  if (vel) {
    const double speed = curve.Evaluate(alpha, 1).norm();
    if (!(speed > 0.0))
      throw ModelError(owner.Describe() + ": the curve has no tangent at the initial contact " +
                       "point, so a sliding speed cannot be given there");
    b.vel_ic[2] = *vel / speed;
  }
  sys_.parameter_parts_.push_back(std::move(part));
  sys_.bodies_.push_back(b);
  return static_cast<int>(sys_.bodies_.size()) - 1;
}

void Builder::CurveConstraints() {
  const VecX design = sys_.DesignState();
  for (const auto& ptcv : model_.ptcvs) {
    if (!ptcv->active) continue;
    CheckShape(*ptcv, ptcv->curve, "curve", "the Curve that the origin of marker i slides on");
    const auto [mi, mj] = sys_.MarkersOf(*ptcv, ptcv->i, ptcv->j);
    CheckContactInput(*ptcv, *ptcv->i, "i", *ptcv->j, "rm", "the point and the curve", {ptcv->disp},
                      "disp");
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

    // the parameter body: no mass, its global z the parameter (docs/equations.md §2.7)
    const int body = ParameterBody(*ptcv, "curve parameter of " + ptcv->Describe(), alpha,
                                   Vec4(1, 0, 0, 0), curve, ptcv->vel, false);
    const Body& b = sys_.bodies_[body];

    mbs::BodyMarker on_body, fixed, axis;
    on_body.body = body;
    fixed.body = kGround;
    fixed.s = b.r0;
    axis.body = kGround;
    sys_.AddConstraint(
        mbs::JointConstraint(ptcv.get(), mbs::JointType::kOrientation, on_body, fixed));
    sys_.AddConstraint(mbs::JointConstraint(ptcv.get(), mbs::JointType::kInline, on_body, axis));
    sys_.AddConstraint(PointRows(ptcv.get(), mi, mj, {ShapePoint(mj, body, curve)}));
  }
  CurveToCurveConstraints();
}

// the orientation (a quaternion) of a parameter body of a Cvcv: x along the curve's tangent
// at alpha, z along its plane normal m, both in the frame R of the curve's marker
Vec4 CurveFrameOrientation(const math::SpaceCurve& curve, double alpha, const Vec3& m,
                           const Mat3& R) {
  const Vec3 t = curve.Evaluate(alpha, 1).normalized();
  Mat3 local;
  local.col(0) = t;
  local.col(1) = m.cross(t);
  local.col(2) = m;
  return math::MatrixToQuat(R * local);
}

// the curve-to-curve constraints (docs/equations.md §2.8): a parameter body for each curve,
// held on the global z axis by INLINE and turned along its curve's tangent by kCurveFrame;
// the 3 rows of the contact point (p_j + R_j c_j(beta) - p_i - R_i c_i(alpha)) and the
// tangency row x_A . y_B (a PERPENDICULAR between the two parameter bodies)
void Builder::CurveToCurveConstraints() {
  const VecX design = sys_.DesignState();
  for (const auto& cvcv : model_.cvcvs) {
    if (!cvcv->active) continue;
    CheckShape(*cvcv, cvcv->icurve, "icurve", "the Curve fixed in the frame of irm");
    CheckShape(*cvcv, cvcv->jcurve, "jcurve", "the Curve fixed in the frame of jrm");
    const auto [mi, mj] = sys_.MarkersOf(*cvcv, cvcv->i, cvcv->j);
    CheckContactInput(*cvcv, *cvcv->i, "irm", *cvcv->j, "jrm", "the two curves",
                      {cvcv->idisp, cvcv->jdisp}, "idisp and jdisp");
    for (const auto& vel : {cvcv->ivel, cvcv->jvel})
      if (vel && !std::isfinite(*vel))
        throw ModelError(cvcv->Describe() + ": ivel and jvel must be finite numbers");
    sys_.constraint_curves_.push_back(MakeCurve(*cvcv->icurve));
    const math::SpaceCurve& ci = *sys_.constraint_curves_.back();
    sys_.constraint_curves_.push_back(MakeCurve(*cvcv->jcurve));
    const math::SpaceCurve& cj = *sys_.constraint_curves_.back();
    sys_.constraint_curves_.push_back(std::make_unique<NegatedCurve>(cj));
    const math::SpaceCurve& minus_cj = *sys_.constraint_curves_.back();

    const mbs::Frame<double> fi = mbs::MarkerFrame(mi, System::BodyState(mi.body, design.data()));
    const mbs::Frame<double> fj = mbs::MarkerFrame(mj, System::BodyState(mj.body, design.data()));
    const std::string need = "a Cvcv needs both curves in parallel planes";
    Vec3 ni =
        CurvePlaneNormal(ci, cvcv->Describe() + ": its icurve " + cvcv->icurve->Describe(), need);
    Vec3 nj =
        CurvePlaneNormal(cj, cvcv->Describe() + ": its jcurve " + cvcv->jcurve->Describe(), need);
    if (ni.isZero() && nj.isZero())
      throw ModelError(cvcv->Describe() + ": both curves are straight lines, so their plane " +
                       "is not defined");
    if (ni.isZero()) ni = fi.R.transpose() * fj.R * nj;
    if (nj.isZero()) nj = fj.R.transpose() * fi.R * ni;
    if ((fi.R * ni).cross(fj.R * nj).norm() > 1e-6)
      throw ModelError(cvcv->Describe() + ": the planes of icurve and jcurve are not parallel " +
                       "(their normals differ by " +
                       std::to_string((fi.R * ni).cross(fj.R * nj).norm()) +
                       " rad in the design position)");
    if ((fi.R * ni).dot(fj.R * nj) < 0.0) nj = -nj;

    const auto [alpha, beta] = NearestPair(ci, fi, cj, fj, *cvcv, fi.R * ni);
    const int a = ParameterBody(*cvcv, "icurve parameter of " + cvcv->Describe(), alpha,
                                CurveFrameOrientation(ci, alpha, ni, fi.R), ci, cvcv->ivel, true);
    const int b = ParameterBody(*cvcv, "jcurve parameter of " + cvcv->Describe(), beta,
                                CurveFrameOrientation(cj, beta, nj, fj.R), cj, cvcv->jvel, true);
    for (const auto& [body, marker, curve, normal] :
         {std::tuple{a, mi, &ci, ni}, std::tuple{b, mj, &cj, nj}}) {
      mbs::BodyMarker on_body, axis;
      on_body.body = body;
      axis.body = kGround;
      sys_.AddConstraint(mbs::JointConstraint(cvcv.get(), mbs::JointType::kInline, on_body, axis));
      mbs::JointConstraint::Term frame;
      frame.type = mbs::JointType::kCurveFrame;
      frame.i = marker;
      frame.j = on_body;
      frame.curve = curve;
      frame.normal = normal;
      sys_.AddConstraint(mbs::JointConstraint(cvcv.get(), {frame}, 3));
    }
    sys_.AddConstraint(
        PointRows(cvcv.get(), mj, mi, {ShapePoint(mi, a, ci), ShapePoint(mj, b, minus_cj)}));
    mbs::BodyMarker on_a, on_b;
    on_a.body = a;
    on_b.body = b;
    // tangency: x of A perpendicular to y of B (z columns of the markers' axes)
    on_a.A << Vec3::UnitY(), Vec3::UnitZ(), Vec3::UnitX();
    on_b.A << Vec3::UnitZ(), Vec3::UnitX(), Vec3::UnitY();
    sys_.AddConstraint(
        mbs::JointConstraint(cvcv.get(), mbs::JointType::kPerpendicular, on_a, on_b));
    if (cvcv->no_slip) NoSlip(*cvcv, a, b, ci, fi, alpha, cj, fj, beta);
  }
}

// rolling without slip (docs/equations.md §2.8): the contact point advances by the same arc
// length on both curves, s_i(alpha) - sigma s_j(beta) = 0 with the arc lengths from the
// initial parameters and sigma = +-1 the sign of t_i . t_j there (1 row): two kCurvePoint
// terms on the arc-length curves, from the ground (R = 1) to the parameter bodies a and b
void Builder::NoSlip(const model::Cvcv& cvcv, int a, int b, const math::SpaceCurve& ci,
                     const mbs::Frame<double>& fi, double alpha, const math::SpaceCurve& cj,
                     const mbs::Frame<double>& fj, double beta) {
  const Vec3 ti = fi.R * ci.Evaluate(alpha, 1), tj = fj.R * cj.Evaluate(beta, 1);
  const double sigma = ti.dot(tj) < 0.0 ? -1.0 : 1.0;
  sys_.constraint_curves_.push_back(std::make_unique<ArcLengthCurve>(ci, alpha));
  const math::SpaceCurve& si = *sys_.constraint_curves_.back();
  sys_.constraint_curves_.push_back(std::make_unique<ArcLengthCurve>(cj, beta));
  const math::SpaceCurve& sj = *sys_.constraint_curves_.back();
  mbs::JointConstraint::Term on_i, on_j;
  on_i.type = on_j.type = mbs::JointType::kCurvePoint;
  on_i.i.body = on_j.i.body = kGround;
  on_i.j.body = a;
  on_j.j.body = b;
  on_i.curve = &si;
  on_j.curve = &sj;
  // each term gives -s; the relation sums scale * (x - origin), origin 0 at the start
  on_i.scale = -1.0;
  on_j.scale = sigma;
  sys_.AddConstraint(mbs::JointConstraint(&cvcv, {on_i, on_j}));
}

}  // namespace msolve::system
