// Static equilibrium (simulate type STATICS): the configuration at which the applied forces,
// the constraint reactions and the control equations balance with every velocity and rate
// zero, solved by Newton's method (KINSOL) on the DAE's own equations (docs/equations.md
// §8).
#pragma once

#include <string>
#include <vector>

#include "analysis/stability.h"
#include "common/error.h"
#include "common/types.h"
#include "model/entities.h"
#include "system/system.h"

namespace msolve::analysis {

struct StaticsSettings {
  /// Largest force (or control-equation) imbalance accepted, in model units; 0: 1e-8 of the
  /// largest imbalance at the start (at least 1), so that models in any units (a car in
  /// millimetres, torques of 1e7 N mm) converge to the same relative accuracy.
  double imbalance = 0.0;
  /// Newton stops when a step changes no unknown by more than this (scaled) amount.
  double error = 1e-12;
  int maxit = 50;
  /// MotionSolve's stability (FIM_S): this fraction of the mass matrix is added to the
  /// Jacobian of the force balance, which changes Newton's path, not the equilibrium.
  double stability = 0.0;
  /// MKEAM: kinetic-energy attrition (analysis/mkeam.h) before Newton, until the kinetic
  /// energy at a maximum is below kinetic_energy_error, at most maxit maxima.
  bool attrition = false;
  double kinetic_energy_error = 1e-5;
  /// MKEAM: and until the positions changed by less than this (relative) between the last
  /// two maxima (MotionSolve's max_dq_tol, the Equilibrium's error with MKEAM); Newton's
  /// polish then keeps its own `error`
  double dq_tolerance = 1e-3;
};

/// The settings an Equilibrium gives (the defaults above where it gives none, or when there
/// is none); appends to `notes` one line per attribute that has no effect here. Throws ModelError
/// for values out of range.
StaticsSettings StaticsSettingsOf(const model::Equilibrium* equilibrium,
                                  std::vector<std::string>* notes);

/// Whether statics keeps the states of an entity (not a Part) as they are: Diffs, Tfsisos,
/// Lses and Gses with static_hold, and the states of Motions and of force elements (the
/// bristles of a sticking friction are then solved: StickingInStatics).
bool HeldInStatics(const model::Entity* source);

/// Whether a Friction holds its joint by stiction in statics (its bristle deflections solved
/// with the slip, docs/equations.md §8.4): not with effect SLIDING or inactive STATIC.
bool StickingInStatics(const model::Friction& f);

/// Newton's method did not reach the equilibrium (the state holds its last iterate).
class StaticsNotConverged : public SolverError {
 public:
  using SolverError::SolverError;
};

struct StaticsReport {
  long iterations = 0;
  /// The largest imbalance left, and the equation it is in.
  double imbalance = 0.0;
  std::string worst;
  /// The eigenvalues of the stiffness in the free directions at the equilibrium.
  Stability stability;
};

/// Moves the positions in y (and the states of the Diffs, Tfsisos and Lses without
/// static_hold) to the static equilibrium at time t, nearest the start by Newton's method:
/// velocities and rates zero, the reactions balancing the applied forces, the active joint
/// equations and motions (at time t) met. Motion and work states stay as they are. y' gets
/// the (zero) rates and y the reactions consistent with the equilibrium; `memory` is the
/// memory block of the run's state (system/state.h). Throws SolverError
/// naming the largest imbalance when Newton does not converge (y then holds the last
/// iterate).
StaticsReport SolveStatics(const system::System& sys, double t, const double* memory,
                           const StaticsSettings& settings, VecX* y, VecX* yp);

}  // namespace msolve::analysis
