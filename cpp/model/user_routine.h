// The interface of a user routine: what an entity calls in place of an expression, with
// MotionSolve's arguments. Its implementations (Python callables, compiled routines) live
// in cpp/bindings and cpp/system.
#pragma once

#include <string>
#include <vector>

namespace msolve::model {

/// A user routine (a Python callable, bound in cpp/bindings) that gives the values of an
/// entity in place of an expression, called with MotionSolve's arguments
/// (docs/motionsolve-compatibility.md §3.2).
class UserRoutine {
 public:
  /// The argument list: (id, time, par, npar, dflag, iflag) for Sforce, Diff, Variable,
  /// Vforce, Vtorque, Gforce; (id, time, par, npar, iord, iflag) for Motion;
  /// (id, time, par, npar, iflag) for Request and for Sensor (SENSUB, SEVSUB).
  /// (id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt) for Gse
  /// (GSESUB), giving the nstate rates then the noutpt outputs.
  /// (id, time, par, npar, disp, velo, dflag, iflag) for Field (FIESUB), giving the 6 field
  /// components, then d field / d disp and d field / d velo, 36 each, row by row (row = field
  /// component).
  /// (id, time, par, npar, disp, ndisp, iflag) for Coupler (COUSUB, COUXX, COUXX2), giving
  /// the constraint value, its ndisp first partial derivatives, or its second ones (ndisp
  /// values: the diagonal, or ndisp x ndisp); the caller's buffer holds `count` values.
  /// (id, par, npar, alpha, iord, iflag) for Curve (CURSUB), giving the 3 components of the
  /// iord-th derivative (0, 1, 2) of the curve with respect to alpha.
  /// (id, par, npar, alpha, beta, iord, iflag) for Surface (SURSUB): 3 values (iord 0), the
  /// 6 of d/du then d/dv (1), or the 9 of d2/du2, d2/dudv, d2/dv2 (2), at u = alpha, v = beta.
  enum class Form { kState, kMotion, kRequest, kSensor, kGse, kField, kCoupler, kCurve, kSurface };
  struct Call {
    Form form = Form::kState;
    long id = 0;
    double time = 0.0;
    const std::vector<double>* par = nullptr;
    bool dflag = false;
    bool iflag = false;
    int iord = 0;
    // Gse: the states and inputs (nullptr otherwise) and the number of outputs
    const std::vector<double>* states = nullptr;
    const std::vector<double>* inputs = nullptr;
    int noutput = 0;
    // Field: the 6 displacements and the 6 velocities of I relative to J (nullptr otherwise);
    // Coupler: the ndisp joint displacements
    const double* disp = nullptr;
    const double* velo = nullptr;
    int ndisp = 0;
    // Curve: the curve parameter (iord the order of the derivative); Surface: u and v
    double alpha = 0.0;
    double beta = 0.0;
  };

  virtual ~UserRoutine() = default;
  /// Why this routine cannot run in msolve (e.g. compiled code named by a string), or "".
  virtual std::string Unavailable() const { return {}; }
  /// Writes `count` values to `out`; throws std::runtime_error with the reason (for a
  /// Python routine: the traceback, or what is wrong with the returned value).
  virtual void Evaluate(const Call& call, double* out, int count) const = 0;
};

}  // namespace msolve::model
