#include "analysis/tree_form.h"

#include <cmath>
#include <sstream>

#include <Eigen/Cholesky>
#include <Eigen/QR>

#include "common/error.h"
#include "math/rotation.h"

namespace msolve::analysis {
namespace {

// spatial vectors in global components about the global origin, angular part first
// (docs/equations.md §6.11): the motion cross product v x m and the force one v x* f
Vec6 CrossMotion(const Vec6& v, const Vec6& m) {
  Vec6 out;
  out.head<3>() = v.head<3>().cross(m.head<3>());
  out.tail<3>() = v.head<3>().cross(m.tail<3>()) + v.tail<3>().cross(m.head<3>());
  return out;
}

// whether every value of v is finite, without an early exit (a loop that vectorises):
// v - v is 0 for a finite value and NaN for an infinite or NaN one
bool AllFinite(const VecX& v) { return (v.array() - v.array()).sum() == 0.0; }

TreeJointKind LinkKind(mbs::JointType type, bool* known) {
  *known = true;
  switch (type) {
    case mbs::JointType::kFixed:
      return TreeJointKind::kFixed;
    case mbs::JointType::kRevolute:
      return TreeJointKind::kRevolute;
    case mbs::JointType::kTranslational:
      return TreeJointKind::kTranslational;
    case mbs::JointType::kCylindrical:
      return TreeJointKind::kCylindrical;
    case mbs::JointType::kUniversal:
    case mbs::JointType::kHooke:
      return TreeJointKind::kUniversal;
    case mbs::JointType::kPlanar:
      return TreeJointKind::kPlanar;
    case mbs::JointType::kSpherical:
      return TreeJointKind::kSpherical;
    default:
      *known = false;
      return TreeJointKind::kFixed;
  }
}

// breadth first from `root`: a joint reaching a new body places it, one between two placed
// bodies closes a loop and is cut (`touching[b + 1]`: the joints on body b, the ground's first)
void GrowTree(const system::System& sys, const std::vector<std::vector<int>>& touching, int root,
              std::vector<bool>* placed, std::vector<bool>* used, std::vector<TreeLink>* links,
              std::vector<int>* cuts) {
  const auto& joints = sys.joints();
  std::vector<int> frontier = {root};
  for (size_t f = 0; f < frontier.size(); ++f) {
    const int parent = frontier[f];
    for (const int k : touching[parent + 1]) {
      const auto& c = joints[k];
      const bool i_side = c.i().body == parent, j_side = c.j().body == parent;
      if ((*used)[k] || (!i_side && !j_side)) continue;
      const mbs::BodyMarker& pm = i_side ? c.i() : c.j();
      const mbs::BodyMarker& cm = i_side ? c.j() : c.i();
      (*used)[k] = true;
      if (cm.body == kGround || (*placed)[cm.body] || cm.body == parent) {
        cuts->push_back(k);
        continue;
      }
      (*placed)[cm.body] = true;
      TreeLink link;
      bool known = false;
      link.joint = static_cast<int>(k);
      link.body = cm.body;
      link.parent = parent;
      link.kind = LinkKind(c.type(), &known);
      // HOOKE: the cross pins along x_I and y_J; UNIVERSAL: along z_I and z_J
      if (c.type() == mbs::JointType::kHooke)
        link.axis_p = i_side ? 0 : 1, link.axis_c = 1 - link.axis_p;
      link.sp = pm.s, link.Ap = pm.A, link.sc = cm.s, link.Ac = cm.A;
      links->push_back(link);
      frontier.push_back(cm.body);
    }
  }
}

// the links of a spanning tree, parents first, and the joints cut to close its loops; "" in
// *why when the model has one
std::vector<TreeForm::Link> BuildTree(const system::System& sys, std::vector<int>* cuts,
                                      std::string* why) {
  std::vector<TreeForm::Link> links;
  const int nb = sys.body_count();
  for (const auto& body : sys.bodies()) {
    if (body.owner) {
      *why = body.owner->Describe() + " carries a parameter body of its own";
      return {};
    }
    if (!body.massless_directions.empty()) {
      *why = body.part->Describe() + " has no mass or inertia in some direction";
      return {};
    }
  }
  if (sys.ReadsMultipliers()) {
    *why = "a force reads joint reactions";
    return {};
  }
  const auto& joints = sys.joints();
  for (const auto& c : joints) {
    bool known = false;
    LinkKind(c.type(), &known);
    if (!c.joint() || c.motion() || c.terms() != 1 || !known) {
      *why = c.Describe() +
             " is not a REVOLUTE, TRANSLATIONAL, FIXED, CYLINDRICAL, UNIVERSAL, HOOKE, PLANAR or "
             "SPHERICAL joint";
      return {};
    }
  }
  // the tree from the ground, then from each part left over: a free part (six coordinates)
  // and what hangs from it
  std::vector<bool> placed(nb, false), used(joints.size(), false);
  std::vector<std::vector<int>> touching(nb + 1);
  for (size_t k = 0; k < joints.size(); ++k) {
    touching[joints[k].i().body + 1].push_back(static_cast<int>(k));
    if (joints[k].j().body != joints[k].i().body)
      touching[joints[k].j().body + 1].push_back(static_cast<int>(k));
  }
  GrowTree(sys, touching, kGround, &placed, &used, &links, cuts);
  for (int b = 0; b < nb; ++b) {
    if (placed[b]) continue;
    TreeLink link;
    link.body = b;
    link.parent = kGround;
    link.kind = TreeJointKind::kFree;
    links.push_back(link);
    placed[b] = true;
    GrowTree(sys, touching, b, &placed, &used, &links, cuts);
  }
  // a tree's joints are independent: redundant rows come from the loops
  if (cuts->empty() && sys.active_rows() != static_cast<int>(sys.rows().size())) {
    *why = "joint equations are redundant";
    return {};
  }
  return links;
}

}  // namespace

std::string TreeFormRefusal(const system::System& sys) {
  std::string why;
  std::vector<int> cuts;
  BuildTree(sys, &cuts, &why);
  return why;
}

TreeForm::TreeForm(const system::System& sys, system::State* state)
    : sys_(sys), state_(state), dae_(sys, state) {
  std::string why;
  links_ = BuildTree(sys, &cuts_, &why);
  if (!why.empty()) throw SolverError("joint coordinates do not apply: " + why);
  nb_ = sys.body_count();
  for (auto& link : links_) {
    SizeTreeLink(&link);
    link.q = nq_, link.v = dof_;
    nq_ += link.nq, dof_ += link.nv;
  }
  for (int i = system::kBodyStates * nb_; i < sys.differential_size(); ++i) others_.push_back(i);
  v_.assign(nb_, Vec6::Zero());
  a_ = c_ = bias_ = v_;
  s_.assign(nb_, Mat6X());
  u_axis_ = s_;
  parent_fixed_.assign(nb_, 0u);
  d_inverse_.assign(nb_, MatXX6());
  u_.assign(nb_, VecX6());
  u_axis_one_.assign(nb_, Vec6::Zero());
  d_one_.assign(nb_, 0.0);
  u_one_.assign(nb_, 0.0);
  inertia_.assign(nb_, Mat6::Zero());
  joint_rows_.resize(sys.joints().size());
  for (size_t r = 0; r < sys.rows().size(); ++r)
    joint_rows_[sys.rows()[r].joint].push_back(static_cast<int>(r));
  rotation_.assign(nb_, Mat3::Identity());
  no_velocity_rows_.resize(static_cast<Eigen::Index>(sys.rows().size()), 6 * nb_);
  // the relative orientation of the child's marker to the parent's at the start, K: the
  // joint's turns are from there (z_I may be -z_J)
  reference_ = state->y;
  const double* y = state->y.data();
  for (auto& link : links_) {
    const Mat3 Rp = link.parent == kGround
                        ? Mat3::Identity()
                        : math::QuatToMatrix<double>(
                              Vec4(VecX::Map(y + system::System::BodyOffset(link.parent) + 3, 4)));
    const Mat3 Rc = math::QuatToMatrix<double>(
        Vec4(VecX::Map(y + system::System::BodyOffset(link.body) + 3, 4)));
    link.K = (Rp * link.Ap).transpose() * Rc * link.Ac;
  }
  y_ = state->y;
  yp_ = state->yp;
  if (!cuts_.empty()) SetUpLoops();
}

std::vector<bool> TreeForm::ErrorTested() const {
  std::vector<bool> tested(size(), true);
  const int first = nq_ + dof_ - 2 * rank_;
  for (size_t k = 0; k < others_.size(); ++k)
    if (others_[k] == sys_.work_state()) tested[first + k] = false;
  return tested;
}

std::string TreeForm::DescribeState(int index) const {
  const int nq = nq_ - rank_, first = nq_ + dof_ - 2 * rank_;
  if (index >= first) return sys_.DescribeState(others_[index - first]);
  const bool rate = index >= nq;
  // into the tree's coordinates (q, u): the independent ones of a model with loops
  if (rank_ > 0) index = rate ? nq_ + ind_v_[index - nq] : ind_q_[index];
  for (const auto& link : links_) {
    const int k = rate ? index - nq_ - link.v : index - link.q;
    if (k < 0 || k >= (rate ? link.nv : link.nq)) continue;
    const std::string who = link.joint >= 0 ? sys_.joints()[link.joint].Describe()
                                            : sys_.bodies()[link.body].part->Describe();
    return who + (rate ? " rate " : " coordinate ") + std::to_string(k + 1);
  }
  return "state " + std::to_string(index);
}

void TreeForm::Kinematics(const double* x) {
  if (y_.size() != reference_.size()) y_ = reference_;
  for (const auto& link : links_) {
    const int b = link.body, o = system::System::BodyOffset(b);
    Mat3 Rp = Mat3::Identity();
    Vec3 rp = Vec3::Zero();
    Vec6 vp = Vec6::Zero();
    if (link.parent != kGround) {
      Rp = rotation_[link.parent];
      rp = y_.segment<3>(system::System::BodyOffset(link.parent));
      vp = v_[link.parent];
    }
    Mat3 Rm = Rp * link.Ap, Rcm;
    Vec3 om = rp + Rp * link.sp, ocm;
    PlaceTreeLink(link, x + link.q, Rm, om, &Rcm, &ocm, &s_[b], &parent_fixed_[b]);
    const Mat3 Rc = Rcm * link.Ac.transpose();
    const Vec3 rc = ocm - Rc * link.sc;
    const auto qd = VecX6::Map(x + nq_ + link.v, link.nv);
    v_[b] = vp + s_[b] * qd;
    // the velocity product (docs/equations.md §6.11): each column of S turns with the body
    // it is fixed in
    c_[b].setZero();
    for (int k = 0; k < link.nv; ++k) {
      const Vec6& w = (parent_fixed_[b] >> k) & 1u ? vp : v_[b];
      c_[b] += CrossMotion(w, s_[b].col(k) * qd[k]);
    }
    rotation_[b] = Rc;
    Vec4 e = math::MatrixToQuat(Rc);
    if (e.dot(reference_.segment<4>(o + 3)) < 0.0) e = -e;
    y_.segment<3>(o) = rc;
    y_.segment<4>(o + 3) = e;
    y_.segment<3>(o + 7) = v_[b].tail<3>() + v_[b].head<3>().cross(rc);
    y_.segment<3>(o + 10) = Rc.transpose() * v_[b].head<3>();
  }
  for (size_t k = 0; k < others_.size(); ++k) y_[others_[k]] = x[nq_ + dof_ + k];
}

bool TreeForm::Dynamics(double t, VecX* qdd) {
  const double* memory = state_->memory.data();
  const VecX F = sys_.AppliedForces(t, y_.data(), yp_.data(), memory);
  if (!AllFinite(F)) return false;
  // the bodies' spatial inertias about the origin and their bias forces: the velocity
  // product m w x v of the mass centre's acceleration less the applied forces (whose torque
  // already holds the gyroscopic -w x J w, docs/equations.md §3.9)
  for (int b = 0; b < nb_; ++b) {
    const auto& body = sys_.bodies()[b];
    const int o = system::System::BodyOffset(b);
    const double m = body.mass / sys_.ucf();
    const Mat3& R = rotation_[b];
    const Vec3 c = y_.segment<3>(o), vc = y_.segment<3>(o + 7);
    const Mat3 C = math::Skew(c);
    Mat6& I = inertia_[b];
    I.topLeftCorner<3, 3>() = R * body.inertia * R.transpose() / sys_.ucf() + m * C * C.transpose();
    I.topRightCorner<3, 3>() = m * C;
    I.bottomLeftCorner<3, 3>() = m * C.transpose();
    I.bottomRightCorner<3, 3>() = m * Mat3::Identity();
    const Vec3 mwv = m * v_[b].head<3>().cross(vc);
    const Vec3 f = F.segment<3>(6 * b), n = R * F.segment<3>(6 * b + 3);
    bias_[b] << c.cross(mwv) - c.cross(f) - n, mwv - f;
  }
  // Featherstone's articulated-body algorithm (docs/equations.md §6.11): velocity products,
  // then the articulated inertias from the tips, then the accelerations from the ground
  articulated_ = inertia_;
  articulated_bias_ = bias_;
  for (auto it = links_.rbegin(); it != links_.rend(); ++it) {
    const int b = it->body;
    if (!Articulate(*it)) return false;
    if (it->parent != kGround) {
      articulated_[it->parent] += articulated_[b];
      articulated_bias_[it->parent] += articulated_bias_[b];
    }
  }
  for (const auto& link : links_) {
    const int b = link.body;
    Vec6 a = c_[b];
    if (link.parent != kGround) a += a_[link.parent];
    if (link.nv == 1) {
      // one joint coordinate (REVOLUTE, TRANSLATIONAL): scalars instead of 1 x 1 matrices
      const double acc = d_one_[b] * (u_one_[b] - u_axis_one_[b].dot(a));
      (*qdd)[link.v] = acc;
      a += s_[b].col(0) * acc;
    } else if (link.nv > 0) {
      const VecX6 acc = d_inverse_[b] * (u_[b] - u_axis_[b].transpose() * a);
      qdd->segment(link.v, link.nv) = acc;
      a += s_[b] * acc;
    }
    a_[b] = a;
  }
  return AllFinite(*qdd);
}

bool TreeForm::BodyRates(double t) {
  // the DAE's rates: q'(u), the mass centres' accelerations and w' in body axes
  const double* memory = state_->memory.data();
  yp_.setZero();
  qdot_.resize(7 * nb_);
  sys_.PositionRates(y_.data(), qdot_.data());
  for (int b = 0; b < nb_; ++b) {
    const int o = system::System::BodyOffset(b);
    for (int d = 0; d < 7; ++d) yp_[o + d] = qdot_[7 * b + d];
    const Vec3 wdot = a_[b].head<3>(), w = v_[b].head<3>();
    const Vec3 c = y_.segment<3>(o), vc = y_.segment<3>(o + 7);
    yp_.segment<3>(o + 7) = a_[b].tail<3>() + wdot.cross(c) + w.cross(vc);
    yp_.segment<3>(o + 10) = rotation_[b].transpose() * wdot;
  }
  // the reactions' power -lambda . B u is zero: the tree's joints hold their velocity
  // equations by construction (B u = 0) and none is a Motion (docs/equations.md §7)
  sys_.SolveDiffRates(t, y_.data(), yp_.data(), memory, &no_velocity_rows_);
  return AllFinite(yp_);
}

bool TreeForm::Articulate(const Link& link) {
  // from I^A, p^A of the body to the I^a, p^a it passes to its parent (docs/equations.md
  // §6.11), in place; a body on the ground passes nothing, only U, D^-1 and d are kept
  const int b = link.body;
  Mat6& I = articulated_[b];
  Vec6& p = articulated_bias_[b];
  const bool passes = link.parent != kGround;
  if (link.nv == 1) {
    const Vec6 s = s_[b].col(0);
    const Vec6 U = I * s;
    const double D = s.dot(U);
    if (!(D > 0.0)) return false;
    u_axis_one_[b] = U;
    d_one_[b] = 1.0 / D;
    u_one_[b] = -s.dot(p);
    if (passes) {
      I.noalias() -= (U / D) * U.transpose();
      p += I * c_[b] + U * (u_one_[b] / D);
    }
    return true;
  }
  if (link.nv > 0) {
    const Mat6X& S = s_[b];
    u_axis_[b].noalias() = I * S;
    const MatXX6 D = S.transpose() * u_axis_[b];
    const Eigen::LLT<MatXX6> llt(D);
    if (llt.info() != Eigen::Success) return false;
    d_inverse_[b] = llt.solve(MatXX6::Identity(link.nv, link.nv));
    u_[b].noalias() = -S.transpose() * p;
    if (passes) {
      I.noalias() -= u_axis_[b] * d_inverse_[b] * u_axis_[b].transpose();
      p += I * c_[b] + u_axis_[b] * (d_inverse_[b] * u_[b]);
    }
    return true;
  }
  if (passes) p += I * c_[b];
  return true;
}

void TreeForm::Reactions() {
  // the force each joint passes to its child, from the tips: f = I a + bias + the children's
  // (Newton-Euler); in the child's generalised coordinates (force global, torque about the
  // mass centre in body axes) it is -B_c^T lambda of that joint's rows (docs/equations.md §1.2)
  std::vector<Vec6> f(nb_);
  for (int b = 0; b < nb_; ++b) f[b] = inertia_[b] * a_[b] + bias_[b];
  for (auto it = links_.rbegin(); it != links_.rend(); ++it)
    if (it->parent != kGround) f[it->parent] += f[it->body];
  const system::SparseMat B = sys_.VelocityJacobian(t_, y_.data(), state_->memory.data());
  y_.segment(sys_.mu_offset(), sys_.active_rows() + nb_).setZero();
  for (const auto& link : links_) {
    if (link.joint < 0) continue;  // a free part
    const int b = link.body, o = system::System::BodyOffset(b);
    const auto& rows = joint_rows_[link.joint];
    Eigen::Matrix<double, 6, Eigen::Dynamic> Bt = Eigen::MatrixXd::Zero(6, rows.size());
    for (int col = 0; col < 6; ++col)
      for (system::SparseMat::InnerIterator it(B, 6 * b + col); it; ++it) {
        const auto& row = sys_.rows()[it.row()];
        if (row.joint == link.joint) Bt(col, row.local) = it.value();
      }
    const Vec3 force = f[b].tail<3>();
    const Vec3 torque = f[b].head<3>() - y_.segment<3>(o).cross(force);
    Vec6 G;
    G << force, rotation_[b].transpose() * torque;
    // the joint's rows are independent (no redundancy in a tree): least squares by the
    // normal equations, at most 6 x 6
    const Eigen::MatrixXd BtB = Bt.transpose() * Bt;
    const VecX lambda = BtB.ldlt().solve(-(Bt.transpose() * G));
    for (size_t k = 0; k < rows.size(); ++k)
      y_[sys_.lambda_offset() + sys_.rows()[rows[k]].active] = lambda[k];
  }
}

bool TreeForm::Evaluate(double t, const double* x) {
  const int n = size();
  if (cached_ && t == t_ && VecX::Map(x, n) == x_) return true;
  cached_ = false;
  t_ = t;  // the time the closure rows are evaluated at
  if (!cuts_.empty()) {
    if (!Close(x)) return false;
  } else {
    Kinematics(x);
  }
  qdd_.resize(dof_);
  if (!Dynamics(t, &qdd_)) return false;
  if (!cuts_.empty() && !CloseAccelerations()) return false;
  if (!BodyRates(t)) return false;
  t_ = t;
  x_ = VecX::Map(x, n);
  cached_ = true;
  return true;
}

std::string TreeForm::WhyNoAccelerations(double t) const {
  std::string why = dae_.OutOfDomain(y_.data(), 0.0);
  if (!why.empty()) return why;
  // the rates written before the failure may hold it: those not finite read as zero
  const VecX rates = yp_.unaryExpr([](double v) { return std::isfinite(v) ? v : 0.0; });
  return dae_.NonFinite(t, y_.data(), rates.data());
}

std::string TreeForm::OutOfDomain(const double* y, double margin) const {
  const std::string why = dae_.OutOfDomain(y, margin);
  return why.empty() ? failure_ : why;
}

bool TreeForm::Rhs(double t, const double* x, double* xdot) {
  if (!Evaluate(t, x)) {
    // CVODE retries with a shorter step; kept in case it gives up
    const std::string why = WhyNoAccelerations(t);
    if (!why.empty()) failure_ = why;
    return false;
  }
  if (cuts_.empty()) {
    for (const auto& link : links_)
      TreeLinkRates(link, x + link.q, x + nq_ + link.v, xdot + link.q);
    for (int i = 0; i < dof_; ++i) xdot[nq_ + i] = qdd_[i];
    for (size_t k = 0; k < others_.size(); ++k) xdot[nq_ + dof_ + k] = yp_[others_[k]];
    return true;
  }
  // with loops, the rates of the independent coordinates
  qdot_.resize(std::max<size_t>(qdot_.size(), nq_));
  for (const auto& link : links_)
    TreeLinkRates(link, full_.data() + link.q, full_.data() + nq_ + link.v, qdot_.data() + link.q);
  const int nq = nq_ - rank_, nv = dof_ - rank_;
  for (int i = 0; i < nq; ++i) xdot[i] = qdot_[ind_q_[i]];
  for (int i = 0; i < nv; ++i) xdot[nq + i] = qdd_[ind_v_[i]];
  for (size_t k = 0; k < others_.size(); ++k) xdot[nq + nv + k] = yp_[others_[k]];
  return true;
}

void TreeForm::Expand(double t, const double* x, double* y, double* yp) {
  ExpandInPlace(t, x);
  VecX::Map(y, y_.size()) = y_;
  VecX::Map(yp, yp_.size()) = yp_;
}

void TreeForm::ExpandInPlace(double t, const double* x) {
  if (!Evaluate(t, x)) {
    std::ostringstream s;
    const std::string why = WhyNoAccelerations(t);
    if (why.empty())
      s << "the joint-coordinate form has no accelerations at time " << t;
    else
      s << why << "; the analysis stopped at time " << t;
    throw SolverError(s.str());
  }
  if (step_reactions_ && !cuts_.empty())
    LoopReactions();
  else if (step_reactions_)
    Reactions();
  else
    y_.tail(sys_.size() - sys_.lambda_offset()).setZero();
}

void TreeForm::ExpandStates(double t, const double* x, double* y) {
  if (!cuts_.empty()) {
    // with loops x holds the independent coordinates only: the dependent ones come from the
    // closure equations, which the full evaluation solves
    ExpandInPlace(t, x);
    VecX::Map(y, y_.size()) = y_;
    return;
  }
  Kinematics(x);
  cached_ = false;  // y_ is at x, the accelerations are not
  y_.tail(sys_.size() - sys_.lambda_offset()).setZero();
  VecX::Map(y, y_.size()) = y_;
}

void TreeForm::Reduce(double t, const double* y, double* x) {
  (void)t;
  if (!cuts_.empty()) {
    // with loops: the tree's coordinates, then the independent ones
    const bool have_previous = full_valid_;
    VecX full = VecX::Zero(nq_ + dof_ + static_cast<int>(others_.size()));
    TreeCoordinates(y, have_previous ? full_.data() : nullptr, full.data(), full.data() + nq_);
    for (size_t k = 0; k < others_.size(); ++k) full[nq_ + dof_ + k] = y[others_[k]];
    full_ = full;
    full_valid_ = true;
    const int nq = nq_ - rank_, nv = dof_ - rank_;
    for (int i = 0; i < nq; ++i) x[i] = full_[ind_q_[i]];
    for (int i = 0; i < nv; ++i) x[nq + i] = full_[nq_ + ind_v_[i]];
    for (size_t k = 0; k < others_.size(); ++k) x[nq + nv + k] = y[others_[k]];
    reference_ = VecX::Map(y, sys_.size());
    accepted_full_ = full_;
    cached_ = false;
    return;
  }
  const bool have_previous = x_.size() == size();
  TreeCoordinates(y, have_previous ? x_.data() : nullptr, x, x + nq_);
  for (size_t k = 0; k < others_.size(); ++k) x[nq_ + dof_ + k] = y[others_[k]];
  reference_ = VecX::Map(y, sys_.size());
  cached_ = false;
}

void TreeForm::TreeCoordinates(const double* y, const double* previous, double* q,
                               double* u) const {
  // a body's frame and spatial velocity (about the origin) from the DAE's states
  const auto frame = [&](int body, Mat3* R, Vec3* r, Vec6* v) {
    *R = Mat3::Identity(), *r = Vec3::Zero(), *v = Vec6::Zero();
    if (body == kGround) return;
    const int o = system::System::BodyOffset(body);
    *R = math::QuatToMatrix<double>(Vec4(Vec4::Map(y + o + 3)));
    *r = Vec3::Map(y + o);
    const Vec3 w = *R * Vec3::Map(y + o + 10);
    *v << w, Vec3::Map(y + o + 7) - w.cross(*r);
  };
  for (const auto& link : links_) {
    if (link.nv == 0) continue;
    Mat3 Rp, Rc;
    Vec3 rp, rc;
    Vec6 vp, vc;
    frame(link.parent, &Rp, &rp, &vp);
    frame(link.body, &Rc, &rc, &vc);
    TreeLinkCoordinates(link, Rp * link.Ap, rp + Rp * link.sp, Rc * link.Ac, rc + Rc * link.sc,
                        vc - vp, previous ? previous + link.q : nullptr, q + link.q, u + link.v);
  }
}

void TreeForm::AcceptStep(double t, const double* y, const double* yp) {
  failure_.clear();
  reference_ = VecX::Map(y, sys_.size());
  if (full_valid_) accepted_full_ = full_;
  dae_.AcceptStep(t, y, yp);
}

}  // namespace msolve::analysis
