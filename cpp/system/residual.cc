// the residual and Jacobian of the GGL equations (see system.h for the equations): the
// bodies, the force elements, the controls (Diffs, Tfsisos, Lses, Motions); the joint rows
// are in constraints.cc
#include <algorithm>
#include <cmath>
#include <sstream>

#include "math/rotation.h"
#include "system/assembly.h"
#include "system/state_view.h"
#include "system/system.h"

namespace msolve::system {
namespace {

// the inputs u of a Tfsiso or Lse
VecX InputValues(const LinearStates& ls, double t, const double* y, const double* yp,
                 const double* memory) {
  VecX u(ls.inputs.size());
  for (size_t k = 0; k < ls.inputs.size(); ++k) u[k] = ls.inputs[k]->Value(t, y, yp, memory);
  return u;
}

// the index of a dependency in the sorted list of a function's dependencies
int Column(const std::vector<int>& deps, int index) {
  return static_cast<int>(std::lower_bound(deps.begin(), deps.end(), index) - deps.begin());
}

// per force element: the wrenches on I and J, and the non-conservative power
constexpr int kElementValues = 13;

}  // namespace

void System::Residual(double t, const double* y, const double* yp, const double* memory,
                      double* F) const {
  std::fill(F, F + size(), 0.0);
  BodyResidual(t, y, yp, memory, F);

  // force elements: applied wrenches enter the dynamic rows with a minus sign; their
  // non-conservative power feeds the work W
  // (evaluated on the threads, summed in the order of the elements)
  double power = 0.0;
  const int count = static_cast<int>(force_elements_.size());
  thread_local std::vector<double> kept;
  std::vector<double> values = std::move(kept);
  values.resize(kElementValues * count);
  assembly::ForItems(
      count, assembly::Threads(*this), [this](int k) { return !force_elements_[k]->concurrent(); },
      [&](int k) {
        const mbs::ForceElement& element = *force_elements_[k];
        double* v = values.data() + kElementValues * k;
        mbs::Wrench on_i, on_j;
        element.Evaluate(t, y, yp, memory, &on_i, &on_j);
        Eigen::Map<mbs::Wrench>{v} = on_i;
        Eigen::Map<mbs::Wrench>(v + 6) = on_j;
        v[12] = work_state_ >= 0 ? element.WorkRate(y, memory, on_i, on_j) : 0.0;
      });
  for (int k = 0; k < count; ++k) {
    const mbs::ForceElement& element = *force_elements_[k];
    const double* v = values.data() + kElementValues * k;
    const int bi = element.body(0), bj = element.body(1);
    if (bi >= 0)
      Eigen::Map<mbs::Wrench>(F + BodyOffset(bi) + 7) -= Eigen::Map<const mbs::Wrench>(v);
    if (bj >= 0)
      Eigen::Map<mbs::Wrench>(F + BodyOffset(bj) + 7) -= Eigen::Map<const mbs::Wrench>(v + 6);
    if (work_state_ >= 0) power += v[12];
  }
  kept = std::move(values);

  // joints: constraints, reactions, stabilisation; the reactions' power
  JointResidual(t, y, memory, F, &power);

  // the work of the non-conservative forces, W' = their power
  if (work_state_ >= 0) {
    if (gravity_functions_[0] || gravity_functions_[1] || gravity_functions_[2]) {
      const Vec3 rate = GravityRate(t);
      for (int k = 0; k < body_count(); ++k)
        power -= bodies_[k].mass / ucf_ * rate.dot(V3(y + BodyOffset(k)));
    }
    F[work_state_] = yp[work_state_] - power;
  }

  ControlResidual(t, y, yp, memory, F);
}

void System::BodyResidual(double t, const double* y, const double* yp, const double* memory,
                          double* F) const {
  (void)memory;
  // where the multipliers of the quaternions start
  const int mun0 = mu_offset() + active_count_;
  const Vec3 gravity = Gravity(t);
  // kinematics, Newton-Euler, unit quaternions: each body its own rows
  assembly::ForItems(body_count(), assembly::Threads(*this), assembly::Anywhere, [&](int k) {
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
  });
}

void System::ControlResidual(double t, const double* y, const double* yp, const double* memory,
                             double* F) const {
  const int lam0 = lambda_offset(), mu0 = mu_offset();
  // Diffs: y' - f = 0, or f = 0 when implicit
  for (const auto& d : diffs_) {
    const double f = d.function->Value(t, y, yp, memory);
    F[d.index] = d.source->implicit ? f : yp[d.index] - f;
  }

  // Tfsisos and Lses: x' - A x - B u = 0
  for (const auto& ls : linear_) {
    const Eigen::Map<const VecX> x(y + ls.first, ls.n);
    Eigen::Map<VecX> f(F + ls.first, ls.n);
    f = Eigen::Map<const VecX>(yp + ls.first, ls.n) - ls.A * x -
        ls.B * InputValues(ls, t, y, yp, memory);
  }

  // the force elements' own states (Friction bristles)
  for (const auto& element : force_elements_)
    if (element->state_count() > 0) element->StateResidual(t, y, yp, memory, F);

  // Gses: x' - f(x, u, t) = 0
  std::vector<double> values;
  for (const auto& g : gses_) {
    values.resize(g.n + g.outputs);
    g.Values(t, y, yp, memory, values.data());
    for (int k = 0; k < g.n; ++k) F[g.first + k] = yp[g.first + k] - values[k];
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

void System::Jacobian(double t, const double* y, const double* yp, const double* memory, double cj,
                      std::vector<Triplet>* out) const {
  out->clear();
  BodyJacobian(y, cj, out);
  // force elements: -d(wrench)/d(states) on the dynamic rows of their bodies
  assembly::CollectTriplets(
      static_cast<int>(force_elements_.size()), assembly::Threads(*this),
      [this](int k) { return !force_elements_[k]->concurrent(); },
      [&](int k, std::vector<Triplet>* list) {
        force_elements_[k]->AddJacobian(t, y, yp, memory, cj, list);
      },
      out);
  ControlJacobian(t, y, yp, memory, cj, out);
  JointJacobian(t, y, memory, out);
}

void System::BodyJacobian(const double* y, double cj, std::vector<Triplet>* out) const {
  const auto body = [&](int k, std::vector<Triplet>* list) {
    auto add = [list](int r, int c, double v) { list->push_back({r, c, v}); };
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
  };
  assembly::CollectTriplets(body_count(), assembly::Threads(*this), assembly::Anywhere, body, out);
}

void System::ControlJacobian(double t, const double* y, const double* yp, const double* memory,
                             double cj, std::vector<Triplet>* out) const {
  auto add = [out](int r, int c, double v) { out->push_back({r, c, v}); };
  mbs::SparseGradient df_dy, df_dyp;
  std::vector<double> dense;

  // Diffs: rows of y' - f (or f), on the pattern of the state and what f reads
  for (const auto& d : diffs_) {
    d.function->Gradient(t, y, yp, memory, &df_dy, &df_dyp);
    const double sign = d.source->implicit ? 1.0 : -1.0;
    dense.assign(d.y_deps.size() + d.yp_deps.size(), 0.0);
    for (const auto& [index, value] : df_dy) dense[Column(d.y_deps, index)] += value;
    for (const auto& [index, value] : df_dyp)
      dense[d.y_deps.size() + Column(d.yp_deps, index)] += cj * value;
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
      ls.inputs[r]->Gradient(t, y, yp, memory, &df_dy, &df_dyp);
      for (const auto& [index, value] : df_dy) G(r, Column(ls.y_deps, index)) += value;
      for (const auto& [index, value] : df_dyp) G(r, ny + Column(ls.yp_deps, index)) += cj * value;
    }
    const MatX BG = ls.B * G;
    for (int i = 0; i < ls.n; ++i) {
      for (int k = 0; k < ny; ++k) add(ls.first + i, ls.y_deps[k], -BG(i, k));
      for (int k = 0; k < nyp; ++k) add(ls.first + i, ls.yp_deps[k], -BG(i, ny + k));
    }
  }

  // Gses: cj I - df/dx on the states, -df/du du/dy on what the inputs read
  for (const auto& g : gses_) {
    if (g.n == 0) continue;
    VecX values;
    MatX dx, din;
    g.Derivatives(t, y, yp, memory, cj, &values, &dx, &din);
    const int ny = static_cast<int>(g.y_deps.size());
    for (int i = 0; i < g.n; ++i) {
      for (int j = 0; j < g.n; ++j) add(g.first + i, g.first + j, (i == j ? cj : 0.0) - dx(i, j));
      for (int k = 0; k < ny; ++k) add(g.first + i, g.y_deps[k], -din(i, k));
      for (size_t k = 0; k < g.yp_deps.size(); ++k)
        add(g.first + i, g.yp_deps[k], -din(i, ny + static_cast<int>(k)));
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
}

void System::SolveDiffRates(double t, const double* y, double* yp, const double* memory,
                            const SparseMat* velocity_jacobian) const {
  if (work_state_ >= 0) yp[work_state_] = NonConservativePower(t, y, yp, memory, velocity_jacobian);
  mbs::SparseGradient dy, dyp;
  for (const auto& ls : linear_) {
    const VecX u = InputValues(ls, t, y, yp, memory);
    Eigen::Map<VecX>(yp + ls.first, ls.n) =
        ls.A * Eigen::Map<const VecX>(y + ls.first, ls.n) + ls.B * u;
  }
  for (const auto& element : force_elements_)
    if (element->state_count() > 0)
      element->StateRates(t, y, yp, memory, yp + element->first_state());
  std::vector<double> values;
  for (const auto& g : gses_) {
    values.resize(g.n + g.outputs);
    g.Values(t, y, yp, memory, values.data());
    std::copy(values.begin(), values.begin() + g.n, yp + g.first);
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
    if (d.algebraic()) {
      yp[d.index] = 0.0;  // an algebraic state: its rate is not part of the equations
      continue;
    }
    if (!d.source->implicit) {
      yp[d.index] = d.function->Value(t, y, yp, memory);
      continue;
    }
    // implicit: Newton on f(y') = 0 from the given y'(0)
    yp[d.index] = d.source->ic_dot;
    for (int iteration = 0; iteration < 50; ++iteration) {
      const double f = d.function->Gradient(t, y, yp, memory, &dy, &dyp);
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

VecX System::AppliedForces(double t, const double* y, const double* yp,
                           const double* memory) const {
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
  for (const auto& element : force_elements_) {
    element->Evaluate(t, y, yp, memory, &on_i, &on_j);
    const int bi = element->body(0), bj = element->body(1);
    if (bi >= 0) f.segment<6>(6 * bi) += on_i;
    if (bj >= 0) f.segment<6>(6 * bj) += on_j;
  }
  return f;
}

std::string System::OutOfRange(const double* y, const double* memory, double margin) const {
  for (const auto& element : force_elements_) {
    std::string why = element->OutOfRangeAt(y, memory, margin);
    if (!why.empty()) return why;
  }
  return {};
}

std::string System::NonFinite(double t, const double* y, const double* yp,
                              const double* memory) const {
  // the entity, what of it, and the expression or routine that gave the value: the function
  // whose value is not finite, with the Variables it reads (docs/conventions.md §7)
  const auto describe = [t](const model::Entity* e, const char* what, const std::string& why) {
    std::ostringstream s;
    s << e->Describe() << ": " << what << " is not finite (infinite or NaN) at time " << t;
    if (!why.empty()) s << "; " << why;
    return s.str();
  };
  const auto first_why = [&](const std::vector<mbs::StateFunction*>& functions) {
    for (const mbs::StateFunction* f : functions) {
      std::string why = f->WhyNotFinite(t, y, yp, memory);
      if (!why.empty()) return why;
    }
    return std::string();
  };
  // an iterate that is itself not finite makes every element so: no single one to blame
  if (!Eigen::Map<const VecX>(y, size()).allFinite() ||
      !Eigen::Map<const VecX>(yp, size()).allFinite())
    return {};
  mbs::Wrench on_i, on_j;
  for (const auto& element : force_elements_) {
    element->Evaluate(t, y, yp, memory, &on_i, &on_j);
    if (!on_i.allFinite() || !on_j.allFinite())
      return describe(element->source(), "its force", first_why(element->functions()));
  }
  for (const auto& d : diffs_)
    if (!std::isfinite(d.function->Value(t, y, yp, memory)))
      return describe(d.key, "its function", first_why({d.function.get()}));
  for (const auto& ls : linear_)
    if (!InputValues(ls, t, y, yp, memory).allFinite()) return describe(ls.source, "an input", "");
  std::vector<double> values;
  for (const auto& g : gses_) {
    values.resize(g.n + g.outputs);
    g.Values(t, y, yp, memory, values.data());
    for (double v : values)
      if (!std::isfinite(v)) return describe(g.source, "its routine's output", "");
  }
  for (const auto& driver : drivers_) {
    double rate = 0.0;
    const double value = DriverFunction(driver, t, &rate);
    if (!std::isfinite(value) || !std::isfinite(rate)) {
      std::string why;
      if (driver.function) why = driver.function->WhyNotFinite(t, y, yp, memory);
      if (why.empty() && driver.function)
        why = "the time derivative of '" + driver.function->text().substr(0, 200) + "' is " +
              mbs::NonFiniteText(rate);
      return describe(driver.source, "its function", why);
    }
  }
  return {};
}

}  // namespace msolve::system
