// the joint equations: rows and active set, their share of the residual and Jacobian (see
// system.h for the equations), the constraint values, the position and velocity Jacobians and
// the rate of the latter; every loop over the joints goes through ForEachJointTerm
#include "math/rotation.h"
#include "system/assembly.h"
#include "system/state_view.h"
#include "system/system.h"

namespace msolve::system {
namespace {

using mbs::kBodyQ;
using mbs::kPairQ;
using mbs::PairGradient;
using mbs::PairHessian;

// q'(u) of the two sides of a joint (zero for the ground), the derivative of the quaternion
// rates with respect to e (Q(w)/2) and L(e)/2
struct PairRates {
  Eigen::Matrix<double, kPairQ, 1> qd = Eigen::Matrix<double, kPairQ, 1>::Zero();
  Eigen::Matrix4d halfQ[2];
  Eigen::Matrix<double, 4, 3> halfL[2];
};

PairRates RatesOf(const double* const* q) {
  PairRates r;
  for (int s = 0; s < 2; ++s) {
    if (!q[s]) continue;
    r.halfQ[s] = 0.5 * math::QuatRightW(V3(q[s] + 10));
    r.halfL[s] = 0.5 * math::QuatL(V4(q[s] + 3));
    r.qd.segment<3>(kBodyQ * s) = V3(q[s] + 7);
    r.qd.segment<4>(kBodyQ * s + 3) = r.halfL[s] * V3(q[s] + 10);
  }
  return r;
}

// per row of a joint term in the residual: the position and velocity constraint, then for each
// side the 13 values the row adds to the body's rows
constexpr int kRowValues = 2 + 2 * kBodyStates;

// The laws of the nonlinear Couplers at the displacements in y, one per joint (unread for
// the others): their COUSUBs run here, on the calling thread, before the joints are
// evaluated on several (docs/architecture.md §2.6)
// (and the rows of the general constraints, whose expressions and routines stay there too)
std::vector<mbs::Coupling> CouplingsAt(const std::vector<mbs::JointConstraint>& joints, double t,
                                       const double* y, const double* memory, bool second) {
  std::vector<mbs::Coupling> laws;
  for (size_t jn = 0; jn < joints.size(); ++jn) {
    const mbs::JointConstraint& joint = joints[jn];
    if (!joint.coupled()) continue;
    laws.resize(joints.size());
    System::CouplingOf(joint, t, y, memory, second, &laws[jn]);
  }
  return laws;
}

}  // namespace

// a nonlinear Coupler: the law of its terms' displacements (docs/equations.md §2.4); a
// general constraint: its row (§2.14)
const mbs::Coupling* System::CouplingOf(const mbs::JointConstraint& joint, double t,
                                        const double* y, const double* memory, bool second,
                                        mbs::Coupling* out) {
  if (joint.general()) {
    joint.general()->Evaluate(t, y, memory, second, second, &out->general);
    return out;
  }
  const double* slots = joint.Slots(memory);
  double d[3] = {0, 0, 0};
  for (int k = 0; k < joint.terms(); ++k) {
    const JointSides sides = SidesOf(joint, k, y);
    d[k] = joint.Displacement(k, sides.state[0], sides.state[1], slots);
  }
  joint.law()->Evaluate(d, second, out);
  return out;
}

double System::CouplingCrossCurvature(const mbs::JointConstraint& joint, const double* y,
                                      const double* slots, const mbs::Coupling& coupling) {
  double rate[3] = {0, 0, 0};
  for (int k = 0; k < joint.terms(); ++k) {
    const JointSides sides = SidesOf(joint, k, y);
    const PairRates rates = RatesOf(sides.state);
    joint.Displacement(k, sides.state[0], sides.state[1], slots, rates.qd.data(), &rate[k]);
  }
  double cross = 0.0;
  for (int k = 0; k < joint.terms(); ++k)
    for (int l = 0; l < joint.terms(); ++l)
      if (k != l) cross += coupling.hess[3 * k + l] * rate[k] * rate[l];
  return cross;
}

System::JointSides System::SidesOf(const mbs::JointConstraint& joint, const double* y) {
  return SidesOf(joint, 0, y);
}

System::JointSides System::SidesOf(const mbs::JointConstraint& joint, int term, const double* y) {
  const auto& t = joint.term(term);
  JointSides sides{{t.i.body, t.j.body}, {nullptr, nullptr}};
  for (int s = 0; s < 2; ++s)
    if (sides.body[s] >= 0) sides.state[s] = y + BodyOffset(sides.body[s]);
  return sides;
}

void System::SetActiveRows(const std::vector<bool>& active) {
  active_count_ = 0;
  for (size_t k = 0; k < rows_.size(); ++k) rows_[k].active = active[k] ? active_count_++ : -1;
  RefreshDependencies();
}

void System::JointResidual(double t, const double* y, const double* memory, double* F,
                           double* power) const {
  const int lam0 = lambda_offset(), mu0 = mu_offset();
  const int count = static_cast<int>(joints_.size());
  // each joint's share (kRowValues per row of each term), evaluated on the threads and summed
  // in the order of the joints and terms: a row is the sum of its terms
  std::vector<int> start(count + 1, 0);
  for (int jn = 0; jn < count; ++jn)
    start[jn + 1] = start[jn] + joints_[jn].terms() * joints_[jn].rows() * kRowValues;
  thread_local std::vector<double> kept;
  std::vector<double> values = std::move(kept);
  values.resize(start[count]);
  const std::vector<mbs::Coupling> laws = CouplingsAt(joints_, t, y, memory, false);
  assembly::ForItems(count, assembly::Threads(*this), assembly::Anywhere, [&](int jn) {
    const mbs::JointConstraint& joint = joints_[jn];
    const double* slots = joint.Slots(memory);
    const mbs::Coupling* coupling = joint.coupled() ? &laws[jn] : nullptr;
    double phi[6];
    PairGradient grad;
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      const double* const* q = sides.state;
      joint.EvaluateTerm(term, q[0], q[1], slots, phi, &grad, coupling);
      // per side: L(e)^T and q'(u) (as PositionRates)
      Eigen::Matrix<double, 3, 4> Lt[2];
      Eigen::Matrix<double, 1, kBodyQ> qdot[2];
      for (int s = 0; s < 2; ++s) {
        if (q[s] == nullptr) continue;
        const Eigen::Matrix<double, 4, 3> L = math::QuatL(V4(q[s] + 3));
        Lt[s] = L.transpose();
        qdot[s].head<3>() = V3(q[s] + 7).transpose();
        qdot[s].tail<4>() = (0.5 * L * V3(q[s] + 10)).transpose();
      }
      for (int r = 0; r < joint.rows(); ++r) {
        const int a = rows_[joint_row_start_[jn] + r].active;
        if (a < 0) continue;
        const double lambda = y[lam0 + a];
        const double mu = y[mu0 + a];
        double* v = values.data() + start[jn] + (term * joint.rows() + r) * kRowValues;
        v[0] = phi[r];
        double vel = 0.0;
        for (int s = 0; s < 2; ++s) {
          if (q[s] == nullptr) continue;
          const auto g = grad.row(r).segment<kBodyQ>(kBodyQ * s);
          vel += g.dot(qdot[s]);
          double* f = v + 2 + kBodyStates * s;
          Eigen::Map<Eigen::Matrix<double, 1, 7>>{f} = mu * g;
          Eigen::Map<Eigen::Matrix<double, 1, 3>>(f + 7) = lambda * g.head<3>();
          Eigen::Map<Vec3>(f + 10) = 0.5 * lambda * Lt[s] * g.tail<4>().transpose();
        }
        v[1] = vel;
      }
    }
  });
  // constraints, reactions, stabilisation; the reactions' power, -lambda B u
  for (int jn = 0; jn < count; ++jn) {
    const mbs::JointConstraint& joint = joints_[jn];
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      for (int r = 0; r < joint.rows(); ++r) {
        const int a = rows_[joint_row_start_[jn] + r].active;
        if (a < 0) continue;
        const double* v = values.data() + start[jn] + (term * joint.rows() + r) * kRowValues;
        F[mu0 + a] += v[0];
        for (int s = 0; s < 2; ++s) {
          if (sides.state[s] == nullptr) continue;
          double* f = F + BodyOffset(sides.body[s]);
          const double* add = v + 2 + kBodyStates * s;
          for (int d = 0; d < kBodyStates; ++d) f[d] += add[d];
        }
        F[lam0 + a] += v[1];
        // a general constraint's g_t (docs/equations.md §2.14); the reaction's power is
        // -lambda B u, as a Motion's
        if (joint.general() && term == 0) F[lam0 + a] += laws[jn].general.rate;
        *power -= y[lam0 + a] * v[1];
      }
    }
  }
  kept = std::move(values);
}

