// Runtime joint element: the joint equations of mbs/joint_equations.h bound to two markers
// on two bodies, with exact gradients and Hessians with respect to the body coordinates.
#pragma once

#include <memory>
#include <vector>

#include "common/types.h"
#include "math/param_curve.h"
#include "math/param_surface.h"
#include "mbs/coupler_law.h"
#include "mbs/general_constraint.h"
#include "mbs/joint_equations.h"
#include "model/entities.h"

namespace msolve::mbs {

/// Number of position coordinates of a body: position (3) and Euler parameters (4).
inline constexpr int kBodyQ = 7;
/// Local coordinates of a two-body element: q_I then q_J.
inline constexpr int kPairQ = 2 * kBodyQ;

/// Largest number of equations of one constraint (FIXED).
inline constexpr int kMaxJointRows = 6;

/// Gradient of a constraint's rows (at most kMaxJointRows, stored inline: no allocation).
using PairGradient =
    Eigen::Matrix<double, Eigen::Dynamic, kPairQ, Eigen::RowMajor, kMaxJointRows, kPairQ>;
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

/// The equations of a joint, joint primitive, motion, coupler or gear. Most constraints are
/// one term: the equations of a type between markers I and J. A linear relation between
/// coordinates (Coupler, Gear, SCREW, RACKPIN) is a sum of terms, each a single coordinate
/// c_k between its own markers I_k, J_k, scaled and measured from its design value:
///   phi = sum_k scale_k (c_k - origin_k),
/// one row over the bodies of every term. Gradients and Hessians are those of each term with
/// respect to its two bodies' coordinates; a row's derivatives are their sum.
class JointConstraint {
 public:
  /// One coordinate of a relation: a single-row type between markers i and j.
  struct Term {
    JointType type = JointType::kMotionTranslation;
    BodyMarker i, j;
    double scale = 1.0;
    double origin = 0.0;                      // the coordinate's value in the design position
    const math::SpaceCurve* curve = nullptr;  // the curve of a kCurvePoint or kCurveFrame term
    Vec3 normal = Vec3::UnitZ();              // the plane normal of a kCurveFrame term's curve
    // the surface of a kSurfacePoint or kSurfaceFrame term
    const math::SpaceSurface* surface = nullptr;
    const math::SpaceCurve* curve_v = nullptr;  // a kWeightedPoint term's weight in v (surface)
    double value = 0.0;  // c of a Mate distance term (kMate...): its row is coordinate - c
  };

  /// The equations of `type` between markers i and j. `source` is the Joint or Jprim (for a
  /// joint-based Motion, the Joint it drives; for a marker-based one, nullptr).
  JointConstraint(const model::Entity* source, JointType type, BodyMarker i, BodyMarker j,
                  const model::Motion* motion = nullptr);

  /// The relation sum_k scale_k (c_k - origin_k) = 0 of `source` (a Coupler, a Gear, or a
  /// SCREW or RACKPIN Joint); the terms' references start at their origins.
  ///
  /// Memory (docs/architecture.md §3.1): an angle that a Motion, a Coupler or a Gear follows
  /// through whole turns is taken near its last accepted value, its reference. The references
  /// are not kept here but in the memory block of the run's state: the functions below take
  /// `slots`, the constraint's memory_size() slots of that block (one per term), or nullptr
  /// for the references at their start (the terms' origins).
  JointConstraint(const model::Entity* source, std::vector<Term> terms);
  /// The nonlinear relation law(c_1 - origin_1, ..., c_n - origin_n) = 0 of a Coupler with a
  /// routine (the terms' scales are not read). Its term functions below take the Coupling,
  /// the law and its derivatives at the terms' displacements (Displacement), that
  /// System::ForEachJointTerm computes once per constraint: the row's value is then term 0's
  /// contribution, and term k's gradient is grad[k] times its coordinate's gradient.
  JointConstraint(const model::Entity* source, std::vector<Term> terms,
                  std::shared_ptr<const CouplerLaw> law);

