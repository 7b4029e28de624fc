#include "mbs/general_constraint.h"

#include <algorithm>
#include <cmath>

#include "math/rotation.h"
#include "mbs/force_element.h"
#include "mbs/joint.h"

namespace msolve::mbs {
namespace {

// the step of the second differences: the first derivatives of a routine are themselves
// forward differences (about 1e-8 relative), which a step of kGeneralStep would magnify to
// 1e-2; 1e-4 leaves 1e-4 for them and 1e-8 (the truncation) for exact ones
constexpr double kSecondStep = 1e-4;

// zero rates y' for the bodies' states up to `size` (the measures read y' beside y; a
// function of positions and time does not depend on them)
const double* ZeroRates(int size) {
  thread_local std::vector<double> zeros;
  if (static_cast<int>(zeros.size()) < size) zeros.assign(size, 0.0);
  return zeros.data();
}

// the states a function's evaluation may touch: its bodies' and what it reads
int StatesRead(const StateFunction& f, const std::vector<int>& bodies) {
  int size = 0;
  for (int b : bodies) size = std::max(size, kBodyX * (b + 1));
  std::vector<int> y_deps, yp_deps;
  f.Dependencies(&y_deps, &yp_deps);
  for (int index : y_deps) size = std::max(size, index + 1);
  for (int index : yp_deps) size = std::max(size, index + 1);
  return size;
}

}  // namespace

GeneralLaw::GeneralLaw(std::unique_ptr<StateFunction> function, std::vector<int> bodies)
    : function_(std::move(function)), bodies_(std::move(bodies)) {
  int most = 0;
  for (int b : bodies_) most = std::max(most, b + 1);
  term_of_body_.assign(most, -1);
  for (size_t k = 0; k < bodies_.size(); ++k)
    if (bodies_[k] >= 0) term_of_body_[bodies_[k]] = static_cast<int>(k);
}

double GeneralLaw::Value(double t, const double* y, const double* memory) const {
  return function_->Value(t, y, ZeroRates(StatesRead(*function_, bodies_)), memory);
}

double GeneralLaw::Partials(double t, const double* y, const double* memory, double* grad,
                            double* rate) const {
  thread_local SparseGradient dy, dyp;
  const double* yp = ZeroRates(StatesRead(*function_, bodies_));
  const double g = function_->Gradient(t, y, yp, memory, &dy, &dyp);
  std::fill(grad, grad + kBodyQ * bodies_.size(), 0.0);
  for (const auto& [index, value] : dy) {
    const int body = index / kBodyX, c = index % kBodyX;
    // the compile step admits positions only (docs/equations.md §2.14)
    if (body < static_cast<int>(term_of_body_.size()) && term_of_body_[body] >= 0 && c < kBodyQ)
      grad[kBodyQ * term_of_body_[body] + c] += value;
  }
  if (rate) *rate = function_->TimePartial(t, y, yp, memory);
  return g;
}

std::vector<double> GeneralLaw::PositionRates(const double* y) const {
  std::vector<double> qdot(kBodyQ * bodies_.size(), 0.0);
  for (size_t k = 0; k < bodies_.size(); ++k) {
    if (bodies_[k] < 0) continue;
    const double* x = BodyStates(bodies_[k], y);
    for (int i = 0; i < 3; ++i) qdot[kBodyQ * k + i] = x[7 + i];
    const Eigen::Matrix<double, 4, 1> ed =
        0.5 * math::QuatL(Eigen::Map<const Vec4>(x + 3)) * Eigen::Map<const Vec3>(x + 10);
    for (int i = 0; i < 4; ++i) qdot[kBodyQ * k + 3 + i] = ed[i];
  }
  return qdot;
}

void GeneralLaw::Evaluate(double t, const double* y, const double* memory, bool second,
                          bool curvature, GeneralRow* out) const {
  const int n = kBodyQ * static_cast<int>(bodies_.size());
  out->grad.resize(n);
  out->value = Partials(t, y, memory, out->grad.data(), &out->rate);
  if (!second && !curvature) return;
  // the positions moved, one coordinate or along qdot: a copy of y's body states
  // (up to the last state the function reads: a routine may read more than positions)
  const int size = StatesRead(*function_, bodies_);
  thread_local std::vector<double> moved;
  moved.assign(y, y + size);
  const std::vector<double> qdot = PositionRates(y);
  std::vector<double> plus(n), minus(n);
  double rate_plus = 0.0, rate_minus = 0.0;
  const auto velocity_row = [&](const std::vector<double>& g, double rate) {
    double v = rate;
    for (int c = 0; c < n; ++c) v += g[c] * qdot[c];
    return v;
  };
  if (second) {
    out->dvel.assign(n, 0.0);
    out->hess.assign(kBodyQ * n, 0.0);
    for (size_t k = 0; k < bodies_.size(); ++k) {
      if (bodies_[k] < 0) continue;
      for (int c = 0; c < kBodyQ; ++c) {
        double& x = moved[kBodyX * bodies_[k] + c];
        const double x0 = x, h = kSecondStep * std::max(1.0, std::abs(x0));
        x = x0 + h;
        Partials(t, moved.data(), memory, plus.data(), &rate_plus);
        x = x0 - h;
        Partials(t, moved.data(), memory, minus.data(), &rate_minus);
        x = x0;
        const int col = kBodyQ * static_cast<int>(k) + c;
        out->dvel[col] =
            (velocity_row(plus, rate_plus) - velocity_row(minus, rate_minus)) / (2.0 * h);
        for (int r = 0; r < kBodyQ; ++r)
          out->hess[kBodyQ * col + r] = (plus[kBodyQ * k + r] - minus[kBodyQ * k + r]) / (2.0 * h);
      }
    }
  }
  if (curvature) {
    // d/ds of g along (qdot, 1), differenced in s
    double scale = std::max(1.0, std::abs(t));
    for (int c = 0; c < n; ++c) scale = std::max(scale, std::abs(qdot[c]));
    const double h = kSecondStep / scale;
    const auto along = [&](double s, std::vector<double>* g, double* rate) {
      for (size_t k = 0; k < bodies_.size(); ++k)
        if (bodies_[k] >= 0)
          for (int c = 0; c < kBodyQ; ++c)
            moved[kBodyX * bodies_[k] + c] = y[kBodyX * bodies_[k] + c] + s * qdot[kBodyQ * k + c];
      Partials(t + s, moved.data(), memory, g->data(), rate);
    };
    along(h, &plus, &rate_plus);
    const double ahead = velocity_row(plus, rate_plus);
    along(-h, &minus, &rate_minus);
    const double behind = velocity_row(minus, rate_minus);
    out->curvature = (ahead - behind) / (2.0 * h);
  }
}

JointConstraint::JointConstraint(const model::Entity* source, std::vector<Term> terms,
                                 std::shared_ptr<const GeneralLaw> general)
    : JointConstraint(source, std::move(terms)) {
  general_ = std::move(general);
  single_pair_ = false;  // the law reads every term's body
}

void JointConstraint::GeneralTerm(int k, double* phi, PairGradient* grad,
                                  std::vector<PairHessian>* hess, const Coupling* coupling) const {
  const GeneralRow& row = coupling->general;
  phi[0] = k == 0 ? row.value : 0.0;
  grad->setZero(1, kPairQ);
  for (int c = 0; c < kBodyQ; ++c) (*grad)(0, c) = row.grad[kBodyQ * k + c];
  if (hess == nullptr) return;
  hess->resize(1);
  (*hess)[0].setZero();
  if (row.hess.empty()) return;
  for (int r = 0; r < kBodyQ; ++r)
    for (int c = 0; c < kBodyQ; ++c) (*hess)[0](r, c) = row.hess[kBodyQ * (kBodyQ * k + c) + r];
}

}  // namespace msolve::mbs
