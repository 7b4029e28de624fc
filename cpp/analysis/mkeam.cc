#include "analysis/mkeam.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "analysis/initial_conditions.h"
#include "analysis/statics.h"
#include "analysis/system_dae.h"
#include "common/error.h"
#include "solver/ida_driver.h"

namespace msolve::analysis {
namespace {

using system::System;

// the pseudo-time between checks that the model still moves, and the step budget
constexpr double kHorizon = 10.0;
constexpr long kMostSteps = 200000;
// the integrator's error bound on positions and velocities, model units
constexpr double kAttritionError = 1e-5;

// The DAE of the system at the frozen time t whatever the integrator's time: the motions hold
// their values at t (their velocity rows ask B u = 0), the held control states and the
// motions' states keep theirs (y' = 0).
class FrozenDae : public solver::Dae {
 public:
  FrozenDae(const System& sys, double t, system::State* state)
      : sys_(sys), dae_(sys, state), state_(state), t_(t) {
    for (const auto& block : sys.StateBlocks())
      if (dynamic_cast<const model::Part*>(block.source) == nullptr && HeldInStatics(block.source))
        for (int d = 0; d < block.count; ++d) held_.push_back(block.offset + d);
    held_row_.assign(sys.size(), false);
    for (int k : held_) held_row_[k] = true;
  }
  int size() const override { return dae_.size(); }
  VecX DifferentialIds() const override { return dae_.DifferentialIds(); }
  std::vector<solver::StateTolerance> Tolerances() const override { return dae_.Tolerances(); }
  std::vector<solver::ConstraintGroup> ConstraintGroups() const override {
    return dae_.ConstraintGroups();
  }
  void Residual(double, const double* y, const double* yp, double* F) const override {
    dae_.Residual(t_, y, yp, F);
    const VecX rates = sys_.DriverValues(t_, y, state_->memory.data(), 1);
    for (size_t r = 0; r < sys_.rows().size(); ++r)
      if (const int a = sys_.rows()[r].active; a >= 0) F[sys_.lambda_offset() + a] += rates[r];
    for (int k : held_) F[k] = yp[k];
  }
  void Jacobian(double, const double* y, const double* yp, double cj,
                std::vector<Triplet>* out) const override {
    dae_.Jacobian(t_, y, yp, cj, out);
    out->erase(std::remove_if(out->begin(), out->end(),
                              [this](const Triplet& e) { return held_row_[e.row]; }),
               out->end());
    for (int k : held_) out->push_back({k, k, cj});
  }
  void AcceptStep(double, const double* y, const double* yp) override {
    dae_.AcceptStep(t_, y, yp);
  }
  std::string OutOfDomain(const double* y, double margin) const override {
    return dae_.OutOfDomain(y, margin);
  }
  std::string NonFinite(double, const double* y, const double* yp) const override {
    return dae_.NonFinite(t_, y, yp);
  }
  std::string DescribeState(int index) const override { return dae_.DescribeState(index); }

 private:
  const System& sys_;
  SystemDae dae_;
  const system::State* state_;
  double t_;
  std::vector<int> held_;
  std::vector<bool> held_row_;
};

double Kinetic(const System& sys, double t, const double* memory, const double* y) {
  return sys.EnergyAt(t, y, memory).kinetic;
}

// the rate of the kinetic energy, u . M u' (UCF divided): positive while it grows
double Power(const System& sys, const double* y, const double* yp) {
  double p = 0.0;
  for (int k = 0; k < sys.body_count(); ++k) {
    const int o = System::BodyOffset(k);
    const auto& b = sys.bodies()[k];
    const Eigen::Map<const Vec3> v(y + o + 7), w(y + o + 10), a(yp + o + 7), alpha(yp + o + 10);
    p += b.mass * v.dot(a) + w.dot(b.inertia * alpha);
  }
  return p / sys.ucf();
}

// the largest relative change of a body position state (r, e) from `before` to `after`
double PositionChange(const System& sys, const VecX& before, const VecX& after) {
  double dq = 0.0;
  for (int k = 0; k < sys.body_count(); ++k)
    for (int d = 0; d < 7; ++d) {
      const int i = System::BodyOffset(k) + d;
      dq = std::max(dq, std::abs(after[i] - before[i]) / std::max(1.0, std::abs(before[i])));
    }
  return dq;
}

void StopAll(const System& sys, double t, const double* memory, VecX* y, VecX* yp) {
  for (int k = 0; k < sys.body_count(); ++k) y->segment<6>(System::BodyOffset(k) + 7).setZero();
  SolveAccelerations(sys, t, memory, y, yp);
}

}  // namespace

AttritionReport SettleByAttrition(const System& sys, double t, system::State* state,
                                  double kinetic_tolerance, double dq_tolerance, long max_removals,
                                  VecX* y, VecX* yp) {
  AttritionReport report;
  if (sys.body_count() == 0) return report;
  const double* memory = state->memory.data();
  const double work = sys.work_state() >= 0 ? (*y)[sys.work_state()] : 0.0;
  StopAll(sys, t, memory, y, yp);
  FrozenDae dae(sys, t, state);
  solver::IntegratorSettings settings;
  settings.error = kAttritionError;
  solver::IdaDriver ida(dae, settings, 0.0, *y, *yp);
  const System& s = sys;
  ida.SetRootFunctions({-1}, [&s](double, const double* yy, const double* yyp, double* g) {
    g[0] = Power(s, yy, yyp);
  });
  double horizon = kHorizon;
  const auto on_step = [](double, const double*, const double*) {};
  VecX previous = *y;  // the positions at the previous removal, or at the start
  while (report.removals < max_removals) {
    if (ida.stats().steps > kMostSteps) break;
    const double until = ida.time() + horizon;
    if (ida.AdvanceTo(until, on_step)) {
      // no maximum within the horizon: settled if it barely moves, else go on further
      report.dq = PositionChange(s, previous, ida.y());
      if (Kinetic(s, t, memory, ida.y().data()) < kinetic_tolerance && report.dq < dq_tolerance) {
        report.settled = true;
        break;
      }
      previous = ida.y();
      horizon *= 2;
      continue;
    }
    // a maximum of the kinetic energy: remove it and start again from rest there
    VecX ym = ida.y(), ypm = ida.yp();
    report.kinetic = Kinetic(s, t, memory, ym.data());
    report.dq = PositionChange(s, previous, ym);
    ++report.removals;
    StopAll(s, t, memory, &ym, &ypm);
    *y = ym;
    *yp = ypm;
    previous = ym;
    if (report.kinetic < kinetic_tolerance && report.dq < dq_tolerance) {
      report.settled = true;
      break;
    }
    ida.Restart(ida.time(), ym, ypm);
  }
  report.steps = ida.stats().steps;
  *y = ida.y();
  *yp = ida.yp();
  StopAll(s, t, memory, y, yp);
  if (sys.work_state() >= 0) (*y)[sys.work_state()] = work;
  return report;
}

}  // namespace msolve::analysis
