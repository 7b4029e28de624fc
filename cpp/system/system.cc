// residual and Jacobian of the GGL equations (see system.h for the equations)
#include "system/system.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <type_traits>

#include "math/rotation.h"

namespace msolve::system {
namespace {

using mbs::kBodyQ;
using mbs::kPairQ;
using mbs::PairGradient;
using mbs::PairHessian;

Eigen::Map<const Vec3> V3(const double* p) { return Eigen::Map<const Vec3>(p); }
Eigen::Map<const Vec4> V4(const double* p) { return Eigen::Map<const Vec4>(p); }

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

// the inputs u of a Tfsiso or Lse
VecX InputValues(const LinearStates& ls, double t, const double* y, const double* yp) {
  VecX u(ls.inputs.size());
  for (size_t k = 0; k < ls.inputs.size(); ++k) u[k] = ls.inputs[k]->Value(t, y, yp);
  return u;
}

}  // namespace

VecX System::DesignState() const {
  VecX y = VecX::Zero(size());
  for (const auto& d : diffs_) y[d.index] = d.source->ic;
  for (const auto& ls : linear_) y.segment(ls.first, ls.n) = ls.x0;
  // integrated motions start at icdisp and icvel (unset: replaced by the assembled values)
  for (const auto& driver : drivers_) {
    if (driver.order >= 1) y[driver.state] = driver.source->icdisp.value_or(0.0);
    if (driver.order == 2) y[driver.state + 1] = driver.source->icvel.value_or(0.0);
  }
  for (int k = 0; k < body_count(); ++k) {
    y.segment<3>(BodyOffset(k)) = bodies_[k].r0;
    y.segment<4>(BodyOffset(k) + 3) = bodies_[k].e0;
  }
  return y;
}

std::vector<System::StateBlock> System::StateBlocks() const {
  std::vector<StateBlock> out;
  for (int k = 0; k < body_count(); ++k)
    out.push_back({bodies_[k].part, BodyOffset(k), kBodyStates});
  for (const auto& d : diffs_) out.push_back({d.source, d.index, 1});
  for (const auto& l : linear_) out.push_back({l.source, l.first, l.n});
  for (const auto& driver : drivers_)
    if (driver.order >= 1) out.push_back({driver.source, driver.state, driver.order});
  return out;
}

VecX System::DifferentialIds() const {
  VecX id = VecX::Zero(size());
  id.head(differential_size()).setOnes();
  return id;
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

void System::PositionRates(const double* y, double* qdot) const {
  for (int k = 0; k < body_count(); ++k) {
    const double* x = y + BodyOffset(k);
    Eigen::Map<Eigen::Matrix<double, 7, 1>> qd(qdot + kBodyQ * k);
    qd.head<3>() = V3(x + 7);
    qd.tail<4>() = 0.5 * math::QuatL(V4(x + 3)) * V3(x + 10);
  }
}

void System::Residual(double t, const double* y, const double* yp, double* F) const {
  const int nb = body_count();
  // where the multipliers start: lambda, mu of the joint rows, mu of the quaternions
  const int lam0 = lambda_offset(), mu0 = mu_offset(), mun0 = mu0 + active_count_;
  std::fill(F, F + size(), 0.0);
  const Vec3 gravity = Gravity(t);

  // bodies: kinematics, Newton-Euler, unit quaternions
  for (int k = 0; k < nb; ++k) {
    const Body& b = bodies_[k];
    const double* x = y + BodyOffset(k);
    const double* xp = yp + BodyOffset(k);
    double* f = F + BodyOffset(k);
    const Vec4 e = V4(x + 3);
    const Vec3 w = V3(x + 10);
    const double mu_n = y[mun0 + k];
    Eigen::Map<Vec3> f_r(f), f_v(f + 7), f_w(f + 10);
    Eigen::Map<Vec4> f_e(f + 3);
    f_r = V3(xp) - V3(x + 7);
    const Vec4 edot = 0.5 * math::QuatL(e) * w;  // q'(u), as PositionRates
    f_e = V4(xp + 3) - edot + 2.0 * mu_n * e;
    f_v = b.mass / ucf_ * (V3(xp + 7) - gravity);
    f_w = (b.inertia * V3(xp + 10) + w.cross(b.inertia * w)) / ucf_;
    F[mun0 + k] = e.squaredNorm() - 1.0;
  }

  // force elements: applied wrenches enter the dynamic rows with a minus sign; their
  // non-conservative power feeds the work W
  double power = 0.0;
  mbs::Wrench on_i, on_j;
  for (const auto& element : pair_forces_) {
    const int bi = element->i().body, bj = element->j().body;
    element->Evaluate(BodyState(bi, y), BodyState(bj, y), &on_i, &on_j, nullptr);
    if (bi >= 0) Eigen::Map<mbs::Wrench>(F + BodyOffset(bi) + 7) -= on_i;
    if (bj >= 0) Eigen::Map<mbs::Wrench>(F + BodyOffset(bj) + 7) -= on_j;
    if (work_state_ >= 0)
      power += element->NonConservativePower(BodyState(bi, y), BodyState(bj, y), on_i, on_j);
  }
  for (const auto& force : sforces_) {
    force.Evaluate(t, y, yp, &on_i, &on_j);
    if (force.i().body >= 0) Eigen::Map<mbs::Wrench>(F + BodyOffset(force.i().body) + 7) -= on_i;
    if (force.j().body >= 0) Eigen::Map<mbs::Wrench>(F + BodyOffset(force.j().body) + 7) -= on_j;
    power += Power(force.i().body, y, on_i) + Power(force.j().body, y, on_j);
  }
  for (const auto& force : vector_forces_) {
    force.Evaluate(t, y, yp, &on_i, &on_j);
    const auto& body = force.bodies();
    if (body[0] >= 0) Eigen::Map<mbs::Wrench>(F + BodyOffset(body[0]) + 7) -= on_i;
    if (body[1] >= 0) Eigen::Map<mbs::Wrench>(F + BodyOffset(body[1]) + 7) -= on_j;
    power += Power(body[0], y, on_i) + Power(body[1], y, on_j);
  }

  // joints: constraints, reactions, stabilisation (a row is the sum of its terms)
  double phi[6];
  PairGradient grad;
  for (size_t jn = 0; jn < joints_.size(); ++jn) {
    const mbs::JointConstraint& joint = joints_[jn];
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      const int* side_body = sides.body;
      const double* const* q = sides.state;
      joint.EvaluateTerm(term, q[0], q[1], phi, &grad);
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
        F[mu0 + a] += phi[r];
        double vel = 0.0;
        for (int s = 0; s < 2; ++s) {
          if (q[s] == nullptr) continue;
          const int k = side_body[s];
          const auto g = grad.row(r).segment<kBodyQ>(kBodyQ * s);
          vel += g.dot(qdot[s]);
          double* f = F + BodyOffset(k);
          Eigen::Map<Eigen::Matrix<double, 1, 7>> f_q(f);
          Eigen::Map<Eigen::Matrix<double, 1, 3>> f_v(f + 7);
          Eigen::Map<Vec3> f_w(f + 10);
          f_q += mu * g;
          f_v += lambda * g.head<3>();
          f_w += 0.5 * lambda * Lt[s] * g.tail<4>().transpose();
        }
        F[lam0 + a] += vel;
        // the reactions' power, -lambda B u
        power -= lambda * vel;
      }
    }
  }

