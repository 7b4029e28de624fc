// The one list of the model's kinds of element (docs/architecture.md). Adding a kind is one
// line here, X(Type, member): the description class model::Type (model/entities.h; the forces:
// model/forces.h) and the name of its container in the Model. The line gives model::Model its
// container std::vector<std::shared_ptr<Type>> member, ModelSpec its _add overload
// (bindings/bind_model.cc) and, for a force kind, the Builder its compile step
// Builder::Force(const model::Type&) and the place of its elements in System::force_elements_
// (system/compile/forces.cc). The Model's single settings (Units, Accgrav, Integrator) are not
// kinds of element and are not listed.
#pragma once

// The force kinds whose elements are compiled from numbers only, with the joints (before the
// controls' states), in the order of their elements in System::force_elements_. That is the
// order in which the residual adds the forces up: reordering the lines changes the results
// in the last bits.
#define MSOLVE_NUMBER_FORCE_KINDS(X) \
  X(SpringDamper, spring_dampers)    \
  X(Bushing, bushings)               \
  X(SignForce, sign_forces)          \
  X(Springsat, springsats)           \
  X(Field, fields)                   \
  X(Beam, beams)                     \
  X(Contact, contacts)               \
  X(Nforce, nforces)

// The force kinds whose elements hold expressions or user routines, compiled once the
// Variables are (with the resolver of the expressions); their elements follow those above
// in System::force_elements_, in this order.
#define MSOLVE_EXPRESSION_FORCE_KINDS(X) \
  X(Sforce, sforces)                     \
  X(VectorForce, vector_forces)          \
  X(Friction, frictions)                 \
  X(Pforce, pforces)

#define MSOLVE_FORCE_KINDS(X) MSOLVE_NUMBER_FORCE_KINDS(X) MSOLVE_EXPRESSION_FORCE_KINDS(X)

// Every other kind of element, in no particular order.
#define MSOLVE_OTHER_KINDS(X) \
  X(Part, parts)              \
  X(Marker, markers)          \
  X(Joint, joints)            \
  X(Jprim, jprims)            \
  X(Mate, mates)              \
  X(Coupler, couplers)        \
  X(Gear, gears)              \
  X(Gcon, gcons)              \
  X(Request, requests)        \
  X(Motion, motions)          \
  X(Variable, variables)      \
  X(Diff, diffs)              \
  X(Array, arrays)            \
  X(Tfsiso, tfsisos)          \
  X(Matrix, matrices)         \
  X(Lse, lses)                \
  X(Spline, splines)          \
  X(Sensor, sensors)          \
  X(Gse, gses)                \
  X(Pinput, pinputs)          \
  X(Poutput, poutputs)        \
  X(Curve, curves)            \
  X(Graphic, graphics)        \
  X(Ptcv, ptcvs)              \
  X(Cvcv, cvcvs)              \
  X(Rv, rvs)                  \
  X(Surface, surfaces)        \
  X(Ptsf, ptsfs)              \
  X(Cvsf, cvsfs)              \
  X(Sfsf, sfsfs)              \
  X(Dcurve, dcurves)          \
  X(Dsurface, dsurfaces)      \
  X(Ptdcv, ptdcvs)            \
  X(Ptdsf, ptdsfs)

#define MSOLVE_MODEL_KINDS(X) MSOLVE_OTHER_KINDS(X) MSOLVE_FORCE_KINDS(X)
