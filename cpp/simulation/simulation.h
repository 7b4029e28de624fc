// The facade that the bindings call: compile a model, run the initial-conditions analysis
// once, then integrate over one or more consecutive simulate() calls, sampling requests and
// bodies at every output time.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/accelerations.h"
#include "analysis/linear.h"
#include "analysis/ode_form.h"
#include "analysis/rank_tracking.h"
#include "analysis/system_dae.h"
#include "common/types.h"
#include "model/entities.h"
#include "simulation/contact_results.h"
#include "simulation/sensors.h"
#include "simulation/simulate_options.h"
#include "solver/integrator.h"
#include "system/expression_function.h"
#include "system/routine_function.h"
#include "system/system.h"

namespace msolve::simulation {

/// Samples of one request: 8 components per output time.
struct RequestSeries {
  const model::Request* request = nullptr;
  std::vector<std::array<double, 8>> values;
};

/// Samples of one body: X Y Z of the mass centre, E0..E3 of the part frame.
struct BodySeries {
  const model::Part* part = nullptr;
  std::vector<std::array<double, 7>> values;
};

/// Samples of one response variable (Rv): RVAL (its state, ic plus the integral of its
/// function) and RVAL1 (its rate, the function) per output time.
struct RvSeries {
  const model::Rv* rv = nullptr;
  int index = 0;  // its state in y
  std::vector<std::array<double, 2>> values;
};

/// One firing of a sensor: when its test became true (the located crossing), the sensed
/// value there and the actions taken ("halt", "return", "print", "dt", "hmax", "stepsize",
/// "restart", "zero_crossing", "evaluate").
struct SensorEvent {
  const model::Sensor* sensor = nullptr;
  double time = 0.0;
  double value = 0.0;
  std::vector<std::string> actions;
};

struct Results {
  std::vector<double> times;
  std::vector<RequestSeries> requests;
  std::vector<BodySeries> bodies;
  std::vector<ContactSeries> contacts;  // the CONTACT result of every active Contact
  std::vector<RvSeries> rvs;            // RVAL, RVAL1 of every active Rv
  /// per output: largest residual of the active position constraints (joints and
  /// quaternion norms) and of the velocity constraints, a check of the solution
  std::vector<std::array<double, 2>> constraint_errors;
  /// per output: kinetic, gravitational and elastic energy, and the work of the
  /// non-conservative forces since time zero (system::System::EnergyAt)
  std::vector<std::array<double, 4>> energy;
  std::vector<std::string> messages;  // log lines: redundant equations, statistics
  solver::IntegratorStats stats;
  /// the end times of the integrator's steps, in order (a step cut short at a sensor event
  /// that restarts the integrator ends at the event)
  std::vector<double> step_times;
  /// the sensor firings of this simulate, in order
  std::vector<SensorEvent> events;
  /// index into events of the firing that ended this simulate (halt or return), or -1
  int stopped_by = -1;
  bool halted = false;  // ended by a halt: the analysis is over
  bool ok = true;
  std::string error;  // why the analysis stopped early (results up to there are kept)
  /// the linear analysis (LINEAR), or nullptr
  std::shared_ptr<const analysis::LinearResult> linear;
};

/// Called after every output is added to `results` (the result files streamed during the
/// run, progress: docs/architecture.md §2.9); returns true when the outputs before the last
/// may be released from memory (a run whose results go to a file only).
using OutputSink = std::function<bool(const Results&)>;

class Simulation {
 public:
  /// Compiles the model (throws ModelError on bad input); the model must outlive this object.
  explicit Simulation(const model::Model& model);
  /// The same, sharing the ownership of the model (so that the model lives as long as the
  /// simulation, without the simulation keeping its Python owner alive).
  explicit Simulation(std::shared_ptr<const model::Model> model);
  ~Simulation();

  /// Runs from the current time to options.end. Never throws for failures during the
  /// analysis: they are reported in Results::error with the outputs computed so far.
  /// Throws ModelError for bad input found before any output exists. `sink`, when given,
  /// sees every output as it is added (an exception it throws ends the analysis like a
  /// solver error, the results so far kept).
  Results Simulate(const SimulateOptions& options, const OutputSink& sink = nullptr);

  /// The result series a simulate returns, empty: one per active request and per body,
  /// in the order of Results::requests and Results::bodies.
  Results EmptyResults() const;

  /// Starts this freshly compiled simulation where `previous` (a simulation of the same model
  /// before it was changed) stands: at its time, with the states of the entities both share
  /// (bodies, Diffs, Tfsisos, integrated Motions; a Tfsiso whose order changed keeps its
  /// first states), the others at their design values. The initial-conditions analysis then
  /// runs at that time keeping the velocities. Call before the first Simulate.
  void ContinueFrom(const Simulation& previous);

