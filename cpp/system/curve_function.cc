#include "system/curve_function.h"

#include <stdexcept>

#include "common/error.h"
#include "system/linear_states.h"

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
                     ": it has no points (xyz or matrix); curves computed by a CURSUB routine "
                     "are not available");
  if (curve.xyz.size() % 3 != 0)
    throw ModelError(curve.Describe() + ": xyz must hold x, y, z of each point, got " +
                     std::to_string(curve.xyz.size()) + " values");
  for (std::size_t k = 0; k < curve.xyz.size(); k += 3)
    points.emplace_back(curve.xyz[k], curve.xyz[k + 1], curve.xyz[k + 2]);
  return points;
}

}  // namespace

std::unique_ptr<math::ParamCurve> MakeCurve(const model::Curve& curve) {
  const std::vector<Vec3> points = CurvePoints(curve);
  const std::string bad = math::CheckCurveData(points, curve.closed, -1.0, 1.0);
  if (!bad.empty()) throw ModelError(curve.Describe() + ": " + bad);
  return std::make_unique<math::ParamCurve>(points, curve.closed, curve.curve_points, -1.0, 1.0);
}

void CurveTable::Add(const model::Curve& curve) {
  std::unique_ptr<math::ParamCurve> built = MakeCurve(curve);
  if (entries_.count(curve.id))
    throw ModelError(curve.Describe() + ": another Curve has the id " + std::to_string(curve.id));
  Entry& entry = entries_[curve.id];
  entry.curve = std::move(built);
  for (int order = 0; order < 3; ++order)
    for (int comp = 0; comp < 3; ++comp)
      entry.functions[3 * order + comp] =
          std::make_unique<CurveFunction>(entry.curve.get(), order, comp);
}

const math::ParamCurve* CurveTable::Find(long id) const {
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
