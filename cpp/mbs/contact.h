// Runtime Contact (docs/equations.md §3.13): the normal and friction forces between the
// geometries of two bodies, at every point where they interpenetrate.
#pragma once

#include <string>
#include <vector>

#include "mbs/contact_geometry.h"
#include "mbs/pair_force.h"

namespace msolve::mbs {

/// A geometry of a Contact as the element sees it: a sphere or a box whose centre and axes
/// are those of marker `m` (for a box given by its corner, the compile step has moved the
/// marker's offset to the centre).
struct ContactShape {
  const model::Graphic* source = nullptr;
  BodyMarker m;
  bool sphere = true;
  double radius = 0.0;
  Vec3 half = Vec3::Zero();
  /// The smallest extent (radius or half edge), for the warning of a deep start.
  double Size() const { return sphere ? radius : half.minCoeff(); }
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
  void Switches(const double* y, double* g) const override;

  /// The contact points at the states xI, xJ of the two bodies, with their forces.
  std::vector<ContactState> Points(const double* xI, const double* xJ) const;

 protected:
  void Compute(const double* xI, const double* xJ, const double* slots, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const override;

 private:
  template <class S>
  void ComputeT(const S* xI, const S* xJ, S* out /*12*/, std::vector<ContactState>* states) const;

  std::vector<ContactShape> ishapes_, jshapes_;
  ContactLaw law_;
};

}  // namespace msolve::mbs