  /// The state of the run as named blocks (simulation/saved_state.cc): Model.save writes it
  /// to a file and Model.reload gives it to a fresh simulation of the same model.
  struct SavedState {
    double t = 0.0;
    /// each entity's differential states, by "Type id" (the identity of the model: a
    /// simulation takes a saved state only when it has exactly these blocks)
    std::vector<std::pair<std::string, std::vector<double>>> states;
    /// the memory blocks, by "Type id: part"
    std::vector<std::pair<std::string, std::vector<double>>> memory;
    std::optional<double> work;  // the work of the non-conservative forces
  };
  SavedState Save() const;
  /// Starts this freshly compiled simulation at a saved state, as ContinueFrom does; throws
  /// ModelError saying what differs when the state is not one of this model.
  void Load(const SavedState& saved);

  /// LINEAR: the model linearised at the current time (analysis/linear.h), with the plant
  /// input and output given (nullptr: those of the Linear settings, or the model's only
  /// ones); one output at the current time. Never throws for failures of the analysis.
  Results Linear(const model::Pinput* pinput, const model::Poutput* poutput);

  double time() const { return state_.t; }
  /// The model this simulation compiled.
  const model::Model& model() const { return model_; }
  /// Whether an analysis has run, here or in the simulation this one continues.
  bool started() const { return initialized_ || continued_; }
  /// Before the first analysis: the time it starts at (simulate's start, MotionSolve's
  /// start_time). Throws ModelError once an analysis has run.
  void StartAt(double t);
  /// Whether a sensor's halt ended the analysis.
  bool halted() const { return state_.memory[run_slots_ + kHaltedSlot] != 0.0; }
  const system::System& system() const { return sys_; }
  /// The state of the run (system/state.h): time, y, y', memory.
  const system::State& run_state() const { return state_; }
  /// The layout of its memory: the System's, then the requests' and sensors' blocks.
  const system::MemoryLayout& memory_layout() const { return layout_; }
  const VecX& state() const { return state_.y; }
  const VecX& rate() const { return state_.yp; }

 private:
  // ASSEMBLY: the initial-conditions analysis (the first time), one output at the current time
  Results Assembly();
  // STATICS: the equilibrium at options.end (analysis/statics.h), one output there;
  // QSTATICS: an equilibrium at every output time from now to options.end
  Results Statics(const SimulateOptions& options);
  // KINEMATICS of a model without degrees of freedom: positions, velocities,
  // accelerations and reactions solved at every output (analysis/kinematics.h); nullopt
  // when the integrator runs instead (a model with sensors or integrated states), with the
  // reason in *messages for a KINEMATICS (simulation/kinematics_run.cc)
  std::optional<Results> KinematicRun(const SimulateOptions& options,
                                      std::vector<std::string>* messages);
  // the sensors at an output of an analysis without integrator steps (quasi-statics): fire
  // those whose root functions crossed since `before` (the values at the last output, or
  // empty at the first), recording the events in out; whether a halt or return stops the
  // analysis (simulation/sampled_sensors.cc)
  bool SampledSensors(double t, const VecX& y, const VecX& yp, std::vector<double>* before,
                      Results* out);
  // the sensors' root functions at a state, and whether one crossed (in its direction) since
  // `before` (the kinematic analysis locates its events by bisection on this)
  std::vector<double> SensorRoots(double t, const VecX& y, const VecX& yp);
  bool SensorRootsCrossed(const std::vector<double>& before, double t, const VecX& y,
                          const VecX& yp);
  // Simulate without the sink
  Results Run(const SimulateOptions& options);
  // the outputs before the last released, as the sink asked
  static void ReleaseOutputs(Results* out);
  // the state at time t from the one at t0 (y, yp hold it on entry), for the bisection of
  // LocateEvents: kinematics or an equilibrium
  using SolveAt = std::function<void(double t0, double t, VecX* y, VecX* yp)>;
  // between the state at t0 (y0, yp0) and the one at t1 (y1, yp1) of an analysis without
  // integrator steps: while a sensor's root function crossed since `roots`, the first time it
  // holds by bisection (states from solve_at, to 1e-12 relative), the step accepted and the
  // sensors fired there (docs/motionsolve-compatibility.md §5.7); whether a halt or return
  // stops the analysis, the state then at the event (simulation/sampled_sensors.cc)
  bool LocateEvents(double t0, VecX y0, VecX yp0, double t1, const VecX& y1, const VecX& yp1,
                    const SolveAt& solve_at, std::vector<double>* roots, Results* out);
  // the initial-conditions analysis, the first time only
  void InitializeOnce();
  // InitializeOnce for an analysis whose results are `out`: their messages begin with the
  // initial conditions'; false (and `out` failed) when a user routine failed in them
  bool InitializeFor(Results* out);
  void Sample(double t, const VecX& y, const VecX& yp, Results* out) const;
  // after every accepted step: elements and request expressions with memory
  void AcceptStep(double t, const double* y, const double* yp);
  // the same but for the system's elements, for the integrator's steps (whose DAE accepts
  // them in the system itself)
  void AcceptOutputs(double t, const double* y, const double* yp);
  std::array<double, 8> EvaluateRequest(const model::Request& r, double t, const VecX& y,
                                        const VecX& yp) const;
  // an output at t unless the last one is already there
  void SampleOnce(double t, const VecX& y, const VecX& yp, Results* out) const;

