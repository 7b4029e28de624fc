// model:: types. The Python classes of msolve subclass these and add keyword handling,
// type-checked assignment and registration in the current model (python/msolve).
#include <cctype>
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/ref_property.h"
#include "common/error.h"
#include "mbs/joint_equations.h"
#include "model/entities.h"
#include "model/kinds.h"

namespace py = pybind11;

namespace msolve::bindings {

using namespace model;  // NOLINT

// the descriptions of the forces (bind_forces.cc)
void DefineForceSpecs(py::module_& m);
void DefineNforceSpec(py::module_& m);
void DefineDeformableSpecs(py::module_& m);

namespace {

// parts and markers
void DefineBodySpecs(py::module_& m) {
  // every class registered before a signature names it, so that signatures (and the stubs
  // pybind11-stubgen makes of them, python/msolve/_core.pyi) name Python types
  py::class_<Part, Entity, std::shared_ptr<Part>> part(m, "PartSpec");
  py::class_<Marker, Entity, std::shared_ptr<Marker>> marker(m, "MarkerSpec");
  marker.def(py::init<>())
      .def_readwrite("_qp", &Marker::qp)
      .def_readwrite("_zp", &Marker::zp)
      .def_readwrite("_xp", &Marker::xp)
      .def_readwrite("_reuler", &Marker::reuler);
  RefProperty(marker, "_part", &Marker::part);

  part.def(py::init<>())
      .def_readwrite("_ground", &Part::ground)
      .def_readwrite("_mass", &Part::mass)
      .def_readwrite("_ip", &Part::ip)
      .def_readwrite("_qg", &Part::qg)
      .def_readwrite("_zg", &Part::zg)
      .def_readwrite("_xg", &Part::xg)
      .def_readwrite("_reuler", &Part::reuler)
      .def_readwrite("_exact", &Part::exact)
      .def_readwrite("_vx", &Part::vx)
      .def_readwrite("_vy", &Part::vy)
      .def_readwrite("_vz", &Part::vz)
      .def_readwrite("_wx", &Part::wx)
      .def_readwrite("_wy", &Part::wy)
      .def_readwrite("_wz", &Part::wz)
      .def_readwrite("_planar", &Part::planar);
  RefProperty(part, "_cm", &Part::cm);
  RefProperty(part, "_im", &Part::im);

  // a PointMass is a Part to the model (its markers' part, the model's parts)
  py::class_<PointMass, Part, std::shared_ptr<PointMass>>(m, "PointMassSpec")
      .def(py::init<>())
      .def_readwrite("_zv", &PointMass::zv)
      .def_readwrite("_xv", &PointMass::xv);
}

// joints, joint primitives, couplers, gears and motions
void DefineConstraintSpecs(py::module_& m) {
  py::class_<Joint, Entity, std::shared_ptr<Joint>> joint(m, "JointSpec");
  joint.def(py::init<>())
      .def_readwrite("_type", &Joint::type)
      .def_readwrite("_pd", &Joint::pd)
      .def_readwrite("_pitch", &Joint::pitch);
  RefProperty(joint, "_i", &Joint::i);
  RefProperty(joint, "_j", &Joint::j);

  py::class_<Jprim, Entity, std::shared_ptr<Jprim>> jprim(m, "JprimSpec");
  jprim.def(py::init<>()).def_readwrite("_type", &Jprim::type);
  RefProperty(jprim, "_i", &Jprim::i);
  RefProperty(jprim, "_j", &Jprim::j);

  py::class_<Mate, Entity, std::shared_ptr<Mate>> mate(m, "MateSpec");
  mate.def(py::init<>())
      .def_readwrite("_type", &Mate::type)
      .def_readwrite("_radius", &Mate::radius)
      .def_readwrite("_iradius", &Mate::iradius)
      .def_readwrite("_jradius", &Mate::jradius)
      .def_readwrite("_dist", &Mate::dist)
      .def_readwrite("_height", &Mate::height);
  RefProperty(mate, "_i", &Mate::i);
  RefProperty(mate, "_j", &Mate::j);

  py::class_<Coupler, Entity, std::shared_ptr<Coupler>> coupler(m, "CouplerSpec");
  coupler.def(py::init<>())
      .def_readwrite("_type", &Coupler::type)
      .def_readwrite("_scales", &Coupler::scales)
      .def_readwrite("_function", &Coupler::function)
      .def_readwrite("_routine", &Coupler::routine)
      .def_readwrite("_routine_xx", &Coupler::routine_xx)
      .def_readwrite("_routine_xx2", &Coupler::routine_xx2)
      .def_property(
          "_joints", [](Coupler& self) { return self.joints; },
          [](Coupler& self, std::vector<Joint*> value) { self.joints = std::move(value); },
          py::return_value_policy::reference);

  py::class_<Gcon, Entity, std::shared_ptr<Gcon>> gcon(m, "GconSpec");
  gcon.def(py::init<>())
      .def_readwrite("_function", &Gcon::function)
      .def_readwrite("_routine", &Gcon::routine);
  RefProperty(gcon, "_i", &Gcon::i);

  py::class_<Gear, Entity, std::shared_ptr<Gear>> gear(m, "GearSpec");
  gear.def(py::init<>())
      .def_property(
          "_joints", [](Gear& self) { return self.joints; },
          [](Gear& self, std::vector<Joint*> value) { self.joints = std::move(value); },
          py::return_value_policy::reference);
  RefProperty(gear, "_cv", &Gear::cv);

  py::class_<Motion, Entity, std::shared_ptr<Motion>> motion(m, "MotionSpec");
  motion.def(py::init<>())
      .def_readwrite("_jtype", &Motion::jtype)
      .def_readwrite("_direction", &Motion::direction)
      .def_readwrite("_dtype", &Motion::dtype)
      .def_readwrite("_function", &Motion::function)
      .def_readwrite("_routine", &Motion::routine)
      .def_readwrite("_icdisp", &Motion::icdisp)
      .def_readwrite("_icvel", &Motion::icvel);
  motion.def_property(
      "_joint", [](Motion& self) { return self.joint; },
      [](Motion& self, Joint* value) { self.joint = value; }, py::return_value_policy::reference);
  RefProperty(motion, "_i", &Motion::i);
  RefProperty(motion, "_j", &Motion::j);
}

// requests and sensors
void DefineOutputSpecs(py::module_& m) {
  py::class_<Request, Entity, std::shared_ptr<Request>> request(m, "RequestSpec");
  request.def(py::init<>())
      .def_readwrite("_type", &Request::type)
      .def_readwrite("_comment", &Request::comment)
      .def_readwrite("_f", &Request::f)
      .def_readwrite("_function", &Request::function)
      .def_readwrite("_routine", &Request::routine);
  RefProperty(request, "_i", &Request::i);
  RefProperty(request, "_j", &Request::j);
  RefProperty(request, "_rm", &Request::rm);

  py::class_<Sensor, Entity, std::shared_ptr<Sensor>>(m, "SensorSpec")
      .def(py::init<>())
      .def_readwrite("_value", &Sensor::value)
      .def_readwrite("_error", &Sensor::error)
      .def_readwrite("_compare", &Sensor::compare)
      .def_readwrite("_function", &Sensor::function)
      .def_readwrite("_routine", &Sensor::routine)
      .def_readwrite("_evaluate", &Sensor::evaluate)
      .def_readwrite("_evaluate_routine", &Sensor::evaluate_routine)
      .def_readwrite("_evaluate_id", &Sensor::evaluate_id)
      .def_readwrite("_halt", &Sensor::halt)
      .def_readwrite("_return", &Sensor::return_)
      .def_readwrite("_restart", &Sensor::restart)
      .def_readwrite("_print", &Sensor::print)
      .def_readwrite("_verbose", &Sensor::verbose)
      .def_readwrite("_dt", &Sensor::dt)
      .def_readwrite("_hmax", &Sensor::hmax)
      .def_readwrite("_stepsize", &Sensor::stepsize)
      .def_readwrite("_zero_crossing", &Sensor::zero_crossing);
}

// Diffs, Variables, arrays, splines, Tfsisos, matrices and Lses
void DefineControlSpecs(py::module_& m) {
  py::class_<Diff, Entity, std::shared_ptr<Diff>>(m, "DiffSpec")
      .def(py::init<>())
      .def_readwrite("_function", &Diff::function)
      .def_readwrite("_implicit", &Diff::implicit)
      .def_readwrite("_ic", &Diff::ic)
      .def_readwrite("_ic_dot", &Diff::ic_dot)
      .def_readwrite("_static_hold", &Diff::static_hold)
      .def_readwrite("_routine", &Diff::routine);

  py::class_<Rv, Entity, std::shared_ptr<Rv>>(m, "RvSpec")
      .def(py::init<>())
      .def_readwrite("_function", &Rv::function)
      .def_readwrite("_ic", &Rv::ic)
      .def_readwrite("_routine", &Rv::routine)
      .def_readwrite("_static_hold", &Rv::static_hold);  // bound as an Entity, not as a Diff

  py::class_<Variable, Entity, std::shared_ptr<Variable>>(m, "VariableSpec")
      .def(py::init<>())
      .def_readwrite("_function", &Variable::function)
      .def_readwrite("_implicit", &Variable::implicit)
      .def_readwrite("_ic", &Variable::ic)
      .def_readwrite("_routine", &Variable::routine);

  py::class_<Array, Entity, std::shared_ptr<Array>>(m, "ArraySpec")
      .def(py::init<>())
      .def_readwrite("_type", &Array::type)
      .def_readwrite("_size", &Array::size)
      .def_readwrite("_numbers", &Array::numbers)
      .def_property(
          "_variables", [](Array& self) { return self.variables; },
          [](Array& self, std::vector<Variable*> value) { self.variables = std::move(value); },
          py::return_value_policy::reference);

  py::class_<Spline, Entity, std::shared_ptr<Spline>>(m, "SplineSpec")
      .def(py::init<>())
      .def_readwrite("_x", &Spline::x)
      .def_readwrite("_y", &Spline::y)
      .def_readwrite("_z", &Spline::z)
      .def_readwrite("_linear_extrapolate", &Spline::linear_extrapolate);

  py::class_<Tfsiso, Entity, std::shared_ptr<Tfsiso>> tfsiso(m, "TfsisoSpec");
  tfsiso.def(py::init<>())
      .def_readwrite("_numerator", &Tfsiso::numerator)
      .def_readwrite("_denominator", &Tfsiso::denominator)
      .def_readwrite("_static_hold", &Tfsiso::static_hold);
  RefProperty(tfsiso, "_x", &Tfsiso::x);
  RefProperty(tfsiso, "_y", &Tfsiso::y);
  RefProperty(tfsiso, "_u", &Tfsiso::u);

  py::class_<Matrix, Entity, std::shared_ptr<Matrix>>(m, "MatrixSpec")
      .def(py::init<>())
      .def_readwrite("_rows", &Matrix::rows)
      .def_readwrite("_columns", &Matrix::columns)
      .def_readwrite("_full", &Matrix::full)
      .def_readwrite("_values", &Matrix::values)
      .def_readwrite("_sparse", &Matrix::sparse)
      .def_readwrite("_i", &Matrix::i)
      .def_readwrite("_j", &Matrix::j);

  py::class_<Curve, Entity, std::shared_ptr<Curve>> curve(m, "CurveSpec");
  curve.def(py::init<>())
      .def_readwrite("_xyz", &Curve::xyz)
      .def_readwrite("_curve_points", &Curve::curve_points)
      .def_readwrite("_closed", &Curve::closed)
      .def_readwrite("_minpar", &Curve::minpar)
      .def_readwrite("_maxpar", &Curve::maxpar)
      .def_readwrite("_function", &Curve::function)
      .def_readwrite("_routine", &Curve::routine);
  RefProperty(curve, "_matrix", &Curve::matrix);

  py::class_<Ptcv, Entity, std::shared_ptr<Ptcv>> ptcv(m, "PtcvSpec");
  ptcv.def(py::init<>()).def_readwrite("_disp", &Ptcv::disp).def_readwrite("_vel", &Ptcv::vel);
  RefProperty(ptcv, "_i", &Ptcv::i);
  RefProperty(ptcv, "_j", &Ptcv::j);
  RefProperty(ptcv, "_curve", &Ptcv::curve);
  py::class_<Cvcv, Entity, std::shared_ptr<Cvcv>> cvcv(m, "CvcvSpec");
  cvcv.def(py::init<>())
      .def_readwrite("_idisp", &Cvcv::idisp)
      .def_readwrite("_jdisp", &Cvcv::jdisp)
      .def_readwrite("_ivel", &Cvcv::ivel)
      .def_readwrite("_jvel", &Cvcv::jvel)
      .def_readwrite("_no_slip", &Cvcv::no_slip);
  RefProperty(cvcv, "_i", &Cvcv::i);
  RefProperty(cvcv, "_j", &Cvcv::j);
  RefProperty(cvcv, "_icurve", &Cvcv::icurve);
  RefProperty(cvcv, "_jcurve", &Cvcv::jcurve);

  py::class_<Surface, Entity, std::shared_ptr<Surface>> surface(m, "SurfaceSpec");
  surface.def(py::init<>())
      .def_readwrite("_uclosed", &Surface::uclosed)
      .def_readwrite("_vclosed", &Surface::vclosed)
      .def_readwrite("_minpar", &Surface::minpar)
      .def_readwrite("_maxpar", &Surface::maxpar)
      .def_readwrite("_function", &Surface::function)
      .def_readwrite("_routine", &Surface::routine);
  py::class_<Ptsf, Entity, std::shared_ptr<Ptsf>> ptsf(m, "PtsfSpec");
  ptsf.def(py::init<>()).def_readwrite("_disp", &Ptsf::disp);
  RefProperty(ptsf, "_i", &Ptsf::i);
  RefProperty(ptsf, "_j", &Ptsf::j);
  RefProperty(ptsf, "_surface", &Ptsf::surface);
  py::class_<Cvsf, Entity, std::shared_ptr<Cvsf>> cvsf(m, "CvsfSpec");
  cvsf.def(py::init<>())
      .def_readwrite("_idisp", &Cvsf::idisp)
      .def_readwrite("_jdisp", &Cvsf::jdisp)
      .def_readwrite("_no_slip", &Cvsf::no_slip);
  RefProperty(cvsf, "_i", &Cvsf::i);
  RefProperty(cvsf, "_j", &Cvsf::j);
  RefProperty(cvsf, "_curve", &Cvsf::curve);
  RefProperty(cvsf, "_surface", &Cvsf::surface);
  py::class_<Sfsf, Entity, std::shared_ptr<Sfsf>> sfsf(m, "SfsfSpec");
  sfsf.def(py::init<>())
      .def_readwrite("_idisp", &Sfsf::idisp)
      .def_readwrite("_jdisp", &Sfsf::jdisp);
  RefProperty(sfsf, "_i", &Sfsf::i);
  RefProperty(sfsf, "_j", &Sfsf::j);
  RefProperty(sfsf, "_isurface", &Sfsf::isurface);
  RefProperty(sfsf, "_jsurface", &Sfsf::jsurface);

  py::class_<Lse, Entity, std::shared_ptr<Lse>> lse(m, "LseSpec");
  lse.def(py::init<>()).def_readwrite("_static_hold", &Lse::static_hold);
  RefProperty(lse, "_x", &Lse::x);
  RefProperty(lse, "_y", &Lse::y);
  RefProperty(lse, "_u", &Lse::u);
  RefProperty(lse, "_ic", &Lse::ic);
  RefProperty(lse, "_a", &Lse::a);
  RefProperty(lse, "_b", &Lse::b);
  RefProperty(lse, "_c", &Lse::c);
  RefProperty(lse, "_d", &Lse::d);

  py::class_<Gse, Entity, std::shared_ptr<Gse>> gse(m, "GseSpec");
  gse.def(py::init<>())
      .def_readwrite("_ns", &Gse::ns)
      .def_readwrite("_no", &Gse::no)
      .def_readwrite("_static_hold", &Gse::static_hold)
      .def_readwrite("_implicit", &Gse::implicit)
      .def_readwrite("_function", &Gse::function)
      .def_readwrite("_routine", &Gse::routine)
      .def_readwrite("_fmu", &Gse::fmu)
      .def_readwrite("_start", &Gse::start);
  RefProperty(gse, "_x", &Gse::x);
  RefProperty(gse, "_y", &Gse::y);
  RefProperty(gse, "_u", &Gse::u);
  RefProperty(gse, "_ic", &Gse::ic);
}

// the model's settings: Units, Accgrav, Integrator, Equilibrium
void DefineSettingSpecs(py::module_& m) {
  py::class_<Units, Entity, std::shared_ptr<Units>>(m, "UnitsSpec")
      .def(py::init<>())
      .def_readwrite("_force", &Units::force)
      .def_readwrite("_mass", &Units::mass)
      .def_readwrite("_length", &Units::length)
      .def_readwrite("_time", &Units::time)
      .def_readwrite("_ucf", &Units::ucf)
      .def("_consistency_factor", &Units::ConsistencyFactor);

  py::class_<Accgrav, Entity, std::shared_ptr<Accgrav>>(m, "AccgravSpec")
      .def(py::init<>())
      .def_readwrite("_igrav", &Accgrav::igrav)
      .def_readwrite("_jgrav", &Accgrav::jgrav)
      .def_readwrite("_kgrav", &Accgrav::kgrav)
      .def_readwrite("_expressions", &Accgrav::expressions);

  py::class_<Integrator, Entity, std::shared_ptr<Integrator>>(m, "IntegratorSpec")
      .def(py::init<>())
      .def_readwrite("_type", &Integrator::type)
      .def_readwrite("_error", &Integrator::error)
      .def_readwrite("_hmax", &Integrator::hmax)
      .def_readwrite("_hmin", &Integrator::hmin)
      .def_readwrite("_hinit", &Integrator::hinit)
      .def_readwrite("_maxit", &Integrator::maxit)
      .def_readwrite("_kmax", &Integrator::kmax)
      .def_readwrite("_interpolate", &Integrator::interpolate)
      .def_readwrite("_coordinates", &Integrator::coordinates)
      .def_readwrite("_dae_index", &Integrator::dae_index);

  py::class_<Equilibrium, Entity, std::shared_ptr<Equilibrium>>(m, "EquilibriumSpec")
      .def(py::init<>())
      .def_readwrite("_type", &Equilibrium::type)
      .def_readwrite("_method", &Equilibrium::method)
      .def_readwrite("_error", &Equilibrium::error)
      .def_readwrite("_imbalance", &Equilibrium::imbalance)
      .def_readwrite("_stability", &Equilibrium::stability)
      .def_readwrite("_kinetic_energy_error", &Equilibrium::kinetic_energy_error)
      .def_readwrite("_maxit", &Equilibrium::maxit);

  // the plant inputs and outputs and the settings of the linear analysis
  py::class_<Pinput, Entity, std::shared_ptr<Pinput>>(m, "PinputSpec")
      .def(py::init<>())
      .def_property(
          "_variables", [](Pinput& self) { return self.variables; },
          [](Pinput& self, std::vector<Variable*> value) { self.variables = std::move(value); },
          py::return_value_policy::reference)
      .def_readwrite("_hold_order", &Pinput::hold_order)
      .def_readwrite("_sampling_period", &Pinput::sampling_period)
      .def_readwrite("_offset_time", &Pinput::offset_time);
  py::class_<Poutput, Entity, std::shared_ptr<Poutput>>(m, "PoutputSpec")
      .def(py::init<>())
      .def_property(
          "_variables", [](Poutput& self) { return self.variables; },
          [](Poutput& self, std::vector<Variable*> value) { self.variables = std::move(value); },
          py::return_value_policy::reference)
      .def_readwrite("_hold_order", &Poutput::hold_order)
      .def_readwrite("_sampling_period", &Poutput::sampling_period)
      .def_readwrite("_offset_time", &Poutput::offset_time);
  py::class_<Linear, Entity, std::shared_ptr<Linear>> linear(m, "LinearSpec");
  RefProperty(linear, "_pinput", &Linear::pinput);
  RefProperty(linear, "_poutput", &Linear::poutput);
  linear.def(py::init<>())
      .def_readwrite("_nodamping", &Linear::nodamping)
      .def_readwrite("_eigen_analysis", &Linear::eigen_analysis)
      .def_readwrite("_gyroscopic", &Linear::gyroscopic)
      .def_readwrite("_animation_scale", &Linear::animation_scale)
      .def_readwrite("_cutoff_frequency", &Linear::cutoff_frequency)
      .def_readwrite("_eigensol", &Linear::eigensol)
      .def_readwrite("_statemat", &Linear::statemat)
      .def_readwrite("_kinetic", &Linear::kinetic)
      .def_readwrite("_simulink_mdl", &Linear::simulink_mdl)
      .def_readwrite("_oml", &Linear::oml)
      .def_readwrite("_matlab", &Linear::matlab);
}

// the model description, which owns the entities
void DefineModelSpec(py::module_& m) {
  // _add: one overload per kind of element (model/kinds.h), and one per setting
  py::class_<Model, std::shared_ptr<Model>> model(m, "ModelSpec");
  model.def(py::init<>());
#define MSOLVE_ADD_KIND(Type, member) \
  model.def("_add", [](Model& self, std::shared_ptr<Type> e) { self.member.push_back(e); });
  MSOLVE_MODEL_KINDS(MSOLVE_ADD_KIND)
#undef MSOLVE_ADD_KIND
  model.def("_add", [](Model& self, std::shared_ptr<Units> e) { self.units = e; })
      .def("_add", [](Model& self, std::shared_ptr<Accgrav> e) { self.accgrav = e; })
      .def("_add", [](Model& self, std::shared_ptr<Integrator> e) { self.integrator = e; })
      .def("_add", [](Model& self, std::shared_ptr<Equilibrium> e) { self.equilibrium = e; })
      .def("_add", [](Model& self, std::shared_ptr<Linear> e) { self.linear = e; });
}

}  // namespace

void DefineModel(py::module_& m) {
  py::register_exception<ModelError>(m, "ModelError", PyExc_ValueError);
  py::register_exception<SolverError>(m, "SolverError", PyExc_RuntimeError);

  py::class_<Entity, std::shared_ptr<Entity>>(m, "Entity")
      .def_readwrite("_id", &Entity::id)
      .def_readwrite("_label", &Entity::label)
      .def_readwrite("_name", &Entity::name)
      .def_readwrite("_active", &Entity::active)
      .def("_describe", &Entity::Describe);
  // the base of the routines (callbacks.cc), named by the `_routine` attributes
  py::class_<UserRoutine, std::shared_ptr<UserRoutine>>(m, "UserRoutine");

  DefineBodySpecs(m);
  DefineConstraintSpecs(m);
  DefineOutputSpecs(m);
  DefineForceSpecs(m);
  DefineControlSpecs(m);
  DefineNforceSpec(m);  // after the controls: an Nforce refers to Matrix entities
  DefineSettingSpecs(m);
  DefineDeformableSpecs(m);
  DefineModelSpec(m);
  m.def(
      "constraint_rows",
      [](const std::string& type, bool jprim) {
        // SCREW and RACKPIN: one relation between a translation and a rotation
        std::string word = type;
        for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (!jprim && (word == "SCREW" || word == "RACKPIN")) return 1;
        mbs::JointType jt;
        const bool known = jprim ? mbs::ParseJprimType(word, &jt) : mbs::ParseJointType(word, &jt);
        return known ? mbs::JointRowCount(jt) : -1;
      },
      py::arg("type"), py::arg("jprim") = false,
      "The number of equations of a Joint (or Jprim) type word, -1 for an unknown one.");
}

}  // namespace msolve::bindings
