// The model:: descriptions of the force elements (model/forces.h) as Python types: the
// Python force classes of msolve (python/msolve/forces.py) subclass them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/ref_property.h"
#include "model/entities.h"

namespace py = pybind11;

namespace msolve::bindings {

using namespace model;  // NOLINT

namespace {

// the geometries (every graphics class is a GraphicSpec) and the Contact force
void DefineContactSpecs(py::module_& m) {
  py::class_<Graphic, Entity, std::shared_ptr<Graphic>> graphic(m, "GraphicSpec");
  graphic.def(py::init<>())
      .def_readwrite("_kind", &Graphic::kind)
      .def_readwrite("_radius", &Graphic::radius)
      .def_readwrite("_x", &Graphic::x)
      .def_readwrite("_y", &Graphic::y)
      .def_readwrite("_z", &Graphic::z)
      .def_readwrite("_length", &Graphic::length)
      .def_readwrite("_top", &Graphic::top)
      .def_readwrite("_bottom", &Graphic::bottom)
      .def_readwrite("_material_inside", &Graphic::material_inside)
      .def_readwrite("_filename", &Graphic::filename)
      .def_readwrite("_vertices", &Graphic::vertices)
      .def_readwrite("_faces", &Graphic::faces)
      .def_readwrite("_convex", &Graphic::convex)
      .def_readwrite("_mesh_problem", &Graphic::mesh_problem);
  RefProperty(graphic, "_cm", &Graphic::cm);
  RefProperty(graphic, "_corner", &Graphic::corner);

  py::class_<Contact, Entity, std::shared_ptr<Contact>> contact(m, "ContactSpec");
  contact.def(py::init<>())
      .def_property(
          "_igeom", [](Contact& self) { return self.igeom; },
          [](Contact& self, std::vector<Graphic*> value) { self.igeom = std::move(value); },
          py::return_value_policy::reference)
      .def_property(
          "_jgeom", [](Contact& self) { return self.jgeom; },
          [](Contact& self, std::vector<Graphic*> value) { self.jgeom = std::move(value); },
          py::return_value_policy::reference)
      .def_readwrite("_type", &Contact::type)
      .def_readwrite("_stiffness", &Contact::stiffness)
      .def_readwrite("_exponent", &Contact::exponent)
      .def_readwrite("_damping", &Contact::damping)
      .def_readwrite("_dmax", &Contact::dmax)
      .def_readwrite("_penalty", &Contact::penalty)
      .def_readwrite("_restitution_coefficient", &Contact::restitution_coefficient)
      .def_readwrite("_normal_trans", &Contact::normal_trans)
      .def_readwrite("_coulomb_friction", &Contact::coulomb_friction)
      .def_readwrite("_mu_static", &Contact::mu_static)
      .def_readwrite("_mu_dynamic", &Contact::mu_dynamic)
      .def_readwrite("_stiction_transition_velocity", &Contact::stiction_transition_velocity)
      .def_readwrite("_friction_transition_velocity", &Contact::friction_transition_velocity);
}

}  // namespace

void DefineForceSpecs(py::module_& m) {
  py::class_<SignForce, Entity, std::shared_ptr<SignForce>> sign_force(m, "SignForceSpec");
  sign_force.def(py::init<>())
      .def_readwrite("_f_nominal", &SignForce::f_nominal)
      .def_readwrite("_v0", &SignForce::v0)
      .def_readwrite("_reg", &SignForce::reg);
  RefProperty(sign_force, "_i", &SignForce::i);
  RefProperty(sign_force, "_j", &SignForce::j);

  py::class_<Springsat, Entity, std::shared_ptr<Springsat>> springsat(m, "SpringsatSpec");
  springsat.def(py::init<>())
      .def_readwrite("_K0", &Springsat::K0)
      .def_readwrite("_Ksat", &Springsat::Ksat)
      .def_readwrite("_xsat", &Springsat::xsat)
      .def_readwrite("_length", &Springsat::length);
  RefProperty(springsat, "_i", &Springsat::i);
  RefProperty(springsat, "_j", &Springsat::j);

  py::class_<SpringDamper, Entity, std::shared_ptr<SpringDamper>> spring(m, "SpringDamperSpec");
  spring.def(py::init<>())
      .def_readwrite("_type", &SpringDamper::type)
      .def_readwrite("_k", &SpringDamper::k)
      .def_readwrite("_c", &SpringDamper::c)
      .def_readwrite("_kt", &SpringDamper::kt)
      .def_readwrite("_ct", &SpringDamper::ct)
      .def_readwrite("_force", &SpringDamper::force)
      .def_readwrite("_torque", &SpringDamper::torque)
      .def_readwrite("_length", &SpringDamper::length)
      .def_readwrite("_angle", &SpringDamper::angle);
  RefProperty(spring, "_i", &SpringDamper::i);
  RefProperty(spring, "_j", &SpringDamper::j);

  py::class_<Bushing, Entity, std::shared_ptr<Bushing>> bushing(m, "BushingSpec");
  bushing.def(py::init<>())
      .def_readwrite("_k", &Bushing::k)
      .def_readwrite("_c", &Bushing::c)
      .def_readwrite("_kt", &Bushing::kt)
      .def_readwrite("_ct", &Bushing::ct)
      .def_readwrite("_force", &Bushing::force)
      .def_readwrite("_torque", &Bushing::torque);
  RefProperty(bushing, "_i", &Bushing::i);
  RefProperty(bushing, "_j", &Bushing::j);

  py::class_<Field, Entity, std::shared_ptr<Field>> field(m, "FieldSpec");
  field.def(py::init<>())
      .def_readwrite("_kmatrix", &Field::kmatrix)
      .def_readwrite("_cmatrix", &Field::cmatrix)
      .def_readwrite("_cratio", &Field::cratio)
      .def_readwrite("_force", &Field::force)
      .def_readwrite("_length", &Field::length)
      .def_readwrite("_function", &Field::function)
      .def_readwrite("_routine", &Field::routine);
  RefProperty(field, "_i", &Field::i);
  RefProperty(field, "_j", &Field::j);

  py::class_<Beam, Entity, std::shared_ptr<Beam>> beam(m, "BeamSpec");
  beam.def(py::init<>())
      .def_readwrite("_length", &Beam::length)
      .def_readwrite("_ixx", &Beam::ixx)
      .def_readwrite("_iyy", &Beam::iyy)
      .def_readwrite("_izz", &Beam::izz)
      .def_readwrite("_area", &Beam::area)
      .def_readwrite("_asy", &Beam::asy)
      .def_readwrite("_asz", &Beam::asz)
      .def_readwrite("_emodulus", &Beam::emodulus)
      .def_readwrite("_gmodulus", &Beam::gmodulus)
      .def_readwrite("_cratio", &Beam::cratio)
      .def_readwrite("_cmatrix", &Beam::cmatrix)
      .def_readwrite("_force", &Beam::force)
      .def_readwrite("_torque", &Beam::torque);
  RefProperty(beam, "_i", &Beam::i);
  RefProperty(beam, "_j", &Beam::j);

  py::class_<Sforce, Entity, std::shared_ptr<Sforce>> sforce(m, "SforceSpec");
  sforce.def(py::init<>())
      .def_readwrite("_type", &Sforce::type)
      .def_readwrite("_actiononly", &Sforce::actiononly)
      .def_readwrite("_function", &Sforce::function)
      .def_readwrite("_routine", &Sforce::routine);
  RefProperty(sforce, "_i", &Sforce::i);
  RefProperty(sforce, "_j", &Sforce::j);

  py::class_<Pforce, Entity, std::shared_ptr<Pforce>>(m, "PforceSpec")
      .def(py::init<>())
      .def_readwrite("_function", &Pforce::function)
      .def_readwrite("_routine", &Pforce::routine)
      .def_readwrite("_penalty", &Pforce::penalty)
      .def_readwrite("_penalty1", &Pforce::penalty1)
      .def_readwrite("_unilateral", &Pforce::unilateral)
      .def_readwrite("_smoothing_factor", &Pforce::smoothing_factor);

  py::class_<VectorForce, Entity, std::shared_ptr<VectorForce>> vforce(m, "VectorForceSpec");
  vforce.def(py::init<>())
      .def_readwrite("_kind", &VectorForce::kind)
      .def_readwrite("_components", &VectorForce::components)
      .def_readwrite("_function", &VectorForce::function)
      .def_readwrite("_routine", &VectorForce::routine);
  RefProperty(vforce, "_i", &VectorForce::i);
  RefProperty(vforce, "_jfloat", &VectorForce::jfloat);
  RefProperty(vforce, "_rm", &VectorForce::rm);

  py::class_<Friction, Entity, std::shared_ptr<Friction>> friction(m, "FrictionSpec");
  friction.def(py::init<>())
      .def_readwrite("_mu_static", &Friction::mu_static)
      .def_readwrite("_mu_dynamic", &Friction::mu_dynamic)
      .def_readwrite("_inactive", &Friction::inactive)
      .def_readwrite("_stiction_transition_velocity", &Friction::stiction_transition_velocity)
      .def_readwrite("_max_stiction_deformation", &Friction::max_stiction_deformation)
      .def_readwrite("_effect", &Friction::effect)
      .def_readwrite("_input_forces", &Friction::input_forces)
      .def_readwrite("_friction_force_preload", &Friction::friction_force_preload)
      .def_readwrite("_reaction_arm", &Friction::reaction_arm)
      .def_readwrite("_initial_overlap", &Friction::initial_overlap)
      .def_readwrite("_overlap_delta", &Friction::overlap_delta)
      .def_readwrite("_friction_torque_preload", &Friction::friction_torque_preload)
      .def_readwrite("_friction_arm", &Friction::friction_arm)
      .def_readwrite("_pin_radius", &Friction::pin_radius)
      .def_readwrite("_bending_reaction_arm", &Friction::bending_reaction_arm)
      .def_readwrite("_yoke", &Friction::yoke)
      .def_readwrite("_ball_radius", &Friction::ball_radius)
      .def_readwrite("_bristle_stiffness", &Friction::bristle_stiffness)
      .def_readwrite("_damping_effects", &Friction::damping_effects)
      .def_readwrite("_viscous_effects", &Friction::viscous_effects);
  RefProperty(friction, "_joint", &Friction::joint);
  DefineContactSpecs(m);
}

// the multi-point force, bound after the Matrix it refers to (bind_model.cc)
void DefineNforceSpec(py::module_& m) {
  py::class_<Nforce, Entity, std::shared_ptr<Nforce>> nforce(m, "NforceSpec");
  nforce.def(py::init<>())
      .def_readwrite("_cratio", &Nforce::cratio)
      .def_property(
          "_imarkers", [](Nforce& self) { return self.imarkers; },
          [](Nforce& self, std::vector<Marker*> value) { self.imarkers = std::move(value); },
          py::return_value_policy::reference);
  RefProperty(nforce, "_j", &Nforce::j);
  RefProperty(nforce, "_kmatrix", &Nforce::kmatrix);
  RefProperty(nforce, "_cmatrix", &Nforce::cmatrix);
  RefProperty(nforce, "_length", &Nforce::length);
  RefProperty(nforce, "_force", &Nforce::force);
}

}  // namespace msolve::bindings
