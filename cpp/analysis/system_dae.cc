#include "analysis/system_dae.h"

#include <algorithm>

namespace msolve::analysis {

using solver::StateTolerance;

std::vector<StateTolerance> SystemDae::Tolerances() const {
  std::vector<StateTolerance> tolerances(sys_.size(), StateTolerance::kExcluded);
  const int n = sys_.differential_size();
  std::fill(tolerances.begin(), tolerances.begin() + n, StateTolerance::kErrorBound);
  // the work of the non-conservative forces is an output: no part of the error test
  if (sys_.work_state() >= 0) tolerances[sys_.work_state()] = StateTolerance::kExcluded;
  // reactions that forces (FX, JOINT, ...) read feed the equations back: converged to a
  // relative tolerance; otherwise, as the multipliers mu, they follow from the motion
  if (sys_.ReadsMultipliers())
    std::fill(tolerances.begin() + sys_.lambda_offset(),
              tolerances.begin() + sys_.lambda_offset() + sys_.active_rows(),
              StateTolerance::kRelative);
  return tolerances;
}

std::vector<solver::ConstraintGroup> SystemDae::ConstraintGroups() const {
  const int m = sys_.active_rows();
  return {
      // velocity constraints: the rows of the multipliers lambda
      {sys_.lambda_offset(), m, kVelocityConstraintTolerance},
      // position constraints: joint rows and quaternion norms, the rows of mu
      {sys_.mu_offset(), m + sys_.body_count(), kConstraintTolerance},
  };
}

void SystemDae::Jacobian(double t, const double* y, const double* yp, double cj,
                         std::vector<Triplet>* out) const {
  sys_.Jacobian(t, y, yp, memory(), cj, out);
}

}  // namespace msolve::analysis
