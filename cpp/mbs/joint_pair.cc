// JointConstraint: the functions of a whole constraint between a single pair of bodies, the
// sums of its terms (mbs/joint.h)
#include "mbs/joint.h"

namespace msolve::mbs {

// -- the whole constraint of a single pair: the sum of its terms ------------------------------

void JointConstraint::EvaluateValue(const double* qI, const double* qJ, const double* slots,
                                    double* phi) const {
  EvaluateTermValue(0, qI, qJ, slots, phi);
  for (int k = 1; k < terms(); ++k) {
    double more = 0.0;
    EvaluateTermValue(k, qI, qJ, slots, &more);
    phi[0] += more;
  }
}

void JointConstraint::Evaluate(const double* qI, const double* qJ, const double* slots, double* phi,
                               PairGradient* grad) const {
  EvaluateTerm(0, qI, qJ, slots, phi, grad);
  PairGradient more_grad;
  for (int k = 1; k < terms(); ++k) {
    double more = 0.0;
    EvaluateTerm(k, qI, qJ, slots, &more, &more_grad);
    phi[0] += more;
    *grad += more_grad;
  }
}

void JointConstraint::EvaluateHessians(const double* qI, const double* qJ, const double* slots,
                                       double* phi, PairGradient* grad,
                                       std::vector<PairHessian>* hess) const {
  EvaluateTermHessians(0, qI, qJ, slots, phi, grad, hess);
  PairGradient more_grad;
  std::vector<PairHessian> more_hess;
  for (int k = 1; k < terms(); ++k) {
    double more = 0.0;
    EvaluateTermHessians(k, qI, qJ, slots, &more, &more_grad, &more_hess);
    phi[0] += more;
    *grad += more_grad;
    (*hess)[0] += more_hess[0];
  }
}

void JointConstraint::EvaluateCurvature(const double* qI, const double* qJ, const double* slots,
                                        const double* qdot, double* curvature) const {
  EvaluateTermCurvature(0, qI, qJ, slots, qdot, curvature);
  for (int k = 1; k < terms(); ++k) {
    double more = 0.0;
    EvaluateTermCurvature(k, qI, qJ, slots, qdot, &more);
    curvature[0] += more;
  }
}

void JointConstraint::Accept(const double* qI, const double* qJ, double* slots) const {
  for (int k = 0; k < terms(); ++k) AcceptTerm(k, qI, qJ, slots);
}

}  // namespace msolve::mbs
