// The frame arithmetic of cpp/math/rotation.h for the Python package (the dataset reader and
// writer, python/msolve/xml/frames.py), so that it places frames by the solver's own rules.
#include <optional>

#include <pybind11/eigen.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "math/rotation.h"

namespace py = pybind11;

namespace msolve::bindings {

void DefineMath(py::module_& m) {
  m.def("_euler313_to_matrix", &math::Euler313ToMatrix, py::arg("angles"),
        "Rotation matrix of body 3-1-3 Euler angles (psi, theta, phi), radians.");
  m.def("_frame_from_points", &math::FrameFromPoints, py::arg("z_point"),
        py::arg("x_point") = py::none(),
        "Axes (columns x, y, z) from a point on the z axis and, optionally, a point in the x-z "
        "plane, both relative to the origin; None when they do not define axes.");
  m.def(
      "_frame_axes",
      [](const std::optional<Vec3>& euler313, const std::optional<Vec3>& z_point,
         const std::optional<Vec3>& x_point, const Vec3& origin) {
        const math::FrameAxesResult frame = math::FrameAxes(euler313, z_point, x_point, origin);
        switch (frame.problem) {
          case math::FrameProblem::kNone:
            break;
          case math::FrameProblem::kAnglesAndPoints:
            throw py::value_error("give the orientation either by Euler angles or by points");
          case math::FrameProblem::kDegeneratePoints:
            throw py::value_error(
                "the z point coincides with the origin or the x point lies on the z axis");
          case math::FrameProblem::kXWithoutZ:
            throw py::value_error("an x point is given without a z point");
        }
        return frame.axes;
      },
      py::arg("euler313"), py::arg("z_point"), py::arg("x_point"), py::arg("origin"),
      "Axes of a frame given by 3-1-3 Euler angles or by points relative to the origin (the "
      "solver's rule, math::FrameAxes); ValueError when they do not define axes.");
  m.def(
      "_euler_parameters_to_matrix", [](const Vec4& e) { return math::QuatToMatrix<double>(e); },
      py::arg("e"),
      "Rotation matrix of Euler parameters (e0, e1, e2, e3): a body's axes in the global frame.");
  m.def("_orthonormal_error", &math::OrthonormalError, py::arg("rotation"),
        "How far a matrix is from a proper rotation: max |R^T R - I| and |det R - 1|.");
}

}  // namespace msolve::bindings