  // the work of the non-conservative forces, W' = their power
  if (work_state_ >= 0) {
    if (gravity_functions_[0] || gravity_functions_[1] || gravity_functions_[2]) {
      const Vec3 rate = GravityRate(t);
      for (int k = 0; k < nb; ++k)
        power -= bodies_[k].mass / ucf_ * rate.dot(V3(y + BodyOffset(k)));
    }
    F[work_state_] = yp[work_state_] - power;
  }

  // Diffs: y' - f = 0, or f = 0 when implicit
  for (const auto& d : diffs_) {
    const double f = d.function->Value(t, y, yp);
    F[d.index] = d.source->implicit ? f : yp[d.index] - f;
  }

  // Tfsisos and Lses: x' - A x - B u = 0
  for (const auto& ls : linear_) {
    const Eigen::Map<const VecX> x(y + ls.first, ls.n);
    Eigen::Map<VecX> f(F + ls.first, ls.n);
    f = Eigen::Map<const VecX>(yp + ls.first, ls.n) - ls.A * x - ls.B * InputValues(ls, t, y, yp);
  }

  // motions: the driven coordinates follow their imposed values, f or the integrated states
  // (s' = f, or s' = p and p' = f)
  for (const auto& driver : drivers_) {
    double rate = 0.0;
    const double value = DriverFunction(driver, t, &rate);
    const int s = driver.state;
    double position = value, velocity = rate;
    if (driver.order == 1) {
      position = y[s], velocity = value;
      F[s] = yp[s] - value;
    } else if (driver.order == 2) {
      position = y[s], velocity = y[s + 1];
      F[s] = yp[s] - y[s + 1];
      F[s + 1] = yp[s + 1] - value;
    }
    const int a = rows_[driver.row].active;
    if (a < 0) continue;
    F[mu0 + a] -= position;
    F[lam0 + a] -= velocity;
  }
}