void System::JointJacobian(double t, const double* y, const double* memory,
                           std::vector<Triplet>* out) const {
  // each joint's triplets on the threads, gathered in the order of the joints
  const std::vector<mbs::Coupling> laws = CouplingsAt(joints_, t, y, memory, true);
  const auto triplets = [&](int jn, std::vector<Triplet>* list) {
    auto add = [list](int r, int c, double v) { list->push_back({r, c, v}); };
    const mbs::JointConstraint& joint = joints_[jn];
    const double* slots = joint.Slots(memory);
    const mbs::Coupling* coupling = joint.coupled() ? &laws[jn] : nullptr;
    const int row0 = joint_row_start_[jn];
    double phi[6];
    PairGradient grad;
    thread_local std::vector<PairHessian> hess;
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      const int* side_body = sides.body;
      const double* const* q = sides.state;
      joint.EvaluateTermHessians(term, q[0], q[1], slots, phi, &grad, &hess, coupling);

      const PairRates rates = RatesOf(q);
      const auto& qd = rates.qd;
      const auto& halfQ = rates.halfQ;
      const auto& halfL = rates.halfL;
      auto qcol = [&](int c) { return BodyOffset(side_body[c / kBodyQ]) + c % kBodyQ; };
      auto qlive = [&](int c) { return q[c / kBodyQ] != nullptr; };

      // block of the body rows (kinematic 7 + dynamic 6 per side) against q (14)
      Eigen::Matrix<double, 26, kPairQ> K = Eigen::Matrix<double, 26, kPairQ>::Zero();
      for (int r = 0; r < joint.rows(); ++r) {
        const int a = rows_[row0 + r].active;
        if (a < 0) continue;
        const int lam = lambda_offset() + a;
        const int mu = mu_offset() + a;
        const double lambda = y[lam];
        const double muv = y[mu];
        const PairHessian& H = hess[r];
        const Eigen::Matrix<double, 1, kPairQ> g = grad.row(r);

        // position row and velocity row against q
        Eigen::Matrix<double, 1, kPairQ> dvel = qd.transpose() * H;
        // a general constraint: d(g_q qdot + g_t)/dq with the cross terms between bodies
        if (joint.general())
          dvel.head<kBodyQ>() = Eigen::Map<const Eigen::Matrix<double, 1, kBodyQ>>(
              &coupling->general.dvel[kBodyQ * term]);
        for (int s = 0; s < 2; ++s)
          if (q[s]) dvel.segment<4>(kBodyQ * s + 3) += g.segment<4>(kBodyQ * s + 3) * halfQ[s];
        for (int c = 0; c < kPairQ; ++c) {
          if (!qlive(c)) continue;
          add(mu, qcol(c), g[c]);
          add(lam, qcol(c), dvel[c]);
        }
        for (int s = 0; s < 2; ++s) {
          if (!q[s]) continue;
          const int o = BodyOffset(side_body[s]);
          const Eigen::Matrix<double, 1, 4> ge = g.segment<4>(kBodyQ * s + 3);
          const Eigen::Matrix<double, 3, 1> Bw = halfL[s].transpose() * ge.transpose();
          for (int i = 0; i < 3; ++i) {
            // velocity row against u, reaction rows against lambda
            add(lam, o + 7 + i, g[kBodyQ * s + i]);
            add(lam, o + 10 + i, Bw[i]);
            add(o + 7 + i, lam, g[kBodyQ * s + i]);
            add(o + 10 + i, lam, Bw[i]);
          }
          // stabilisation columns
          for (int d = 0; d < kBodyQ; ++d) add(o + d, mu, g[kBodyQ * s + d]);
          // second-derivative terms of the body rows
          K.block<7, kPairQ>(13 * s, 0) += muv * H.block<7, kPairQ>(kBodyQ * s, 0);
          K.block<3, kPairQ>(13 * s + 7, 0) += lambda * H.block<3, kPairQ>(kBodyQ * s, 0);
          K.block<3, kPairQ>(13 * s + 10, 0) +=
              lambda * halfL[s].transpose() * H.block<4, kPairQ>(kBodyQ * s + 3, 0);
          K.block<3, 4>(13 * s + 10, kBodyQ * s + 3) +=
              0.5 * lambda * math::QuatLTransposeTimes(ge.transpose());
        }
      }
      for (int s = 0; s < 2; ++s) {
        if (!q[s]) continue;
        const int o = BodyOffset(side_body[s]);
        for (int i = 0; i < 13; ++i)
          for (int c = 0; c < kPairQ; ++c)
            if (qlive(c)) add(o + i, qcol(c), K(13 * s + i, c));
      }
    }
  };
  assembly::CollectTriplets(static_cast<int>(joints_.size()), assembly::Threads(*this),
                            assembly::Anywhere, triplets, out);
}