  // what the sensors that fired at a located crossing ask of the output loop
  struct EventOutcome {
    bool stop = false;         // halt or return: this simulate ends at the event
    std::optional<double> dt;  // a new output interval from the event on
  };
  // the sensors whose roots the integrator found: back up for a zero-crossing refinement,
  // or fire (evaluate, log, record) and apply the actions at the event
  EventOutcome HandleEvent(Results* out);
  // the largest step now: the simulate's (Integrator hmax, output interval) and a sensor's
  double StepCap() const;
  // what sensors' actions changed for the rest of the analysis, in the run's own block of
  // the memory (run_slots_), so that a continuation takes it over with the rest: a halt
  // ended it; the step limit an hmax action set
  void Halt() { state_.memory[run_slots_ + kHaltedSlot] = 1.0; }
  // the analysis mode MODE returns, in its block of the memory (system::ModeKey) when an
  // expression reads it
  double Mode() const;
  void SetMode(double mode);
  std::optional<double> SensorHmax() const;
  void SetSensorHmax(double hmax);
  // ends a zero-crossing refinement: the step limits as before it
  void EndRefinement();
  // a new integrator at state_ with settings_: the sensors' root functions, the step cap
  // and the end of the analysis `end` (simulation/rank_run.cc)
  void StartIntegrator(double end);
  // after an accepted step: whether the joint equations' rank changed there, in which case
  // the integrator is asked to stop after it (analysis/rank_tracking.h)
  void TrackRank(double t, const double* y);
  // at the integrator's stop after such a step: the new active rows, (y, y') made
  // consistent with them, the change in out's messages, a new integrator
  void ChangeActiveRows(double end, Results* out);

  const model::Model& model_;
  std::shared_ptr<const model::Model> owner_;  // set by the sharing constructor
  // the compiled f1..f8 of EXPRESSION requests (nullptr for an unused slot)
  std::unordered_map<const model::Request*,
                     std::array<std::unique_ptr<system::ExpressionFunction>, 8>>
      request_functions_;
  system::System sys_;
  // the index-1 solve at the outputs, its symbolic analysis kept between them (a work area)
  mutable analysis::AccelerationSolver output_accelerations_;
  // the layout of the memory of the run: the System's, and the blocks of the request and
  // sensor expressions and of the sensors' firings
  system::MemoryLayout layout_;
  // what changes during the run: time, y, y', the memory (system/state.h)
  system::State state_;
  // the routines of requests given by a REQSUB routine
  std::unordered_map<const model::Request*, std::unique_ptr<system::RoutineEvaluator>>
      request_routines_;
  // the measures of FORCE requests
  std::unordered_map<const model::Request*, std::unique_ptr<system::ForceMeasure>> request_forces_;
  bool initialized_ = false;
  bool continued_ = false;  // state_.y holds a state taken over by ContinueFrom
  std::vector<std::string> ic_messages_;
  // the integrator's view of sys_, and the integrator: IDA on the DAE, or CVODE on the ODE
  // form (ode_, made for each integration: it holds the active rows of its start) when the
  // Integrator's type asks for it (docs/equations.md §6.9)
  analysis::SystemDae dae_{sys_, &state_};
  std::unique_ptr<solver::Ode> ode_;
  // lines for run.messages from StartIntegrator (the formulation chosen), each once
  std::vector<std::string> start_messages_;
  // ode_ is a TreeForm: the joint equations hold by construction and cannot lose rank
  bool joint_coordinates_ = false;
  // the loops of the joint coordinates reached a singular position: body coordinates from
  // there on (docs/equations.md §6.12)
  bool loop_singular_ = false;
  std::unique_ptr<solver::Integrator> ida_;
  double ida_hmax_ = 0.0;
  solver::IntegratorSettings settings_;  // of the simulate in progress
  // the counts of the integrators replaced at a change of the active rows
  solver::IntegratorStats stats_before_;
  bool rank_stop_ = false;  // TrackRank asked the integrator to stop
  // the angle the fastest body may still turn before TrackRank factorises again, and the
  // time of its last call
  double rank_turn_left_ = 0.0, rank_last_t_ = 0.0;
  // where the joint equations lost rank, until they regain it
  std::optional<analysis::SingularEntry> singular_entry_;

  // sensors (simulation/sensors.h) and what their actions changed
  SensorSet sensors_;
  // the run's own block of the memory: [halted, whether a sensor set hmax, that hmax]
  int run_slots_ = -1;
  static constexpr int kHaltedSlot = 0, kHmaxSetSlot = 1, kHmaxSlot = 2;
  std::optional<double> integrator_hmax_, integrator_hmin_;  // Integrator hmax, hmin
  double output_dt_ = 0.0;                                   // the output interval now
  int refining_ = -1;             // zero_crossing: the sensor whose event is being refined
  double refine_until_ = 0.0;     // the end of the step where it was first found
  bool restart_pending_ = false;  // a return ended the last simulate between IDA's steps
  std::vector<double>* step_times_ = nullptr;  // of the simulate in progress
  const OutputSink* sink_ = nullptr;           // of the simulate in progress
};

}  // namespace msolve::simulation