  /// The general constraint g(q, t) = 0 of `source` (a Gcon, docs/equations.md §2.14): one
  /// kGeneral term per body the law reads (I that body, J the ground). Its term functions
  /// take the GeneralRow that System::ForEachJointTerm evaluates once per constraint, in the
  /// Coupling: term 0 gives the value, each term its body's gradient.
  JointConstraint(const model::Entity* source, std::vector<Term> terms,
                  std::shared_ptr<const GeneralLaw> general);

  /// The sum of terms of `rows` rows each, unscaled (their scales 1, origins 0): the
  /// point-to-curve constraint of `source` (docs/equations.md §2.7), a kSpherical term between
  /// the follower point and the curve's frame and a kCurvePoint term.
  JointConstraint(const model::Entity* source, std::vector<Term> terms, int rows);

  int rows() const { return rows_; }
  /// The law of a nonlinear Coupler, or nullptr.
  const CouplerLaw* law() const { return law_.get(); }
  /// The law of a general constraint, or nullptr.
  const GeneralLaw* general() const { return general_.get(); }
  /// Whether the term functions need the Coupling of System::CouplingOf (a law or a general
  /// constraint).
  bool coupled() const { return law_ || general_; }
  /// The type of a one-term constraint (of the first term of a relation).
  JointType type() const { return terms_[0].type; }
  /// The Joint whose equations these are, or whose coordinate a joint-based Motion drives;
  /// nullptr for a marker-based Motion, a Jprim, a Coupler or a Gear.
  const model::Joint* joint() const { return dynamic_cast<const model::Joint*>(source_); }
  /// The model entity these equations belong to (nullptr for a marker-based Motion).
  const model::Entity* source() const { return source_; }
  /// The Motion this constraint imposes (nullptr for a joint's own equations).
  const model::Motion* motion() const { return motion_; }
  /// "Joint 2 'pin' (REVOLUTE)", "Motion 1 'drive' (on Joint 2 'pin')" or, marker-based,
  /// "Motion 1 'drive'".
  std::string Describe() const;
  /// What equation `row` says ("x position", "z_I.x_J", "coupled joint coordinates").
  std::string RowName(int row) const;

  /// Number of terms (1 unless a relation between coordinates).
  int terms() const { return static_cast<int>(terms_.size()); }
  const Term& term(int k) const { return terms_[k]; }
  /// True when every term acts between the same two markers (all but Couplers and Gears):
  /// the pair-level functions below then give the whole constraint.
  bool single_pair() const { return single_pair_; }
  /// The markers of the first term (of every term when single_pair()).
  const BodyMarker& i() const { return terms_[0].i; }
  const BodyMarker& j() const { return terms_[0].j; }

  /// The number of memory slots: one per term when a term is an angle followed through whole
  /// turns, else none.
  int memory_size() const { return memory_size_; }
  /// The references at the start of a run (the terms' origins).
  void InitialMemory(double* slots) const;
  /// Where the slots lie in the memory block (-1 without memory), and those slots of a block.
  int memory_offset() const { return memory_offset_; }
  void PlaceMemory(int offset) { memory_offset_ = offset; }
  const double* Slots(const double* memory) const {
    return memory_offset_ >= 0 ? memory + memory_offset_ : nullptr;
  }
  double* Slots(double* memory) const {
    return memory_offset_ >= 0 ? memory + memory_offset_ : nullptr;
  }

  // -- one term: its contribution to the rows, over the coordinates of its two bodies -------
  // (`coupling`: the law's derivatives when law(), else unread)

  /// The displacement c_k - origin_k of term k of a relation, and, when `rate` is given, its
  /// time derivative along qdot (14, I then J).
  double Displacement(int k, const double* qI, const double* qJ, const double* slots,
                      const double* qdot = nullptr, double* rate = nullptr) const;

