// Compiled user routines (docs/motionsolve-compatibility.md §3.6): a routine named by a string
// "library::FUNCTION" is a function of a shared library, loaded with dlopen and called with
// MotionSolve's documented C interface (SFOSUB, VARSUB, DIFSUB, VFOSUB, VTOSUB, GFOSUB,
// MOTSUB, REQSUB, SENSUB, SEVSUB, GSESUB, FIESUB, COUSUB, CURSUB). The routine calls back into the
// solver through the documented utility functions c_sysfnc, c_sysary and c_errmes (and the gfortran
// names sysfnc_, sysary_, errmes_ for a Fortran library), which this file defines and exports: they
// read the state through the RoutineEvaluator in progress, as the Python routines do.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "model/entities.h"

namespace msolve::system {

class CompiledRoutine : public model::UserRoutine {
 public:
  /// `spec` is "library::FUNCTION" (or with MotionSolve's "∷"); a spec without a library
  /// names a function of the library in the environment variable MS_USERSUBDLL. Nothing is
  /// loaded before the routine is first needed (Unavailable).
  explicit CompiledRoutine(std::string spec);
  ~CompiledRoutine() override;
  CompiledRoutine(const CompiledRoutine&) = delete;
  CompiledRoutine& operator=(const CompiledRoutine&) = delete;

  const std::string& spec() const { return spec_; }
  /// Loads the library and finds the function; why that failed, or "".
  std::string Unavailable() const override;
  void Evaluate(const Call& call, double* out, int count) const override;

  /// What ANALYS asks of the CONSUB's caller: run the analysis `analysis` ("TRANSIENT",
  /// "STATICS", ...) named `name` from `tbegin` to `tend` (`init` as given); returns istat
  /// (0: done).
  using Analys = std::function<int(const std::string& analysis, const std::string& name,
                                   double tbegin, double tend, int init)>;
  /// What MODIFY asks: run the Adams/Solver command `command`; returns its status (0: done).
  using Modify = std::function<int(const std::string& command)>;
  /// What MODSET asks: set `attribute` of the dataset element `element` with `id` to `input`;
  /// returns info (0: done, negative: refused).
  using Modset = std::function<int(const std::string& element, int id, const std::string& attribute,
                                   const std::string& input)>;
  /// Calls the routine as the driver CONSUB(par, npar); its c_analys / analys_ calls run
  /// `analys`, its c_modify / modify_ calls `modify`, its c_modset / modset_ calls `modset`.
  /// An exception one of them threw, or a c_errmes "STOP", is thrown once the routine has
  /// returned.
  void Control(std::vector<double> par, const Analys& analys, const Modify& modify,
               const Modset& modset) const;

 private:
  void Load() const;

  std::string spec_;
  mutable std::once_flag loaded_;
  mutable void* library_ = nullptr;
  mutable void* function_ = nullptr;
  mutable std::string problem_;
};

}  // namespace msolve::system
