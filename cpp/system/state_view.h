// Views of the pieces of a body's states in y (internal to the system/ sources).
#pragma once

#include "common/types.h"

namespace msolve::system {

inline Eigen::Map<const Vec3> V3(const double* p) { return Eigen::Map<const Vec3>(p); }
inline Eigen::Map<const Vec4> V4(const double* p) { return Eigen::Map<const Vec4>(p); }

}  // namespace msolve::system
