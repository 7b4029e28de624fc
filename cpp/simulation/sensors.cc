#include "simulation/sensors.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "common/error.h"

namespace msolve::simulation {
namespace {

bool Blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

// the USER(...) numbers of a routine's function string (empty: none)
std::vector<double> Parameters(const model::Sensor& s, const std::string& text, const char* what) {
  if (Blank(text)) return {};
  std::optional<std::vector<double>> par;
  try {
    par = system::ParseUserParameters(text);
  } catch (const std::invalid_argument& e) {
    throw ModelError(s.Describe() + ": " + e.what());
  }
  if (!par)
    throw ModelError(s.Describe() + ": with " + what + ", the string must be USER(p1, ...) " +
                     "(the routine's parameters) or empty, got '" + text + "'");
  return *par;
}

// an expression that asks for a routine that is not there
void CheckNoUserCall(const model::Sensor& s, const std::string& text, const char* routine) {
  bool user = false;
  try {
    user = system::ParseUserParameters(text).has_value();
  } catch (const std::invalid_argument&) {
    user = true;
  }
  if (user)
    throw ModelError(s.Describe() + ": '" + text + "' calls a user routine, but " + routine +
                     " is not set");
}

void CheckPositive(const model::Sensor& s, const std::optional<double>& v, const char* name) {
  if (v && !(*v > 0.0 && std::isfinite(*v)))
    throw ModelError(s.Describe() + ": " + name + " must be positive, got " + std::to_string(*v));
}

}  // namespace

SensorSet::SensorSet(const model::Model& model, const system::System& sys,
                     system::MemoryLayout* layout) {
  system::Resolver resolver = sys.MakeResolver();
  resolver.layout = layout;
  const system::State start = sys.MakeState();
  const double *y0 = start.y.data(), *yp0 = start.yp.data(), *m0 = start.memory.data();
  // an expression's block: its angles followed through whole turns
  const auto place = [layout](const model::Sensor& s, const char* what,
                              system::ExpressionFunction* f) {
    if (f && f->memory_size() > 0)
      f->PlaceMemory(layout->Add(&s, what + (" " + f->text()), f->memory_size()));
  };
  for (const auto& source : model.sensors) {
    if (!source->active) continue;
    const model::Sensor& s = *source;
    Sensor sensor;
    sensor.source = &s;
    std::string compare = s.compare;
    for (auto& ch : compare) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (compare == "GE") {
      sensor.compare = 'G';
    } else if (compare == "LE" || compare == "LT") {
      sensor.compare = 'L';
    } else if (compare == "EQ") {
      sensor.compare = 'E';
    } else {
      throw ModelError(s.Describe() + ": compare must be GE, LE (LT) or EQ, got '" + s.compare +
                       "'");
    }
    if (!(s.error >= 0.0 && std::isfinite(s.error)))
      throw ModelError(s.Describe() + ": error must be zero or positive, got " +
                       std::to_string(s.error));
    if (!std::isfinite(s.value)) throw ModelError(s.Describe() + ": value must be finite");
    CheckPositive(s, s.dt, "dt");
    CheckPositive(s, s.hmax, "hmax");
    CheckPositive(s, s.stepsize, "stepsize");
    if (s.zero_crossing && !(*s.zero_crossing > 0.0 && *s.zero_crossing < 1.0))
      throw ModelError(s.Describe() + ": zero_crossing must be between 0 and 1 (a fraction of " +
                       "the largest step, typically 0.01 to 0.001), got " +
                       std::to_string(*s.zero_crossing));

    // the sensed value
    if (s.routine) {
      sensor.routine = std::make_unique<system::RoutineEvaluator>(
          s.routine, model::UserRoutine::Form::kSensor, s,
          Parameters(s, s.function, "a routine, function"), 1);
      sensor.routine->SetResolver(resolver);
      sensor.routine->Prepare(0.0, y0, yp0, m0);
    } else {
      if (Blank(s.function))
        throw ModelError(s.Describe() + ": function (the sensed expression) is not set");
      CheckNoUserCall(s, s.function, "routine");
      sensor.function =
          std::make_unique<system::ExpressionFunction>(s.function, s.Describe(), resolver);
    }
    // the value stored at each firing
    if (s.evaluate_routine) {
      sensor.evaluate_routine = std::make_unique<system::RoutineEvaluator>(
          s.evaluate_routine, model::UserRoutine::Form::kSensor, s,
          Parameters(s, s.evaluate, "an evaluate_routine, evaluate"), 1);
      sensor.evaluate_routine->SetResolver(resolver);
      sensor.evaluate_routine->Prepare(0.0, y0, yp0, m0);
    } else if (!Blank(s.evaluate)) {
      CheckNoUserCall(s, s.evaluate, "evaluate_routine");
      sensor.evaluate = std::make_unique<system::ExpressionFunction>(
          s.evaluate, s.Describe() + " evaluate", resolver);
    }
    sensor.stored = sys.SensorSlot(s.evaluate_id.value_or(s.id));
    sensor.firings = layout->Add(&s, "firings", 1);
    place(s, "function", sensor.function.get());
    // the angles among the inputs its routines declared
    if (sensor.routine) sensor.routine->PlaceInputs(layout);
    if (sensor.evaluate_routine) sensor.evaluate_routine->PlaceInputs(layout);
    place(s, "evaluate", sensor.evaluate.get());

    // root functions (see sensors.h)
    sensor.first_root = root_count_;
    sensor.roots = sensor.compare == 'E' && s.error > 0.0 ? 2 : 1;
    root_count_ += sensor.roots;
    sensors_.push_back(std::move(sensor));
  }
}

std::vector<int> SensorSet::RootDirections() const {
  std::vector<int> directions;
  for (const auto& s : sensors_) {
    switch (s.compare) {
      case 'G':
        directions.push_back(+1);
        break;
      case 'L':
        directions.push_back(-1);
        break;
      default:
        if (s.roots == 2) {
          directions.push_back(+1);
          directions.push_back(-1);
        } else {
          directions.push_back(0);
        }
    }
  }
  return directions;
}

void SensorSet::Roots(double t, const double* y, const double* yp, const double* memory,
                      double* g) {
  for (int k = 0; k < size(); ++k) {
    const Sensor& s = sensors_[k];
    const double f = Value(k, t, y, yp, memory);
    // a root function that is NaN never changes sign: the sensor would never fire, silently
    if (!std::isfinite(f)) {
      std::ostringstream why;
      why << s.source->Describe() << ": its function is not finite (infinite or NaN) at time " << t;
      if (s.function) why << "; " << s.function->WhyNotFinite(t, y, yp, memory);
      why << "; the sensor cannot be evaluated";
      throw SolverError(why.str());
    }
    const double v = s.source->value, e = s.source->error;
    double* out = g + s.first_root;
    switch (s.compare) {
      case 'G':
        out[0] = f - (v - e);
        break;
      case 'L':
        out[0] = f - (v + e);
        break;
      default:
        out[0] = f - (v - e);
        if (s.roots == 2) out[1] = f - (v + e);
    }
  }
}

std::vector<int> SensorSet::Crossed(const std::vector<int>& found) const {
  std::vector<int> crossed;
  for (int k = 0; k < size(); ++k) {
    const Sensor& s = sensors_[k];
    for (int r = 0; r < s.roots; ++r)
      if (found[s.first_root + r] != 0) {
        crossed.push_back(k);
        break;
      }
  }
  return crossed;
}

double SensorSet::Value(int k, double t, const double* y, const double* yp, const double* memory) {
  Sensor& s = sensors_[k];
  return s.routine ? s.routine->Values(t, y, yp, memory)[0] : s.function->Value(t, y, yp, memory);
}

bool SensorSet::Evaluate(int k, double t, const double* y, const double* yp, double* memory) {
  Sensor& s = sensors_[k];
  if (s.evaluate_routine) {
    memory[s.stored] = s.evaluate_routine->Values(t, y, yp, memory)[0];
    return true;
  }
  if (s.evaluate) {
    memory[s.stored] = s.evaluate->Value(t, y, yp, memory);
    return true;
  }
  return false;
}

long SensorSet::Fire(int k, double* memory) const {
  double& firings = memory[sensors_[k].firings];
  firings += 1.0;
  return std::lround(firings);
}

void SensorSet::Accept(double t, const double* y, const double* yp, double* memory) {
  for (auto& s : sensors_) {
    if (s.function) s.function->Accept(t, y, yp, memory);
    if (s.routine) s.routine->Accept(t, y, yp, memory);
    if (s.evaluate) s.evaluate->Accept(t, y, yp, memory);
    if (s.evaluate_routine) s.evaluate_routine->Accept(t, y, yp, memory);
  }
}

std::vector<const system::RoutineEvaluator*> SensorSet::routines() const {
  std::vector<const system::RoutineEvaluator*> out;
  for (const auto& s : sensors_) {
    if (s.routine) out.push_back(s.routine.get());
    if (s.evaluate_routine) out.push_back(s.evaluate_routine.get());
  }
  return out;
}

}  // namespace msolve::simulation