VecX System::JointResiduals(double t, const double* y, const double* memory) const {
  VecX phi = VecX::Zero(rows_.size());
  double term_phi[6];
  ForEachJointTerm(
      t, y, memory,
      [&](const mbs::JointConstraint& joint, int term, int row0, const JointSides& sides,
          const double* slots, const mbs::Coupling* coupling) {
        joint.EvaluateTermValue(term, sides.state[0], sides.state[1], slots, term_phi, coupling);
        for (int r = 0; r < joint.rows(); ++r) phi[row0 + r] += term_phi[r];
      });
  return phi;
}

SparseMat System::PositionJacobian(double t, const double* y, const double* memory) const {
  std::vector<Eigen::Triplet<double>> trip;
  double phi[6];
  PairGradient grad;
  ForEachJointTerm(
      t, y, memory,
      [&](const mbs::JointConstraint& joint, int term, int row0, const JointSides& sides,
          const double* slots, const mbs::Coupling* coupling) {
        const double* const* q = sides.state;
        joint.EvaluateTerm(term, q[0], q[1], slots, phi, &grad, coupling);
        for (int r = 0; r < joint.rows(); ++r)
          for (int s = 0; s < 2; ++s)
            if (q[s])
              for (int d = 0; d < kBodyQ; ++d)
                trip.emplace_back(row0 + r, kBodyQ * sides.body[s] + d, grad(r, kBodyQ * s + d));
      });
  SparseMat G(rows_.size(), kBodyQ * body_count());
  G.setFromTriplets(trip.begin(), trip.end());
  return G;
}

