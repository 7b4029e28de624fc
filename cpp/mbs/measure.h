// Kinematic measures of the expression language (docs/motionsolve-compatibility.md §4.6): DX ...
// ROLL of marker I relative to J, resolved in K, time derivatives taken in frame L. Values and
// exact partial derivatives with respect to the states (and accelerations) of the bodies involved.
#pragma once

#include <string>
#include <vector>

#include "common/types.h"
#include "mbs/joint.h"

namespace msolve::mbs {

enum class MeasureKind {
  kDX,
  kDY,
  kDZ,
  kDM,
  kVX,
  kVY,
  kVZ,
  kVM,
  kVR,
  kWX,
  kWY,
  kWZ,
  kWM,
  kACCX,
  kACCY,
  kACCZ,
  kACCM,
  kWDTX,
  kWDTY,
  kWDTZ,
  kWDTM,
  kAX,
  kAY,
  kAZ,
  kPSI,
  kTHETA,
  kPHI,
  kYAW,
  kPITCH,
  kROLL,
};

/// The measure of a function name ("DX"), or false.
bool ParseMeasure(const std::string& name, MeasureKind* kind);

/// The names ParseMeasure knows (DX ... ROLL), in alphabetical order.
std::vector<std::string> MeasureNames();

/// Positions of the I, J, K, L arguments the measure takes (e.g. DM takes I and J, VM takes
/// I, J and L); the others must be left out. Returns the number of optional arguments after
/// I, and fills which marker role each written argument has.
std::vector<int> MeasureArgumentRoles(MeasureKind kind);

/// Whether the measure reads accelerations (ACC*, WDT*).
bool MeasureReadsAccelerations(MeasureKind kind);

/// One measure bound to markers. Missing markers are the global frame.
class KinematicMeasure {
 public:
  /// markers[0..3] = I, J, K, L (body kGround with identity axes for the global frame)
  KinematicMeasure(MeasureKind kind, const std::vector<BodyMarker>& markers);

  MeasureKind kind() const { return kind_; }
  /// The distinct moving bodies this measure reads.
  const std::vector<int>& bodies() const { return bodies_; }

  /// Value for the states y and derivatives yp of the whole system (System layout). AX, AY
  /// and AZ are taken within half a turn of `reference` (their last accepted value: the
  /// caller keeps it, docs/architecture.md §3.1).
  double Value(const double* y, const double* yp, double reference = 0.0) const;

  /// Value and gradient: grad[b * 19 + c] for bodies()[b], c < 13 the states, 13..18 the
  /// accelerations (v', w' body) of that body.
  double Gradient(const double* y, const double* yp, std::vector<double>* grad,
                  double reference = 0.0) const;

  /// Whether the measure is an angle followed through whole turns (AX, AY, AZ): its value at
  /// an accepted step is the reference of the next ones.
  bool FollowsTurns() const;

 private:
  template <class S>
  S Compute(const S* const* x, const S* const* xd, double reference) const;

  MeasureKind kind_;
  BodyMarker m_[4];
  std::vector<int> bodies_;
  int slot_[4];        // index into bodies_ of each marker's body, -1 for the ground
  unsigned needs_[4];  // what Compute reads of each marker's motion (measure.cc)
};

}  // namespace msolve::mbs