  /// Contribution phi (rows) of term k and its gradient (rows x 14) with respect to (q_I, q_J)
  /// of its markers; qI or qJ is nullptr for the ground, whose columns are then zero. The
  /// gradient is in closed form (JointEquationTerms), by automatic differentiation for angles.
  void EvaluateTerm(int k, const double* qI, const double* qJ, const double* slots, double* phi,
                    PairGradient* grad, const Coupling* coupling = nullptr) const;
  /// Contribution of term k to the residuals only.
  void EvaluateTermValue(int k, const double* qI, const double* qJ, const double* slots,
                         double* phi, const Coupling* coupling = nullptr) const;
  /// Term k's contribution to the second derivative of every row along qdot (14, I then J);
  /// for a law, without the cross terms d2f/dd_k dd_l (k != l), which need two terms.
  void EvaluateTermCurvature(int k, const double* qI, const double* qJ, const double* slots,
                             const double* qdot, double* curvature,
                             const Coupling* coupling = nullptr) const;
  /// Term k's contribution to the residuals, gradients and Hessians of every row (the
  /// Hessians by forward-mode differentiation of the closed-form gradient where there is one;
  /// for a law, without the cross terms between two terms' bodies).
  void EvaluateTermHessians(int k, const double* qI, const double* qJ, const double* slots,
                            double* phi, PairGradient* grad, std::vector<PairHessian>* hess,
                            const Coupling* coupling = nullptr) const;
  /// An angle of term k follows the accepted angle through whole turns (writes slots[k]).
  void AcceptTerm(int k, const double* qI, const double* qJ, double* slots) const;

  // -- the whole constraint, when single_pair() --------------------------------------------

  /// Residuals phi (rows) and their gradient (rows x 14) with respect to (q_I, q_J); qI or qJ
  /// is nullptr for the ground, whose columns are then zero.
  void Evaluate(const double* qI, const double* qJ, const double* slots, double* phi,
                PairGradient* grad) const;

  /// Residuals only.
  void EvaluateValue(const double* qI, const double* qJ, const double* slots, double* phi) const;

  /// A motion angle follows the accepted angle through whole turns.
  void Accept(const double* qI, const double* qJ, double* slots) const;

  /// The second derivative of every row along the direction qdot (14, I then J): the
  /// curvature qdot^T H qdot, without forming the Hessians.
  void EvaluateCurvature(const double* qI, const double* qJ, const double* slots,
                         const double* qdot, double* curvature) const;

  /// Residuals, gradients and the Hessian of every row.
  void EvaluateHessians(const double* qI, const double* qJ, const double* slots, double* phi,
                        PairGradient* grad, std::vector<PairHessian>* hess) const;

 private:
  const model::Entity* source_;
  const model::Motion* motion_;
  std::vector<Term> terms_;
  int rows_;
  bool single_pair_ = true;
  int memory_offset_ = -1;
  int memory_size_ = 0;  // terms() when a term is a followed angle
  std::shared_ptr<const CouplerLaw> law_;
  std::shared_ptr<const GeneralLaw> general_;
  // a kGeneral term's share of the row (its body's gradient, Hessian block, curvature)
  void GeneralTerm(int k, double* phi, PairGradient* grad, std::vector<PairHessian>* hess,
                   const Coupling* coupling) const;
  // the factor of term k's coordinate gradient in its rows, and its share of a row's value
  // for the coordinate value x
  double Factor(int k, const Coupling* coupling) const;
  // a Coupling whose gradient picks term k's coordinate gradient
  static Coupling UnitCoupling(int k) {
    Coupling c;
    c.grad[k] = 1.0;
    return c;
  }
  // EvaluateTermHessians without a law's f_kk term
  void EvaluateTermHessiansOfScale(int k, const double* qI, const double* qJ, const double* slots,
                                   double* phi, PairGradient* grad, std::vector<PairHessian>* hess,
                                   const Coupling* coupling) const;
  double Share(int k, double x, const Coupling* coupling) const;
  // the reference of term k's angle
  double Reference(int k, const double* slots) const {
    return slots && memory_size_ > 0 ? slots[k] : terms_[k].origin;
  }
};

}  // namespace msolve::mbs
