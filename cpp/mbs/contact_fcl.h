// The collision library behind the contact pairs without a closed form (docs/equations.md
// §3.13): FCL's geometries (cylinder, ellipsoid, convex polyhedra, triangle meshes) and its
// narrow phase, which gives for two placed geometries the points where they interpenetrate,
// each with its depth and normal. FCL's types stay inside contact_fcl.cc.
#pragma once

#include <memory>
#include <vector>

#include "common/types.h"

namespace fcl {
template <typename S>
class CollisionGeometry;
}  // namespace fcl

namespace msolve::mbs {

using FclGeometry = std::shared_ptr<const fcl::CollisionGeometry<double>>;

/// One contact point of a geometry I with a geometry J, in their own axes: `pi` the point
/// of I deepest inside J (I's axes), `pj` the point of J deepest inside I and `nj` the unit
/// normal from J into I (both J's axes). The depth is (pj - pi) . n.
struct FclWitness {
  Vec3 pi, pj, nj;
};

/// The geometries, each centred on its own origin (FCL's convention).
FclGeometry FclSphere(double radius);
FclGeometry FclBox(const Vec3& half);
FclGeometry FclCylinder(double radius, double length);
FclGeometry FclEllipsoid(const Vec3& radii);
/// A convex polyhedron: `vertices` x, y, z in a row, `faces` vertex indices, three a face.
FclGeometry FclConvex(const std::vector<double>& vertices, const std::vector<int>& faces);
/// A triangle mesh (any shape) in a bounding-volume hierarchy.
FclGeometry FclMesh(const std::vector<double>& vertices, const std::vector<int>& faces);

/// The contact points (at most `max_points`) of geometry I placed at (ci, Ri) with J placed
/// at (cj, Rj), appended to `out`.
void FclContacts(const FclGeometry& gi, const Vec3& ci, const Mat3& Ri, const FclGeometry& gj,
                 const Vec3& cj, const Mat3& Rj, int max_points, std::vector<FclWitness>* out);

}  // namespace msolve::mbs