void System::Jacobian(double t, const double* y, const double* yp, double cj,
                      std::vector<Triplet>* out) const {
  (void)t;
  (void)yp;
  out->clear();
  const int nb = body_count();
  auto add = [out](int r, int c, double v) { out->push_back({r, c, v}); };

  // bodies
  for (int k = 0; k < nb; ++k) {
    const Body& b = bodies_[k];
    const int o = BodyOffset(k);
    const double* x = y + o;
    const Vec4 e = V4(x + 3);
    const Vec3 w = V3(x + 10);
    const int mu_n = mu_offset() + active_count_ + k;
    const double mun = y[mu_n];
    for (int i = 0; i < 3; ++i) {
      add(o + i, o + i, cj);
      add(o + i, o + 7 + i, -1.0);
    }
    const Eigen::Matrix4d Q = math::QuatRightW(w);
    const Eigen::Matrix<double, 4, 3> L = math::QuatL(e);
    for (int i = 0; i < 4; ++i) {
      for (int c = 0; c < 4; ++c)
        add(o + 3 + i, o + 3 + c, (i == c ? cj + 2.0 * mun : 0.0) - 0.5 * Q(i, c));
      for (int c = 0; c < 3; ++c) add(o + 3 + i, o + 10 + c, -0.5 * L(i, c));
      add(o + 3 + i, mu_n, 2.0 * e[i]);
      add(mu_n, o + 3 + i, 2.0 * e[i]);
    }
    for (int i = 0; i < 3; ++i) add(o + 7 + i, o + 7 + i, cj * b.mass / ucf_);
    const Mat3 dgyro = math::Skew(w) * b.inertia - math::Skew(b.inertia * w);
    for (int i = 0; i < 3; ++i)
      for (int c = 0; c < 3; ++c)
        add(o + 10 + i, o + 10 + c, (cj * b.inertia(i, c) + dgyro(i, c)) / ucf_);
  }

  // force elements: -d(wrench)/d(states) of both bodies
  mbs::Wrench on_i, on_j;
  mbs::PairForceJacobian fjac;
  for (const auto& element : pair_forces_) {
    const int body[2] = {element->i().body, element->j().body};
    element->Evaluate(BodyState(body[0], y), BodyState(body[1], y), &on_i, &on_j, &fjac);
    for (int s = 0; s < 2; ++s) {
      if (body[s] < 0) continue;
      for (int s2 = 0; s2 < 2; ++s2) {
        if (body[s2] < 0) continue;
        for (int r = 0; r < 6; ++r)
          for (int c = 0; c < mbs::kBodyX; ++c)
            add(BodyOffset(body[s]) + 7 + r, BodyOffset(body[s2]) + c,
                -fjac(6 * s + r, mbs::kBodyX * s2 + c));
      }
    }
  }

  // scalar forces: d(f unit) = f d(unit) + unit (df/dy + cj df/dyp), on a fixed pattern
  mbs::SparseGradient df_dy, df_dyp;
  std::vector<double> dense;
  for (size_t n = 0; n < sforces_.size(); ++n) {
    const auto& force = sforces_[n];
    const auto& [ydeps, ypdeps] = sforce_deps_[n];
    const int body[2] = {force.i().body, force.j().body};
    double f = 0.0;
    force.Linearize(t, y, yp, &on_i, &on_j, &fjac, &f, &df_dy, &df_dyp);
    // the magnitude's gradient over the dependency columns (y columns, then yp columns)
    dense.assign(ydeps.size() + ypdeps.size(), 0.0);
    for (const auto& [index, value] : df_dy)
      dense[std::lower_bound(ydeps.begin(), ydeps.end(), index) - ydeps.begin()] += value;
    for (const auto& [index, value] : df_dyp)
      dense[ydeps.size() +
            (std::lower_bound(ypdeps.begin(), ypdeps.end(), index) - ypdeps.begin())] += cj * value;
    for (int s = 0; s < 2; ++s) {
      if (body[s] < 0) continue;
      const mbs::Wrench& unit = s == 0 ? on_i : on_j;
      for (int r = 0; r < 6; ++r) {
        const int row = BodyOffset(body[s]) + 7 + r;
        for (int s2 = 0; s2 < 2; ++s2) {
          if (body[s2] < 0) continue;
          for (int c = 0; c < mbs::kBodyX; ++c)
            add(row, BodyOffset(body[s2]) + c, -f * fjac(6 * s + r, mbs::kBodyX * s2 + c));
        }
        for (size_t k = 0; k < ydeps.size(); ++k) add(row, ydeps[k], -unit[r] * dense[k]);
        for (size_t k = 0; k < ypdeps.size(); ++k)
          add(row, ypdeps[k], -unit[r] * dense[ydeps.size() + k]);
      }
    }
  }

  // Diffs: rows of y' - f (or f), on the pattern of the state and what f reads
  for (const auto& d : diffs_) {
    d.function->Gradient(t, y, yp, &df_dy, &df_dyp);
    const double sign = d.source->implicit ? 1.0 : -1.0;
    dense.assign(d.y_deps.size() + d.yp_deps.size(), 0.0);
    for (const auto& [index, value] : df_dy)
      dense[std::lower_bound(d.y_deps.begin(), d.y_deps.end(), index) - d.y_deps.begin()] += value;
    for (const auto& [index, value] : df_dyp)
      dense[d.y_deps.size() + (std::lower_bound(d.yp_deps.begin(), d.yp_deps.end(), index) -
                               d.yp_deps.begin())] += cj * value;
    add(d.index, d.index, d.source->implicit ? 0.0 : cj);
    for (size_t k = 0; k < d.y_deps.size(); ++k) add(d.index, d.y_deps[k], sign * dense[k]);
    for (size_t k = 0; k < d.yp_deps.size(); ++k)
      add(d.index, d.yp_deps[k], sign * dense[d.y_deps.size() + k]);
  }

  // Tfsisos and Lses: cj I - A on the states, -B du/dy - cj B du/dy' on what the inputs read
  for (const auto& ls : linear_) {
    for (int i = 0; i < ls.n; ++i)
      for (int j = 0; j < ls.n; ++j)
        add(ls.first + i, ls.first + j, (i == j ? cj : 0.0) - ls.A(i, j));
    if (ls.inputs.empty()) continue;
    // G: one row per input, one column per state the inputs read (y, then y')
    const int ny = static_cast<int>(ls.y_deps.size()), nyp = static_cast<int>(ls.yp_deps.size());
    MatX G = MatX::Zero(ls.inputs_count(), ny + nyp);
    for (int r = 0; r < ls.inputs_count(); ++r) {
      ls.inputs[r]->Gradient(t, y, yp, &df_dy, &df_dyp);
      for (const auto& [index, value] : df_dy)
        G(r, std::lower_bound(ls.y_deps.begin(), ls.y_deps.end(), index) - ls.y_deps.begin()) +=
            value;
      for (const auto& [index, value] : df_dyp)
        G(r, ny + (std::lower_bound(ls.yp_deps.begin(), ls.yp_deps.end(), index) -
                   ls.yp_deps.begin())) += cj * value;
    }
    const MatX BG = ls.B * G;
    for (int i = 0; i < ls.n; ++i) {
      for (int k = 0; k < ny; ++k) add(ls.first + i, ls.y_deps[k], -BG(i, k));
      for (int k = 0; k < nyp; ++k) add(ls.first + i, ls.yp_deps[k], -BG(i, ny + k));
    }
  }

  // the work W: only its own rate (what its power reads is left out: W feeds nothing back,
  // so Newton converges the same)
  if (work_state_ >= 0) add(work_state_, work_state_, cj);

  // motions: the integrated states and the motion rows that read them
  for (const auto& driver : drivers_) {
    if (driver.order == 0) continue;
    const int s = driver.state;
    add(s, s, cj);
    if (driver.order == 2) {
      add(s, s + 1, -1.0);
      add(s + 1, s + 1, cj);
    }
    const int a = rows_[driver.row].active;
    if (a < 0) continue;
    add(mu_offset() + a, s, -1.0);
    if (driver.order == 2) add(lambda_offset() + a, s + 1, -1.0);
  }

  // vector forces: sum over components of f_k d(unit_k) + unit_k (df_k/dy + cj df_k/dyp)
  double unit[12];
  mbs::TripleForceJacobian vjac;
  for (size_t n = 0; n < vector_forces_.size(); ++n) {
    const auto& force = vector_forces_[n];
    const auto& [ydeps, ypdeps] = vector_force_deps_[n];
    const auto& body = force.bodies();
    Eigen::Matrix<double, 12, Eigen::Dynamic> deps =
        Eigen::Matrix<double, 12, Eigen::Dynamic>::Zero(12, ydeps.size() + ypdeps.size());
    mbs::TripleForceJacobian geometry = mbs::TripleForceJacobian::Zero();
    for (int k = 0; k < 6; ++k) {
      const mbs::StateFunction* component = force.component(k);
      if (!component) continue;
      const double f = component->Gradient(t, y, yp, &df_dy, &df_dyp);
      force.UnitWrench(k, y, unit, &vjac);
      geometry += f * vjac;
      const Eigen::Map<const Eigen::Matrix<double, 12, 1>> u(unit);
      for (const auto& [index, value] : df_dy)
        deps.col(std::lower_bound(ydeps.begin(), ydeps.end(), index) - ydeps.begin()) += value * u;
      for (const auto& [index, value] : df_dyp)
        deps.col(ydeps.size() + (std::lower_bound(ypdeps.begin(), ypdeps.end(), index) -
                                 ypdeps.begin())) += cj * value * u;
    }
    for (int s = 0; s < 2; ++s) {
      if (body[s] < 0) continue;
      for (int r = 0; r < 6; ++r) {
        const int row = BodyOffset(body[s]) + 7 + r;
        for (int m = 0; m < mbs::kForceMarkers; ++m) {
          if (body[m] < 0) continue;
          for (int c = 0; c < mbs::kBodyX; ++c)
            add(row, BodyOffset(body[m]) + c, -geometry(6 * s + r, mbs::kBodyX * m + c));
        }
        for (size_t k = 0; k < ydeps.size(); ++k) add(row, ydeps[k], -deps(6 * s + r, k));
        for (size_t k = 0; k < ypdeps.size(); ++k)
          add(row, ypdeps[k], -deps(6 * s + r, ydeps.size() + k));
      }
    }
  }

  // joints
  double phi[6];
  PairGradient grad;
  std::vector<PairHessian> hess;
  for (size_t jn = 0; jn < joints_.size(); ++jn) {
    const mbs::JointConstraint& joint = joints_[jn];
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      const int* side_body = sides.body;
      const double* const* q = sides.state;
      joint.EvaluateTermHessians(term, q[0], q[1], phi, &grad, &hess);

      const PairRates rates = RatesOf(q);
      const auto& qd = rates.qd;
      const auto& halfQ = rates.halfQ;
      const auto& halfL = rates.halfL;
      auto qcol = [&](int c) { return BodyOffset(side_body[c / kBodyQ]) + c % kBodyQ; };
      auto qlive = [&](int c) { return q[c / kBodyQ] != nullptr; };

      // block of the body rows (kinematic 7 + dynamic 6 per side) against q (14)
      Eigen::Matrix<double, 26, kPairQ> K = Eigen::Matrix<double, 26, kPairQ>::Zero();
      for (int r = 0; r < joint.rows(); ++r) {
        const int a = rows_[joint_row_start_[jn] + r].active;
        if (a < 0) continue;
        const int lam = lambda_offset() + a;
        const int mu = mu_offset() + a;
        const double lambda = y[lam];
        const double muv = y[mu];
        const PairHessian& H = hess[r];
        const Eigen::Matrix<double, 1, kPairQ> g = grad.row(r);

        // position row and velocity row against q
        Eigen::Matrix<double, 1, kPairQ> dvel = qd.transpose() * H;
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
  }
}

void System::SolveDiffRates(double t, const double* y, double* yp,
                            const SparseMat* velocity_jacobian) const {
  if (work_state_ >= 0) yp[work_state_] = NonConservativePower(t, y, yp, velocity_jacobian);
  mbs::SparseGradient dy, dyp;
  for (const auto& ls : linear_) {
    const VecX u = InputValues(ls, t, y, yp);
    Eigen::Map<VecX>(yp + ls.first, ls.n) =
        ls.A * Eigen::Map<const VecX>(y + ls.first, ls.n) + ls.B * u;
  }
  for (const auto& driver : drivers_) {
    if (driver.order == 0) continue;
    const double f = DriverFunction(driver, t, nullptr);
    if (driver.order == 1) {
      yp[driver.state] = f;
    } else {
      yp[driver.state] = y[driver.state + 1];
      yp[driver.state + 1] = f;
    }
  }
  for (const auto& d : diffs_) {
    if (!d.source->implicit) {
      yp[d.index] = d.function->Value(t, y, yp);
      continue;
    }
    // implicit: Newton on f(y') = 0 from the given y'(0)
    yp[d.index] = d.source->ic_dot;
    for (int iteration = 0; iteration < 50; ++iteration) {
      const double f = d.function->Gradient(t, y, yp, &dy, &dyp);
      double slope = 0.0;
      for (const auto& [index, value] : dyp)
        if (index == d.index) slope += value;
      if (slope == 0.0) break;
      const double step = f / slope;
      yp[d.index] -= step;
      if (std::abs(step) <= 1e-14 * (1.0 + std::abs(yp[d.index]))) break;
    }
  }
}

Vec3 System::Gravity(double t) const {
  Vec3 g = gravity_;
  for (int a = 0; a < 3; ++a)
    if (gravity_functions_[a]) g[a] = gravity_functions_[a]->Value(t, nullptr, nullptr);
  return g;
}

Vec3 System::GravityRate(double t) const {
  Vec3 rate = Vec3::Zero();
  for (int a = 0; a < 3; ++a)
    if (gravity_functions_[a])
      gravity_functions_[a]->ValueAndTimeDerivative(t, nullptr, nullptr, &rate[a]);
  return rate;
}

System::Energy System::EnergyAt(double t, const double* y) const {
  Energy e;
  const Vec3 g = Gravity(t);
  for (int k = 0; k < body_count(); ++k) {
    const Body& b = bodies_[k];
    const double* x = y + BodyOffset(k);
    const Vec3 v = V3(x + 7), w = V3(x + 10);
    e.kinetic += 0.5 * (b.mass * v.squaredNorm() + w.dot(b.inertia * w)) / ucf_;
    e.gravitational -= b.mass * g.dot(V3(x)) / ucf_;
  }
  for (const auto& element : pair_forces_)
    e.elastic += element->Energy(BodyState(element->i().body, y), BodyState(element->j().body, y));
  if (work_state_ >= 0) e.work = y[work_state_];
  return e;
}

double System::NonConservativePower(double t, const double* y, const double* yp,
                                    const SparseMat* velocity_jacobian) const {
  double power = 0.0;
  mbs::Wrench on_i, on_j;
  for (const auto& element : pair_forces_) {
    const double* xi = BodyState(element->i().body, y);
    const double* xj = BodyState(element->j().body, y);
    element->Evaluate(xi, xj, &on_i, &on_j, nullptr);
    power += element->NonConservativePower(xi, xj, on_i, on_j);
  }
  for (const auto& force : sforces_) {
    force.Evaluate(t, y, yp, &on_i, &on_j);
    power += Power(force.i().body, y, on_i) + Power(force.j().body, y, on_j);
  }
  for (const auto& force : vector_forces_) {
    force.Evaluate(t, y, yp, &on_i, &on_j);
    power += Power(force.bodies()[0], y, on_i) + Power(force.bodies()[1], y, on_j);
  }
  // reactions: -lambda . B u over the active rows
  if (active_count_ > 0) {
    VecX u(6 * body_count());
    for (int k = 0; k < body_count(); ++k)
      u.segment<6>(6 * k) = VecX::Map(y + BodyOffset(k) + 7, 6);
    const VecX bu =
        velocity_jacobian ? VecX(*velocity_jacobian * u) : VecX(VelocityJacobian(y) * u);
    for (size_t r = 0; r < rows_.size(); ++r)
      if (rows_[r].active >= 0) power -= y[lambda_offset() + rows_[r].active] * bu[r];
  }
  const Vec3 rate = GravityRate(t);
  for (int k = 0; k < body_count(); ++k)
    power -= bodies_[k].mass / ucf_ * rate.dot(V3(y + BodyOffset(k)));
  return power;
}

std::string System::OutOfRange(const double* y, double margin) const {
  for (const auto& element : pair_forces_) {
    std::string why = element->OutOfRange(BodyState(element->i().body, y),
                                          BodyState(element->j().body, y), margin);
    if (!why.empty()) return why;
  }
  return {};
}

std::string System::DescribeState(int index) const {
  if (index < 0 || index >= size()) return "no state";
  if (index < kBodyStates * body_count()) {
    static const char* const kParts[] = {"position", "orientation", "velocity", "angular velocity"};
    const int c = index % kBodyStates;
    const int part = c < 3 ? 0 : c < 7 ? 1 : c < 10 ? 2 : 3;
    return bodies_[index / kBodyStates].part->Describe() + " (" + kParts[part] + ")";
  }
  for (const auto& d : diffs_)
    if (d.index == index) return d.source->Describe();
  for (const auto& ls : linear_)
    if (index >= ls.first && index < ls.first + ls.n) return ls.source->Describe();
  for (const auto& driver : drivers_)
    if (driver.order > 0 && index >= driver.state && index < driver.state + driver.order)
      return driver.source->Describe();
  if (index == work_state_) return "the work of the non-conservative forces";
  if (index < differential_size()) return "a state";
  return index < mu_offset() ? "a reaction force" : "a stabilisation multiplier";
}

std::string System::NonFinite(double t, const double* y, const double* yp) const {
  const auto describe = [t](const model::Entity* e, const char* what) {
    std::ostringstream s;
    s << e->Describe() << ": " << what << " is not finite (infinite or NaN) at time " << t;
    return s.str();
  };
  // an iterate that is itself not finite makes every element so: no single one to blame
  if (!Eigen::Map<const VecX>(y, size()).allFinite() ||
      !Eigen::Map<const VecX>(yp, size()).allFinite())
    return {};
  mbs::Wrench on_i, on_j;
  for (const auto& element : pair_forces_) {
    element->Evaluate(BodyState(element->i().body, y), BodyState(element->j().body, y), &on_i,
                      &on_j, nullptr);
    if (!on_i.allFinite() || !on_j.allFinite()) return describe(element->source(), "its force");
  }
  for (const auto& force : sforces_) {
    force.Evaluate(t, y, yp, &on_i, &on_j);
    if (!on_i.allFinite() || !on_j.allFinite()) return describe(force.source(), "its force");
  }
  for (const auto& force : vector_forces_) {
    force.Evaluate(t, y, yp, &on_i, &on_j);
    if (!on_i.allFinite() || !on_j.allFinite()) return describe(force.source(), "its force");
  }
  for (const auto& d : diffs_)
    if (!std::isfinite(d.function->Value(t, y, yp))) return describe(d.source, "its function");
  for (const auto& ls : linear_)
    if (!InputValues(ls, t, y, yp).allFinite()) return describe(ls.source, "an input");
  for (const auto& driver : drivers_) {
    double rate = 0.0;
    const double value = DriverFunction(driver, t, &rate);
    if (!std::isfinite(value) || !std::isfinite(rate))
      return describe(driver.source, "its function");
  }
  return {};
}

double System::DriverFunction(const Driver& driver, double t, double* rate) const {
  if (driver.routine) {
    if (rate) *rate = driver.routine->MotionValue(t, 1);
    return driver.routine->MotionValue(t, 0);
  }
  if (rate) return driver.function->ValueAndTimeDerivative(t, nullptr, nullptr, rate);
  return driver.function->Value(t, nullptr, nullptr);
}

VecX System::DriverValues(double t, const double* y, int order) const {
  VecX values = VecX::Zero(rows_.size());
  for (const auto& driver : drivers_) {
    // below the order of the function: the integrated states s, p
    const int k = order - driver.order;
    if (k < 0) {
      values[driver.row] = y[driver.state + order];
      continue;
    }
    double rate = 0.0;
    const double value = DriverFunction(driver, t, &rate);
    if (k == 0) {
      values[driver.row] = value;
    } else if (k == 1) {
      values[driver.row] = rate;
    } else if (driver.routine) {
      values[driver.row] = driver.routine->MotionValue(t, 2);
    } else {
      // second derivative: central difference of the exact first derivative
      const double h = 1e-5 * std::max(1.0, std::abs(t));
      double ahead = 0.0, behind = 0.0;
      driver.function->ValueAndTimeDerivative(t + h, nullptr, nullptr, &ahead);
      driver.function->ValueAndTimeDerivative(t - h, nullptr, nullptr, &behind);
      values[driver.row] = (ahead - behind) / (2 * h);
    }
  }
  return values;
}

std::vector<bool> System::RowsImposedLater(int order) const {
  std::vector<bool> later(rows_.size(), false);
  for (const auto& driver : drivers_) {
    if (order == 0 && driver.order >= 1 && !driver.source->icdisp) later[driver.row] = true;
    if (order == 1 && driver.order == 2 && !driver.source->icvel) later[driver.row] = true;
  }
  return later;
}

void System::StartMotionStates(int order, double* y) const {
  const std::vector<bool> later = RowsImposedLater(order);
  if (std::find(later.begin(), later.end(), true) == later.end()) return;
  VecX c;
  if (order == 0) {
    c = JointResiduals(y);
  } else {
    VecX u(6 * body_count());
    for (int k = 0; k < body_count(); ++k)
      u.segment<6>(6 * k) = VecX::Map(y + BodyOffset(k) + 7, 6);
    c = VelocityJacobian(y) * u;
  }
  for (const auto& driver : drivers_)
    if (later[driver.row]) y[driver.state + order] = c[driver.row];
}

void System::ReferMotionAngles(double t, const double* y) {
  const std::vector<bool> later = RowsImposedLater(0);
  for (const auto& driver : drivers_) {
    mbs::JointConstraint& joint = joints_[rows_[driver.row].joint];
    if (!mbs::IsMotionAngle(joint.type()) || later[driver.row]) continue;
    joint.SetReference(DriverValues(t, y, 0)[driver.row]);
  }
}

VecX System::JointResiduals(const double* y) const {
  VecX phi = VecX::Zero(rows_.size());
  double term_phi[6];
  for (size_t jn = 0; jn < joints_.size(); ++jn) {
    const mbs::JointConstraint& joint = joints_[jn];
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      joint.EvaluateTermValue(term, sides.state[0], sides.state[1], term_phi);
      for (int r = 0; r < joint.rows(); ++r) phi[joint_row_start_[jn] + r] += term_phi[r];
    }
  }
  return phi;
}

