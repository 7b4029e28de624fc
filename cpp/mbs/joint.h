// Runtime joint element: the joint equations of mbs/joint_equations.h bound to two markers
// on two bodies, with exact gradients and Hessians with respect to the body coordinates.
#pragma once

#include <vector>

#include "common/types.h"
#include "mbs/joint_equations.h"
#include "model/entities.h"

namespace msolve::mbs {

/// Number of position coordinates of a body: position (3) and Euler parameters (4).
inline constexpr int kBodyQ = 7;
/// Local coordinates of a two-body element: q_I then q_J.
inline constexpr int kPairQ = 2 * kBodyQ;

using PairGradient = Eigen::Matrix<double, Eigen::Dynamic, kPairQ, Eigen::RowMajor>;
using PairHessian = Eigen::Matrix<double, kPairQ, kPairQ>;

/// A marker as the runtime sees it: the body it sits on (kGround for the ground) and its
/// origin s and axes A in the body frame, whose origin is the body's mass centre (for the
/// ground, the global frame).
struct BodyMarker {
  int body = kGround;
  Vec3 s = Vec3::Zero();
  Mat3 A = Mat3::Identity();
  const model::Marker* source = nullptr;
};

/// Global frame of a marker for body coordinates q = (r, e) (nullptr for the ground).
Frame<double> MarkerFrame(const BodyMarker& m, const double* q);

class JointConstraint {
 public:
  JointConstraint(const model::Joint* joint, JointType type, BodyMarker i, BodyMarker j,
                  const model::Motion* motion = nullptr);

  int rows() const { return rows_; }
  JointType type() const { return type_; }
  /// The Joint whose equations these are, or whose coordinate a joint-based Motion drives;
  /// nullptr for a marker-based Motion.
  const model::Joint* joint() const { return joint_; }
  /// The Motion this constraint imposes (nullptr for a joint's own equations).
  const model::Motion* motion() const { return motion_; }
  /// "Joint 2 'pin' (REVOLUTE)", "Motion 1 'drive' (on Joint 2 'pin')" or, marker-based,
  /// "Motion 1 'drive'".
  std::string Describe() const;
  const BodyMarker& i() const { return i_; }
  const BodyMarker& j() const { return j_; }

  /// Residuals phi (rows) and their gradient (rows x 14) with respect to (q_I, q_J); qI or qJ
  /// is nullptr for the ground, whose columns are then zero.
  void Evaluate(const double* qI, const double* qJ, double* phi, PairGradient* grad) const;

  /// Residuals only.
  void EvaluateValue(const double* qI, const double* qJ, double* phi) const;

  /// A motion angle follows the accepted angle through whole turns.
  void Accept(const double* qI, const double* qJ);

  /// Sets the angle a motion angle is taken near (whole turns are added to stay within half
  /// a turn of it); used before the assembly so that a target of several turns can be met.
  void SetReference(double angle) { reference_ = angle; }

  /// The second derivative of every row along the direction qdot (14, I then J): the
  /// curvature qdot^T H qdot, without forming the Hessians.
  void EvaluateCurvature(const double* qI, const double* qJ, const double* qdot,
                         double* curvature) const;

  /// Residuals, gradients and the Hessian of every row.
  void EvaluateHessians(const double* qI, const double* qJ, double* phi, PairGradient* grad,
                        std::vector<PairHessian>* hess) const;

 private:
  const model::Joint* joint_;
  const model::Motion* motion_;
  JointType type_;
  int rows_;
  BodyMarker i_, j_;
  double reference_ = 0.0;  // last accepted value of a motion angle
};

}  // namespace msolve::mbs
