// Linear analysis (simulate type LINEAR): the equations of motion linearised about the
// current operating point in independent coordinates, x' = A x + B u, y = C x + D u, with the
// eigenvalues and mode shapes of A (docs/equations.md §10).
#pragma once

#include <complex>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "common/types.h"
#include "model/entities.h"
#include "system/system.h"

namespace msolve::analysis {

using MatX = Eigen::MatrixXd;
using VecXc = Eigen::VectorXcd;
using MatXc = Eigen::MatrixXcd;

struct LinearSettings {
  /// leave the damping of the force elements out of the eigensolution (the velocity
  /// derivatives of the applied forces, not the gyroscopic terms)
  bool nodamping = false;
  bool eigen_analysis = true;
  /// the gyroscopic terms of the spinning bodies, d(w x J w)/dw (docs/equations.md §10.4):
  /// false (Linear gyroscopic NONE) leaves them out of the linearisation
  bool gyroscopic = true;
  /// Linear gyroscopic PARTIAL, linearised in full (noted in the log)
  bool gyroscopic_partial = false;
  /// the modes above this natural frequency (cycles per time) are left out of the results;
  /// none when not positive
  double cutoff_frequency = 0.0;
  /// the plant inputs and outputs of B, C, D (none: A only)
  const model::Pinput* pinput = nullptr;
  const model::Poutput* poutput = nullptr;
};

/// The settings a Linear gives and the Pinput and Poutput to use (`pinput`, `poutput` when
/// given, else the Linear's, else the model's only active ones); the attributes without
/// effect are noted by the Python classes. Throws ModelError for an inactive or empty plant
/// input or output.
LinearSettings LinearSettingsOf(const model::Model& model, const model::Pinput* pinput,
                                const model::Poutput* poutput);

/// One mode: an eigenvalue (1/time), and per part the complex amplitudes of its translation
/// (3, global components, model length) and small rotation (3, global axes, radians),
/// scaled so that the largest amplitude is 1 and real.
struct LinearMode {
  std::complex<double> eigenvalue;
  /// undamped natural frequency |lambda| / 2 pi (cycles per time unit)
  double frequency = 0.0;
  /// -Re(lambda) / |lambda| (0 for a zero eigenvalue)
  double damping_ratio = 0.0;
  /// 6 amplitudes per part, in the order of System::bodies()
  std::vector<std::array<std::complex<double>, 6>> parts;
  /// the amplitudes of the control states (Diffs, then Tfsiso and Lse states)
  std::vector<std::complex<double>> controls;
};

struct LinearResult {
  double time = 0.0;
  /// independent position coordinates (the degrees of freedom) and control states: A is
  /// (2 dof + controls) square, the states ordered as positions, velocities, controls
  int dof = 0, controls = 0;
  /// what each state of A is, e.g. "Part 2 'arm' rotation Z (position)"
  std::vector<std::string> states;
  MatX A, B, C, D;
  /// every eigenvalue of A (of the eigen matrix: without damping when nodamping) up to the
  /// cutoff frequency, by increasing natural frequency
  VecXc eigenvalues;
  /// one mode per real eigenvalue and per complex-conjugate pair (the one with Im > 0)
  std::vector<LinearMode> modes;
  /// how many modes the cutoff frequency left out, and at which frequency
  int modes_above_cutoff = 0;
  double cutoff_frequency = 0.0;
  /// what the log says of the settings (gyroscopic PARTIAL linearised in full)
  std::vector<std::string> notes;
  /// the Pinput and Poutput of B, C, D (nullptr when none)
  const model::Pinput* pinput = nullptr;
  const model::Poutput* poutput = nullptr;
};

/// Linearises `sys` at time t about the consistent state (y, yp) with the run's `memory`
/// (system/state.h) (docs/equations.md §10).
/// Throws ModelError when the model has no free degree of freedom or its mass matrix is
/// singular in the free directions, or a plant input or output cannot be evaluated.
/// `model` is the model `sys` was compiled from (the plant inputs are differentiated on
/// copies of it).
LinearResult Linearize(const system::System& sys, const model::Model& model, double t,
                       const double* memory, const VecX& y, const VecX& yp,
                       const LinearSettings& settings);

/// The table of eigenvalues for the log: one line per mode.
std::vector<std::string> DescribeLinearResult(const LinearResult& result);

}  // namespace msolve::analysis
