// Position-level equations of the ideal joints (semantics.md section 6.2). Each joint is
// written once, as a function of the global frames of its I and J markers, templated on the
// scalar so that automatic differentiation gives its exact first and second derivatives.
#pragma once

#include <cmath>
#include <string>

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include "math/rotation.h"

namespace msolve::mbs {

enum class JointType {
  kFixed,
  kRevolute,
  kTranslational,
  kSpherical,
  kCylindrical,
  kUniversal,
  kPlanar,
  // the single coordinate a joint-based Motion drives: the translation of I along z_J, or
  // the rotation of x_I about z_J from x_J (right hand), followed through whole turns
  kMotionTranslation,
  kMotionRotation,
};

/// The joint type of a MotionSolve type word, or false when the word is not a joint type this
/// solver implements.
bool ParseJointType(const std::string& word, JointType* type);

/// Number of scalar equations of a joint type.
int JointRowCount(JointType type);

/// Human-readable name of equation `row` of a joint type ("x position", "z_I.x_J").
const char* JointRowName(JointType type, int row);

/// A marker frame expressed in the global frame: origin p and axes R (columns x, y, z).
template <class S>
struct Frame {
  math::Vec3T<S> p;
  math::Mat3T<S> R;
};

/// The plain value of a scalar or of a (nested) automatic-differentiation scalar.
inline double PlainValue(double x) { return x; }
template <class D>
double PlainValue(const Eigen::AutoDiffScalar<D>& x) {
  return PlainValue(x.value());
}

/// Residuals of the joint equations for the marker frames I and J; writes JointRowCount rows.
/// A motion rotation is taken within half a turn of `reference` (its last accepted value), so
/// that it is continuous through whole turns.
template <class S>
void JointResiduals(JointType type, const Frame<S>& I, const Frame<S>& J, S* phi,
                    double reference = 0.0) {
  const math::Vec3T<S> d = I.p - J.p;
  const auto xI = I.R.col(0);
  const auto zI = I.R.col(2);
  const auto xJ = J.R.col(0);
  const auto yJ = J.R.col(1);
  const auto zJ = J.R.col(2);
  switch (type) {
    case JointType::kFixed:
      phi[0] = d[0], phi[1] = d[1], phi[2] = d[2];
      phi[3] = zI.dot(xJ), phi[4] = zI.dot(yJ), phi[5] = xI.dot(yJ);
      return;
    case JointType::kRevolute:
      phi[0] = d[0], phi[1] = d[1], phi[2] = d[2];
      phi[3] = zI.dot(xJ), phi[4] = zI.dot(yJ);
      return;
    case JointType::kTranslational:
      phi[0] = d.dot(xJ), phi[1] = d.dot(yJ);
      phi[2] = zI.dot(xJ), phi[3] = zI.dot(yJ), phi[4] = xI.dot(yJ);
      return;
    case JointType::kSpherical:
      phi[0] = d[0], phi[1] = d[1], phi[2] = d[2];
      return;
    case JointType::kCylindrical:
      phi[0] = d.dot(xJ), phi[1] = d.dot(yJ);
      phi[2] = zI.dot(xJ), phi[3] = zI.dot(yJ);
      return;
    case JointType::kUniversal:
      phi[0] = d[0], phi[1] = d[1], phi[2] = d[2];
      phi[3] = zI.dot(zJ);
      return;
    case JointType::kPlanar:
      phi[0] = d.dot(zJ);
      phi[1] = zI.dot(xJ), phi[2] = zI.dot(yJ);
      return;
    case JointType::kMotionTranslation:
      phi[0] = d.dot(zJ);
      return;
    case JointType::kMotionRotation: {
      using std::atan2;
      const S a = atan2(xI.dot(yJ), xI.dot(xJ));
      phi[0] = a + 2 * M_PI * std::round((reference - PlainValue(a)) / (2 * M_PI));
      return;
    }
  }
}

}  // namespace msolve::mbs
