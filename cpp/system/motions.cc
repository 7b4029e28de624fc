// the Motions at run time: the values they impose on their joint rows, the rows whose value
// comes from the initial-conditions analysis, and the reference of motion angles
#include <algorithm>
#include <cmath>

#include "system/system.h"

namespace msolve::system {

double System::DriverFunction(const Driver& driver, double t, double* rate) const {
  if (driver.routine) {
    if (rate) *rate = driver.routine->MotionValue(t, 1);
    return driver.routine->MotionValue(t, 0);
  }
  if (rate) return driver.function->ValueAndTimeDerivative(t, nullptr, nullptr, nullptr, rate);
  return driver.function->Value(t, nullptr, nullptr, nullptr);
}

VecX System::DriverValues(double t, const double* y, const double* memory, int order) const {
  VecX values = VecX::Zero(rows_.size());
  // the general constraints' g_t, on the velocity side (docs/equations.md §2.14)
  if (order == 1)
    for (size_t jn = 0; jn < joints_.size(); ++jn)
      if (const mbs::GeneralLaw* law = joints_[jn].general()) {
        const VecX zero_rates = VecX::Zero(size());
        values[joint_row_start_[jn]] =
            -law->function().TimePartial(t, y, zero_rates.data(), memory);
      }
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
      // second derivative: central difference of the exact first derivative, one-sided
      // near a kink of the function (from the right at the kink itself,
      // docs/equations.md §6.8)
      const double h = 1e-5 * std::max(1.0, std::abs(t));
      const std::vector<double> kinks = driver.function->TimeBreakpoints();
      const auto near = std::lower_bound(kinks.begin(), kinks.end(), t - h);
      const bool kink = near != kinks.end() && *near <= t + h;
      const double ahead_t = kink && *near > t ? t : t + h;
      const double behind_t = kink && *near <= t ? t : t - h;
      double ahead = 0.0, behind = 0.0;
      driver.function->ValueAndTimeDerivative(ahead_t, nullptr, nullptr, nullptr, &ahead);
      driver.function->ValueAndTimeDerivative(behind_t, nullptr, nullptr, nullptr, &behind);
      values[driver.row] = (ahead - behind) / (ahead_t - behind_t);
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

void System::StartMotionStates(double t, int order, double* y, const double* memory) const {
  const std::vector<bool> later = RowsImposedLater(order);
  if (std::find(later.begin(), later.end(), true) == later.end()) return;
  VecX c;
  if (order == 0) {
    c = JointResiduals(t, y, memory);
  } else {
    VecX u(6 * body_count());
    for (int k = 0; k < body_count(); ++k)
      u.segment<6>(6 * k) = VecX::Map(y + BodyOffset(k) + 7, 6);
    c = VelocityJacobian(t, y, memory) * u;
  }
  for (const auto& driver : drivers_)
    if (later[driver.row]) y[driver.state + order] = c[driver.row];
}

void System::ReferMotionAngles(double t, const double* y, double* memory) const {
  const std::vector<bool> later = RowsImposedLater(0);
  for (const auto& driver : drivers_) {
    const mbs::JointConstraint& joint = joints_[rows_[driver.row].joint];
    double* slots = joint.Slots(memory);
    if (!mbs::IsMotionAngle(joint.type()) || later[driver.row] || slots == nullptr) continue;
    // a motion's constraint has one term: its reference is its one slot
    slots[0] = DriverValues(t, y, memory, 0)[driver.row];
  }
}

}  // namespace msolve::system

namespace msolve::system {

std::vector<double> System::DiscontinuityTimes() const {
  std::vector<double> times;
  const auto add = [&times](const mbs::StateFunction* f) {
    const auto* compiled = dynamic_cast<const ExpressionFunction*>(f);
    if (compiled == nullptr) return;
    const std::vector<double> more = compiled->TimeBreakpoints();
    times.insert(times.end(), more.begin(), more.end());
  };
  for (const auto& driver : drivers_) add(driver.function.get());
  for (const auto& joint : joints_)
    if (joint.general()) add(&joint.general()->function());
  for (const auto& [id, variable] : variables_) add(variable.get());
  for (const auto& d : diffs_) add(d.function.get());
  for (const auto& element : force_elements_)
    for (const mbs::StateFunction* f : element->functions()) add(f);
  for (const auto& g : gravity_functions_) add(g.get());
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

}  // namespace msolve::system