SparseMat System::PositionJacobian(const double* y) const {
  std::vector<Eigen::Triplet<double>> t;
  double phi[6];
  PairGradient grad;
  for (size_t jn = 0; jn < joints_.size(); ++jn) {
    const mbs::JointConstraint& joint = joints_[jn];
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      const int* side_body = sides.body;
      const double* const* q = sides.state;
      joint.EvaluateTerm(term, q[0], q[1], phi, &grad);
      for (int r = 0; r < joint.rows(); ++r)
        for (int s = 0; s < 2; ++s)
          if (q[s])
            for (int d = 0; d < kBodyQ; ++d)
              t.emplace_back(joint_row_start_[jn] + r, kBodyQ * side_body[s] + d,
                             grad(r, kBodyQ * s + d));
    }
  }
  SparseMat G(rows_.size(), kBodyQ * body_count());
  G.setFromTriplets(t.begin(), t.end());
  return G;
}

SparseMat System::VelocityJacobian(const double* y) const {
  std::vector<Eigen::Triplet<double>> t;
  t.reserve(12 * rows_.size());  // at most 6 entries per side of a row (more for couplers)
  double phi[6];
  PairGradient grad;
  for (size_t jn = 0; jn < joints_.size(); ++jn) {
    const mbs::JointConstraint& joint = joints_[jn];
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      const int* side_body = sides.body;
      const double* const* q = sides.state;
      joint.EvaluateTerm(term, q[0], q[1], phi, &grad);
      for (int r = 0; r < joint.rows(); ++r) {
        const int row = joint_row_start_[jn] + r;
        for (int s = 0; s < 2; ++s) {
          if (!q[s]) continue;
          const int k = side_body[s];
          const Vec3 Bw = 0.5 * math::QuatL(V4(q[s] + 3)).transpose() *
                          grad.row(r).segment<4>(kBodyQ * s + 3).transpose();
          for (int i = 0; i < 3; ++i) {
            t.emplace_back(row, 6 * k + i, grad(r, kBodyQ * s + i));
            t.emplace_back(row, 6 * k + 3 + i, Bw[i]);
          }
        }
      }
    }
  }
  SparseMat B(rows_.size(), 6 * body_count());
  B.setFromTriplets(t.begin(), t.end());
  return B;
}

