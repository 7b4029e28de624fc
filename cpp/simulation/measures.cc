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
    // reactions of the joints connecting I (and J, when given) acting on I's part, at I
    Vec3 force = Vec3::Zero(), torque = Vec3::Zero();
    int row0 = 0;
    for (const auto& joint : sys_.joints()) {
      // the markers of the joint, or of a motion (a joint-based one has its joint's)
      const model::Marker* mi = joint.i().source;
      const model::Marker* mj = joint.j().source;
      int side = -1;
      if (mi == r.i && (r.j == nullptr || mj == r.j))
        side = 0;
      else if (mj == r.i && (r.j == nullptr || mi == r.j))
        side = 1;
      if (side >= 0) {
        // wrench on one moving side from the multipliers: -B^T lambda
        const int moving = (side == 0 ? joint.i().body : joint.j().body) >= 0 ? side : 1 - side;
        const System::JointSides sides = System::SidesOf(joint, y.data());
        const double* const* q = sides.state;
        double phi[6];
        mbs::PairGradient grad;
        joint.Evaluate(q[0], q[1], phi, &grad);
        const Vec4 e(q[moving][3], q[moving][4], q[moving][5], q[moving][6]);
        const Mat3 Rb = math::QuatToMatrix<double>(Vec4(e.normalized()));
        Vec3 f = Vec3::Zero(), tb = Vec3::Zero();
        for (int k = 0; k < joint.rows(); ++k) {
          const int a = sys_.rows()[row0 + k].active;
          if (a < 0) continue;
          const double lambda = y[sys_.lambda_offset() + a];
          f -= lambda * grad.row(k).segment<3>(7 * moving).transpose();
          tb -= lambda * 0.5 * math::QuatL(e).transpose() *
                grad.row(k).segment<4>(7 * moving + 3).transpose();
        }
        const Vec3 cm(q[moving][0], q[moving][1], q[moving][2]);
        // torque about I's origin; the other side carries the opposite wrench
        Vec3 moment = Rb * tb + (cm - I.p).cross(f);
        if (moving != side) f = -f, moment = -moment;
        force += f;
        torque += moment;
      }
      row0 += joint.rows();
    }
    // force elements connecting I (and J): their wrench on I's side, at I
    const auto add_element = [&](const model::Marker* ei, const model::Marker* ej,
                                 const mbs::BodyMarker& bi, const mbs::BodyMarker& bj,
                                 const mbs::Wrench& on_i, const mbs::Wrench& on_j, bool reaction) {
      int side = -1;
      if (ei == r.i && (r.j == nullptr || ej == r.j))
        side = 0;
      else if (ej == r.i && (r.j == nullptr || ei == r.j))
        side = 1;
      if (side < 0) return;
      if (side == 1 && !reaction) return;  // an action-only element puts nothing on J
      // the wrench of a moving side, or the opposite of the other side's for the ground
      int use = side;
      if ((side == 0 ? bi.body : bj.body) < 0) use = 1 - side;
      const int body = use == 0 ? bi.body : bj.body;
      if (body < 0) return;
      const mbs::Wrench& w = use == 0 ? on_i : on_j;
      const int o = System::BodyOffset(body);
      const Mat3 Rb = math::QuatToMatrix<double>(Vec4(y.segment<4>(o + 3).normalized()));
      Vec3 f = w.head<3>();
      Vec3 moment = Rb * w.tail<3>() + (Vec3(y.segment<3>(o)) - I.p).cross(f);
      if (use != side) f = -f, moment = -moment;
      force += f;
      torque += moment;
    };
    mbs::Wrench on_i, on_j;
    for (const auto& spring : sys_.spring_dampers()) {
      spring.Evaluate(System::BodyState(spring.i().body, y.data()),
                      System::BodyState(spring.j().body, y.data()), &on_i, &on_j, nullptr);
      add_element(spring.source()->i, spring.source()->j, spring.i(), spring.j(), on_i, on_j, true);
    }
    for (const auto& sforce : sys_.sforces()) {
      sforce.Evaluate(t, y.data(), yp.data(), &on_i, &on_j);
      add_element(sforce.source()->i, sforce.source()->j, sforce.i(), sforce.j(), on_i, on_j,
                  !sforce.source()->actiononly);
    }
    for (const auto& vforce : sys_.vector_forces()) {
      vforce.Evaluate(t, y.data(), yp.data(), &on_i, &on_j);
      mbs::BodyMarker bi, bj;
      bi.body = vforce.bodies()[0];
      bj.body = vforce.bodies()[1];
      add_element(vforce.source()->i, vforce.source()->jfloat, bi, bj, on_i, on_j, true);
    }
    Fill(out.data(), Rm.transpose() * force, Rm.transpose() * torque);
  }
  return out;
}

}  // namespace msolve::simulation