SparseMat System::VelocityJacobian(double t, const double* y, const double* memory) const {
  std::vector<Eigen::Triplet<double>> trip;
  trip.reserve(12 * rows_.size());  // at most 6 entries per side of a row (more for couplers)
  double phi[6];
  PairGradient grad;
  ForEachJointTerm(
      t, y, memory,
      [&](const mbs::JointConstraint& joint, int term, int row0, const JointSides& sides,
          const double* slots, const mbs::Coupling* coupling) {
        const double* const* q = sides.state;
        joint.EvaluateTerm(term, q[0], q[1], slots, phi, &grad, coupling);
        for (int r = 0; r < joint.rows(); ++r) {
          const int row = row0 + r;
          for (int s = 0; s < 2; ++s) {
            if (!q[s]) continue;
            const int k = sides.body[s];
            const Vec3 Bw = 0.5 * math::QuatL(V4(q[s] + 3)).transpose() *
                            grad.row(r).segment<4>(kBodyQ * s + 3).transpose();
            for (int i = 0; i < 3; ++i) {
              trip.emplace_back(row, 6 * k + i, grad(r, kBodyQ * s + i));
              trip.emplace_back(row, 6 * k + 3 + i, Bw[i]);
            }
          }
        }
      });
  SparseMat B(rows_.size(), 6 * body_count());
  B.setFromTriplets(trip.begin(), trip.end());
  return B;
}

VecX System::VelocityJacobianRate(double t, const double* y, const double* memory) const {
  VecX gamma = VecX::Zero(rows_.size());
  double phi[6], curvature[6];
  PairGradient grad;
  ForEachJointTerm(
      t, y, memory,
      [&](const mbs::JointConstraint& joint, int term, int row0, const JointSides& sides,
          const double* slots, const mbs::Coupling* coupling) {
        const double* const* q = sides.state;
        const PairRates rates = RatesOf(q);
        const auto& qd = rates.qd;
        const auto& halfQ = rates.halfQ;
        joint.EvaluateTerm(term, q[0], q[1], slots, phi, &grad, coupling);
        joint.EvaluateTermCurvature(term, q[0], q[1], slots, qd.data(), curvature, coupling);
        if (coupling && joint.law() && term == 0)
          curvature[0] += CouplingCrossCurvature(joint, y, slots, *coupling);
        for (int r = 0; r < joint.rows(); ++r) {
          double g = curvature[r];
          for (int s = 0; s < 2; ++s)
            if (q[s])
              g += grad.row(r)
                       .segment<4>(kBodyQ * s + 3)
                       .dot(halfQ[s] * qd.segment<4>(kBodyQ * s + 3));
          gamma[row0 + r] += g;
        }
      },
      true);
  return gamma;
}

}  // namespace msolve::system