VecX System::VelocityJacobianRate(const double* y) const {
  VecX gamma = VecX::Zero(rows_.size());
  double phi[6], curvature[6];
  PairGradient grad;
  for (size_t jn = 0; jn < joints_.size(); ++jn) {
    const mbs::JointConstraint& joint = joints_[jn];
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      const double* const* q = sides.state;
      const PairRates rates = RatesOf(q);
      const auto& qd = rates.qd;
      const auto& halfQ = rates.halfQ;
      joint.EvaluateTerm(term, q[0], q[1], phi, &grad);
      joint.EvaluateTermCurvature(term, q[0], q[1], qd.data(), curvature);
      for (int r = 0; r < joint.rows(); ++r) {
        double g = curvature[r];
        for (int s = 0; s < 2; ++s)
          if (q[s])
            g += grad.row(r)
                     .segment<4>(kBodyQ * s + 3)
                     .dot(halfQ[s] * qd.segment<4>(kBodyQ * s + 3));
        gamma[joint_row_start_[jn] + r] += g;
      }
    }
  }
  return gamma;
}

VecX System::AppliedForces(double t, const double* y, const double* yp) const {
  VecX zeros;
  if (yp == nullptr) {
    zeros = VecX::Zero(size());
    yp = zeros.data();
  }
  const Vec3 gravity = Gravity(t);
  VecX f(6 * body_count());
  for (int k = 0; k < body_count(); ++k) {
    const Body& b = bodies_[k];
    const Vec3 w = V3(y + BodyOffset(k) + 10);
    f.segment<3>(6 * k) = b.mass * gravity / ucf_;
    f.segment<3>(6 * k + 3) = -w.cross(b.inertia * w) / ucf_;
  }
  mbs::Wrench on_i, on_j;
  for (const auto& element : pair_forces_) {
    const int bi = element->i().body, bj = element->j().body;
    element->Evaluate(BodyState(bi, y), BodyState(bj, y), &on_i, &on_j, nullptr);
    if (bi >= 0) f.segment<6>(6 * bi) += on_i;
    if (bj >= 0) f.segment<6>(6 * bj) += on_j;
  }
  for (const auto& force : sforces_) {
    force.Evaluate(t, y, yp, &on_i, &on_j);
    if (force.i().body >= 0) f.segment<6>(6 * force.i().body) += on_i;
    if (force.j().body >= 0) f.segment<6>(6 * force.j().body) += on_j;
  }
  for (const auto& force : vector_forces_) {
    force.Evaluate(t, y, yp, &on_i, &on_j);
    if (force.bodies()[0] >= 0) f.segment<6>(6 * force.bodies()[0]) += on_i;
    if (force.bodies()[1] >= 0) f.segment<6>(6 * force.bodies()[1]) += on_j;
  }
  return f;
}

