// Force measures of the expression language (docs/motionsolve-compatibility.md §4.7): the net force
// or torque at a marker from the elements connecting it to another (FX ... TM), and the output of
// one element (JOINT, MOTION, SFORCE, BUSH, SPDP, VFORCE, VTORQ, GFORCE, PTCV, CVCV, ...). Joint
// and motion reactions are read from the multipliers, so a force that depends on them closes a loop
// that the DAE solves.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "mbs/joint.h"
#include "mbs/state_function.h"

namespace msolve::mbs {
class JointConstraint;
class ForceElement;
}  // namespace msolve::mbs

namespace msolve::system {

class System;
struct JointRow;

class ForceMeasure : public mbs::StateFunction {
 public:
  /// True for the names this class evaluates.
  static bool Handles(const std::string& name);
  /// Those names: the net measures (FX ... TM) and the element outputs (JOINT ... GFORCE).
  static std::vector<std::string> NetNames();
  static std::vector<std::string> ElementNames();

  /// A net measure (every element connecting i and j, or every element at i when j is
  /// nullptr) that gives the whole wrench; FORCE requests use it.
  ForceMeasure(const model::Marker* i, const model::Marker* j, const System& sys);

  /// `name(ids...)` as written in an expression owned by `owner`; throws
  /// std::invalid_argument with a short reason for a wrong call (argument count, unknown
  /// marker or element id, jflag or component out of range).
  ForceMeasure(const std::string& name, const std::vector<long>& ids, const std::string& owner,
               const System& sys);

  /// Finds the contributing elements; called once the system has all its elements.
  void Link(const System& sys);

  /// The net force and the moment about the measuring point, global components.
  void Wrench(double t, const double* y, const double* yp, const double* memory, Vec3* force,
              Vec3* moment) const;

  double Value(double t, const double* y, const double* yp, const double* memory) const override;
  /// Derivatives by central differences: exact for the multipliers (the measure is linear
  /// in them), accurate to about 1e-9 relative for the rest.
  double Gradient(double t, const double* y, const double* yp, const double* memory,
                  mbs::SparseGradient* dy, mbs::SparseGradient* dyp) const override;
  void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const override;

  const std::string& owner() const { return owner_; }
  const std::string& call() const { return call_; }

 private:
  // one side of one element
  struct Contribution {
    const mbs::JointConstraint* joint = nullptr;
    std::vector<const JointRow*> rows;  // the joint's rows, in order
    const mbs::ForceElement* element = nullptr;
    int side = 0;  // 0: the element's I side, 1: its J side
    // a constraint acting on two parts through bodies of its own (a Cvcv's rows): the
    // parts' bodies, whose reactions the terms give (nullopt: the first term's bodies)
    std::optional<std::array<int, 2>> parts;
  };
  enum class Target {
    kNet,
    kJoint,
    kMotion,
    kSforce,
    kBush,
    kSpdp,
    kVforce,
    kVtorq,
    kGforce,
    kBeam,
    kField,
    kPtcv
  };

  // marks the measure as being evaluated; entering it again is a cycle
  struct Guard {
    bool* flag;
    ~Guard() { *flag = false; }
  };
  Guard Enter() const;

  void AddContribution(const System& sys, Contribution c);
  // the point of a Cvcv's moments: the contact point on its icurve (docs/equations.md §2.8)
  Vec3 CurveContactPoint(const double* y) const;
  // a CVCV call's contributions: every constraint of the Cvcv, on its two parts
  void LinkCvcv(const System& sys, Contribution c);
  // the wrenches on the two bodies of a constraint of several terms (a Ptcv)
  void TermsWrench(const Contribution& c, double t, const double* y, const double* memory,
                   int* body, Eigen::Matrix<double, 6, 1>* w) const;
  void ContributionWrench(const Contribution& c, double t, const double* y, const double* yp,
                          const double* memory, const Vec3& p, Vec3* force, Vec3* moment) const;

  std::string owner_, call_;
  Target target_ = Target::kNet;
  long element_id_ = 0;
  int component_ = 0;                 // 0..7: |F| Fx Fy Fz |T| Tx Ty Tz
  const model::Marker* i_ = nullptr;  // net: the measuring marker
  const model::Marker* j_ = nullptr;  // net: the other marker (nullptr: all)
  mbs::BodyMarker point_;             // where moments are taken
  // CVCV: the Cvcv's contact-point constraint, whose point moments are taken about
  const mbs::JointConstraint* contact_ = nullptr;
  mbs::BodyMarker frame_;  // the result frame
  int lambda_offset_ = 0;
  std::vector<Contribution> contributions_;
  bool linked_ = false;
  mutable bool busy_ = false;  // a measure that reads itself is a cycle
  mutable std::vector<double> work_y_, work_yp_;
};

}  // namespace msolve::system
