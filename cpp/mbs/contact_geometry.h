// Closed-form contact between primitive solids (docs/equations.md §3.13): the points where
// two solids interpenetrate, each with the depth and the common normal. Templated on the
// scalar, so that the contact force differentiates exactly by automatic differentiation;
// the choice of points and faces is made on the values and stays fixed within a step.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "math/rotation.h"

namespace msolve::mbs {

/// One point of contact between a solid I and a solid J: `p` (global) the middle of the
/// overlap, `n` the unit normal pointing from J into I (the normal force on I acts along
/// +n), `depth` > 0 the interpenetration along n.
template <class S>
struct ContactPoint {
  math::Vec3T<S> p, n;
  S depth;
};

/// A solid placed in the global frame: centre `c`, axes `R` (columns), and its kind: a
/// sphere of radius `radius`, or a box of half edge lengths `half` along the axes.
template <class S>
struct PlacedShape {
  bool sphere = true;
  math::Vec3T<S> c;
  math::Mat3T<S> R;
  double radius = 0.0;
  Vec3 half = Vec3::Zero();
};

namespace contact_detail {
inline double Val(double x) { return x; }
template <class S>
double Val(const S& x) {
  return x.value();
}
}  // namespace contact_detail

/// Sphere I (centre ci, radius ri) against sphere J: one point along the line of centres.
template <class S>
void SphereSphere(const math::Vec3T<S>& ci, double ri, const math::Vec3T<S>& cj, double rj,
                  std::vector<ContactPoint<S>>* out) {
  using std::sqrt;
  const math::Vec3T<S> d = ci - cj;
  const double dist2 = contact_detail::Val(d.squaredNorm());
  if (!(dist2 < (ri + rj) * (ri + rj)) || dist2 == 0.0) return;  // apart, or concentric
  const S dist = sqrt(d.squaredNorm());
  ContactPoint<S> k;
  k.n = d / dist;
  k.depth = S(ri + rj) - dist;
  k.p = cj + k.n * (S(rj) - k.depth / 2.0);
  out->push_back(k);
}

/// Sphere (centre c, radius r) against a box (centre cb, axes Rb, half lengths h): one point
/// at the box's closest point; `sphere_is_i` tells which of the two is the solid I.
template <class S>
void SphereBox(const math::Vec3T<S>& c, double r, const math::Vec3T<S>& cb,
               const math::Mat3T<S>& Rb, const Vec3& h, bool sphere_is_i,
               std::vector<ContactPoint<S>>* out) {
  using contact_detail::Val;
  using std::sqrt;
  const math::Vec3T<S> q = Rb.transpose() * (c - cb);  // centre in the box's axes
  math::Vec3T<S> nb;                                   // outward normal of the box, box axes
  S depth;
  bool inside = true;
  for (int a = 0; a < 3; ++a) inside = inside && std::abs(Val(q[a])) <= h[a];
  if (!inside) {
    math::Vec3T<S> closest = q;
    for (int a = 0; a < 3; ++a)
      if (std::abs(Val(q[a])) > h[a]) closest[a] = S(Val(q[a]) > 0 ? h[a] : -h[a]);
    const math::Vec3T<S> d = q - closest;
    if (!(Val(d.squaredNorm()) < r * r)) return;
    const S dist = sqrt(d.squaredNorm());
    nb = d / dist;
    depth = S(r) - dist;
  } else {
    // the centre is inside the box: out through the nearest face
    int face = 0;
    double best = h[0] - std::abs(Val(q[0]));
    for (int a = 1; a < 3; ++a)
      if (h[a] - std::abs(Val(q[a])) < best) best = h[a] - std::abs(Val(q[a])), face = a;
    const double sign = Val(q[face]) >= 0 ? 1.0 : -1.0;
    nb = math::Vec3T<S>::Zero();
    nb[face] = S(sign);
    depth = S(r) + S(h[face]) - sign * q[face];
  }
  ContactPoint<S> k;
  const math::Vec3T<S> n_box = Rb * nb;  // from the box towards the sphere
  k.depth = depth;
  k.p = c - n_box * (S(r) - depth / 2.0);
  k.n = sphere_is_i ? n_box : math::Vec3T<S>(-n_box);
  out->push_back(k);
}

/// The corners of box A (centre ca, axes Ra, half lengths ha) inside box B: one point per
/// corner, through the face of B nearest to it. `a_is_i` tells which box is the solid I.
template <class S>
void CornersInBox(const math::Vec3T<S>& ca, const math::Mat3T<S>& Ra, const Vec3& ha,
                  const math::Vec3T<S>& cb, const math::Mat3T<S>& Rb, const Vec3& hb, bool a_is_i,
                  std::vector<ContactPoint<S>>* out) {
  using contact_detail::Val;
  for (int corner = 0; corner < 8; ++corner) {
    math::Vec3T<S> local;
    for (int a = 0; a < 3; ++a) local[a] = S((corner >> a & 1) ? ha[a] : -ha[a]);
    const math::Vec3T<S> p = ca + Ra * local;
    const math::Vec3T<S> q = Rb.transpose() * (p - cb);
    int face = -1;
    double best = 0.0;
    for (int a = 0; a < 3; ++a) {
      const double gap = hb[a] - std::abs(Val(q[a]));
      if (!(gap > 0)) {
        face = -1;
        break;
      }
      if (face < 0 || gap < best) best = gap, face = a;
    }
    if (face < 0) continue;
    const double sign = Val(q[face]) >= 0 ? 1.0 : -1.0;
    math::Vec3T<S> nb = math::Vec3T<S>::Zero();
    nb[face] = S(sign);
    const math::Vec3T<S> n_b = Rb * nb;  // outward normal of B at the face
    ContactPoint<S> k;
    k.depth = S(hb[face]) - sign * q[face];
    k.p = p + n_b * (k.depth / 2.0);
    k.n = a_is_i ? n_b : math::Vec3T<S>(-n_b);
    out->push_back(k);
  }
}

/// The edges of box A that cross edges of box B (each edge's closest point to the other
/// inside the other box, both within their edges): one point per crossing, the normal
/// along the cross product of the two edges, the depth the distance between the two
/// closest points (docs/equations.md §3.13). `a_is_i` tells which box is the solid I.
template <class S>
void EdgeCrossings(const PlacedShape<S>& A, const PlacedShape<S>& B, bool a_is_i,
                   std::vector<ContactPoint<S>>* out) {
  using contact_detail::Val;
  using std::sqrt;
  auto inside = [](const PlacedShape<S>& box, const Vec3& p) {
    Vec3 c, q;
    Mat3 R;
    for (int a = 0; a < 3; ++a) {
      c[a] = Val(box.c[a]);
      for (int b = 0; b < 3; ++b) R(a, b) = Val(box.R(a, b));
    }
    q = R.transpose() * (p - c);
    for (int a = 0; a < 3; ++a)
      if (!(std::abs(q[a]) < box.half[a])) return false;
    return true;
  };
  for (int ea = 0; ea < 12; ++ea)
    for (int eb = 0; eb < 12; ++eb) {
      // edge k of a box: along axis k / 4, the other two axes' signs from k % 4
      math::Vec3T<S> a0, da, b0, db;
      const PlacedShape<S>* boxes[2] = {&A, &B};
      const int edges[2] = {ea, eb};
      math::Vec3T<S>* starts[2] = {&a0, &b0};
      math::Vec3T<S>* dirs[2] = {&da, &db};
      for (int s = 0; s < 2; ++s) {
        const PlacedShape<S>& box = *boxes[s];
        const int axis = edges[s] / 4, u = (axis + 1) % 3, v = (axis + 2) % 3;
        math::Vec3T<S> local = math::Vec3T<S>::Zero();
        local[axis] = S(-box.half[axis]);
        local[u] = S((edges[s] & 1) ? box.half[u] : -box.half[u]);
        local[v] = S((edges[s] & 2) ? box.half[v] : -box.half[v]);
        *starts[s] = box.c + box.R * local;
        *dirs[s] = box.R.col(axis) * S(2 * box.half[axis]);
      }
      // closest points of the two segments, on the values
      Vec3 p0, u, q0, w;
      for (int a = 0; a < 3; ++a)
        p0[a] = Val(a0[a]), u[a] = Val(da[a]), q0[a] = Val(b0[a]), w[a] = Val(db[a]);
      const Vec3 axis = u.cross(w);
      if (!(axis.squaredNorm() > 1e-12 * u.squaredNorm() * w.squaredNorm())) continue;
      const Vec3 r = p0 - q0;
      const double uu = u.dot(u), uw = u.dot(w), ww = w.dot(w), ur = u.dot(r), wr = w.dot(r);
      const double den = uu * ww - uw * uw;
      const double s = (uw * wr - ww * ur) / den, t = (uu * wr - uw * ur) / den;
      if (!(s > 0 && s < 1 && t > 0 && t < 1)) continue;
      if (!inside(B, p0 + s * u) || !inside(A, q0 + t * w)) continue;
      const math::Vec3T<S> pa = a0 + da * S(s), pb = b0 + db * S(t);
      math::Vec3T<S> n = da.cross(db);
      n = n / sqrt(n.squaredNorm());
      // the normal on A points the way A leaves B: from A's edge point towards B's
      if (Val((pb - pa).dot(n)) < 0) n = -n;
      ContactPoint<S> k;
      k.depth = (pb - pa).dot(n);
      k.p = (pa + pb) / 2.0;
      k.n = a_is_i ? n : math::Vec3T<S>(-n);
      out->push_back(k);
    }
}

/// The contact points of two placed solids I and J (sphere or box each); the box-box
/// contact is that of the corners of each inside the other (a box resting on a face of
/// another) and of the edges of each crossing edges of the other (edge to edge).
template <class S>
void ShapeContacts(const PlacedShape<S>& i, const PlacedShape<S>& j,
                   std::vector<ContactPoint<S>>* out) {
  if (i.sphere && j.sphere) {
    SphereSphere(i.c, i.radius, j.c, j.radius, out);
  } else if (i.sphere) {
    SphereBox(i.c, i.radius, j.c, j.R, j.half, true, out);
  } else if (j.sphere) {
    SphereBox(j.c, j.radius, i.c, i.R, i.half, false, out);
  } else {
    CornersInBox(i.c, i.R, i.half, j.c, j.R, j.half, true, out);
    CornersInBox(j.c, j.R, j.half, i.c, i.R, i.half, false, out);
    EdgeCrossings(i, j, true, out);
  }
}

/// A cylinder (centre `c`, axis `R` column 2, radius `radius`, half length `half[2]`) against a
/// box: the face of the box the cylinder's centre lies beyond (on the values), and the rim
/// point of each end circle deepest towards that face, when it is below the face and over it:
/// a cylinder lying on a face touches along a line, represented by its two end points. A
/// cylinder standing on an end (axis along the face normal) has no deepest rim point: nothing
/// here (`*handled` false: the caller takes the collision library's points). `cylinder_is_i`:
/// the normal points from J into I. `gap` (may be null): minus the deepest depth, or the
/// distance of the nearer rim point above the face.
template <class S>
void CylinderBox(const PlacedShape<S>& cyl, const PlacedShape<S>& box, bool cylinder_is_i,
                 std::vector<ContactPoint<S>>* out, bool* handled, double* gap = nullptr) {
  using contact_detail::Val;
  using std::sqrt;
  *handled = false;
  const math::Vec3T<S> q = box.R.transpose() * (cyl.c - box.c);
  int k = 0;
  double best = -std::numeric_limits<double>::infinity();
  for (int a = 0; a < 3; ++a) {
    const double ratio = std::abs(Val(q[a])) / box.half[a];
    if (ratio > best) best = ratio, k = a;
  }
  const double sign = Val(q[k]) >= 0 ? 1.0 : -1.0;
  const math::Vec3T<S> n = box.R.col(k) * S(sign);  // outward normal of the face
  const math::Vec3T<S> axis = cyl.R.col(2);
  const math::Vec3T<S> towards = axis * axis.dot(n) - n;  // -n across the axis
  const S across = sqrt(towards.squaredNorm());
  if (!(Val(across) > 1e-6)) return;
  *handled = true;
  double deepest = -std::numeric_limits<double>::infinity();
  for (int end = -1; end <= 1; end += 2) {
    const math::Vec3T<S> rim =
        cyl.c + axis * S(end * cyl.half[2]) + towards * (cyl.radius / across);
    const math::Vec3T<S> local = box.R.transpose() * (rim - box.c);
    const S depth = box.half[k] - local[k] * sign;
    deepest = std::max(deepest, Val(depth));
    bool over = true;
    for (int a = 0; a < 3; ++a)
      if (a != k && std::abs(Val(local[a])) > box.half[a]) over = false;
    if (!(Val(depth) > 0) || !over) continue;
    ContactPoint<S> point;
    point.n = cylinder_is_i ? n : math::Vec3T<S>(-n);
    point.depth = depth;
    point.p = rim + n * (depth / 2.0);
    out->push_back(point);
  }
  if (gap) *gap = -deepest;
}

/// The signed gap between two placed solids (the narrow phase of ShapeContacts, in values):
/// positive while they are apart (a distance), negative while ShapeContacts finds contact
/// points (minus the deepest depth), zero at the onset and release of contact. The root
/// function of the contact (docs/equations.md §6.10). Box-box: the smallest signed distance
/// of a corner of either box to the other box, as CornersInBox sees contact.
inline double ShapeGap(const PlacedShape<double>& i, const PlacedShape<double>& j) {
  // signed distance of point p from box b: negative inside (minus the nearest face gap)
  const auto from_box = [](const Vec3& p, const PlacedShape<double>& b) {
    const Vec3 q = b.R.transpose() * (p - b.c);
    const Vec3 outside = (q.cwiseAbs() - b.half).cwiseMax(0.0);
    if (outside.squaredNorm() > 0) return outside.norm();
    return -(b.half - q.cwiseAbs()).minCoeff();
  };
  if (i.sphere && j.sphere) return (i.c - j.c).norm() - (i.radius + j.radius);
  if (i.sphere) return from_box(i.c, j) - i.radius;
  if (j.sphere) return from_box(j.c, i) - j.radius;
  double gap = std::numeric_limits<double>::infinity();
  for (int side = 0; side < 2; ++side) {
    const PlacedShape<double>& a = side ? j : i;
    const PlacedShape<double>& b = side ? i : j;
    for (int corner = 0; corner < 8; ++corner) {
      Vec3 local;
      for (int k = 0; k < 3; ++k) local[k] = (corner >> k & 1) ? a.half[k] : -a.half[k];
      gap = std::min(gap, from_box(Vec3(a.c + a.R * local), b));
    }
  }
  return gap;
}

}  // namespace msolve::mbs