template <class Self, class Visit>
void System::VisitMemories(Self& self, const Visit& visit) {
  for (auto& element : self.pair_forces_) {
    std::ostringstream name;
    name << "element\n" << element->source();
    visit(name.str(), *element);
  }
  // the expressions AcceptStep visits, named by owner and text (and a count for repeats)
  using Function =
      std::conditional_t<std::is_const_v<Self>, const mbs::StateFunction, mbs::StateFunction>;
  std::vector<Function*> functions;
  for (auto& force : self.sforces_) functions.push_back(&force.magnitude());
  for (auto& force : self.vector_forces_)
    for (int k = 0; k < 6; ++k)
      if (force.component(k)) functions.push_back(force.component(k));
  for (auto& [id, variable] : self.variables_) functions.push_back(variable.get());
  for (auto& d : self.diffs_) functions.push_back(d.function.get());
  std::map<std::string, int> seen;
  for (Function* f : functions) {
    const auto* expression = dynamic_cast<const ExpressionFunction*>(f);
    if (expression == nullptr) continue;
    const std::string& key = expression->key();
    visit("expression\n" + key + "\n" + std::to_string(seen[key]++), *f);
  }
}

System::Memories System::SaveMemories() const {
  Memories memories;
  VisitMemories(*this,
                [&](const std::string& name, const auto& x) { memories[name] = x.Memory(); });
  return memories;
}

void System::RestoreMemories(const Memories& memories) {
  VisitMemories(*this, [&](const std::string& name, auto& x) {
    const auto found = memories.find(name);
    if (found != memories.end()) x.SetMemory(found->second);
  });
}

void System::AcceptStep(double t, const double* y, const double* yp) {
  for (auto& joint : joints_) {
    for (int term = 0; term < joint.terms(); ++term) {
      const JointSides sides = SidesOf(joint, term, y);
      joint.AcceptTerm(term, sides.state[0], sides.state[1]);
    }
  }
  for (auto& element : pair_forces_)
    element->Accept(BodyState(element->i().body, y), BodyState(element->j().body, y));
  for (auto& force : sforces_) force.magnitude().Accept(t, y, yp);
  for (auto& force : vector_forces_)
    for (int k = 0; k < 6; ++k)
      if (force.component(k)) force.component(k)->Accept(t, y, yp);
  for (auto& [id, variable] : variables_) variable->Accept(t, y, yp);
  for (auto& d : diffs_) d.function->Accept(t, y, yp);
}

}  // namespace msolve::system
