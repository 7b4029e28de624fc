#include "mbs/penalty_force.h"

#include <algorithm>

#include "math/rotation.h"

namespace msolve::mbs {

PenaltyForceElement::PenaltyForceElement(const model::Pforce* source,
                                         std::shared_ptr<const GeneralLaw> law, int term)
    : ForceElement(law->bodies()[term], kGround),
      source_(source),
      law_(std::move(law)),
      term_(term) {
  i_.body = law_->bodies()[term];
  i_.source = nullptr;
}

std::vector<StateFunction*> PenaltyForceElement::functions() const {
  // one element owns the shared function (its memory, switches and dependencies)
  if (term_ != 0) return {};
  return {const_cast<StateFunction*>(&law_->function())};
}

double PenaltyForceElement::Scale(double g, double* dscale) const {
  *dscale = 0.0;
  if (!source_->unilateral) return 1.0;
  if (g >= 0.0) return 0.0;
  const double width = source_->smoothing_factor;
  if (width <= 0.0 || g <= -width) return 1.0;
  // the cubic step from 0 at g = 0 to 1 at g = -width (STEP's polynomial)
  const double z = -g / width;
  *dscale = -6.0 * z * (1.0 - z) / width;
  return z * z * (3.0 - 2.0 * z);
}

Wrench PenaltyForceElement::Direction(const double* y, const GeneralRow& row) const {
  const double* x = BodyStates(i_.body, y);
  const double* g = row.grad.data() + kBodyQ * term_;
  Wrench b;
  b.head<3>() = Eigen::Map<const Vec3>(g);
  b.tail<3>() =
      0.5 * math::QuatL(Eigen::Map<const Vec4>(x + 3)).transpose() * Eigen::Map<const Vec4>(g + 3);
  return b;
}

namespace {

// g' = g_q q'(u) + g_t over every body of the law
double RowRate(const GeneralLaw& law, const double* y, const GeneralRow& row) {
  double rate = row.rate;
  for (size_t k = 0; k < law.bodies().size(); ++k) {
    const double* x = BodyStates(law.bodies()[k], y);
    const double* g = row.grad.data() + kBodyQ * k;
    rate += Eigen::Map<const Vec3>(g).dot(Eigen::Map<const Vec3>(x + 7));
    rate += Eigen::Map<const Vec4>(g + 3).dot(0.5 * math::QuatL(Eigen::Map<const Vec4>(x + 3)) *
                                              Eigen::Map<const Vec3>(x + 10));
  }
  return rate;
}

}  // namespace

void PenaltyForceElement::Evaluate(double t, const double* y, const double* yp,
                                   const double* memory, Wrench* on_i, Wrench* on_j) const {
  (void)yp;
  on_j->setZero();
  GeneralRow row;
  law_->Evaluate(t, y, memory, false, false, &row);
  double ds = 0.0;
  const double s = Scale(row.value, &ds);
  if (s == 0.0) {
    on_i->setZero();
    return;
  }
  const double f = source_->penalty * row.value + source_->penalty1 * RowRate(*law_, y, row);
  *on_i = -s * f * Direction(y, row);
}

void PenaltyForceElement::AddJacobian(double t, const double* y, const double* yp,
                                      const double* memory, double cj,
                                      std::vector<Triplet>* out) const {
  (void)yp, (void)cj;
  GeneralRow row;
  law_->Evaluate(t, y, memory, true, false, &row);
  double ds = 0.0;
  const double s = Scale(row.value, &ds);
  const double k = source_->penalty, c = source_->penalty1;
  const double f = k * row.value + c * RowRate(*law_, y, row);
  const Wrench b = Direction(y, row);
  const int nb = static_cast<int>(law_->bodies().size());
  // W = -s f b: dW = -(f b ds + s b df + s f db), row by row of the body's dynamic rows
  const int body = i_.body;
  const double* xk = BodyStates(body, y);
  for (int j = 0; j < nb; ++j) {
    const int other = law_->bodies()[j];
    const double* x = BodyStates(other, y);
    const double* g = row.grad.data() + kBodyQ * j;
    const Eigen::Matrix<double, 4, 3> L = math::QuatL(Eigen::Map<const Vec4>(x + 3));
    // df and ds against body j's 13 states
    Eigen::Matrix<double, 1, kBodyX> df = Eigen::Matrix<double, 1, kBodyX>::Zero();
    Eigen::Matrix<double, 1, kBodyX> dsv = Eigen::Matrix<double, 1, kBodyX>::Zero();
    for (int q = 0; q < kBodyQ; ++q) {
      df[q] = k * g[q] + c * row.dvel[kBodyQ * j + q];
      dsv[q] = ds * g[q];
    }
    const Eigen::Matrix<double, 1, 4> ge = Eigen::Map<const Eigen::Matrix<double, 1, 4>>(g + 3);
    df.segment<4>(3) += c * ge * (0.5 * math::QuatRightW(Eigen::Map<const Vec3>(x + 10)));
    df.segment<3>(7) = c * Eigen::Map<const Eigen::Matrix<double, 1, 3>>(g);
    df.segment<3>(10) = c * 0.5 * ge * L;
    // db_k against body j: its own Hessian block (and the rotation's L(e)^T) when j = k
    Eigen::Matrix<double, 6, kBodyX> db = Eigen::Matrix<double, 6, kBodyX>::Zero();
    if (other == body) {
      Eigen::Matrix<double, kBodyQ, kBodyQ> H;
      for (int r = 0; r < kBodyQ; ++r)
        for (int q = 0; q < kBodyQ; ++q) H(r, q) = row.hess[kBodyQ * (kBodyQ * j + q) + r];
      const Eigen::Matrix<double, 4, 3> Lk = math::QuatL(Eigen::Map<const Vec4>(xk + 3));
      db.block<3, kBodyQ>(0, 0) = H.topRows<3>();
      db.block<3, kBodyQ>(3, 0) = 0.5 * Lk.transpose() * H.bottomRows<4>();
      db.block<3, 4>(3, 3) += 0.5 * math::QuatLTransposeTimes(ge.transpose());
    }
    const Eigen::Matrix<double, 6, kBodyX> dW = -(f * b * dsv + s * b * df + s * f * db);
    for (int r = 0; r < 6; ++r)
      for (int col = 0; col < kBodyX; ++col)
        out->push_back({kBodyX * body + 7 + r, kBodyX * other + col, -dW(r, col)});
  }
}

}  // namespace msolve::mbs
