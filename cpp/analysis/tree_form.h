// The equations of motion of a tree of joints in joint coordinates (docs/equations.md §6.11),
// integrated by CVODE (solver/cvode_driver.h): the states are one coordinate and one rate per
// REVOLUTE or TRANSLATIONAL joint (a FIXED joint has none) and the other differential states
// (Diffs, Tfsiso/Lse, Gse, the work), as in the ODE form of analysis/ode_form.h. The body
// states follow by forward kinematics, so they meet the joint equations exactly; the applied
// forces are those of the System on those body states (every force element, expression and
// routine unchanged) and the joint accelerations come from Featherstone's articulated-body
// algorithm, O(N) in the bodies.
#pragma once

#include <string>
#include <vector>

#include "analysis/system_dae.h"
#include "solver/ode.h"
#include "system/system.h"

namespace msolve::analysis {

/// Why `sys` cannot be integrated in joint coordinates ("" when it can): every moving part
/// must hang from the ground through exactly one REVOLUTE, TRANSLATIONAL or FIXED joint (no
/// closed loop, no free part, no motion, coupler or joint primitive), with mass and inertia
/// in every direction, and no force may read the reactions.
std::string TreeFormRefusal(const system::System& sys);

class TreeForm : public solver::Ode {
 public:
  /// `sys` and `state` must outlive this object; throws SolverError with TreeFormRefusal's
  /// reason when the model is not such a tree.
  TreeForm(const system::System& sys, system::State* state);

  int size() const override { return 2 * dof_ + static_cast<int>(others_.size()); }
  int full_size() const override { return sys_.size(); }
  std::vector<bool> ErrorTested() const override;
  bool Rhs(double t, const double* x, double* xdot) override;
  void Expand(double t, const double* x, double* y, double* yp) override;
  void Reduce(double t, const double* y, double* x) override;
  std::string Repartition(double, const double*) override { return ""; }
  void AcceptStep(double t, const double* y, const double* yp) override;
  std::vector<double> DiscontinuityTimes() const override { return dae_.DiscontinuityTimes(); }
  void Reconcile(double t, VecX* y, VecX* yp) override { dae_.Reconcile(t, y, yp); }
  std::string OutOfDomain(const double* y, double margin) const override {
    return dae_.OutOfDomain(y, margin);
  }
  std::string DescribeState(int index) const override;

  /// Number of joint coordinates.
  int dof() const { return dof_; }

  /// One joint of the tree, parents before children.
  struct Link {
    int joint = 0;        // index into System::joints()
    int body = 0;         // the child body
    int parent = -1;      // the parent body, kGround for the ground
    int type = 0;         // 0 FIXED, 1 REVOLUTE, 2 TRANSLATIONAL
    int coordinate = -1;  // index of its coordinate in x (-1 for FIXED)
    Vec3 sp = Vec3::Zero(),
         sc = Vec3::Zero();  // the joint markers' origins on the parent, the child
    Mat3 Ap = Mat3::Identity(), Ac = Mat3::Identity();  // and their axes (body frames)
    Mat3 K = Mat3::Identity();  // the child marker's axes in the parent marker's at coordinate 0
  };

 private:
  using Vec6 = Eigen::Matrix<double, 6, 1>;
  using Mat6 = Eigen::Matrix<double, 6, 6>;
  // the body states of y_ (positions, velocities) and the other states from x; the joint
  // axes s_ (world, about the origin) and the bodies' spatial velocities v_
  void Kinematics(const double* x);
  // the joint accelerations for the forces at (t, y_), and the bodies' spatial
  // accelerations a_; the accelerations and the other rates into yp_
  bool Dynamics(double t, const double* x, VecX* qdd);
  // the multipliers of y_ from the joint reactions (a backward pass over a_)
  void Reactions();
  bool Evaluate(double t, const double* x);

  const system::System& sys_;
  system::State* state_;
  SystemDae dae_;
  int nb_ = 0, dof_ = 0;
  std::vector<Link> links_;
  std::vector<int> others_;  // differential states outside the bodies
  std::vector<Vec6> s_, v_, a_, c_, bias_;
  std::vector<Mat6> inertia_, articulated_;
  std::vector<Vec6> articulated_bias_, u_axis_;  // p^A and U = I^A s per body
  std::vector<double> d_, u_;                    // D = s.U and u = -s.p^A per body
  std::vector<std::vector<int>> joint_rows_;     // per joint: its rows (indices into rows())
  std::vector<Mat3> rotation_;
  VecX reference_;  // the last accepted DAE state (quaternion signs, angle turns)
  double t_ = 0.0;
  VecX x_, y_, yp_, qdd_;
  bool cached_ = false;
};

}  // namespace msolve::analysis
