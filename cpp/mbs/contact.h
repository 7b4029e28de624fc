// Runtime Contact (docs/equations.md §3.13): the normal and friction forces between the
// geometries of two bodies, at every point where they interpenetrate.
#pragma once

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "mbs/contact_fcl.h"
#include "mbs/contact_geometry.h"
#include "mbs/pair_force.h"

namespace msolve::mbs {

/// A geometry of a Contact as the element sees it, centred on marker `m` with its axes (for
/// a box given by its corner, a cylinder or frustum from its base, the compile step has
/// moved the marker's offset to the centre): a sphere or a box (closed forms), or any
/// other solid through the collision library (`fcl`, set for every kind).
struct ContactShape {
  const model::Graphic* source = nullptr;
  BodyMarker m;
  bool closed_form = true;  // sphere or box
  bool sphere = true;
  /// A Cylinder (radius, half length half[2] along the marker's z): against a box, the
  /// closed form of CylinderBox.
  bool cylinder = false;
  double radius = 0.0;
  Vec3 half = Vec3::Zero();
  FclGeometry fcl;
  /// The radius of a sphere about the centre that holds the solid (the broad phase;
  /// infinite when not known: the pair is always tested).
  double bound = std::numeric_limits<double>::infinity();
  /// The smallest extent, for the warning of a deep start.
  double size = 0.0;
  double Size() const { return size; }
};

/// The laws of the contact force, from the Contact's attributes.
struct ContactLaw {
  bool poisson = false;
  double stiffness = 0, exponent = 1.5, damping = 0, dmax = 0;
  double penalty = 0, restitution = 0, normal_trans = 1;
  bool friction = false;
  double mu_static = 0, mu_dynamic = 0, stiction_v = 1e-3, friction_v = 1e-3;
};

/// One contact point with the forces on I there: for results and tests.
struct ContactState {
  Vec3 point, normal;
  double depth = 0, normal_force = 0;
  /// (v_I - v_J) . normal at the point: the depth's rate is -normal_speed.
  double normal_speed = 0;
  Vec3 friction = Vec3::Zero(), slip = Vec3::Zero();
};

class ContactElement : public PairForceElement {
 public:
  /// i, j: the markers of the first geometry of each side (their bodies carry the forces).
  ContactElement(const model::Contact* source, BodyMarker i, BodyMarker j,
                 std::vector<ContactShape> ishapes, std::vector<ContactShape> jshapes,
                 ContactLaw law);

  /// One switching quantity per pair of geometries: its signed gap (ShapeGap), whose zero is
  /// the onset or release of contact (docs/equations.md §6.10).
  int switch_count() const override { return static_cast<int>(ishapes_.size() * jshapes_.size()); }
  // the collision library's queries are not known to be safe on several threads at once
  bool concurrent() const override { return false; }
  void Switches(const double* y, double* g) const override;

  /// The Jacobian entries of the pair only while its solids touch (none otherwise: the
  /// force and its derivatives are zero), so that the sparse pattern follows the contacts.
  void AddJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                   std::vector<Triplet>* out) const override;

  /// The contact points at the states xI, xJ of the two bodies, with their forces.
  std::vector<ContactState> Points(const double* xI, const double* xJ) const;

  /// The CONTACT result at the states xI, xJ (docs/equations.md §3.13): the total force on
  /// I (FM, FX, FY, FZ, global), the sums of the normal forces and of the friction forces'
  /// magnitudes (FN, FF), the largest depth (DEPTH), the mean contact point weighted by the
  /// normal forces, or the deepest point when none acts (PX, PY, PZ), the largest slip
  /// speed (VSLIP) and the number of points (NPOINTS); zeros without contact.
  static constexpr int kResultSize = 12;
  std::array<double, kResultSize> Result(const double* xI, const double* xJ) const;

  /// Energy accounting (docs/equations.md §7): the energy stored by the elastic part of the
  /// normal force, sum k d^(e+1) / (e+1) (IMPACT) or p d^2 / 2 (POISSON) over the points, in
  /// ELASTIC; the power of the damping and friction, which the WORK integrates (what the
  /// contact dissipates is minus its share of WORK).
  double Energy(const double* xI, const double* xJ, const double* slots) const override;
  double NonConservativePower(const double* xI, const double* xJ, const double* slots,
                              const Wrench& on_i, const Wrench& on_j) const override;

 protected:
  void Compute(const double* xI, const double* xJ, const double* slots, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const override;

 private:
  /// The signed gap of two placed solids (ShapeGap; CylinderBox's for a cylinder and a box).
  static double Gap(const ContactShape& a, const PlacedShape<double>& pa, const ContactShape& b,
                    const PlacedShape<double>& pb);
  /// Whether the bounding spheres of some pair of solids overlap at xI, xJ (broad phase).
  template <class S>
  bool Near(const S* xI, const S* xJ) const;
  /// The contact points of every pair of solids that touch at xI, xJ (appended).
  template <class S>
  void Collect(const S* xI, const S* xJ, std::vector<ContactPoint<S>>* points) const;
  template <class S>
  void ComputeT(const S* xI, const S* xJ, S* out /*12*/, std::vector<ContactState>* states) const;

  std::vector<ContactShape> ishapes_, jshapes_;
  ContactLaw law_;
};

}  // namespace msolve::mbs
