// compile(model): a Beam, checked, becomes a LinearFieldElement with the stiffness matrix of
// a Timoshenko beam (docs/equations.md §3.12)
#include <cmath>
#include <memory>
#include <string>

#include "common/error.h"
#include "mbs/linear_field.h"
#include "system/compile/builder.h"

namespace msolve::system {

namespace {

// Adams BEAM's stiffness matrix: x along the beam, bending in y about z (izz, shear area
// ratio asy) and in z about y (iyy, asz), torsion about x (ixx)
Eigen::Matrix<double, 6, 6> BeamStiffness(const model::Beam& b) {
  const double L = b.length, E = b.emodulus, G = b.gmodulus, A = b.area;
  // shear deformation ratios: 12 E I as / (G A L^2)
  const double py = 12 * E * b.izz * b.asy / (G * A * L * L);
  const double pz = 12 * E * b.iyy * b.asz / (G * A * L * L);
  Eigen::Matrix<double, 6, 6> K = Eigen::Matrix<double, 6, 6>::Zero();
  K(0, 0) = E * A / L;
  K(1, 1) = 12 * E * b.izz / (L * L * L * (1 + py));
  K(1, 5) = K(5, 1) = -6 * E * b.izz / (L * L * (1 + py));
  K(2, 2) = 12 * E * b.iyy / (L * L * L * (1 + pz));
  K(2, 4) = K(4, 2) = 6 * E * b.iyy / (L * L * (1 + pz));
  K(3, 3) = G * b.ixx / L;
  K(4, 4) = (4 + pz) * E * b.iyy / (L * (1 + pz));
  K(5, 5) = (4 + py) * E * b.izz / (L * (1 + py));
  return K;
}

}  // namespace

std::unique_ptr<mbs::ForceElement> Builder::Force(const model::Beam& beam) {
  const auto [mi, mj] = sys_.MarkersOf(beam, beam.i, beam.j);
  const auto positive = [&beam](const char* name, double v) {
    if (!(v > 0.0) || !std::isfinite(v))
      throw ModelError(beam.Describe() + ": " + name + " must be positive, got " +
                       std::to_string(v));
  };
  const auto not_negative = [&beam](const char* name, double v) {
    if (!(v >= 0.0) || !std::isfinite(v))
      throw ModelError(beam.Describe() + ": " + name + " must be zero or positive, got " +
                       std::to_string(v));
  };
  positive("length", beam.length);
  positive("emodulus", beam.emodulus);
  positive("gmodulus", beam.gmodulus);
  positive("area", beam.area);
  positive("ixx", beam.ixx);
  positive("iyy", beam.iyy);
  positive("izz", beam.izz);
  not_negative("asy", beam.asy);
  not_negative("asz", beam.asz);
  not_negative("cratio", beam.cratio);
  for (int a = 0; a < 3; ++a)
    if (!std::isfinite(beam.force[a]) || !std::isfinite(beam.torque[a]))
      throw ModelError(beam.Describe() + ": force and torque must be finite numbers");

  mbs::LinearFieldData data;
  data.K = BeamStiffness(beam);
  data.C = beam.cmatrix.empty() ? Eigen::Matrix<double, 6, 6>(beam.cratio * data.K)
                                : FieldMatrix(beam, "cmatrix", beam.cmatrix);
  data.length[0] = beam.length;
  for (int a = 0; a < 3; ++a) {
    data.preload[a] = beam.force[a];
    data.preload[3 + a] = beam.torque[a];
  }
  CheckFieldAxes(sys_, beam, mi, mj);
  return std::make_unique<mbs::LinearFieldElement>(&beam, mi, mj, data);
}

}  // namespace msolve::system
