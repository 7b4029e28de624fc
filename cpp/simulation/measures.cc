// request outputs: marker kinematics and joint reactions at an output time
#include <cmath>

#include "common/error.h"
#include "math/rotation.h"
#include "simulation/simulation.h"

namespace msolve::simulation {
namespace {

using system::System;

struct MarkerKinematics {
  Vec3 p = Vec3::Zero(), v = Vec3::Zero(), a = Vec3::Zero();  // origin, global
  Vec3 w = Vec3::Zero(), wd = Vec3::Zero();                   // angular, global
  Mat3 R = Mat3::Identity();                                  // axes, global
  Vec3 cm = Vec3::Zero();                                     // mass centre of its body
};

MarkerKinematics Kinematics(const mbs::BodyMarker& m, const VecX& y, const VecX& yp) {
  MarkerKinematics k;
  if (m.body < 0) {
    k.p = m.s;
    k.R = m.A;
    k.cm = m.s;
    return k;
  }
  const int o = System::BodyOffset(m.body);
  const Vec4 e = y.segment<4>(o + 3).normalized();
  const Mat3 Rb = math::QuatToMatrix<double>(e);
  const Vec3 rho = Rb * m.s;
  k.cm = y.segment<3>(o);
  k.p = k.cm + rho;
  k.R = Rb * m.A;
  k.w = Rb * y.segment<3>(o + 10);
  k.wd = Rb * yp.segment<3>(o + 10);
  k.v = y.segment<3>(o + 7) + k.w.cross(rho);
  k.a = yp.segment<3>(o + 7) + k.wd.cross(rho) + k.w.cross(k.w.cross(rho));
  return k;
}

void Fill(double* out, const Vec3& f, const Vec3& t) {
  out[0] = f.norm();
  out[1] = f.x(), out[2] = f.y(), out[3] = f.z();
  out[4] = t.norm();
  out[5] = t.x(), out[6] = t.y(), out[7] = t.z();
}

}  // namespace

std::array<double, 8> Simulation::EvaluateRequest(const model::Request& r, double t, const VecX& y,
                                                  const VecX& yp) const {
  std::array<double, 8> out{};
  std::string type = r.type;
  for (auto& c : type) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const MarkerKinematics I = Kinematics(sys_.MarkerOf(r.i), y, yp);
  const MarkerKinematics J = r.j ? Kinematics(sys_.MarkerOf(r.j), y, yp) : MarkerKinematics{};
  const Mat3 Rm = r.rm ? Kinematics(sys_.MarkerOf(r.rm), y, yp).R : Mat3::Identity();

  if (type == "DISPLACEMENT") {
    // MAG X Y Z (slot 4 unused) PSI THETA PHI: I relative to J, translation in rm axes
    const Vec3 d = Rm.transpose() * (I.p - J.p);
    const Vec3 angles = math::MatrixToEuler313(J.R.transpose() * I.R);
    out = {d.norm(), d.x(), d.y(), d.z(), 0.0, angles[0], angles[1], angles[2]};
  } else if (type == "VELOCITY") {
    Fill(out.data(), Rm.transpose() * (I.v - J.v), Rm.transpose() * (I.w - J.w));
  } else if (type == "ACCELERATION") {
    Fill(out.data(), Rm.transpose() * (I.a - J.a), Rm.transpose() * (I.wd - J.wd));
  } else if (type == "FORCE") {
    // joint and motion reactions and force elements connecting I (and J) acting on I's part,
    // at I
    Vec3 force, torque;
    request_forces_.at(&r)->Wrench(t, y.data(), yp.data(), state_.memory.data(), &force, &torque);
    Fill(out.data(), Rm.transpose() * force, Rm.transpose() * torque);
  }
  return out;
}

}  // namespace msolve::simulation
