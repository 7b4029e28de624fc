#include "simulation/simulation.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "analysis/initial_conditions.h"
#include "common/error.h"

namespace msolve::simulation {
namespace {

std::string Upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
  return s;
}

// MODE's values (MotionSolve's analysis modes)
constexpr double kModeKinematics = 1, kModeInitialConditions = 3, kModeDynamics = 4,
                 kModeStatics = 5, kModeQuasiStatics = 6;

solver::IntegratorSettings SettingsOf(const model::Model& model, double dtout) {
  solver::IntegratorSettings s;
  if (const auto& in = model.integrator) {
    if (in->error) s.error = *in->error;  // checked by ValidateSimulateOptions
    s.hmax = in->hmax;
    s.hmin = in->hmin;
    s.hinit = in->hinit;
    s.maxit = in->maxit;
    s.kmax = in->kmax;
    s.interpolate = in->interpolate;
  }
  // outputs are hit exactly (or interpolated, with interpolate); either way the step never
  // exceeds the output interval (MotionSolve: simulate's dtout caps hmax)
  s.hmax = s.hmax ? std::min(*s.hmax, dtout) : dtout;
  return s;
}

// the layout of the System's memory after the dependency pass of its elements' routines (which
// needs the System at its final address, and places the routines' inputs with memory)
const system::MemoryLayout& PreparedLayout(system::System* sys) {
  sys->PrepareRoutines(0.0);
  return sys->memory_layout();
}

}  // namespace

Simulation::Simulation(std::shared_ptr<const model::Model> model) : Simulation(*model) {
  owner_ = std::move(model);
}

