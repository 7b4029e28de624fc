// What a run records at its outputs (docs/architecture.md §2.9): the requests, the bodies, the
// contacts, the constraint errors and the energy at each output time, and the sensors',
// requests' and routines' memories advanced at accepted outputs.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "analysis/initial_conditions.h"
#include "common/error.h"
#include "simulation/simulation.h"

namespace msolve::simulation {

void Simulation::ReleaseOutputs(Results* out) {
  const auto keep_last = [](auto* v) {
    if (v->size() > 1) v->erase(v->begin(), v->end() - 1);
  };
  keep_last(&out->times);
  for (auto& s : out->requests) keep_last(&s.values);
  for (auto& s : out->bodies) keep_last(&s.values);
  for (auto& s : out->contacts) keep_last(&s.values);
  for (auto& s : out->rvs) keep_last(&s.values);
  keep_last(&out->constraint_errors);
  keep_last(&out->energy);
}

void Simulation::SampleOnce(double t, const VecX& y, const VecX& yp, Results* out) const {
  if (!out->times.empty() && std::abs(out->times.back() - t) <= 1e-12 * std::max(1.0, std::abs(t)))
    return;
  Sample(t, y, yp, out);
}

void Simulation::AcceptOutputs(double t, const double* y, const double* yp) {
  double* memory = state_.memory.data();
  sensors_.Accept(t, y, yp, memory);
  for (auto& [request, routine] : request_routines_) routine->Accept(t, y, yp, memory);
  for (auto& [request, slots] : request_functions_)
    for (auto& f : slots)
      if (f) f->Accept(t, y, yp, memory);
}

void Simulation::Sample(double t, const VecX& y_in, const VecX& yp_in, Results* out) const {
  // accelerations and reactions for the outputs come from the index-1 equations at the
  // output positions and velocities (the integrator's multipliers are not error-controlled)
  VecX y = y_in, yp = yp_in;
  // an element at the end of its domain (a saturated spring) has no outputs
  const double* memory = state_.memory.data();
  const std::string out_of_range = sys_.OutOfRange(y.data(), memory, 0.0);
  if (!out_of_range.empty()) {
    std::ostringstream s;
    s << out_of_range << "; the analysis stopped at time " << t;
    throw SolverError(s.str());
  }
  // the accelerations and reactions only when something sampled reads them (a request, an
  // Rv's rate); the bodies, contacts, energy and constraint errors read positions and
  // velocities alone
  const bool reads_rates = !out->requests.empty() || !out->rvs.empty();
  const system::SparseMat B = reads_rates ? output_accelerations_.Solve(sys_, t, memory, &y, &yp)
                                          : sys_.VelocityJacobian(t, y.data(), memory);
  // every request first, so that a routine failing here leaves no partial sample
  std::vector<std::array<double, 8>> requests;
  requests.reserve(out->requests.size());
  for (auto& series : out->requests) {
    const auto routine = request_routines_.find(series.request);
    if (routine != request_routines_.end()) {
      const double* v = routine->second->Values(t, y.data(), yp.data(), memory);
      std::array<double, 8> values;
      std::copy(v, v + 8, values.begin());
      requests.push_back(values);
      continue;
    }
    const auto found = request_functions_.find(series.request);
    if (found == request_functions_.end()) {
      requests.push_back(EvaluateRequest(*series.request, t, y, yp));
      continue;
    }
    std::array<double, 8> v{};
    for (int k = 0; k < 8; ++k)
      if (found->second[k]) v[k] = found->second[k]->Value(t, y.data(), yp.data(), memory);
    requests.push_back(v);
  }
  out->times.push_back(t);
  for (size_t k = 0; k < requests.size(); ++k) out->requests[k].values.push_back(requests[k]);
  for (size_t k = 0; k < out->bodies.size(); ++k) {
    std::array<double, 7> v;
    for (int d = 0; d < 7; ++d) v[d] = y[system::System::BodyOffset(static_cast<int>(k)) + d];
    out->bodies[k].values.push_back(v);
  }
  SampleContacts(sys_, y.data(), &out->contacts);
  for (auto& s : out->rvs) s.values.push_back({y[s.index], yp[s.index]});
  const VecX phi =
      sys_.JointResiduals(t, y.data(), memory) - sys_.DriverValues(t, y.data(), memory, 0);
  const VecX rates = sys_.DriverValues(t, y.data(), memory, 1);
  VecX u(6 * sys_.body_count());
  double position = 0.0, velocity = 0.0;
  for (int k = 0; k < sys_.body_count(); ++k) {
    const int o = system::System::BodyOffset(k);
    u.segment<6>(6 * k) = y.segment<6>(o + 7);
    position = std::max(position, std::abs(y.segment<4>(o + 3).squaredNorm() - 1.0));
  }
  const VecX vel = B * u;
  for (size_t r = 0; r < sys_.rows().size(); ++r) {
    if (sys_.rows()[r].active < 0) continue;
    position = std::max(position, std::abs(phi[r]));
    velocity = std::max(velocity, std::abs(vel[r] - rates[r]));
  }
  out->constraint_errors.push_back({position, velocity});
  const system::System::Energy energy = sys_.EnergyAt(t, y.data(), memory);
  out->energy.push_back({energy.kinetic, energy.gravitational, energy.elastic, energy.work});
  if (sink_ != nullptr && (*sink_)(*out)) ReleaseOutputs(out);
}

}  // namespace msolve::simulation
