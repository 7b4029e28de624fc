// Scalar and Eigen aliases shared by every layer of the core.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace msolve {

using Real = double;
using Vec3 = Eigen::Matrix<double, 3, 1>;
using Vec4 = Eigen::Matrix<double, 4, 1>;
using Mat3 = Eigen::Matrix<double, 3, 3>;
using VecX = Eigen::VectorXd;
using MatX = Eigen::MatrixXd;

// the ground, as a body index, and the global frame, as a marker index
inline constexpr int kGround = -1;

}  // namespace msolve
