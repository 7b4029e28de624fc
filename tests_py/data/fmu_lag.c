/* A first-order lag as an FMI 2.0 FMU, for model exchange and co-simulation (the tests of
 * msolve.Fmu, tests_py/test_fmu.py, compile it against the FMI headers fmpy ships):
 *
 *   x' = (u - x) / tau,  y = x,  x(0) = x0
 *
 * Variables (value references): 0 tau, 1 x0, 2 fail_time (parameters), 3 u (input),
 * 4 y (output, the state), 5 der(y). From time fail_time on, fmi2GetDerivatives and
 * fmi2DoStep return fmi2Error. Co-simulation steps the lag exactly with u held over the
 * step: x(t + h) = u + (x(t) - u) exp(-h / tau).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmi2Functions.h"

typedef struct {
  double tau, x0, fail_time, u, x, time;
  fmi2CallbackFunctions cb;
} Lag;

static double Rate(const Lag* m) { return (m->u - m->x) / m->tau; }

static void Log(Lag* m, const char* message) {
  if (m->cb.logger) m->cb.logger(m->cb.componentEnvironment, "lag", fmi2Error, "error", message);
}

const char* fmi2GetTypesPlatform(void) { return fmi2TypesPlatform; }
const char* fmi2GetVersion(void) { return fmi2Version; }

fmi2Component fmi2Instantiate(fmi2String name, fmi2Type type, fmi2String guid,
                              fmi2String location, const fmi2CallbackFunctions* cb,
                              fmi2Boolean visible, fmi2Boolean logging) {
  Lag* m = (Lag*)calloc(1, sizeof(Lag));
  (void)name, (void)type, (void)guid, (void)location, (void)visible, (void)logging;
  m->tau = 0.5;
  m->fail_time = 1e30;
  if (cb) m->cb = *cb;
  return m;
}

void fmi2FreeInstance(fmi2Component c) { free(c); }

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean on, size_t n,
                               const fmi2String categories[]) {
  (void)c, (void)on, (void)n, (void)categories;
  return fmi2OK;
}

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean tol_defined, fmi2Real tol,
                               fmi2Real start, fmi2Boolean stop_defined, fmi2Real stop) {
  (void)tol_defined, (void)tol, (void)stop_defined, (void)stop;
  ((Lag*)c)->time = start;
  return fmi2OK;
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c) { return fmi2OK; }

fmi2Status fmi2ExitInitializationMode(fmi2Component c) {
  Lag* m = (Lag*)c;
  if (!(m->tau > 0)) {
    Log(m, "tau must be > 0");
    return fmi2Error;
  }
  m->x = m->x0;
  return fmi2OK;
}

fmi2Status fmi2Terminate(fmi2Component c) { return fmi2OK; }
fmi2Status fmi2Reset(fmi2Component c) {
  Lag* m = (Lag*)c;
  m->tau = 0.5, m->x0 = 0, m->fail_time = 1e30, m->u = 0, m->x = 0, m->time = 0;
  return fmi2OK;
}

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                       fmi2Real value[]) {
  Lag* m = (Lag*)c;
  for (size_t k = 0; k < n; ++k) {
    switch (vr[k]) {
      case 0: value[k] = m->tau; break;
      case 1: value[k] = m->x0; break;
      case 2: value[k] = m->fail_time; break;
      case 3: value[k] = m->u; break;
      case 4: value[k] = m->x; break;
      case 5: value[k] = Rate(m); break;
      default: return fmi2Error;
    }
  }
  return fmi2OK;
}

fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                       const fmi2Real value[]) {
  Lag* m = (Lag*)c;
  for (size_t k = 0; k < n; ++k) {
    switch (vr[k]) {
      case 0: m->tau = value[k]; break;
      case 1: m->x0 = value[k]; break;
      case 2: m->fail_time = value[k]; break;
      case 3: m->u = value[k]; break;
      default: return fmi2Error;
    }
  }
  return fmi2OK;
}

fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                          fmi2Integer value[]) {
  return n ? fmi2Error : fmi2OK;
}
fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                          fmi2Boolean value[]) {
  return n ? fmi2Error : fmi2OK;
}
fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                         fmi2String value[]) {
  return n ? fmi2Error : fmi2OK;
}
fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                          const fmi2Integer value[]) {
  return n ? fmi2Error : fmi2OK;
}
fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                          const fmi2Boolean value[]) {
  return n ? fmi2Error : fmi2OK;
}
fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                         const fmi2String value[]) {
  return n ? fmi2Error : fmi2OK;
}

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* s) { return fmi2Error; }
fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate s) { return fmi2Error; }
fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate* s) { return fmi2Error; }
fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate s, size_t* n) {
  return fmi2Error;
}
fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate s, fmi2Byte b[], size_t n) {
  return fmi2Error;
}
fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte b[], size_t n,
                                   fmi2FMUstate* s) {
  return fmi2Error;
}
fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference u[], size_t nu,
                                        const fmi2ValueReference z[], size_t nz,
                                        const fmi2Real dz[], fmi2Real dv[]) {
  return fmi2Error;
}

/* model exchange */
fmi2Status fmi2EnterEventMode(fmi2Component c) { return fmi2OK; }
fmi2Status fmi2NewDiscreteStates(fmi2Component c, fmi2EventInfo* info) {
  memset(info, 0, sizeof(*info));
  return fmi2OK;
}
fmi2Status fmi2EnterContinuousTimeMode(fmi2Component c) { return fmi2OK; }
fmi2Status fmi2CompletedIntegratorStep(fmi2Component c, fmi2Boolean no_set_prior,
                                       fmi2Boolean* enter_event_mode, fmi2Boolean* terminate) {
  *enter_event_mode = fmi2False, *terminate = fmi2False;
  return fmi2OK;
}
fmi2Status fmi2SetTime(fmi2Component c, fmi2Real time) {
  ((Lag*)c)->time = time;
  return fmi2OK;
}
fmi2Status fmi2SetContinuousStates(fmi2Component c, const fmi2Real x[], size_t n) {
  ((Lag*)c)->x = x[0];
  return fmi2OK;
}
fmi2Status fmi2GetDerivatives(fmi2Component c, fmi2Real dx[], size_t n) {
  Lag* m = (Lag*)c;
  if (m->time >= m->fail_time) {
    Log(m, "the lag failed on purpose (fail_time)");
    return fmi2Error;
  }
  dx[0] = Rate(m);
  return fmi2OK;
}
fmi2Status fmi2GetEventIndicators(fmi2Component c, fmi2Real z[], size_t n) { return fmi2OK; }
fmi2Status fmi2GetContinuousStates(fmi2Component c, fmi2Real x[], size_t n) {
  x[0] = ((Lag*)c)->x;
  return fmi2OK;
}
fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component c, fmi2Real x[], size_t n) {
  x[0] = 1.0;
  return fmi2OK;
}

/* co-simulation */
fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                                       const fmi2Integer order[], const fmi2Real value[]) {
  return fmi2Error;
}
fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference vr[],
                                        size_t n, const fmi2Integer order[], fmi2Real value[]) {
  return fmi2Error;
}
fmi2Status fmi2DoStep(fmi2Component c, fmi2Real t, fmi2Real h, fmi2Boolean no_set_prior) {
  Lag* m = (Lag*)c;
  if (t + h >= m->fail_time) {
    Log(m, "the lag failed on purpose (fail_time)");
    return fmi2Error;
  }
  m->x = m->u + (m->x - m->u) * exp(-h / m->tau);
  m->time = t + h;
  return fmi2OK;
}
fmi2Status fmi2CancelStep(fmi2Component c) { return fmi2Error; }
fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind s, fmi2Status* v) {
  return fmi2Error;
}
fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind s, fmi2Real* v) {
  return fmi2Error;
}
fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind s, fmi2Integer* v) {
  return fmi2Error;
}
fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind s, fmi2Boolean* v) {
  return fmi2Error;
}
fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind s, fmi2String* v) {
  return fmi2Error;
}
