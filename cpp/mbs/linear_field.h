// Runtime linear field (Adams FIELD and BEAM, MotionSolve Force_Field and Force_Beam): a 6x6
// stiffness and damping matrix between the six relative coordinates of marker I with respect
// to marker J, in J's axes. A Beam is a field whose stiffness is the Timoshenko beam's
// (system/compile/forces/beam.cc builds it).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "mbs/pair_force.h"

namespace msolve::mbs {

/// The numbers of a linear field: the wrench on I, in J's axes, is
/// F = -K (q - length) - C v + preload, with q = (x, y, z, a, b, c) the position of I's origin
/// relative to J's in J's axes and the small rotations AX, AY, AZ of I relative to J, and
/// v = (x', y', z', w) the time derivative of the position in J's frame and the angular
/// velocity of I relative to J, in J's axes (docs/equations.md §3.11).
struct LinearFieldData {
  Eigen::Matrix<double, 6, 6> K = Eigen::Matrix<double, 6, 6>::Zero();
  Eigen::Matrix<double, 6, 6> C = Eigen::Matrix<double, 6, 6>::Zero();
  Eigen::Matrix<double, 6, 1> length = Eigen::Matrix<double, 6, 1>::Zero();
  Eigen::Matrix<double, 6, 1> preload = Eigen::Matrix<double, 6, 1>::Zero();
};

/// J receives -F and -T - x F: the same wrench taken at I's origin, reversed. The rotations
/// are measured as they are, without following whole turns: a field is meant for small
/// rotations (MotionSolve: "large rotations are not supported").
class LinearFieldElement : public PairForceElement {
 public:
  LinearFieldElement(const model::Entity* source, BodyMarker i, BodyMarker j,
                     const LinearFieldData& data)
      : PairForceElement(source, i, j), data_(data) {}

  const LinearFieldData& data() const { return data_; }

 protected:
  // no memory: `slots` is unused
  void Compute(const double* xI, const double* xJ, const double* slots, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const override;

 private:
  template <class S>
  void ComputeT(const S* xI, const S* xJ, S* out) const;

  LinearFieldData data_;
};

/// The outputs of a FIESUB: the field (6), d field / d disp (36), d field / d velo (36).
inline constexpr int kFieldRoutineOutputs = 78;

/// A Field given by its routine (FIESUB): the wrench on I in J's axes is the routine's value
/// at the time and the coordinates q, v of LinearFieldData; the Jacobian is the chain rule with
/// the partial derivatives the routine returns beside it (docs/equations.md §3.11). J receives
/// the same wrench reversed, at I's origin.
class RoutineFieldElement : public PairForceElement {
 public:
  RoutineFieldElement(const model::Field* source, BodyMarker i, BodyMarker j,
                      std::vector<double> par);

  using PairForceElement::Evaluate;
  // the FIESUB (Python or compiled) runs on the calling thread
  bool concurrent() const override { return false; }
  // the time reaches the routine through these two
  void Evaluate(double t, const double* y, const double* yp, const double* memory, Wrench* on_i,
                Wrench* on_j) const override;
  void AddJacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                   std::vector<Triplet>* out) const override;

 protected:
  void Compute(const double* xI, const double* xJ, const double* slots, double* out) const override;
  void Compute(const AD* xI, const AD* xJ, const double* slots, AD* out) const override;

 private:
  // the routine at disp, velo (6 each); kFieldRoutineOutputs values, checked finite
  void Call(const double* disp, const double* velo, double* out) const;

  const model::Field* field_;
  std::vector<double> par_;
};

}  // namespace msolve::mbs
