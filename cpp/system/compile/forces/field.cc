// compile(model): a Field, checked, becomes a LinearFieldElement
#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "common/error.h"
#include "mbs/linear_field.h"
#include "system/compile/builder.h"
#include "system/routine_function.h"

namespace msolve::system {

Eigen::Matrix<double, 6, 6> FieldMatrix(const model::Entity& owner, const char* name,
                                        const std::vector<double>& values) {
  if (values.size() != 36)
    throw ModelError(owner.Describe() + ": " + name +
                     " must hold the 36 entries of a 6x6 matrix, row by row; got " +
                     std::to_string(values.size()));
  Eigen::Matrix<double, 6, 6> m;
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c) {
      const double v = values[6 * r + c];
      if (!std::isfinite(v))
        throw ModelError(owner.Describe() + ": " + name + " has a non-finite entry at row " +
                         std::to_string(r + 1) + ", column " + std::to_string(c + 1));
      m(r, c) = v;
    }
  return m;
}

void CheckFieldAxes(const System& sys, const model::Entity& owner, const mbs::BodyMarker& mi,
                    const mbs::BodyMarker& mj) {
  const VecX y0 = sys.DesignState();
  const double cos_z =
      mbs::MarkerFrame(mi, System::BodyState(mi.body, y0.data()))
          .R.col(2)
          .dot(mbs::MarkerFrame(mj, System::BodyState(mj.body, y0.data())).R.col(2));
  if (!(cos_z > 0))
    throw ModelError(owner.Describe() +
                     ": the z axes of markers i and j are 90 degrees or more apart in the "
                     "design position, where the rotations about x and y are undefined; "
                     "align the two markers");
}

namespace {

// a Field given by its FIESUB, with the numbers of function="USER(...)"; the matrices are
// not read (docs/equations.md §3.11)
std::unique_ptr<mbs::ForceElement> RoutineField(const System& sys, const model::Field& field,
                                                const mbs::BodyMarker& mi,
                                                const mbs::BodyMarker& mj) {
  const std::string why = field.routine->Unavailable();
  if (!why.empty()) throw ModelError(field.Describe() + ": " + why);
  std::vector<double> par;
  if (!field.function.empty()) {
    std::optional<std::vector<double>> user;
    try {
      user = ParseUserParameters(field.function);
    } catch (const std::invalid_argument& e) {
      throw ModelError(field.Describe() + ": " + e.what());
    }
    if (!user)
      throw ModelError(field.Describe() + ": function must be USER(p1, ...), the parameters of " +
                       "its routine (FIESUB); got '" + field.function + "'");
    par = *user;
  }
  CheckFieldAxes(sys, field, mi, mj);
  return std::make_unique<mbs::RoutineFieldElement>(&field, mi, mj, std::move(par));
}

}  // namespace

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::Field& field) {
  const auto [mi, mj] = sys_.MarkersOf(field, field.i, field.j);
  if (field.routine) return RoutineField(sys_, field, mi, mj);
  CheckNoUserCall(field, field.function);
  if (field.kmatrix.empty())
    throw ModelError(field.Describe() +
                     ": kmatrix is required: the 36 entries of the 6x6 stiffness matrix, row by "
                     "row");
  mbs::LinearFieldData data;
  data.K = FieldMatrix(field, "kmatrix", field.kmatrix);
  if (!field.cmatrix.empty() && field.cratio)
    throw ModelError(field.Describe() +
                     ": give the damping either by cmatrix or by cratio, not both");
  if (!field.cmatrix.empty()) {
    data.C = FieldMatrix(field, "cmatrix", field.cmatrix);
  } else if (field.cratio) {
    if (!(*field.cratio >= 0.0) || !std::isfinite(*field.cratio))
      throw ModelError(field.Describe() + ": cratio must be zero or positive, got " +
                       std::to_string(*field.cratio));
    data.C = *field.cratio * data.K;
  }
  for (int a = 0; a < 6; ++a) {
    if (!std::isfinite(field.force[a]) || !std::isfinite(field.length[a]))
      throw ModelError(field.Describe() + ": force and length must be finite numbers");
    data.preload[a] = field.force[a];
    data.length[a] = field.length[a];
  }
  CheckFieldAxes(sys_, field, mi, mj);
  return std::make_unique<mbs::LinearFieldElement>(&field, mi, mj, data);
}

}  // namespace msolve::system
