// compile(model), the bodies: units and gravity, the parts (mass, inertia, design position,
// initial velocities) and the markers (their offsets on the bodies)
#include <algorithm>
#include <cmath>

#include <Eigen/Eigenvalues>

#include "common/error.h"
#include "math/rotation.h"
#include "system/compile/builder.h"

namespace msolve::system {
namespace {

// axes of a frame given by Euler angles or by points (z point, x point) relative to origin
// (math::FrameAxes); `names` are the attribute names, e.g. {"reuler", "zp", "xp", "qp"}, for
// the messages
Mat3 Axes(const model::Entity& e, const std::optional<Vec3>& reuler,
          const std::optional<Vec3>& zpoint, const std::optional<Vec3>& xpoint, const Vec3& origin,
          const std::array<const char*, 4>& names) {
  const std::string who = e.Describe() + ": ";
  const math::FrameAxesResult frame = math::FrameAxes(reuler, zpoint, xpoint, origin);
  switch (frame.problem) {
    case math::FrameProblem::kNone:
      return frame.axes;
    case math::FrameProblem::kAnglesAndPoints:
      throw ModelError(who + "give the orientation either by " + names[0] + " or by " + names[1] +
                       "/" + names[2]);
    case math::FrameProblem::kDegeneratePoints:
      throw ModelError(who + names[1] + " coincides with " + names[3] + " or " + names[2] +
                       " lies on the z axis, so the axes are undefined");
    case math::FrameProblem::kXWithoutZ:
      throw ModelError(who + names[2] + " given without " + names[1]);
  }
  return frame.axes;
}

// orientation of a marker in its part frame
Mat3 MarkerAxes(const model::Marker& m) {
  return Axes(m, m.reuler, m.zp, m.xp, m.qp, {"reuler", "zp", "xp", "qp"});
}

// orientation of a part frame in the global frame; a point mass's axes may be given by the
// directions zv, xv in place of the points zg, xg
Mat3 PartAxes(const model::Part& p) {
  const auto* point = dynamic_cast<const model::PointMass*>(&p);
  if (point && (point->zv || point->xv)) {
    if (p.zg || p.xg)
      throw ModelError(p.Describe() + ": give the axes either by the points zg/xg or by the " +
                       "directions zv/xv");
    const auto at = [&p](const std::optional<Vec3>& v) -> std::optional<Vec3> {
      if (!v) return std::nullopt;
      return Vec3(p.qg + *v);
    };
    return Axes(p, p.reuler, at(point->zv), at(point->xv), p.qg, {"reuler", "zv", "xv", "qg"});
  }
  return Axes(p, p.reuler, p.zg, p.xg, p.qg, {"reuler", "zg", "xg", "qg"});
}

// ip = (Ixx, Iyy, Izz, Ixy, Ixz, Iyz) with the products as positive integrals, Ixy = the
// integral of x y dm (Adams Solver's PART/IP, which MotionSolve's Body_Rigid follows): the
// tensor holds -Ixy
Mat3 InertiaTensor(const std::array<double, 6>& ip) {
  Mat3 J;
  J << ip[0], -ip[3], -ip[4], -ip[3], ip[1], -ip[5], -ip[4], -ip[5], ip[2];
  return J;
}

// the eigenvectors of the 6x6 mass matrix diag(m I, J) whose eigenvalues are negligible,
// compared in the units of mass: the inertia divided by length^2 (docs/equations.md §5.4), so
// that the same part is judged alike in metres and millimetres
std::vector<Eigen::Matrix<double, 6, 1>> MasslessDirections(double mass, const Mat3& inertia,
                                                            double length) {
  const double to_mass = length > 0.0 ? 1.0 / (length * length) : 0.0;
  Eigen::Matrix<double, 6, 6> M = Eigen::Matrix<double, 6, 6>::Zero();
  M.topLeftCorner<3, 3>() = mass * Mat3::Identity();
  M.bottomRightCorner<3, 3>() = to_mass * inertia;
  const double scale = std::max({mass, to_mass * inertia.norm(), 1e-300});
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 6, 6>> eig(M);
  std::vector<Eigen::Matrix<double, 6, 1>> directions;
  for (int c = 0; c < 6; ++c)
    if (eig.eigenvalues()[c] <= 1e-12 * scale || (mass == 0.0 && inertia.norm() == 0.0))
      directions.push_back(eig.eigenvectors().col(c));
  return directions;
}

// the length that makes inertia comparable with mass: the largest side of the box around the
// markers and mass centres at their initial positions; the largest radius of gyration when
// they all sit at one point
double InertiaLength(const std::vector<Body>& bodies,
                     const std::unordered_map<const model::Marker*, mbs::BodyMarker>& markers) {
  std::vector<Vec3> points;
  double gyration = 0.0;
  for (const Body& b : bodies) {
    points.push_back(b.r0);
    if (b.mass > 0.0) gyration = std::max(gyration, std::sqrt(b.inertia.norm() / b.mass));
  }
  for (const auto& [source, m] : markers) {
    if (m.body == kGround) points.push_back(m.s);
    if (m.body >= 0) {
      const Body& b = bodies[m.body];
      points.push_back(b.r0 + math::QuatToMatrix<double>(b.e0) * m.s);
    }
  }
  if (points.empty()) return 0.0;
  Vec3 lo = points.front(), hi = lo;
  for (const Vec3& p : points) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  const double side = (hi - lo).maxCoeff();
  return side > 0.0 ? side : gyration;
}
}  // namespace

void Builder::Units() {
  if (model_.units) sys_.ucf_ = model_.units->ConsistencyFactor();
  if (model_.accgrav && model_.accgrav->active)
    sys_.gravity_ = Vec3(model_.accgrav->igrav, model_.accgrav->jgrav, model_.accgrav->kgrav);
}

void Builder::Bodies() {
  for (const auto& part : model_.parts) {
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
      // a point mass has no inertia; its rotations are held by PointMassOrientations
      const bool point = dynamic_cast<const model::PointMass*>(part.get()) != nullptr;
      const Mat3 cm_axes = part->cm ? MarkerAxes(*part->cm) : Mat3::Identity();
      const Mat3 im_axes = part->im && !point ? MarkerAxes(*part->im) : cm_axes;
      const Mat3 J = point ? Mat3::Zero() : InertiaTensor(part->ip);
      Eigen::SelfAdjointEigenSolver<Mat3> eig(J);
      if (eig.eigenvalues().minCoeff() < -1e-12 * std::max(1.0, J.norm()))
        throw ModelError(part->Describe() + ": the inertia tensor ip is not positive semidefinite");
      b.inertia = im_axes * J * im_axes.transpose();
      f.cm = part->cm ? part->cm->qp : Vec3::Zero();
      b.r0 = f.origin + f.axes * f.cm;
      b.e0 = math::MatrixToQuat(f.axes);
      const std::optional<double>* v[6] = {&part->vx, &part->vy, &part->vz,
                                           &part->wx, &part->wy, &part->wz};
      for (int k = 0; k < 6; ++k) b.vel_ic[k] = *v[k];
      if (point) b.vel_ic[3] = b.vel_ic[4] = b.vel_ic[5] = 0.0;
      f.body = static_cast<int>(sys_.bodies_.size());
      sys_.bodies_.push_back(b);
    }
    frames_.emplace(part.get(), f);
    sys_.part_bodies_.emplace(part.get(), f.body);
  }
}

