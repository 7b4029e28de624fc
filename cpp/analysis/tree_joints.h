// The joints of analysis/tree_form.h one by one (docs/equations.md §6.11): how each kind
// places the child's marker frame from the parent's for its joint coordinates, its motion
// subspace (the spatial axes of its velocity coordinates), the rates of its coordinates, and
// the coordinates back from two marker frames.
#pragma once

#include <Eigen/Core>

#include "common/types.h"

namespace msolve::analysis {

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;
// at most six velocity coordinates per joint
using Mat6X = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;
using MatXX6 = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
using VecX6 = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>;

/// The joint kinds of the tree form; kFree is a part with no joint (six coordinates to the
/// ground).
enum class TreeJointKind {
  kFixed,
  kRevolute,
  kTranslational,
  kCylindrical,
  kUniversal,  // also HOOKE: the two axes differ
  kPlanar,
  kSpherical,
  kFree,
};

/// One joint of the tree, parents before children.
struct TreeLink {
  int joint = -1;   // index into System::joints() (-1 for kFree)
  int body = 0;     // the child body
  int parent = -1;  // the parent body, kGround for the ground
  TreeJointKind kind = TreeJointKind::kFixed;
  int nq = 0, nv = 0;          // numbers of position and velocity coordinates
  int q = 0, v = 0;            // their offsets among the positions and among the velocities
  int axis_p = 2, axis_c = 2;  // kUniversal: the axes of the parent's and child's markers
  Vec3 sp = Vec3::Zero(),
       sc = Vec3::Zero();  // the joint markers' origins on the parent, the child
  Mat3 Ap = Mat3::Identity(), Ac = Mat3::Identity();  // and their axes (body frames)
  Mat3 K = Mat3::Identity();  // the child marker's axes in the parent marker's at the start
};

/// Sets `link->nq` and `link->nv` for its kind.
void SizeTreeLink(TreeLink* link);

/// The child marker's frame (Rc, oc) from the parent marker's (Rm, om) and the coordinates
/// `q`, with the motion subspace `S` (6 x nv, global, about the origin, angular part first)
/// and which columns are fixed in the parent (the others are fixed in the child).
void PlaceTreeLink(const TreeLink& link, const double* q, const Mat3& Rm, const Vec3& om, Mat3* Rc,
                   Vec3* oc, Mat6X* S, unsigned* parent_fixed);

/// The rates of the position coordinates from the velocity coordinates `v` (the quaternions'
/// kinematic equation for SPHERICAL and free parts, q' = v otherwise).
void TreeLinkRates(const TreeLink& link, const double* q, const double* v, double* qdot);

/// The coordinates `q` and velocities `v` of the joint from the marker frames and the
/// relative spatial velocity `vrel` of the child; `previous` (or nullptr) the coordinates
/// before, to follow angles through whole turns and keep the quaternions' sign.
void TreeLinkCoordinates(const TreeLink& link, const Mat3& Rm, const Vec3& om, const Mat3& Rc,
                         const Vec3& oc, const Vec6& vrel, const double* previous, double* q,
                         double* v);

}  // namespace msolve::analysis
