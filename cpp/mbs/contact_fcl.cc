#include "mbs/contact_fcl.h"

#include <fcl/fcl.h>

#include <cmath>

namespace msolve::mbs {
namespace {

std::shared_ptr<std::vector<fcl::Vector3d>> Points(const std::vector<double>& vertices) {
  auto points = std::make_shared<std::vector<fcl::Vector3d>>();
  for (size_t k = 0; k + 2 < vertices.size(); k += 3)
    points->emplace_back(vertices[k], vertices[k + 1], vertices[k + 2]);
  return points;
}

fcl::Transform3d Pose(const Vec3& c, const Mat3& R) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  t.linear() = R;
  t.translation() = c;
  return t;
}

using Mesh = fcl::BVHModel<fcl::OBBRSSd>;

// the outward unit normal of triangle `k` of a mesh, in the mesh's axes (the faces of a
// mesh are checked to turn anticlockwise seen from outside: geometry.py)
Vec3 TriangleNormal(const Mesh& mesh, int k) {
  const fcl::Triangle& t = mesh.tri_indices[k];
  const fcl::Vector3d a = mesh.vertices[t[0]], b = mesh.vertices[t[1]], c = mesh.vertices[t[2]];
  return (b - a).cross(c - a).normalized();
}

}  // namespace

FclGeometry FclSphere(double radius) { return std::make_shared<fcl::Sphered>(radius); }

FclGeometry FclBox(const Vec3& half) { return std::make_shared<fcl::Boxd>(2 * half); }

FclGeometry FclCylinder(double radius, double length) {
  return std::make_shared<fcl::Cylinderd>(radius, length);
}

FclGeometry FclEllipsoid(const Vec3& radii) { return std::make_shared<fcl::Ellipsoidd>(radii); }

FclGeometry FclConvex(const std::vector<double>& vertices, const std::vector<int>& faces) {
  // FCL's faces: the vertex count of each face, then its vertices
  auto polygons = std::make_shared<std::vector<int>>();
  for (size_t k = 0; k + 2 < faces.size(); k += 3)
    polygons->insert(polygons->end(), {3, faces[k], faces[k + 1], faces[k + 2]});
  auto convex = std::make_shared<fcl::Convexd>(Points(vertices), static_cast<int>(faces.size() / 3),
                                               polygons);
  convex->computeLocalAABB();
  return convex;
}

FclGeometry FclMesh(const std::vector<double>& vertices, const std::vector<int>& faces) {
  auto mesh = std::make_shared<Mesh>();
  std::vector<fcl::Triangle> triangles;
  for (size_t k = 0; k + 2 < faces.size(); k += 3)
    triangles.emplace_back(faces[k], faces[k + 1], faces[k + 2]);
  mesh->beginModel();
  mesh->addSubModel(*Points(vertices), triangles);
  mesh->endModel();
  mesh->computeLocalAABB();
  return mesh;
}

void FclContacts(const FclGeometry& gi, const Vec3& ci, const Mat3& Ri, const FclGeometry& gj,
                 const Vec3& cj, const Mat3& Rj, int max_points, std::vector<FclWitness>* out) {
  fcl::CollisionRequestd request(static_cast<size_t>(max_points), true);
  // libccd's GJK/EPA (FCL's own misses the pairs of curved solids with boxes), converged
  // well below the depths of a contact force
  request.gjk_solver_type = fcl::GST_LIBCCD;
  request.gjk_tolerance = 1e-9;
  fcl::CollisionResultd result;
  fcl::collide(gi.get(), Pose(ci, Ri), gj.get(), Pose(cj, Rj), request, result);
  // a triangle of a mesh gives the sign of the normal and the depth's magnitude: FCL's
  // shape-triangle tests return them with either sign
  const auto* mesh_i = dynamic_cast<const Mesh*>(gi.get());
  const auto* mesh_j = dynamic_cast<const Mesh*>(gj.get());
  std::vector<const fcl::Contactd*> kept;
  for (size_t k = 0; k < result.numContacts(); ++k) {
    const fcl::Contactd& c = result.getContact(k);
    const double d = mesh_i || mesh_j ? std::abs(c.penetration_depth) : c.penetration_depth;
    if (!(d > 0)) continue;
    // a mesh reports a point on an edge or vertex once for every triangle that shares it:
    // the same point with the same normal counts once
    bool seen = false;
    for (const fcl::Contactd* other : kept)
      seen = seen || ((other->pos - c.pos).norm() <= 1e-9 * (1 + c.pos.norm()) &&
                      other->normal.dot(c.normal) > 1 - 1e-9);
    if (seen) continue;
    kept.push_back(&c);
    // FCL's normal points from I to J; ours from J into I: out of J's surface, into I's.
    // (A shape-mesh contact names the mesh o1 and its triangle b1, whichever comes first.)
    Vec3 n = -c.normal.normalized();
    const int tri_j = c.o1 == gj.get() ? c.b1 : c.o2 == gj.get() ? c.b2 : -1;
    const int tri_i = c.o1 == gi.get() ? c.b1 : c.o2 == gi.get() ? c.b2 : -1;
    if (mesh_j && tri_j >= 0) {
      if (n.dot(Rj * TriangleNormal(*mesh_j, tri_j)) < 0) n = -n;
    } else if (mesh_i && tri_i >= 0) {
      if (n.dot(Ri * TriangleNormal(*mesh_i, tri_i)) > 0) n = -n;
    }
    FclWitness w;
    w.pi = Ri.transpose() * (c.pos - n * (d / 2) - ci);
    w.pj = Rj.transpose() * (c.pos + n * (d / 2) - cj);
    w.nj = Rj.transpose() * n;
    out->push_back(w);
  }
}

}  // namespace msolve::mbs