void Builder::PointMassOrientations() {
  // a point mass keeps the orientation of its frame (docs/equations.md §1.5): ORIENTATION
  // equations between its body frame and that frame fixed in the ground take the rotations
  // its zero inertia cannot resist, and the torques applied to it go to the ground
  for (const auto& part : model_.parts) {
    if (!part->active || dynamic_cast<const model::PointMass*>(part.get()) == nullptr) continue;
    const int body = frames_.at(part.get()).body;
    if (body < 0) continue;
    const Body& b = sys_.bodies_[body];
    mbs::BodyMarker on_body, fixed;
    on_body.body = body;
    fixed.body = kGround;
    fixed.s = b.r0;
    fixed.A = math::QuatToMatrix<double>(b.e0);
    sys_.AddConstraint(
        mbs::JointConstraint(part.get(), mbs::JointType::kOrientation, on_body, fixed));
  }
}

void Builder::Markers() {
  // markers: offsets from the mass centre in body axes (ground markers: global)
  for (const auto& marker : model_.markers) {
    if (!marker->active) continue;
    mbs::BodyMarker bm;
    bm.source = marker.get();
    const Mat3 A = MarkerAxes(*marker);
    const auto found = frames_.find(marker->part);
    const PartFrame* f = found == frames_.end() ? nullptr : &found->second;
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
    sys_.markers_.emplace(marker.get(), bm);
  }

  // the markers by id, as expressions name them
  for (const auto& marker : model_.markers)
    if (marker->active) sys_.marker_ids_[marker->id] = marker.get();

  const double length = InertiaLength(sys_.bodies_, sys_.markers_);
  for (Body& b : sys_.bodies_)
    b.massless_directions = MasslessDirections(b.mass, b.inertia, length);
}

void Builder::GravityExpressions() {
  // gravity components given as expressions of time
  if (model_.accgrav && model_.accgrav->active) {
    static const char* names[3] = {"igrav", "jgrav", "kgrav"};
    for (int a = 0; a < 3; ++a) {
      const std::string& text = model_.accgrav->expressions[a];
      if (text.empty()) continue;
      auto f = std::make_unique<ExpressionFunction>(
          text, model_.accgrav->Describe() + " " + names[a], resolver_);
      if (!f->program().leaves().empty())
        throw ModelError(model_.accgrav->Describe() + ": " + names[a] +
                         " may depend on TIME only (use a Vforce for state-dependent forces)");
      sys_.gravity_functions_[a] = std::move(f);
    }
  }
}
}  // namespace msolve::system
