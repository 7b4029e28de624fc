#include "analysis/statics.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "analysis/initial_conditions.h"
#include "analysis/kinsol_solve.h"
#include "common/error.h"
#include "math/rotation.h"

namespace msolve::analysis {
namespace {

using system::System;

// the default accuracy of the force balance, relative to the imbalance at the start
constexpr double kRelativeImbalance = 1e-8;

// The static equations, a square part of the DAE residual F(t, y, y' = 0) with the velocities
// and the stabilisation multipliers mu at zero (docs/equations.md §8): per body the force
// and torque balance (its velocity rows), the equations of the free control states, and the
// position constraints (joint rows and quaternion norms); the unknowns are the body
// positions (7 each), the free control states and the reactions lambda.
struct StaticProblem : NonlinearSystem {
  const System* sys = nullptr;
  double t = 0.0;
  const double* memory = nullptr;  // of the run's state (system/state.h)
  VecX y, yp, F;
  std::vector<int> unknowns;                           // indices into y
  std::vector<int> equations;                          // rows of F
  std::vector<int> equation_of_row, unknown_of_state;  // -1 where not taken
  std::vector<Triplet> all;                            // the whole Jacobian of the DAE
  double stability = 0.0;                              // StaticsSettings::stability
  // a friction bristle deflection of a sticking joint (docs/equations.md §8.4): z follows the
  // slip from the start, z = z0 + g . dx, dx the bodies' displacements in their velocity
  // coordinates (translation, then the small rotation 2 L(e0)^T e in body axes)
  struct Stick {
    int state = 0;
    double z0 = 0.0;
    std::vector<std::pair<int, double>> g;  // (velocity state, d slip / d velocity)
  };
  std::vector<Stick> sticks;
  std::vector<bool> stick_row;
  VecX y0;  // the state at the start

  // the displacement of velocity coordinate `col` (o + 7 ... o + 12) from the start, and its
  // derivatives by the positions (state, value)
  double Displacement(int col) const {
    const int o = col - col % system::kBodyStates, i = col % system::kBodyStates - 7;
    if (i < 3) return y[o + i] - y0[o + i];
    const Vec4 e = y.segment<4>(o + 3);
    return 2.0 * (math::QuatL(Vec4(y0.segment<4>(o + 3))).transpose() * e)[i - 3];
  }
  void AddDisplacementGradient(int row, int col, double scale, std::vector<Triplet>* out) const {
    const int o = col - col % system::kBodyStates, i = col % system::kBodyStates - 7;
    if (i < 3) {
      out->push_back({row, unknown_of_state[o + i], scale});
      return;
    }
    const Eigen::Matrix<double, 3, 4> W = 2.0 * math::QuatL(Vec4(y0.segment<4>(o + 3))).transpose();
    for (int d = 0; d < 4; ++d)
      out->push_back({row, unknown_of_state[o + 3 + d], scale * W(i - 3, d)});
  }

  int n() const { return static_cast<int>(unknowns.size()); }

