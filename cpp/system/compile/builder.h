// compile(model) -> System: the Builder validates the model description and fills a System,
// one kind of element after the other (System::Compile gives the order). Each kind has its
// own file in system/compile/; the Builder is a friend of System.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/entities.h"
#include "model/kinds.h"
#include "system/system.h"

namespace msolve::system {

// what the compile step of a force kind returns: its runtime element, or for an Nforce one
// element per I marker (system/compile/forces/nforce.cc)
template <class Type>
struct ForceStep {
  using Result = std::unique_ptr<mbs::ForceElement>;
};
template <>
struct ForceStep<model::Nforce> {
  using Result = std::vector<std::unique_ptr<mbs::ForceElement>>;
};
// a Pforce: one element per body its function reads (system/compile/general.cc)
template <>
struct ForceStep<model::Pforce> {
  using Result = std::vector<std::unique_ptr<mbs::ForceElement>>;
};

class Builder {
 public:
  Builder(const model::Model& model, System* sys) : model_(model), sys_(*sys) {}
  Builder(const Builder&) = delete;  // the resolver refers to the Builder
  Builder& operator=(const Builder&) = delete;

  // measures.cc: the SENVAL store of every active sensor; the force measures of the
  // expressions, linked once every element exists, then the state of the finished system
  void SensorValues();
  void Finish();
  // bodies.cc: units and gravity, parts (bodies), markers
  void Units();
  void Bodies();
  void Markers();
  void GravityExpressions();
  // bodies.cc: the rows that hold the orientation of every point mass
  void PointMassOrientations();
  // curves.cc: the point-to-curve constraints, a massless body for each curve parameter
  void CurveConstraints();
  void CurveToCurveConstraints();
  void NoSlip(const model::Cvcv& cvcv, int a, int b, const math::SpaceCurve& ci,
              const mbs::Frame<double>& fi, double alpha, const math::SpaceCurve& cj,
              const mbs::Frame<double>& fj, double beta);
  int ParameterBody(const model::Entity& owner, const std::string& label, double alpha,
                    const Vec4& e0, const math::SpaceCurve& curve, std::optional<double> vel,
                    bool rotates);
  // deformable.cc: the points on deformable curves and surfaces, a massless body for the
  // parameters of each
  void DeformableCurveConstraints();
  void DeformableSurfaceConstraints();
  std::vector<mbs::BodyMarker> DeformableMarkers(const model::Entity& owner, const model::Marker* i,
                                                 const std::vector<model::Marker*>& markers,
                                                 const char* what,
                                                 std::vector<Vec3>* design_points);
  void WeightedPointRows(const model::Entity& owner, const mbs::BodyMarker& mi,
                         const std::vector<mbs::BodyMarker>& markers,
                         const std::vector<const math::SpaceCurve*>& u_weights,
                         const std::vector<const math::SpaceCurve*>& v_weights, int body);
  // surfaces.cc: the point- and curve-to-surface constraints, a massless body for the two
  // surface parameters
  void SurfaceConstraints();
  void CurveToSurfaceConstraints();
  void SurfaceToSurfaceConstraints();
  int SurfaceParameterBody(const model::Entity& owner, const std::string& label, double u, double v,
                           const Vec4& e0, bool rotates);
  int SurfaceFrameBody(const model::Entity& owner, const std::string& label,
                       const math::SpaceSurface& surface, const std::array<double, 2>& uv,
                       const mbs::BodyMarker& on, const Mat3& R);
  // joints.cc: the constraints of the Joints and Jprims, then of the Couplers and Gears
  void Joints();
  void JointRelations();
  // mates.cc: the Mates' rows (joint primitives and Mate distances)
  void Mates();
  void NonlinearCoupler(const model::Coupler& coupler,
                        const std::vector<std::pair<mbs::BodyMarker, mbs::BodyMarker>>& pairs,
                        const VecX& design);
  // forces.cc: the force elements of the kinds of model/kinds.h, in the order of
  // force_elements_: those compiled from numbers only, then those with expressions
  void NumberForces();
  void ExpressionForces();
  // controls.cc: Diff states, Tfsiso and Lse states, arrays and splines, the Variables,
  // the Tfsiso and Lse inputs, the Diff equations
  void ControlStates();
  void Variables();
  void LinearInputs();
  void GseInputs();
  void DiffEquations();
  // motions.cc: the Motions (one more joint row each, and their states); the work state
  void Motions();
  // a Motion whose markers are both on ground parts: refused unless it holds at every time
  void CheckMotionOnGround(const model::Motion& motion, const ExpressionFunction* function,
                           int order);
  void WorkState();
  // general.cc: the general constraints (Gcon), one row each after the Motions'
  void GeneralConstraints();
  // general.cc: the function g of a Gcon or Pforce (an expression or its routine) and the
  // bodies whose positions it reads (every body for a routine)
  std::shared_ptr<mbs::GeneralLaw> GeneralFunction(
      const model::Entity& owner, const std::string& function,
      const std::shared_ptr<model::UserRoutine>& routine, const char* what);
  // compile.cc: the resolver of the expressions compiled while compiling
  void MakeResolver();

 private:
  // forces.cc: the active elements of one force kind, each compiled by Force
  template <class Type>
  void ForcesOf(const std::vector<std::shared_ptr<Type>>& elements);
  // forces/<kind>.cc: the compile step of each force kind, one file per kind: checks an
  // element's description and returns its runtime element
  // (an Nforce's step returns an element per I marker: ForceStep)
#define MSOLVE_FORCE_STEP(Type, member) \
  ForceStep<model::Type>::Result Force(const model::Type& element);
  MSOLVE_FORCE_KINDS(MSOLVE_FORCE_STEP)
#undef MSOLVE_FORCE_STEP

  // a user routine of an element, owned by the system
  RoutineEvaluator* AddRoutine(const model::Entity& owner,
                               const std::shared_ptr<model::UserRoutine>& routine,
                               model::UserRoutine::Form form, const std::string& function,
                               int outputs);
  // compiles (once) the Variable of an id; throws std::invalid_argument
  const mbs::StateFunction* Variable(long id);

  const model::Model& model_;
  System& sys_;
  // part frames: origin and axes of every active part
  struct PartFrame {
    Vec3 origin;
    Mat3 axes;
    Vec3 cm;  // mass centre in the part frame
    int body;
  };
  std::unordered_map<const model::Part*, PartFrame> frames_;
  std::unordered_map<long, const model::Variable*> variable_ids_;
  std::unordered_map<long, int> diff_index_;
  std::unordered_map<long, int> implicit_index_;  // the states of the implicit Variables
  // the first bristle state of each Friction (controls.cc)
  std::unordered_map<const model::Friction*, int> friction_state_;
  Resolver resolver_;
};

// helpers of the builder's files
std::string Upper(std::string s);
// the USER(...) numbers of an element with a routine (none when function is empty)
std::vector<double> RoutineParameters(const model::Entity& e, const std::string& function);
// an element without routine whose function asks for one
void CheckNoUserCall(const model::Entity& e, const std::string& function);
// forces/field.cc, shared with forces/beam.cc: a 6x6 matrix given row by row as 36 numbers
// (`name` for the messages); the check that a field's rotations AX, AY are defined in the design
// position (the z axes of I and J less than 90 degrees apart)
Eigen::Matrix<double, 6, 6> FieldMatrix(const model::Entity& owner, const char* name,
                                        const std::vector<double>& values);
void CheckFieldAxes(const System& sys, const model::Entity& owner, const mbs::BodyMarker& mi,
                    const mbs::BodyMarker& mj);

}  // namespace msolve::system
