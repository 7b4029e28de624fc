#include "system/curve_function.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "common/error.h"
#include "common/interrupt.h"
#include "system/linear_states.h"
#include "system/routine_function.h"

namespace msolve::system {

double CurveFunction::Evaluate(const double* args, double* partials) const {
  if (partials != nullptr) partials[0] = curve_->Evaluate(args[0], order_ + 1)[comp_];
  return curve_->Evaluate(args[0], order_)[comp_];
}

namespace {

std::vector<Vec3> CurvePoints(const model::Curve& curve) {
  std::vector<Vec3> points;
  if (curve.matrix != nullptr) {
    const MatX m = DenseMatrix(*curve.matrix);
    if (m.cols() != 3)
      throw ModelError(curve.Describe() + ": its matrix " + curve.matrix->Describe() +
                       " must have 3 columns (x, y, z of each point), it has " +
                       std::to_string(m.cols()));
    for (int k = 0; k < m.rows(); ++k) points.push_back(m.row(k).transpose());
    return points;
  }
  if (curve.xyz.empty())
    throw ModelError(curve.Describe() +
                     ": it has no points (xyz or matrix) and no routine (CURSUB) to compute it");
  if (curve.xyz.size() % 3 != 0)
    throw ModelError(curve.Describe() + ": xyz must hold x, y, z of each point, got " +
                     std::to_string(curve.xyz.size()) + " values");
  for (std::size_t k = 0; k < curve.xyz.size(); k += 3)
    points.emplace_back(curve.xyz[k], curve.xyz[k + 1], curve.xyz[k + 2]);
  return points;
}

}  // namespace

RoutineCurve::RoutineCurve(const model::Curve& curve, std::vector<double> par)
    : curve_(curve), routine_(curve.routine), par_(std::move(par)) {
  Call(curve.minpar, 0, true);
}

Vec3 RoutineCurve::Call(double alpha, int order, bool iflag) const {
  model::UserRoutine::Call call;
  call.form = model::UserRoutine::Form::kCurve;
  call.id = curve_.id;
  call.par = &par_;
  call.alpha = alpha;
  call.iord = order;
  call.iflag = iflag;
  double out[3];
  std::fill(out, out + 3, std::numeric_limits<double>::quiet_NaN());
  try {
    // the initialisation call's result is not read (a routine may return nothing then)
    routine_->Evaluate(call, iflag ? nullptr : out, 3);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    throw RoutineError(curve_.Describe() +
                       ": its routine (CURSUB) failed at alpha = " + std::to_string(alpha) +
                       ", iord = " + std::to_string(order) + ":\n" + e.what());
  }
  const Vec3 value(out[0], out[1], out[2]);
  if (iflag) return value;
  if (!value.allFinite())
    throw RoutineError(curve_.Describe() + ": its routine (CURSUB) gave a value that is not " +
                       "finite at alpha = " + std::to_string(alpha) +
                       ", iord = " + std::to_string(order));
  return value;
}

Vec3 RoutineCurve::Evaluate(double alpha, int order) const {
  if (curve_.closed) {
    const double period = curve_.maxpar - curve_.minpar;
    alpha = curve_.minpar + (alpha - curve_.minpar) -
            period * std::floor((alpha - curve_.minpar) / period);
  }
  if (order <= 2) return Call(alpha, order, false);
  const double h = kCurveRoutineStep * (curve_.maxpar - curve_.minpar);
  return (Call(alpha + h, 2, false) - Call(alpha - h, 2, false)) / (2 * h);
}

std::unique_ptr<math::SpaceCurve> MakeCurve(const model::Curve& curve) {
  if (curve.routine != nullptr) {
    if (curve.matrix != nullptr || !curve.xyz.empty())
      throw ModelError(curve.Describe() + ": give either its points (xyz or matrix) or a " +
                       "routine (CURSUB) that computes it, not both");
    const std::string why = curve.routine->Unavailable();
    if (!why.empty()) throw ModelError(curve.Describe() + ": " + why);
    if (!std::isfinite(curve.minpar) || !std::isfinite(curve.maxpar) ||
        !(curve.minpar < curve.maxpar))
      throw ModelError(curve.Describe() + ": minpar and maxpar must be finite with minpar < " +
                       "maxpar (the range of its CURSUB's parameter), got " +
                       std::to_string(curve.minpar) + " and " + std::to_string(curve.maxpar));
    std::optional<std::vector<double>> par;
    try {
      par = ParseUserParameters(curve.function.empty() ? "USER()" : curve.function);
    } catch (const std::invalid_argument& e) {
      throw ModelError(curve.Describe() + ": " + e.what());
    }
    if (!par)
      throw ModelError(curve.Describe() + ": function must be USER(p1, ...), the parameters " +
                       "of its routine (CURSUB); got '" + curve.function + "'");
    return std::make_unique<RoutineCurve>(curve, std::move(*par));
  }
  const std::vector<Vec3> points = CurvePoints(curve);
  const std::string bad = math::CheckCurveData(points, curve.closed, -1.0, 1.0);
  if (!bad.empty()) throw ModelError(curve.Describe() + ": " + bad);
  return std::make_unique<math::ParamCurve>(points, curve.closed, curve.curve_points, -1.0, 1.0);
}

void CurveTable::Add(const model::Curve& curve) {
  std::unique_ptr<math::SpaceCurve> built = MakeCurve(curve);
  if (entries_.count(curve.id))
    throw ModelError(curve.Describe() + ": another Curve has the id " + std::to_string(curve.id));
  Entry& entry = entries_[curve.id];
  entry.curve = std::move(built);
  for (int order = 0; order < 3; ++order)
    for (int comp = 0; comp < 3; ++comp)
      entry.functions[3 * order + comp] =
          std::make_unique<CurveFunction>(entry.curve.get(), order, comp);
}

const math::SpaceCurve* CurveTable::Find(long id) const {
  const auto found = entries_.find(id);
  return found == entries_.end() ? nullptr : found->second.curve.get();
}

const expr::ExternalFunction* CurveTable::Function(const std::vector<long>& ids) const {
  const long order = ids[0], comp = ids[1];
  if (order < 0 || order > 2)
    throw std::invalid_argument("the derivative order iord of CURVE must be 0, 1 or 2, got " +
                                std::to_string(order));
  if (comp < 1 || comp > 3)
    throw std::invalid_argument("the component comp of CURVE must be 1, 2 or 3 (x, y, z), got " +
                                std::to_string(comp));
  const auto found = entries_.find(ids[2]);
  if (found == entries_.end())
    throw std::invalid_argument("unknown curve id " + std::to_string(ids[2]));
  return found->second.functions[3 * order + comp - 1].get();
}

}  // namespace msolve::system