  void Set(const double* x) {
    for (int k = 0; k < n(); ++k) y[unknowns[k]] = x[k];
  }
  void Residual(const double* x, double* f) override {
    Set(x);
    sys->Residual(t, y.data(), yp.data(), memory, F.data());
    for (const Stick& s : sticks) {
      double slip = 0.0;
      for (const auto& [col, g] : s.g) slip += g * Displacement(col);
      F[s.state] = y[s.state] - s.z0 - slip;
    }
    for (int k = 0; k < n(); ++k) f[k] = F[equations[k]];
  }
  void Jacobian(const double* x, std::vector<Triplet>* out) override {
    Set(x);
    sys->Jacobian(t, y.data(), yp.data(), memory, 0.0, &all);
    out->clear();
    for (const Triplet& e : all) {
      const int r = equation_of_row[e.row], c = unknown_of_state[e.col];
      if (r >= 0 && c >= 0 && !stick_row[e.row]) out->push_back({r, c, e.value});
    }
    for (const Stick& s : sticks) {
      const int r = equation_of_row[s.state];
      out->push_back({r, unknown_of_state[s.state], 1.0});
      for (const auto& [col, g] : s.g) AddDisplacementGradient(r, col, -g, out);
    }
    if (stability > 0) AddMass(out);
  }
  // stability times the mass matrix, from the velocities u to the positions q (u = T^+ q':
  // the rates of the mass centre, and w = 2 L(e)^T e')
  void AddMass(std::vector<Triplet>* out) const {
    const double ucf = sys->ucf();
    for (int k = 0; k < sys->body_count(); ++k) {
      const int o = System::BodyOffset(k);
      const auto& b = sys->bodies()[k];
      for (int i = 0; i < 3; ++i)
        out->push_back(
            {equation_of_row[o + 7 + i], unknown_of_state[o + i], stability * b.mass / ucf});
      const Eigen::Matrix<double, 3, 4> W =
          2.0 * math::QuatL(Vec4(y.segment<4>(o + 3))).transpose();
      const Eigen::Matrix<double, 3, 4> JW = b.inertia * W / ucf;
      for (int i = 0; i < 3; ++i)
        for (int d = 0; d < 4; ++d)
          out->push_back(
              {equation_of_row[o + 10 + i], unknown_of_state[o + 3 + d], stability * JW(i, d)});
    }
  }
};

}  // namespace

bool StickingInStatics(const model::Friction& f) {
  std::string effect = f.effect, inactive = f.inactive;
  for (auto* text : {&effect, &inactive})
    for (char& c : *text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return effect != "SLIDING" && inactive != "STATIC";
}

bool HeldInStatics(const model::Entity* source) {
  if (const auto* d = dynamic_cast<const model::Diff*>(source)) return d->static_hold;
  if (const auto* f = dynamic_cast<const model::Tfsiso*>(source)) return f->static_hold;
  if (const auto* l = dynamic_cast<const model::Lse*>(source)) return l->static_hold;
  if (const auto* g = dynamic_cast<const model::Gse*>(source)) return g->static_hold;
  if (dynamic_cast<const model::Variable*>(source)) return false;  // an implicit Variable
  return true;  // Motion states (the motion's own coordinate), force elements' own states
}

namespace {

// The friction bristles that hold their joint by stiction in statics (docs/equations.md §8.4):
// unknowns whose equation is z = z0 + slip since the start, the slip's gradient by the body
// velocities from the bristle rate equation (z' = slip rate while sticking)
template <class Add>
void AddSticks(const System& sys, StaticProblem* p, const Add& add) {
  p->y0 = p->y;
  p->stick_row.assign(sys.size(), false);
  std::vector<int> states;
  for (const auto& block : sys.StateBlocks())
    if (const auto* f = dynamic_cast<const model::Friction*>(block.source))
      if (StickingInStatics(*f))
        for (int d = 0; d < block.count; ++d) states.push_back(block.offset + d);
  if (states.empty()) return;
  // the gradient taken with the bristles relaxed, where the slip rate is z' alone (the
  // elasto-plastic share, nonzero near breakaway, would scale it)
  VecX relaxed = p->y;
  for (int state : states) relaxed[state] = 0.0;
  std::vector<Triplet> j0, j1;
  sys.Jacobian(p->t, relaxed.data(), p->yp.data(), p->memory, 0.0, &j0);
  sys.Jacobian(p->t, relaxed.data(), p->yp.data(), p->memory, 1.0, &j1);
  const int bodies_end = System::BodyOffset(sys.body_count());
  for (int state : states) {
    StaticProblem::Stick stick;
    stick.state = state;
    stick.z0 = p->y[state];
    // the sign of z' in its row, then d slip rate / d velocity = -(dF/du) / sign
    double rate = 0.0;
    for (const Triplet& e : j1)
      if (e.row == state && e.col == state) rate += e.value;
    for (const Triplet& e : j0)
      if (e.row == state && e.col == state) rate -= e.value;
    if (rate == 0.0) continue;
    for (const Triplet& e : j0)
      if (e.row == state && e.col < bodies_end && e.col % system::kBodyStates >= 7 &&
          e.value != 0.0)
        stick.g.push_back({e.col, -e.value / rate});
    p->stick_row[state] = true;
    p->sticks.push_back(std::move(stick));
    add(state, state);
  }
}

StaticProblem MakeProblem(const System& sys, double t, const double* memory, const VecX& y) {
  StaticProblem p;
  p.sys = &sys;
  p.t = t;
  p.memory = memory;
  p.y = y;
  p.yp = VecX::Zero(sys.size());
  p.F = VecX::Zero(sys.size());
  const auto add = [&p](int state, int row) {
    p.unknowns.push_back(state);
    p.equations.push_back(row);
  };
  for (int k = 0; k < sys.body_count(); ++k) {
    const int o = System::BodyOffset(k);
    p.y.segment<6>(o + 7).setZero();
    // 7 positions against 6 balances; the norm of the quaternion is among the constraints
    for (int d = 0; d < 7; ++d) p.unknowns.push_back(o + d);
    for (int d = 7; d < 13; ++d) p.equations.push_back(o + d);
  }
  for (const auto& block : sys.StateBlocks())
    if (dynamic_cast<const model::Part*>(block.source) == nullptr && !HeldInStatics(block.source))
      for (int d = 0; d < block.count; ++d) add(block.offset + d, block.offset + d);
  AddSticks(sys, &p, add);
  const int m = sys.active_rows();
  for (int r = 0; r < m; ++r) p.unknowns.push_back(sys.lambda_offset() + r);
  for (int r = 0; r < m + sys.body_count(); ++r) p.equations.push_back(sys.mu_offset() + r);
  p.y.segment(sys.mu_offset(), m + sys.body_count()).setZero();
  p.equation_of_row.assign(sys.size(), -1);
  p.unknown_of_state.assign(sys.size(), -1);
  for (int k = 0; k < p.n(); ++k) {
    p.equation_of_row[p.equations[k]] = k;
    p.unknown_of_state[p.unknowns[k]] = k;
  }
  return p;
}

// "Part 2 'arm' force Y", a control state's equation, or a constraint, for a message
std::string DescribeEquation(const System& sys, int row) {
  if (row < System::BodyOffset(sys.body_count())) {
    static const char* const kDirections[] = {"force X",  "force Y",  "force Z",
                                              "torque X", "torque Y", "torque Z"};
    const int k = row / system::kBodyStates;
    return sys.bodies()[k].part->Describe() + " " + kDirections[row % system::kBodyStates - 7];
  }
  return sys.DescribeState(row);
}

// a friction that holds its joint in statics within its static limit: |sigma0 z| <= mu_static
// per unit load (docs/equations.md §8.4); else there is no equilibrium
void CheckStiction(const System& sys, double t, const VecX& y) {
  for (const auto& block : sys.StateBlocks()) {
    const auto* f = dynamic_cast<const model::Friction*>(block.source);
    if (f == nullptr || !StickingInStatics(*f)) continue;
    const double sigma0 = f->bristle_stiffness.value_or(f->mu_static / f->max_stiction_deformation);
    const double ratio = sigma0 * y.segment(block.offset, block.count).norm() / f->mu_static;
    if (ratio <= 1.0 + 1e-9) continue;
    std::ostringstream s;
    s << "statics at time " << t << ": no equilibrium: " << f->Describe() << " on "
      << (f->joint ? f->joint->Describe() : std::string("its joint")) << " would have to give "
      << ratio
      << " times its static friction limit (mu_static times the load): stiction cannot hold "
         "the joint";
    throw StaticsNotConverged(s.str());
  }
}

}  // namespace

StaticsSettings StaticsSettingsOf(const model::Equilibrium* equilibrium,
                                  std::vector<std::string>* notes) {
  StaticsSettings settings;
  if (equilibrium == nullptr) return settings;
  const std::string who = equilibrium->Describe();
  const auto positive = [&who](const std::optional<double>& value, const char* name) {
    if (value && !(*value > 0 && std::isfinite(*value)))
      throw ModelError(who + ": " + name + " must be a positive number");
    return value;
  };
  if (positive(equilibrium->imbalance, "imbalance")) settings.imbalance = *equilibrium->imbalance;
  if (equilibrium->maxit) {
    if (*equilibrium->maxit < 1) throw ModelError(who + ": maxit must be at least 1");
    settings.maxit = *equilibrium->maxit;
  }
  const std::string method = equilibrium->method;
  settings.attrition = method == "MKEAM" || equilibrium->type == "DYNAMIC";
  // with MKEAM, error is the attrition's state-change tolerance (Param_Static max_dq_tol)
  if (positive(equilibrium->error, "error"))
    (settings.attrition ? settings.dq_tolerance : settings.error) = *equilibrium->error;
  if (positive(equilibrium->stability, "stability")) settings.stability = *equilibrium->stability;
  if (positive(equilibrium->kinetic_energy_error, "kinetic_energy_error")) {
    settings.kinetic_energy_error = *equilibrium->kinetic_energy_error;
    if (!settings.attrition)
      notes->push_back(who + ": kinetic_energy_error has no effect without method MKEAM");
  }
  return settings;
}

StaticsReport SolveStatics(const System& sys, double t, const double* memory,
                           const StaticsSettings& settings, VecX* y, VecX* yp) {
  StaticProblem p = MakeProblem(sys, t, memory, *y);
  p.stability = settings.stability;
  StaticsReport report;
  if (p.n() > 0) {
    VecX x0(p.n());
    for (int k = 0; k < p.n(); ++k) x0[k] = p.y[p.unknowns[k]];
    NewtonOptions options;
    options.residual_tolerance = settings.imbalance;
    if (!(options.residual_tolerance > 0)) {
      VecX f0(p.n());
      p.Residual(x0.data(), f0.data());
      options.residual_tolerance = kRelativeImbalance * std::max(1.0, f0.cwiseAbs().maxCoeff());
    }
    options.step_tolerance = settings.error;
    options.max_iterations = settings.maxit;
    VecX x = x0;
    const NewtonOutcome outcome = SolveNewton(&p, options, &x);
    report.iterations = outcome.iterations;

    // judge the result by the imbalance left, whatever KINSOL said
    VecX f(p.n());
    p.Residual(x.data(), f.data());
    int worst = 0;
    report.imbalance = f.cwiseAbs().maxCoeff(&worst);
    report.worst = DescribeEquation(sys, p.equations[worst]);
    *y = p.y;
    if (outcome.flag < 0 || !(report.imbalance <= options.residual_tolerance)) {
      std::ostringstream s;
      s << "statics did not converge at time " << t << " after " << report.iterations
        << " iterations: the largest imbalance is " << report.imbalance << " in " << report.worst
        << " (" << outcome.flag_name << ")";
      throw StaticsNotConverged(s.str());
    }
  }
  CheckStiction(sys, t, *y);
  for (int k = 0; k < sys.body_count(); ++k) y->segment<4>(System::BodyOffset(k) + 3).normalize();
  // the rates (zero at equilibrium) and reactions the index-1 equations give there
  *yp = VecX::Zero(sys.size());
  SolveAccelerations(sys, t, memory, y, yp);
  report.stability = CheckStability(sys, t, memory, *y);
  return report;
}

}  // namespace msolve::analysis
