#include "analysis/tree_joints.h"

#include <cmath>

#include <Eigen/Geometry>
#include <Eigen/QR>

#include "math/rotation.h"

namespace msolve::analysis {
namespace {

constexpr double kPi = 3.14159265358979323846;

Mat3 Rot(int axis, double q) { return Eigen::AngleAxisd(q, Vec3::Unit(axis)).toRotationMatrix(); }

// R Rot(2, q) column by column: a turn of R's x and y axes about its z axis
Mat3 TurnedAboutZ(const Mat3& R, double q) {
  const double c = std::cos(q), s = std::sin(q);
  Mat3 out;
  out.col(0) = c * R.col(0) + s * R.col(1);
  out.col(1) = c * R.col(1) - s * R.col(0);
  out.col(2) = R.col(2);
  return out;
}

// the column of a rotation about the unit axis a through the point o, and of a translation
// along a (docs/equations.md §6.11)
Vec6 Turn(const Vec3& a, const Vec3& o) {
  Vec6 s;
  s << a, o.cross(a);
  return s;
}
Vec6 Slide(const Vec3& a) {
  Vec6 s;
  s << Vec3::Zero(), a;
  return s;
}

// the signed angle from u to w about the unit axis a (u, w perpendicular to a)
double AngleAbout(const Vec3& a, const Vec3& u, const Vec3& w) {
  return std::atan2(a.dot(u.cross(w)), u.dot(w));
}

// q followed through whole turns from the previous value
double Follow(double q, const double* previous, int k) {
  if (!previous) return q;
  return q + 2.0 * kPi * std::round((previous[k] - q) / (2.0 * kPi));
}

// the unit quaternion of R with the sign of the previous one (at previous[k ... k + 3])
Vec4 FollowQuat(const Mat3& R, const double* previous, int k) {
  Vec4 e = math::MatrixToQuat(R);
  if (previous && e.dot(Vec4::Map(previous + k)) < 0.0) e = -e;
  return e;
}

Mat3 UnitQuatMatrix(const double* q) {
  const Vec4 e = Vec4::Map(q);
  return math::QuatToMatrix<double>(Vec4(e / e.norm()));
}

}  // namespace

void SizeTreeLink(TreeLink* link) {
  switch (link->kind) {
    case TreeJointKind::kFixed:
      link->nq = link->nv = 0;
      break;
    case TreeJointKind::kRevolute:
    case TreeJointKind::kTranslational:
      link->nq = link->nv = 1;
      break;
    case TreeJointKind::kCylindrical:
    case TreeJointKind::kUniversal:
      link->nq = link->nv = 2;
      break;
    case TreeJointKind::kPlanar:
      link->nq = link->nv = 3;
      break;
    case TreeJointKind::kSpherical:
      link->nq = 4, link->nv = 3;
      break;
    case TreeJointKind::kFree:
      link->nq = 7, link->nv = 6;
      break;
  }
}

void PlaceTreeLink(const TreeLink& link, const double* q, const Mat3& Rm, const Vec3& om, Mat3* Rc,
                   Vec3* oc, Mat6X* S, unsigned* parent_fixed) {
  const Vec3 z = Rm.col(2);
  S->resize(6, link.nv);
  *parent_fixed = 0;
  *oc = om;
  switch (link.kind) {
    case TreeJointKind::kFixed:
      *Rc = Rm * link.K;
      break;
    case TreeJointKind::kRevolute:
      *Rc = TurnedAboutZ(Rm, q[0]) * link.K;
      S->col(0) = Turn(z, om);
      break;
    case TreeJointKind::kTranslational:
      *Rc = Rm * link.K;
      *oc = om + z * q[0];
      S->col(0) = Slide(z);
      break;
    case TreeJointKind::kCylindrical:
      *Rc = TurnedAboutZ(Rm, q[0]) * link.K;
      *oc = om + z * q[1];
      S->col(0) = Turn(z, om);
      S->col(1) = Slide(z);
      break;
    case TreeJointKind::kUniversal:
      // a turn about the parent marker's axis, then one about the child marker's
      *Rc = Rm * Rot(link.axis_p, q[0]) * link.K * Rot(link.axis_c, q[1]);
      S->col(0) = Turn(Rm.col(link.axis_p), om);
      S->col(1) = Turn(Rc->col(link.axis_c), om);
      *parent_fixed = 1u;
      break;
    case TreeJointKind::kPlanar:
      // slides along the parent marker's x and y, then a turn about z through the child's
      *Rc = TurnedAboutZ(Rm, q[2]) * link.K;
      *oc = om + Rm.col(0) * q[0] + Rm.col(1) * q[1];
      S->col(0) = Slide(Rm.col(0));
      S->col(1) = Slide(Rm.col(1));
      S->col(2) = Turn(z, *oc);
      *parent_fixed = 3u;
      break;
    case TreeJointKind::kSpherical: {
      // the quaternion of the turn G relative to the parent marker; the velocity
      // coordinates are the relative angular velocity in G's axes (fixed in the child)
      const Mat3 RG = Rm * UnitQuatMatrix(q);
      *Rc = RG * link.K;
      for (int k = 0; k < 3; ++k) S->col(k) = Turn(RG.col(k), om);
      break;
    }
    case TreeJointKind::kFree: {
      // slides along the parent marker's axes, then a turn as SPHERICAL
      const Mat3 RG = Rm * UnitQuatMatrix(q + 3);
      *Rc = RG * link.K;
      *oc = om + Rm * Vec3::Map(q);
      for (int k = 0; k < 3; ++k) S->col(k) = Slide(Rm.col(k));
      for (int k = 0; k < 3; ++k) S->col(3 + k) = Turn(RG.col(k), *oc);
      *parent_fixed = 7u;
      break;
    }
  }
}

void TreeLinkRates(const TreeLink& link, const double* q, const double* v, double* qdot) {
  int quat = -1;  // where a quaternion starts among the positions
  if (link.kind == TreeJointKind::kSpherical) quat = 0;
  if (link.kind == TreeJointKind::kFree) {
    quat = 3;
    for (int k = 0; k < 3; ++k) qdot[k] = v[k];
  }
  if (quat < 0) {
    for (int k = 0; k < link.nq; ++k) qdot[k] = v[k];
    return;
  }
  // e' = L(e) w / 2 for w in the turn's own axes (docs/equations.md §1.1)
  Vec4::Map(qdot + quat) = 0.5 * math::QuatL(Vec4(Vec4::Map(q + quat))) * Vec3::Map(v + quat);
}

void TreeLinkCoordinates(const TreeLink& link, const Mat3& Rm, const Vec3& om, const Mat3& Rc,
                         const Vec3& oc, const Vec6& vrel, const double* previous, double* q,
                         double* v) {
  // the turn relative to the parent marker, and the child marker's place in its axes
  const Mat3 M = Rm.transpose() * Rc;
  const Vec3 d = Rm.transpose() * (oc - om);
  const Mat3 N = M * link.K.transpose();  // Rz(angle) for the joints turning about z
  const double angle = std::atan2(N(1, 0), N(0, 0));
  switch (link.kind) {
    case TreeJointKind::kFixed:
      return;
    case TreeJointKind::kRevolute:
      q[0] = Follow(angle, previous, 0);
      break;
    case TreeJointKind::kTranslational:
      q[0] = d[2];
      break;
    case TreeJointKind::kCylindrical:
      q[0] = Follow(angle, previous, 0), q[1] = d[2];
      break;
    case TreeJointKind::kPlanar:
      q[0] = d[0], q[1] = d[1];
      q[2] = Follow(angle, previous, 2);
      break;
    case TreeJointKind::kUniversal: {
      const Vec3 a = Vec3::Unit(link.axis_p), c = Vec3::Unit(link.axis_c);
      q[0] = Follow(AngleAbout(a, link.K * c, M * c), previous, 0);
      const Mat3 turn2 = link.K.transpose() * Rot(link.axis_p, -q[0]) * M;
      const Vec3 b = Vec3::Unit((link.axis_c + 1) % 3);
      q[1] = Follow(AngleAbout(c, b, turn2 * b), previous, 1);
      break;
    }
    case TreeJointKind::kSpherical:
      Vec4::Map(q) = FollowQuat(N, previous, 0);
      break;
    case TreeJointKind::kFree:
      Vec3::Map(q) = d;
      Vec4::Map(q + 3) = FollowQuat(N, previous, 3);
      break;
  }
  // the velocity coordinates: S v = vrel, exactly when the joint holds
  Mat3 Rc2;
  Vec3 oc2;
  Mat6X S;
  unsigned parent_fixed = 0;
  PlaceTreeLink(link, q, Rm, om, &Rc2, &oc2, &S, &parent_fixed);
  VecX6::Map(v, link.nv) = S.colPivHouseholderQr().solve(vrel);
}

}  // namespace msolve::analysis
