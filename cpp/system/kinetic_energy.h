// KE(id) of the expression language (docs/expression-functions.md): the kinetic energy of a
// part, or of every moving part (id 0), in model units, as the energy outputs count it
// (docs/equations.md §7): (m v.v + w.J w) / (2 UCF), w in body axes.
#pragma once

#include <vector>

#include "common/types.h"
#include "mbs/state_function.h"

namespace msolve::system {

class KineticEnergy : public mbs::StateFunction {
 public:
  struct Body {
    int offset = 0;  // of the body's states (r, e, v, w)
    double mass = 0.0;
    Mat3 inertia = Mat3::Zero();  // about the mass centre, body axes
  };
  /// The sum over `bodies` (none: the ground, whose energy is 0).
  KineticEnergy(std::vector<Body> bodies, double ucf) : bodies_(std::move(bodies)), ucf_(ucf) {}

  double Value(double t, const double* y, const double* yp, const double* memory) const override;
  double Gradient(double t, const double* y, const double* yp, const double* memory,
                  mbs::SparseGradient* dy, mbs::SparseGradient* dyp) const override;
  void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const override;

 private:
  std::vector<Body> bodies_;
  double ucf_;
};

}  // namespace msolve::system
