// Runtime multi-point linear force (MotionSolve Nforce, Force_MultiPoint; Adams NFORCE;
// docs/equations.md §3.14): the forces and torques on N markers I_1 ... I_N, linear in the
// relative coordinates and rates of all of them with respect to a marker J, with J taking
// the reaction. The System sees one element per I marker (its wrench on I_k and the reaction
// of that wrench on J), each reading the states of every I body and of J's.
#pragma once

#include <memory>
#include <vector>

#include <Eigen/Core>

#include "mbs/force_element.h"

namespace msolve::mbs {

/// The numbers of an Nforce, in J's axes: the 6N x 6N stiffness K and damping C, the 6N free
/// coordinates `length` and preloads `preload` (x, y, z, then the three rotations, per marker).
struct NforceData {
  Eigen::MatrixXd K, C;
  Eigen::VectorXd length, preload;
};

class NforceElement : public ForceElement {
 public:
  /// The part of `source` on its I marker k (of `imarkers`), reacting on `j`.
  NforceElement(const model::Entity* source, std::vector<BodyMarker> imarkers, BodyMarker j, int k,
                std::shared_ptr<const NforceData> data);

  const model::Entity* source() const override { return source_; }
  const BodyMarker& i() const override { return imarkers_[k_]; }
  const BodyMarker& j() const override { return j_; }
  std::vector<int> state_bodies() const override { return state_bodies_; }
  // constant numbers of the bodies' states: safe on any thread
  bool concurrent() const override { return true; }

  void Evaluate(double t, const double* y, const double* yp, const double* memory, Wrench* on_i,
                Wrench* on_j) const override;
  void AddJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                   std::vector<Triplet>* out) const override;

 private:
  const model::Entity* source_;
  std::vector<BodyMarker> imarkers_;
  BodyMarker j_;
  int k_;
  std::shared_ptr<const NforceData> data_;
  std::vector<int> state_bodies_;
};

}  // namespace msolve::mbs