Simulation::Simulation(const model::Model& model)
    : model_(model),
      sys_(system::System::Compile(model)),
      layout_(PreparedLayout(&sys_)),
      sensors_(model, sys_, &layout_) {
  const system::State start = sys_.MakeState();
  for (const auto& r : model.requests) {
    if (!r->active) continue;
    const std::string type = Upper(r->type);
    if (r->routine) {
      // REQSUB: the routine gives the 8 components
      std::vector<double> par;
      if (r->function.find_first_not_of(" \t\r\n") != std::string::npos) {
        std::optional<std::vector<double>> user;
        try {
          user = system::ParseUserParameters(r->function);
        } catch (const std::invalid_argument& e) {
          throw ModelError(r->Describe() + ": " + e.what());
        }
        if (!user)
          throw ModelError(r->Describe() + ": with a routine, function must be USER(p1, ...) " +
                           "or empty, got '" + r->function + "'");
        par = *user;
      }
      auto routine = std::make_unique<system::RoutineEvaluator>(
          r->routine, model::UserRoutine::Form::kRequest, *r, std::move(par), 8);
      routine->SetResolver(sys_.MakeResolver());
      routine->Prepare(state_.t, start.y.data(), start.yp.data(), start.memory.data());
      routine->PlaceInputs(&layout_);
      request_routines_[r.get()] = std::move(routine);
      continue;
    }
    if (type == "EXPRESSION") {
      auto& slots = request_functions_[r.get()];
      system::Resolver lookup = sys_.MakeResolver();
      lookup.layout = &layout_;
      for (int k = 0; k < 8; ++k) {
        const std::string& text = r->f[k];
        if (text.empty()) continue;
        std::string upper = text;
        for (auto& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        if (upper == "NULL") continue;  // an empty slot, as in datasets
        slots[k] = std::make_unique<system::ExpressionFunction>(
            text, r->Describe() + " f" + std::to_string(k + 1), lookup);
        // the turns of its angles: a block of the memory, keyed by the request
        if (slots[k]->memory_size() > 0)
          slots[k]->PlaceMemory(layout_.Add(r.get(), "f" + std::to_string(k + 1) + " " + text,
                                            slots[k]->memory_size()));
      }
      continue;
    }
    if (type != "DISPLACEMENT" && type != "VELOCITY" && type != "ACCELERATION" && type != "FORCE")
      throw ModelError(r->Describe() + ": request type '" + r->type +
                       "' is not supported (DISPLACEMENT, VELOCITY, ACCELERATION, FORCE, "
                       "EXPRESSION)");
    if (r->i == nullptr) throw ModelError(r->Describe() + ": marker i is not set");
    try {
      sys_.MarkerOf(r->i);
      if (r->j) sys_.MarkerOf(r->j);
      if (r->rm) sys_.MarkerOf(r->rm);
      if (type == "FORCE") request_forces_[r.get()] = sys_.NetForce(r->i, r->j);
    } catch (const ModelError& e) {
      throw ModelError(r->Describe() + ": " + e.what());
    }
  }
  // what the sensors' actions set for the rest of the analysis (halt, hmax)
  run_slots_ = layout_.Add(nullptr, "simulation: halted, sensor hmax", 3);
  // the memory at the start: the System's, then the requests' and sensors' blocks
  state_.memory = layout_.Initial();
  state_.memory.head(start.memory.size()) = start.memory;
}

Simulation::~Simulation() = default;

void Simulation::StartAt(double t) {
  if (started())
    throw ModelError("simulate: start can only move the time before the first analysis");
  if (!std::isfinite(t)) throw ModelError("simulate: start must be a finite number");
  state_.t = t;
}

Results Simulation::EmptyResults() const {
  Results out;
  for (const auto& r : model_.requests)
    if (r->active) out.requests.push_back({r.get(), {}});
  // the parts' bodies (the parameter bodies of curve constraints, which follow them, are not
  // parts)
  for (const auto& b : sys_.bodies())
    if (b.owner == nullptr) out.bodies.push_back({b.part, {}});
  for (const auto& c : model_.contacts)
    if (c->active) out.contacts.push_back({c.get(), {}});
  for (const auto& block : sys_.StateBlocks())
    if (const auto* rv = dynamic_cast<const model::Rv*>(block.source))
      out.rvs.push_back({rv, block.offset, {}});
  return out;
}

void Simulation::InitializeOnce() {
  if (initialized_) return;
  if (!continued_) state_.y = sys_.DesignState();
  // MODE is 3 during the initial conditions, then the analysis's again
  const double analysis_mode = Mode();
  SetMode(kModeInitialConditions);
  analysis::InitialConditionsReport report;
  try {
    report = analysis::ComputeInitialConditions(&sys_, state_.t, state_.memory.data(), &state_.y,
                                                &state_.yp, continued_);
  } catch (...) {
    SetMode(analysis_mode);
    throw;
  }
  SetMode(analysis_mode);
  for (const auto& line : sys_.notes()) ic_messages_.push_back(line);
  for (const auto& line : report.redundant)
    ic_messages_.push_back("redundant constraint equation set aside: " + line);
  for (const auto& line : report.velocity_conflicts) ic_messages_.push_back(line);
  if (report.max_position_change > 0)
    ic_messages_.push_back(
        "assembly moved parts by up to " + std::to_string(report.max_position_change) +
        (report.continuation_steps > 0 ? " in " + std::to_string(report.continuation_steps) +
                                             " continuation steps from the design position"
                                       : std::string()));
  AcceptStep(state_.t, state_.y.data(), state_.yp.data());
  initialized_ = true;
}

bool Simulation::InitializeFor(Results* out) {
  try {
    InitializeOnce();
  } catch (const RoutineError& e) {
    // a user routine failed before the analysis: nothing computed yet
    out->ok = false;
    out->error = e.what();
  }
  out->messages = ic_messages_;
  return out->ok;
}

Results Simulation::Assembly() {
  Results out = EmptyResults();
  try {
    InitializeOnce();
    out.messages = ic_messages_;
    SampleOnce(state_.t, state_.y, state_.yp, &out);
  } catch (const RoutineError& e) {
    out.ok = false;
    out.error = e.what();
    out.messages = ic_messages_;
  }
  return out;
}

Results Simulation::Simulate(const SimulateOptions& options, const OutputSink& sink) {
  struct SinkScope {
    const OutputSink** slot;
    ~SinkScope() { *slot = nullptr; }
  } scope{&sink_};
  sink_ = sink ? &sink : nullptr;
  return Run(options);
}

Results Simulation::Run(const SimulateOptions& options) {
  ValidateSimulateOptions(options, state_.t, model_);
  // the value of MODE (docs/motionsolve-compatibility.md §4.8); kinematics sets its own
  // ASSEMBLY is the initial-conditions analysis alone: its output reads 3 as well
  SetMode(IsStatics(options.type)        ? kModeStatics
          : IsQuasiStatics(options.type) ? kModeQuasiStatics
          : IsKinematics(options.type)   ? kModeKinematics
          : IsAssembly(options.type)     ? kModeInitialConditions
                                         : kModeDynamics);
  if (IsStatics(options.type) || IsQuasiStatics(options.type)) return Statics(options);
  if (IsAssembly(options.type)) return Assembly();
  if (IsLinear(options.type)) return Linear(nullptr, nullptr);
  std::vector<std::string> kinematics_messages;
  if (std::optional<Results> kinematic = KinematicRun(options, &kinematics_messages))
    return *kinematic;
  Results out = EmptyResults();
  solver::IntegratorSettings settings = SettingsOf(model_, options.dtout);
  settings.switch_roots = options.switch_roots;
  try {
    InitializeOnce();
    SampleOnce(state_.t, state_.y, state_.yp, &out);
  } catch (const RoutineError& e) {
    // a user routine failed before the first output: nothing computed yet
    out.ok = false;
    out.error = e.what();
    out.messages = ic_messages_;
    return out;
  }
  out.messages = ic_messages_;
  out.messages.insert(out.messages.end(), kinematics_messages.begin(), kinematics_messages.end());
  step_times_ = &out.step_times;
  try {
    const bool nothing_moves = sys_.size() == 0;
    integrator_hmax_ = model_.integrator ? model_.integrator->hmax : std::nullopt;
    integrator_hmin_ = settings.hmin;
    output_dt_ = options.dtout;
    if (nothing_moves) {
      // no moving part: the outputs are constant in time
      if (sensors_.size() > 0)
        out.messages.push_back("the model has no moving part: its sensors are not evaluated");
    } else if (!ida_) {
      settings_ = settings;
      ida_hmax_ = *settings.hmax;
      StartIntegrator(options.end);
    }
    if (ida_ && StepCap() != ida_hmax_) {
      ida_hmax_ = StepCap();
      ida_->SetMaxStep(ida_hmax_);
    }
    if (ida_ && restart_pending_) {
      // the last simulate ended at a sensor's event, inside IDA's last step: go on from there
      ida_->Restart(state_.t, state_.y, state_.yp);
      restart_pending_ = false;
    }
    if (ida_) ida_->SetEnd(options.end);
    // after the system's elements, which the driver has the DAE accept
    const auto accept = [this](double t, const double* y, const double* yp) {
      AcceptOutputs(t, y, yp);
      TrackRank(t, y);
      step_times_->push_back(t);
      // a zero-crossing refinement that went past its step without meeting the event again
      if (refining_ >= 0 && t > refine_until_) EndRefinement();
    };
    // outputs every dt from `start` up to end (the last interval may be shorter); none when
    // end = now. A sensor's dt action starts a new grid at its event.
    double start = state_.t;
    long n = 0, k = 1;
    const auto grid = [&](double dt) {
      start = state_.t;
      output_dt_ = dt;
      n = OutputIntervals(start, options.end, dt);
      k = 1;
    };
    grid(options.dtout);
    while (k <= n) {
      const double tout = k == n ? options.end : start + k * output_dt_;
      if (!nothing_moves) {
        if (!ida_->AdvanceTo(tout, accept)) {
          if (rank_stop_) {
            ChangeActiveRows(options.end, &out);
            continue;
          }
          const EventOutcome event = HandleEvent(&out);
          if (event.stop) break;
          if (event.dt) {
            grid(*event.dt);
            if (n == 0)
              SampleOnce(state_.t, state_.y, state_.yp, &out);  // the event came at the very end
          }
          continue;
        }
        state_.y = ida_->y();
        state_.yp = ida_->yp();
      }
      state_.t = tout;
      SampleOnce(state_.t, state_.y, state_.yp, &out);
      ++k;
    }
  } catch (const std::exception& e) {
    out.ok = false;
    out.error = e.what();
    if (ida_) {
      // keep the last accepted state so that nothing computed is lost
      ida_.reset();
    }
    refining_ = -1;
  }
  step_times_ = nullptr;
  if (refining_ >= 0 && ida_) EndRefinement();
  if (ida_) {
    out.stats = AddedStats(stats_before_, ida_->stats());
    for (auto& line : ida_->TakeMessages()) out.messages.push_back(std::move(line));
  }
  for (auto& line : start_messages_) out.messages.push_back(std::move(line));
  start_messages_.clear();
  // routines that read more than they declared in their dependency pass
  const auto report = [&out](const system::RoutineEvaluator& routine) {
    for (const auto& call : routine.undeclared())
      out.messages.push_back(routine.owner() + ": its routine called " + call +
                             " after its dependency pass (iflag), so the Jacobian leaves it "
                             "out; call it during the iflag pass too");
  };
  for (const auto& routine : sys_.routines()) report(*routine);
  for (const auto& [request, routine] : request_routines_) report(*routine);
  for (const auto* routine : sensors_.routines()) report(*routine);
  return out;
}

void Simulation::ContinueFrom(const Simulation& previous) {
  if (initialized_) throw ModelError("ContinueFrom: this simulation has already started");
  // a simulation that took over a state and has not run yet passes that state on (a model
  // changed twice between simulate calls, Model.save and Model.reload)
  if (!previous.initialized_ && !previous.continued_) return;
  state_.t = previous.state_.t;
  state_.y = sys_.DesignState();
  // the blocks of each entity in order (a Cvcv or Cvsf has two parameter bodies)
  std::unordered_map<const model::Entity*, std::vector<system::System::StateBlock>> before;
  for (const auto& block : previous.sys_.StateBlocks()) before[block.source].push_back(block);
  std::unordered_map<const model::Entity*, size_t> taken;
  for (const auto& block : sys_.StateBlocks()) {
    const auto found = before.find(block.source);
    if (found == before.end()) continue;
    const size_t k = taken[block.source]++;
    if (k >= found->second.size()) continue;
    const auto& old = found->second[k];
    const int n = std::min(block.count, old.count);
    state_.y.segment(block.offset, n) = previous.state_.y.segment(old.offset, n);
  }
  // the work of the non-conservative forces goes on from where it stood
  if (sys_.work_state() >= 0 && previous.sys_.work_state() >= 0)
    state_.y[sys_.work_state()] = previous.state_.y[previous.sys_.work_state()];
  // what the elements, requests and sensors remember (the turns of the angles they follow,
  // the histories of their DELAY calls, the SENVAL values, the sensors' firings, the step
  // limit a sensor set, whether a halt ended the analysis): the blocks of the memory both
  // have, by key
  layout_.Remap(previous.layout_, previous.state_.memory, &state_.memory);
  continued_ = true;
}

double Simulation::Mode() const {
  const system::MemoryBlock* block = layout_.Find(system::ModeKey());
  return block ? state_.memory[block->offset] : kModeDynamics;
}

void Simulation::SetMode(double mode) {
  if (const system::MemoryBlock* block = layout_.Find(system::ModeKey()))
    state_.memory[block->offset] = mode;
}

double Simulation::StepCap() const {
  double cap = output_dt_;
  if (integrator_hmax_) cap = std::min(cap, *integrator_hmax_);
  if (const std::optional<double> sensor_hmax = SensorHmax()) cap = std::min(cap, *sensor_hmax);
  return cap;
}

void Simulation::EndRefinement() {
  refining_ = -1;
  ida_hmax_ = StepCap();
  ida_->SetMaxStep(ida_hmax_);
  ida_->SetMinStep(integrator_hmin_.value_or(0.0));
}

Simulation::EventOutcome Simulation::HandleEvent(Results* out) {
  EventOutcome outcome;
  const double te = ida_->time();
  VecX ye = ida_->y(), ype = ida_->yp();
  const std::vector<int> crossed = sensors_.Crossed(ida_->RootsFound());

  // zero_crossing (docs/motionsolve-compatibility.md §5.4): on first meeting the event, back up to
  // the last accepted step, shrink the step limits by the factor and integrate again, so that the
  // event is met anew after small steps; the other sensors crossed here are met again too
  if (refining_ < 0) {
    for (int s : crossed) {
      const auto& zc = sensors_[s].source->zero_crossing;
      if (!zc) continue;
      const double step_end = ida_->step_end();
      const double hmax = *zc * StepCap();
      const double tb = ida_->BackUp();
      refining_ = s;
      refine_until_ = step_end + (step_end - tb);
      ida_hmax_ = hmax;
      ida_->SetMaxStep(hmax);
      if (integrator_hmin_) ida_->SetMinStep(*zc * *integrator_hmin_);
      state_.t = tb;
      state_.y = ida_->y();
      state_.yp = ida_->yp();
      AcceptStep(state_.t, state_.y.data(), state_.yp.data());
      return outcome;
    }
  }

  // fire: every sensor crossed here became active at te
  bool restart = false;
  std::optional<double> hinit;
  bool sample = false;
  for (int s : crossed) {
    auto& sensor = sensors_[s];
    const model::Sensor& src = *sensor.source;
    SensorEvent event;
    event.sensor = &src;
    event.time = te;
    event.value = sensors_.Value(s, te, ye.data(), ype.data(), state_.memory.data());
    if (refining_ == s) {
      EndRefinement();
      event.actions.push_back("zero_crossing");
    }
    if (sensors_.Evaluate(s, te, ye.data(), ype.data(), state_.memory.data())) {
      // elements may read SENVAL: their equations change here
      event.actions.push_back("evaluate");
      restart = true;
    }
    if (src.halt) {
      event.actions.push_back("halt");
      outcome.stop = true;
      out->halted = true;
      Halt();
    }
    if (src.return_) {
      event.actions.push_back("return");
      outcome.stop = true;
    }
    if (src.print) {
      event.actions.push_back("print");
      sample = true;
    }
    if (src.dt) {
      event.actions.push_back("dt");
      outcome.dt = *src.dt;
      restart = true;  // outputs are step ends: the next one may come before IDA's step end
    }
    if (src.hmax) {
      event.actions.push_back("hmax");
      SetSensorHmax(*src.hmax);
      restart = true;  // IDA does not shorten a step already chosen
    }
    if (src.stepsize) {
      event.actions.push_back("stepsize");
      hinit = hinit ? std::min(*hinit, *src.stepsize) : *src.stepsize;
      restart = true;
    }
    if (src.restart) {
      event.actions.push_back("restart");
      restart = true;
    }
    const long firings = sensors_.Fire(s, state_.memory.data());
    if (src.verbose || firings == 1) {
      std::ostringstream line;
      line << src.Describe() << ": active at time " << te << " (sensed value " << event.value
           << ")";
      if (!event.actions.empty()) {
        line << "; ";
        for (size_t a = 0; a < event.actions.size(); ++a)
          line << (a ? ", " : "") << event.actions[a];
      }
      if (std::find(event.actions.begin(), event.actions.end(), "evaluate") != event.actions.end())
        line << " (SENVAL(" << src.evaluate_id.value_or(src.id)
             << ") = " << state_.memory[sensor.stored] << ")";
      out->messages.push_back(line.str());
    }
    if (outcome.stop && out->stopped_by < 0) out->stopped_by = static_cast<int>(out->events.size());
    out->events.push_back(std::move(event));
  }
  if (crossed.empty()) return outcome;

  // the analysis goes on from the event (or ends there)
  AcceptStep(te, ye.data(), ype.data());
  if (sample || outcome.stop) SampleOnce(te, ye, ype, out);
  state_.t = te;
  state_.y = ye;
  state_.yp = ype;
  if (outcome.stop) {
    // IDA's own step ends beyond te: the next simulate restarts it at te
    restart_pending_ = true;
    return outcome;
  }
  if (outcome.dt) output_dt_ = *outcome.dt;
  if (restart) {
    // consistent accelerations and reactions at the event, then a fresh start there
    analysis::SolveAccelerations(sys_, te, state_.memory.data(), &state_.y, &state_.yp);
    ida_hmax_ = StepCap();
    ida_->SetMaxStep(ida_hmax_);
    ida_->Restart(te, state_.y, state_.yp, hinit ? std::min(*hinit, ida_hmax_) : 0.0);
    step_times_->push_back(te);
  }
  return outcome;
}

void Simulation::AcceptStep(double t, const double* y, const double* yp) {
  sys_.AcceptStep(t, y, yp, state_.memory.data());
  AcceptOutputs(t, y, yp);
}

}  // namespace msolve::simulation
