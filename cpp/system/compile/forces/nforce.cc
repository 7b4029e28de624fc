// compile(model): an Nforce, checked, becomes one NforceElement per I marker
// (docs/equations.md §3.14)
#include <cmath>
#include <memory>
#include <string>

#include "common/error.h"
#include "mbs/nforce.h"
#include "system/compile/builder.h"
#include "system/linear_states.h"

namespace msolve::system {

namespace {

std::string Size(Eigen::Index rows, Eigen::Index columns) {
  return std::to_string(rows) + " x " + std::to_string(columns);
}

// the dense matrix `name` of an Nforce, which must be active and rows x columns (a column of
// `rows` numbers may also be given as a row)
Eigen::MatrixXd NforceMatrix(const model::Nforce& f, const char* name, const model::Matrix& m,
                             int rows, int columns) {
  if (!m.active)
    throw ModelError(f.Describe() + ": its " + name + " " + m.Describe() + " is not active");
  MatX dense = DenseMatrix(m);
  if (columns == 1 && dense.rows() == 1 && dense.cols() == rows) dense.transposeInPlace();
  if (dense.rows() != rows || dense.cols() != columns)
    throw ModelError(f.Describe() + ": its " + name + " " + m.Describe() + " is " +
                     Size(dense.rows(), dense.cols()) + " but must be " + Size(rows, columns) +
                     " for its " + std::to_string(f.imarkers.size()) + " I markers");
  return dense;
}

}  // namespace

std::vector<std::unique_ptr<mbs::ForceElement>> Builder::Force(const model::Nforce& f) {
  if (f.imarkers.empty())
    throw ModelError(f.Describe() + ": imarkers is required: the markers the force acts on");
  if (f.j == nullptr)
    throw ModelError(f.Describe() + ": j is required: the marker whose axes the force is in");
  if (f.kmatrix == nullptr)
    throw ModelError(f.Describe() + ": kmatrix is required: the 6N x 6N stiffness Matrix");
  if (f.cmatrix != nullptr && f.cratio != 0.0)
    throw ModelError(f.Describe() + ": give the damping either by cmatrix or by cratio, not both");
  if (!std::isfinite(f.cratio) || f.cratio < 0.0)
    throw ModelError(f.Describe() + ": cratio must be zero or positive, got " +
                     std::to_string(f.cratio));
  const int n = static_cast<int>(f.imarkers.size());
  auto data = std::make_shared<mbs::NforceData>();
  data->K = NforceMatrix(f, "kmatrix", *f.kmatrix, 6 * n, 6 * n);
  data->C = f.cmatrix ? NforceMatrix(f, "cmatrix", *f.cmatrix, 6 * n, 6 * n)
                      : Eigen::MatrixXd(f.cratio * data->K);
  data->length = Eigen::VectorXd::Zero(6 * n);
  if (f.length) {
    // MotionSolve's Force_MultiPoint: 3N reference lengths (x, y, z of each I marker; the
    // rotations' free values are zero); 6N numbers give the rotations' too
    const MatX l = DenseMatrix(*f.length);
    const bool translations = l.size() == 3 * n && (l.rows() == 1 || l.cols() == 1);
    const MatX values = NforceMatrix(f, "length", *f.length, translations ? 3 * n : 6 * n, 1);
    for (int m = 0; m < n; ++m)
      for (int a = 0; a < (translations ? 3 : 6); ++a)
        data->length[6 * m + a] = values((translations ? 3 : 6) * m + a, 0);
  }
  data->preload = f.force ? Eigen::VectorXd(NforceMatrix(f, "force", *f.force, 6 * n, 1).col(0))
                          : Eigen::VectorXd::Zero(6 * n);
  std::vector<mbs::BodyMarker> markers;
  mbs::BodyMarker mj;
  for (const model::Marker* m : f.imarkers) {
    const auto pair = sys_.MarkersOf(f, m, f.j);
    markers.push_back(pair.first);
    mj = pair.second;
    CheckFieldAxes(sys_, f, pair.first, pair.second);
  }
  std::vector<std::unique_ptr<mbs::ForceElement>> elements;
  for (int k = 0; k < n; ++k)
    elements.push_back(std::make_unique<mbs::NforceElement>(&f, markers, mj, k, data));
  return elements;
}

}  // namespace msolve::system
