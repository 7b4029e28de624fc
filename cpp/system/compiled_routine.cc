#include "system/compiled_routine.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <limits>
#include <stdexcept>
#include <vector>

#include "common/interrupt.h"
#include "system/routine_function.h"

#define MSOLVE_EXPORT extern "C" __attribute__((visibility("default")))

namespace msolve::system {
namespace {

// What the service functions learned during one call of a compiled routine: they cannot
// throw through the routine's C or Fortran frames, so they note here and the caller acts
// once the routine has returned.
struct CallContext {
  std::string stop;        // the message of c_errmes(..., "STOP"): the routine failed
  std::string last_error;  // why the last c_sysfnc / c_sysary failed, for c_errmes
  std::exception_ptr interruption;
  bool control = false;  // the routine is a CONSUB: it may call ANALYS
  CallContext* previous = nullptr;
};
thread_local CallContext* g_context = nullptr;
// the analyses of the CONSUB in progress (CompiledRoutine::Control), for c_analys
thread_local const CompiledRoutine::Analys* g_analys = nullptr;
// its MODIFY and MODSET, for c_modify and c_modset
thread_local const CompiledRoutine::Modify* g_modify = nullptr;
thread_local const CompiledRoutine::Modset* g_modset = nullptr;

std::string Trim(std::string s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

std::string Upper(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

std::string Lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

bool EndsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && Lower(s.substr(s.size() - tail.size())) == tail;
}

void NoteError(const std::string& text) {
  if (g_context != nullptr) g_context->last_error = text;
}

std::string CallText(const std::string& service, const std::string& name, const int* ipar,
                     int nsize) {
  std::string text = service + "(\"" + name + "\", [";
  for (int k = 0; k < nsize && ipar != nullptr; ++k)
    text += (k ? ", " : "") + std::to_string(ipar[k]);
  return text + "])";
}

// one runtime function for the routine in progress; false (the reason noted) on failure
bool ReadState(const std::string& service, const std::string& name, const int* ipar, int nsize,
               double* value) {
  *value = 0.0;
  RoutineEvaluator* current = RoutineEvaluator::Current();
  if (current == nullptr) {
    NoteError(service + " was called outside a user routine run by the solver");
    return false;
  }
  if (nsize < 0 || (nsize > 0 && ipar == nullptr)) {
    NoteError(CallText(service, name, nullptr, 0) + ": bad argument count " +
              std::to_string(nsize));
    return false;
  }
  if (name == "TIME") {
    *value = current->time();
    return true;
  }
  try {
    *value = current->Read(name, std::vector<long>(ipar, ipar + nsize));
    return true;
  } catch (const Interrupted&) {
    if (g_context != nullptr && !g_context->interruption)
      g_context->interruption = std::current_exception();
  } catch (const std::exception& e) {
    NoteError(CallText(service, name, ipar, nsize) + ": " + e.what());
  }
  return false;
}

// SYSARY: three components of a vector, each a runtime function of the same ids
bool ReadArray(const std::string& name, const int* ipar, int nsize, double* states, int* nstates) {
  static const std::pair<const char*, const char*> kArrays[] = {
      {"TDISP", "DX DY DZ"},  {"TVEL", "VX VY VZ"},       {"TACC", "ACCX ACCY ACCZ"},
      {"RVEL", "WX WY WZ"},   {"RACC", "WDTX WDTY WDTZ"}, {"RDISP", "PSI THETA PHI"},
      {"TFORCE", "FX FY FZ"}, {"RFORCE", "TX TY TZ"},
  };
  *nstates = 0;
  for (const auto& [array, components] : kArrays) {
    if (name != array) continue;
    std::string list = components;
    size_t start = 0;
    for (int k = 0; k < 3; ++k) {
      const size_t end = list.find(' ', start);
      const std::string component = list.substr(start, end - start);
      if (!ReadState("c_sysary", component, ipar, nsize, &states[k])) return false;
      start = end + 1;
    }
    *nstates = 3;
    return true;
  }
  NoteError(CallText("c_sysary", name, ipar, nsize) +
            ": msolve's SYSARY gives TDISP, RDISP, TVEL, RVEL, TACC, RACC, TFORCE and "
            "RFORCE");
  return false;
}

// ANALYS: the analysis of the CONSUB in progress; istat 0 when it ran
int Analysis(const std::string& analysis, const std::string& name, double tbegin, double tend,
             int init) {
  if (g_analys == nullptr || g_context == nullptr || !g_context->control) {
    NoteError("ANALYS(\"" + analysis + "\") may only be called from a CONSUB");
    return 1;
  }
  if (g_context->interruption) return 1;  // an earlier analysis failed: do nothing more
  try {
    return (*g_analys)(analysis, name, tbegin, tend, init);
  } catch (...) {
    g_context->interruption = std::current_exception();
  }
  return 1;
}

// MODIFY and MODSET: the model change of the CONSUB in progress; its status (nonzero or
// negative: refused, the reason in the log); `refused` outside a CONSUB or after a failure
int ModelChange(const std::string& service, int refused, const std::function<int()>& change) {
  if (g_modify == nullptr || g_context == nullptr || !g_context->control) {
    NoteError(service + " may only be called from a CONSUB");
    return refused;
  }
  if (g_context->interruption) return refused;  // an earlier call failed: do nothing more
  try {
    return change();
  } catch (...) {
    g_context->interruption = std::current_exception();
  }
  return refused;
}

int Modify(const std::string& command) {
  return ModelChange("MODIFY", 1, [&] { return (*g_modify)(command); });
}

int Modset(const std::string& element, int id, const std::string& attribute,
           const std::string& input) {
  return ModelChange("MODSET", -1, [&] { return (*g_modset)(element, id, attribute, input); });
}

void ErrorMessage(int errflg, const std::string& message, int id, const std::string& endflag) {
  if (errflg == 0) return;
  std::string text = Trim(message);
  if (id != 0) text += " (id " + std::to_string(id) + ")";
  if (g_context != nullptr && !g_context->last_error.empty()) text += ": " + g_context->last_error;
  if (Upper(Trim(endflag)) == "STOP" && g_context != nullptr) {
    if (g_context->stop.empty()) g_context->stop = text;
    return;
  }
  std::fprintf(stderr, "msolve: message from a user routine: %s\n", text.c_str());
}

// Libraries dlopen()ed later resolve c_sysfnc & co. only among the symbols of the global
// scope; Python loads our module locally, so it is promoted to the global scope once.
void ExportServices();

// a Fortran string argument (gfortran passes its length after the other arguments)
std::string FortranString(const char* text, size_t length) {
  return text == nullptr ? std::string() : Trim(std::string(text, length));
}

}  // namespace
}  // namespace msolve::system

// The documented utility functions (docs/motionsolve-compatibility.md §3.6): C names, then
// the gfortran names of the Fortran ones.
MSOLVE_EXPORT void c_sysfnc(const char* fncnam, const int* ipar, int nsize, double* state,
                            int* errflg) {
  using namespace msolve::system;
  const bool ok = ReadState("c_sysfnc", Upper(Trim(fncnam ? fncnam : "")), ipar, nsize, state);
  if (errflg != nullptr) *errflg = ok ? 0 : 1;
}

MSOLVE_EXPORT void c_sysary(const char* fncnam, const int* ipar, int nsize, double* states,
                            int* nstates, int* errflg) {
  using namespace msolve::system;
  const bool ok = ReadArray(Upper(Trim(fncnam ? fncnam : "")), ipar, nsize, states, nstates);
  if (errflg != nullptr) *errflg = ok ? 0 : 1;
}

MSOLVE_EXPORT void c_errmes(int errflg, const char* mesage, int id, const char* endflg) {
  msolve::system::ErrorMessage(errflg, mesage ? mesage : "", id, endflg ? endflg : "");
}

MSOLVE_EXPORT void sysfnc_(const char* fncnam, const int* ipar, const int* nsize, double* state,
                           int* errflg, size_t fncnam_length) {
  using namespace msolve::system;
  const bool ok =
      ReadState("SYSFNC", Upper(FortranString(fncnam, fncnam_length)), ipar, *nsize, state);
  *errflg = ok ? 0 : 1;
}

MSOLVE_EXPORT void sysary_(const char* fncnam, const int* ipar, const int* nsize, double* states,
                           int* nstates, int* errflg, size_t fncnam_length) {
  using namespace msolve::system;
  const bool ok =
      ReadArray(Upper(FortranString(fncnam, fncnam_length)), ipar, *nsize, states, nstates);
  *errflg = ok ? 0 : 1;
}

MSOLVE_EXPORT void c_analys(const char* analysis, const char* name, const double* tbegin,
                            const double* tend, const int* init, int* istat) {
  using namespace msolve::system;
  const int status = Analysis(Upper(Trim(analysis ? analysis : "")), Trim(name ? name : ""),
                              tbegin ? *tbegin : 0.0, tend ? *tend : 0.0, init ? *init : 0);
  if (istat != nullptr) *istat = status;
}

MSOLVE_EXPORT void analys_(const char* analysis, const char* name, const double* tbegin,
                           const double* tend, const int* init, int* istat, size_t analysis_length,
                           size_t name_length) {
  using namespace msolve::system;
  *istat = Analysis(Upper(FortranString(analysis, analysis_length)),
                    FortranString(name, name_length), *tbegin, *tend, *init);
}

// DATOUT: msolve writes the results while the analyses run (Model(output=...), msolve run),
// so there is nothing left to write: istat 0 in a CONSUB
MSOLVE_EXPORT void c_datout(int* istat) {
  using namespace msolve::system;
  const bool control = g_context != nullptr && g_context->control;
  if (!control) NoteError("DATOUT may only be called from a CONSUB");
  if (istat != nullptr) *istat = control ? 0 : 1;
}

MSOLVE_EXPORT void datout_(int* istat) { c_datout(istat); }

// MODIFY and MODSET in a CONSUB (docs/motionsolve-compatibility.md §3.6)
MSOLVE_EXPORT void c_modify(const char* command, int* status) {
  const int result = msolve::system::Modify(command ? command : "");
  if (status != nullptr) *status = result;
}

MSOLVE_EXPORT void modify_(const char* command, int* status, size_t command_length) {
  using namespace msolve::system;
  *status = Modify(FortranString(command, command_length));
}

MSOLVE_EXPORT void c_modset(const char* element, int id, const char* attribute, const char* input,
                            int* info) {
  using namespace msolve::system;
  const int result = Modset(Trim(element ? element : ""), id, Trim(attribute ? attribute : ""),
                            input ? input : "");
  if (info != nullptr) *info = result;
}

MSOLVE_EXPORT void modset_(const char* element, const int* id, const char* attribute,
                           const char* input, int* info, size_t element_length,
                           size_t attribute_length, size_t input_length) {
  using namespace msolve::system;
  *info = Modset(FortranString(element, element_length), *id,
                 FortranString(attribute, attribute_length), FortranString(input, input_length));
}

MSOLVE_EXPORT void errmes_(const int* errflg, const char* mesage, const int* id, const char* endflg,
                           size_t mesage_length, size_t endflg_length) {
  using namespace msolve::system;
  ErrorMessage(*errflg, FortranString(mesage, mesage_length), *id,
               FortranString(endflg, endflg_length));
}

namespace msolve::system {
namespace {

void ExportServices() {
  static std::once_flag once;
  std::call_once(once, [] {
    Dl_info info;
    if (dladdr(reinterpret_cast<void*>(&c_sysfnc), &info) == 0 || info.dli_fname == nullptr) return;
    // RTLD_NOLOAD: the object is loaded already; this only widens its scope. A program that
    // links the core statically is its own main object, global when linked with -rdynamic.
    dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
    dlerror();
  });
}

// The files `library` may name, most specific first (docs/motionsolve-compatibility.md
// §3.6): as written; then, without a directory, in the working directory, on the loader's
// path and in the directories of MS_USERDLL_DIR; each also with ".so" for a Windows ".dll"
// or a name without extension.
std::vector<std::string> Candidates(const std::string& library) {
  std::vector<std::string> places;
  if (library.find('/') != std::string::npos) {
    places.push_back(library);
  } else {
    places.push_back("./" + library);
    places.push_back(library);
    if (const char* dirs = std::getenv("MS_USERDLL_DIR")) {
      std::string list = dirs;
      size_t start = 0;
      while (start <= list.size()) {
        size_t end = list.find_first_of(";:", start);
        if (end == std::string::npos) end = list.size();
        const std::string dir = Trim(list.substr(start, end - start));
        if (!dir.empty()) places.push_back(dir + "/" + library);
        start = end + 1;
      }
    }
  }
  std::vector<std::string> names;
  for (const auto& place : places) {
    names.push_back(place);
    const size_t slash = place.rfind('/');
    const std::string file = slash == std::string::npos ? place : place.substr(slash + 1);
    if (EndsWith(place, ".dll"))
      names.push_back(place.substr(0, place.size() - 4) + ".so");
    else if (file.find('.') == std::string::npos)
      names.push_back(place + ".so");
  }
  return names;
}

}  // namespace

CompiledRoutine::CompiledRoutine(std::string spec) : spec_(std::move(spec)) {}

CompiledRoutine::~CompiledRoutine() {
  if (library_ != nullptr) dlclose(library_);
}

void CompiledRoutine::Load() const {
  // "library::FUNCTION", with MotionSolve's ∷ (U+2237) as the documentation prints it
  std::string library, function;
  size_t sep = spec_.rfind("::");
  size_t sep_length = 2;
  const size_t ratio = spec_.rfind("\xE2\x88\xB7");
  if (ratio != std::string::npos && (sep == std::string::npos || ratio > sep))
    sep = ratio, sep_length = 3;
  if (sep == std::string::npos) {
    function = Trim(spec_);
    const char* machine = std::getenv("MS_USERSUBDLL");
    if (machine == nullptr || Trim(machine).empty()) {
      problem_ = "routine '" + spec_ +
                 "' names no library: write 'library::FUNCTION', or set MS_USERSUBDLL to "
                 "the library of the user subroutines";
      return;
    }
    library = Trim(machine);
  } else {
    library = Trim(spec_.substr(0, sep));
    function = Trim(spec_.substr(sep + sep_length));
  }
  if (library.empty() || function.empty()) {
    problem_ = "routine '" + spec_ + "' must be 'library::FUNCTION' (both parts given)";
    return;
  }
  ExportServices();
  std::string first_error;
  std::string loaded;
  for (const auto& name : Candidates(library)) {
    dlerror();
    library_ = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library_ != nullptr) {
      loaded = name;
      break;
    }
    // a file that exists and does not load says why (an undefined symbol, a wrong format)
    const char* why = dlerror();
    if (first_error.empty() && why != nullptr && access(name.c_str(), F_OK) == 0) first_error = why;
  }
  if (library_ == nullptr) {
    problem_ = "routine '" + spec_ + "': cannot load the library '" + library + "'" +
               (first_error.empty() ? std::string(": no such file (looked in the working "
                                                  "directory, the loader's path and "
                                                  "MS_USERDLL_DIR)")
                                    : ": " + first_error);
    return;
  }
  // as written, then the gfortran name of a Fortran subroutine, then other cases
  for (const auto& symbol : {function, Lower(function) + "_", Upper(function), Lower(function)}) {
    dlerror();
    function_ = dlsym(library_, symbol.c_str());
    if (function_ != nullptr) return;
  }
  problem_ = "routine '" + spec_ + "': the library '" + loaded + "' has no function '" + function +
             "' (nor '" + Lower(function) + "_')";
  dlclose(library_);
  library_ = nullptr;
}

std::string CompiledRoutine::Unavailable() const {
  std::call_once(loaded_, [this] { Load(); });
  return problem_;
}

void CompiledRoutine::Control(std::vector<double> par, const Analys& analys, const Modify& modify,
                              const Modset& modset) const {
  const std::string why = Unavailable();
  if (!why.empty()) throw std::runtime_error(why);
  int npar = static_cast<int>(par.size());
  par.push_back(0.0);  // a valid pointer when npar is 0
  CallContext context;
  context.control = true;
  context.previous = g_context;
  g_context = &context;
  struct Restore {
    CallContext* context;
    const Analys* analys;
    const Modify* modify;
    const Modset* modset;
    ~Restore() {
      g_context = context->previous, g_analys = analys, g_modify = modify, g_modset = modset;
    }
  } restore{&context, g_analys, g_modify, g_modset};
  g_analys = &analys;
  g_modify = &modify;
  g_modset = &modset;
  // CONSUB(par, npar) (docs/motionsolve-compatibility.md §3.6)
  using Fn = void (*)(double*, int*);
  reinterpret_cast<Fn>(function_)(par.data(), &npar);
  if (context.interruption) std::rethrow_exception(context.interruption);
  if (!context.stop.empty())
    throw std::runtime_error("CONSUB '" + spec_ + "' stopped: " + context.stop);
}

void CompiledRoutine::Evaluate(const Call& call, double* out, int count) const {
  const std::string why = Unavailable();
  if (!why.empty()) throw std::runtime_error(why);

  int id = static_cast<int>(call.id);
  double time = call.time;
  std::vector<double> par = *call.par;
  int npar = static_cast<int>(par.size());
  par.push_back(0.0);  // a valid pointer when npar is 0
  int dflag = call.dflag ? 1 : 0;
  int iflag = call.iflag ? 1 : 0;
  int iord = call.iord;
  // the routine writes its results whether or not the solver wants them (the dependency
  // pass): a buffer as large as any it may write, NaN where it wrote nothing
  const int nstate = call.states ? static_cast<int>(call.states->size()) : 0;
  const int needed = call.form == Form::kGse     ? nstate + call.noutput
                     : call.form == Form::kField ? 78
                                                 : std::max(count, 9);
  std::vector<double> result(std::max(needed, 1), std::numeric_limits<double>::quiet_NaN());

  CallContext context;
  context.previous = g_context;
  g_context = &context;
  struct Restore {
    CallContext* context;
    ~Restore() { g_context = context->previous; }
  } restore{&context};

  switch (call.form) {
    case Form::kState: {
      using Fn = void (*)(int*, double*, double*, int*, int*, int*, double*);
      reinterpret_cast<Fn>(function_)(&id, &time, par.data(), &npar, &dflag, &iflag, result.data());
      break;
    }
    case Form::kMotion: {
      using Fn = void (*)(int*, double*, double*, int*, int*, int*, double*);
      reinterpret_cast<Fn>(function_)(&id, &time, par.data(), &npar, &iord, &iflag, result.data());
      break;
    }
    case Form::kRequest:
    case Form::kSensor: {
      using Fn = void (*)(int*, double*, double*, int*, int*, double*);
      reinterpret_cast<Fn>(function_)(&id, &time, par.data(), &npar, &iflag, result.data());
      break;
    }
    case Form::kGse: {
      using Fn = void (*)(int*, double*, double*, int*, int*, int*, int*, double*, int*, double*,
                          int*, double*, double*);
      std::vector<double> states = *call.states, inputs = *call.inputs;
      states.push_back(0.0), inputs.push_back(0.0);
      int ns = nstate, ninput = static_cast<int>(call.inputs->size()), noutput = call.noutput;
      double* stated = result.data();
      reinterpret_cast<Fn>(function_)(&id, &time, par.data(), &npar, &dflag, &iflag, &ns,
                                      states.data(), &ninput, inputs.data(), &noutput, stated,
                                      stated + nstate);
      break;
    }
    case Form::kField: {
      using Fn = void (*)(int*, double*, double*, int*, double*, double*, int*, int*, double*,
                          double*, double*);
      double disp[6], velo[6], matrices[72];
      std::copy(call.disp, call.disp + 6, disp);
      std::copy(call.velo, call.velo + 6, velo);
      std::fill(matrices, matrices + 72, std::numeric_limits<double>::quiet_NaN());
      reinterpret_cast<Fn>(function_)(&id, &time, par.data(), &npar, disp, velo, &dflag, &iflag,
                                      result.data(), matrices, matrices + 36);
      // DFDDIS(6,6) and DFDVEL(6,6) are Fortran arrays, DFDDIS(i,j) = d FIELD(i) / d DISP(j)
      // at (j-1)*6 + (i-1); the solver takes them row by row
      for (int m = 0; m < 2; ++m)
        for (int r = 0; r < 6; ++r)
          for (int c = 0; c < 6; ++c) result[6 + 36 * m + 6 * r + c] = matrices[36 * m + 6 * c + r];
      break;
    }
    case Form::kCoupler: {
      // COUSUB(id, time, par, npar, disp, ndisp, iflag, phi), COUXX(..., dfda),
      // COUXX2(..., d2fda2): the caller checks what was written (NaN: not written)
      using Fn = void (*)(int*, double*, double*, int*, double*, int*, int*, double*);
      double disp[3] = {0, 0, 0};
      std::copy(call.disp, call.disp + call.ndisp, disp);
      int ndisp = call.ndisp;
      reinterpret_cast<Fn>(function_)(&id, &time, par.data(), &npar, disp, &ndisp, &iflag,
                                      result.data());
      if (out) std::copy(result.begin(), result.begin() + count, out);
      break;
    }
    case Form::kCurve: {
      // CURSUB(id, par, npar, alpha, iord, iflag, values)
      using Fn = void (*)(int*, double*, int*, double*, int*, int*, double*);
      double alpha = call.alpha;
      reinterpret_cast<Fn>(function_)(&id, par.data(), &npar, &alpha, &iord, &iflag, result.data());
      break;
    }
    case Form::kSurface: {
      // SURSUB(id, par, npar, alpha, beta, iord, iflag, values)
      using Fn = void (*)(int*, double*, int*, double*, double*, int*, int*, double*);
      double alpha = call.alpha, beta = call.beta;
      reinterpret_cast<Fn>(function_)(&id, par.data(), &npar, &alpha, &beta, &iord, &iflag,
                                      result.data());
      break;
    }
  }
  if (call.form == Form::kCoupler) {
    if (context.interruption) std::rethrow_exception(context.interruption);
    if (!context.stop.empty()) throw std::runtime_error("the routine stopped: " + context.stop);
    return;
  }
  if (context.interruption) std::rethrow_exception(context.interruption);
  if (!context.stop.empty()) throw std::runtime_error("the routine stopped: " + context.stop);
  if (out == nullptr) return;
  for (int k = 0; k < count; ++k) {
    if (!std::isfinite(result[k]))
      throw std::runtime_error("the routine '" + spec_ + "' gave result " + std::to_string(k + 1) +
                               " of " + std::to_string(count) + " not finite (or left it unset)");
    out[k] = result[k];
  }
}

}  // namespace msolve::system
