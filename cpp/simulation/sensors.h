// Event sensors at run time (docs/motionsolve-compatibility.md §5). A sensor watches a sensed
// value f (an expression, or the value of a SENSUB routine) against its threshold v with
// tolerance e; its test
//
//   GE: f >= v - e        LE (XML LT): f <= v + e        EQ: |f - v| <= e
//
// becomes true when f crosses a band edge in one direction, so each sensor gives the
// integrator root functions with directions (IDA's root finding locates the crossing within
// an accepted step; rejected iterates never trigger):
//
//   GE: f - (v - e) rising        LE: f - (v + e) falling
//   EQ, e > 0: f - (v - e) rising and f - (v + e) falling (entering the band from below or
//   above); EQ, e = 0: f - v either way (every crossing of v).
//
// A sensor whose test already holds at the start of the analysis has not become active and
// does not fire there; it fires when its test becomes true again after failing.
//
// What a sensor remembers during a run (docs/architecture.md §3.1) is in the memory block of
// the run's state: the SENVAL value it stores (a slot of the System's layout), how often it
// fired, the turns of the angles in its expressions (blocks this set adds to the layout).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/entities.h"
#include "system/expression_function.h"
#include "system/routine_function.h"
#include "system/system.h"

namespace msolve::simulation {

class SensorSet {
 public:
  struct Sensor {
    const model::Sensor* source = nullptr;
    char compare = 'E';  // 'G' (GE), 'L' (LE, LT), 'E' (EQ)
    std::unique_ptr<system::ExpressionFunction> function;
    std::unique_ptr<system::RoutineEvaluator> routine;  // SENSUB, in place of function
    std::unique_ptr<system::ExpressionFunction> evaluate;
    std::unique_ptr<system::RoutineEvaluator> evaluate_routine;  // SEVSUB
    int stored = -1;   // the memory slot of its SENVAL value (System::SensorSlot)
    int firings = -1;  // the memory slot of the number of its firings
    int first_root = 0, roots = 0;
  };

  /// Compiles the active sensors of `model` against `sys`, adds their memory blocks to
  /// `layout` (which extends the System's) and runs the dependency pass of their routines at
  /// the design state; throws ModelError naming a sensor with bad input, RoutineError when a
  /// routine fails.
  SensorSet(const model::Model& model, const system::System& sys, system::MemoryLayout* layout);

  int size() const { return static_cast<int>(sensors_.size()); }
  Sensor& operator[](int k) { return sensors_[k]; }
  const Sensor& operator[](int k) const { return sensors_[k]; }

  /// Directions of all root functions, sensor after sensor (+1 rising, -1 falling, 0 both).
  std::vector<int> RootDirections() const;
  /// All root functions at (t, y, yp) and the memory block of the state.
  void Roots(double t, const double* y, const double* yp, const double* memory, double* g);
  /// The sensors whose root functions crossed, from the integrator's per-root report.
  std::vector<int> Crossed(const std::vector<int>& found) const;

  /// The sensed value f of sensor k.
  double Value(int k, double t, const double* y, const double* yp, const double* memory);
  /// Evaluates sensor k's evaluate (if any) and stores it for SENVAL in `memory`; returns
  /// whether it has one.
  bool Evaluate(int k, double t, const double* y, const double* yp, double* memory);
  /// Sensor k fired: counts the firing in `memory`; returns the number of its firings.
  long Fire(int k, double* memory) const;
  /// Elements with memory in the sensors' expressions take the accepted state.
  void Accept(double t, const double* y, const double* yp, double* memory);
  /// Routines that read more than they declared in their dependency pass.
  std::vector<const system::RoutineEvaluator*> routines() const;

 private:
  std::vector<Sensor> sensors_;
  int root_count_ = 0;
};

}  // namespace msolve::simulation
