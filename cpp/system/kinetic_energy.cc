#include "system/kinetic_energy.h"

namespace msolve::system {
namespace {

Vec3 At(const double* y, int offset) { return Vec3(y[offset], y[offset + 1], y[offset + 2]); }

}  // namespace

double KineticEnergy::Value(double, const double* y, const double*, const double*) const {
  double e = 0.0;
  for (const Body& b : bodies_) {
    const Vec3 v = At(y, b.offset + 7), w = At(y, b.offset + 10);
    e += 0.5 * (b.mass * v.squaredNorm() + w.dot(b.inertia * w)) / ucf_;
  }
  return e;
}

double KineticEnergy::Gradient(double t, const double* y, const double* yp, const double* memory,
                               mbs::SparseGradient* dy, mbs::SparseGradient* dyp) const {
  dy->clear();
  dyp->clear();
  for (const Body& b : bodies_) {
    const Vec3 v = At(y, b.offset + 7), w = At(y, b.offset + 10);
    const Vec3 jw = b.inertia * w;  // J symmetric: d(w.J w)/dw = 2 J w
    for (int c = 0; c < 3; ++c) {
      dy->emplace_back(b.offset + 7 + c, b.mass * v[c] / ucf_);
      dy->emplace_back(b.offset + 10 + c, jw[c] / ucf_);
    }
  }
  return Value(t, y, yp, memory);
}

void KineticEnergy::Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const {
  y_indices->clear();
  yp_indices->clear();
  for (const Body& b : bodies_)
    for (int c = 7; c < 13; ++c) y_indices->push_back(b.offset + c);
}

}  // namespace msolve::system
