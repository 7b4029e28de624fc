"""The FMU behind an msolve.Fmu (fmu.py), run through fmpy: its model description checked,
its binary loaded, and the GSESUB-shaped call the solver makes (cpp/system/general_states.*)
answered from it. Imported only when a model holds an Fmu (fmpy is optional).

Model exchange: each call sets the time, the continuous states and the inputs and reads the
derivatives and the outputs; the FMU keeps nothing between calls that the solver does not
give it again. Co-simulation: the communication points are t0 + k h (t0 the time of the
first call, h the interval); the output at time t is the one the FMU gave at the last point
t_k <= t, and the step from t_k to t_k+1 is made, once, when the solver first asks for a
time at or past t_k+1, with the input of the earliest time the solver evaluated in
[t_k, t_k+1) (the input held over the step; docs/equations.md §4.5).
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import shutil

import fmpy
from fmpy import calloc, free
from fmpy.fmi2 import (
    FMU2Model,
    FMU2Slave,
    fmi2CallbackAllocateMemoryTYPE,
    fmi2CallbackFreeMemoryTYPE,
    fmi2CallbackFunctions,
    fmi2CallbackLoggerTYPE,
)

_KINDS = {"ME": "model exchange", "CS": "co-simulation"}
# relative slack in time when placing a time among the communication points
_SLACK = 1e-9


class FmuError(Exception):
    """What is wrong with the FMU; the Fmu makes it a ModelError naming itself."""


def _reals(variables, role):
    for v in variables:
        if v.type != "Real":
            raise FmuError(
                f"its {role} '{v.name}' is of type {v.type}; msolve connects Real inputs and "
                "outputs only"
            )
    return [v.valueReference for v in variables]


class FmuUnit:
    """One FMU instance: ``inputs`` and ``outputs`` (names, in the FMU's order), ``states``
    (model exchange), ``start`` (the initial states once started) and the call the solver
    makes."""

    def __init__(self, path, kind, var_name, var_ic, interval):
        try:
            md = fmpy.read_model_description(path)
        except Exception as e:
            raise FmuError(f"cannot read the FMU '{path}': {e}") from None
        if md.fmiVersion != "2.0":
            raise FmuError(f"'{path}' is an FMI {md.fmiVersion} FMU; msolve runs FMI 2.0 FMUs")
        interface = md.modelExchange if kind == "ME" else md.coSimulation
        if interface is None:
            other = "CS" if kind == "ME" else "ME"
            raise FmuError(
                f"'{path}' has no {_KINDS[kind]} interface (type='{kind}'); use type='{other}'"
            )
        if kind == "ME" and md.numberOfEventIndicators:
            raise FmuError(
                f"'{path}' has {md.numberOfEventIndicators} event indicators (state events), "
                "which msolve's model-exchange coupling does not handle; use type='CS'"
            )
        self.kind, self.path, self._md, self._interface = kind, path, md, interface
        inputs = [v for v in md.modelVariables if v.causality == "input"]
        outputs = [u.variable for u in md.outputs] or [
            v for v in md.modelVariables if v.causality == "output"
        ]
        self._u_vr, self._y_vr = _reals(inputs, "input"), _reals(outputs, "output")
        self.inputs = [v.name for v in inputs]
        self.outputs = [v.name for v in outputs]
        self.states = md.numberOfContinuousStates if kind == "ME" else 0
        self._var = None
        if var_name:
            found = [v for v in md.modelVariables if v.name == var_name]
            if not found:
                known = ", ".join(v.name for v in md.modelVariables[:20])
                raise FmuError(f"var_name '{var_name}' is not a variable of the FMU ({known})")
            self._var = (found[0], var_ic)
        if kind == "CS":
            if interval is None and md.defaultExperiment is not None:
                interval = md.defaultExperiment.stepSize
            if not interval or float(interval) <= 0:
                raise FmuError(
                    "a co-simulation FMU needs its communication interval: set interval (or "
                    "the Integrator's hmax; the FMU gives no default step size)"
                )
            self.interval = float(interval)
        self._dir = fmpy.extract(path)
        self._fmu = None
        self._log = []  # the FMU's warnings and errors since the last call
        self.start = []

    # -- the instance ------------------------------------------------------------------

    def _instantiate(self):
        self._free()
        cls = FMU2Model if self.kind == "ME" else FMU2Slave
        try:
            fmu = cls(
                guid=self._md.guid,
                unzipDirectory=self._dir,
                modelIdentifier=self._interface.modelIdentifier,
                instanceName=self._interface.modelIdentifier,
            )
        except Exception as e:
            raise FmuError(f"cannot load the binary of '{self.path}': {e}") from None
        callbacks = fmi2CallbackFunctions()
        callbacks.logger = fmi2CallbackLoggerTYPE(self._logger)
        callbacks.allocateMemory = fmi2CallbackAllocateMemoryTYPE(calloc)
        callbacks.freeMemory = fmi2CallbackFreeMemoryTYPE(free)
        from fmpy.logging import addLoggerProxy

        addLoggerProxy(ctypes.byref(callbacks))
        self._callbacks = callbacks  # the FMU keeps a pointer to them
        self._fmu = fmu
        self._checked(lambda: fmu.instantiate(callbacks=callbacks), FmuError)

    def _logger(self, component, instance, status, category, message):
        if status >= 1:  # warning, discard, error, fatal
            text = message.decode("utf-8", "replace") if message else ""
            self._log = [*self._log[-4:], text]

    def _checked(self, action, error=RuntimeError):
        """Run an FMI call; a failure raises `error` with what the FMU logged."""
        self._log = []
        try:
            return action()
        except Exception as e:
            said = f" (the FMU logged: {'; '.join(self._log)})" if self._log else ""
            raise error(f"{e}{said}") from None

    def _initialise(self, start_time, inputs=()):
        fmu = self._fmu
        fmu.setupExperiment(startTime=start_time)
        if self._var is not None:
            variable, value = self._var
            setter = {"Real": fmu.setReal, "Integer": fmu.setInteger, "Boolean": fmu.setBoolean}
            if variable.type not in setter:
                raise FmuError(f"var_name '{variable.name}' is a {variable.type}, not a number")
            cast = {"Real": float, "Integer": int, "Boolean": bool}[variable.type]
            setter[variable.type]([variable.valueReference], [cast(value)])
        fmu.enterInitializationMode()
        if self._u_vr and inputs:
            fmu.setReal(self._u_vr, list(inputs))
        fmu.exitInitializationMode()

    def restart(self):
        """A fresh instance for an analysis from its start (the first simulate, or after
        reset): model exchange initialises it at time 0 and reads its initial states;
        co-simulation initialises at the solver's first call."""
        self._instantiate()
        self._history = []  # co-simulation: the outputs at the communication points
        self._earliest = {}  # co-simulation: interval -> (time, inputs) first seen in it
        if self.kind == "ME":
            self._checked(lambda: self._start_model_exchange(), FmuError)

    def _start_model_exchange(self):
        fmu = self._fmu
        self._initialise(0.0)
        while True:
            needed, terminate, _, _, timed, when = fmu.newDiscreteStates()
            if timed:
                raise FmuError(
                    f"it asks for a time event at {when:g}, which msolve's model-exchange "
                    "coupling does not handle; use type='CS'"
                )
            if not needed or terminate:
                break
        fmu.enterContinuousTimeMode()
        n = self.states
        self._x = (ctypes.c_double * max(n, 1))()
        self._dx = (ctypes.c_double * max(n, 1))()
        if n:
            fmu.getContinuousStates(self._x, n)
        self.start = list(self._x[:n])

    @property
    def running(self):
        return self._fmu is not None

    def close(self):
        self._free()
        shutil.rmtree(self._dir, ignore_errors=True)

    def _free(self):
        fmu, self._fmu = self._fmu, None
        if fmu is not None:
            # an FMU that failed may refuse to terminate; it is freed all the same
            with contextlib.suppress(Exception):
                fmu.terminate()
            fmu.freeInstance()

    # -- the solver's call (GSESUB's arguments) ----------------------------------------

    def __call__(self, id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
        if self._fmu is None:
            raise RuntimeError("the FMU is not running (its model was not compiled)")
        if self.kind == "ME":
            return self._checked(lambda: self._evaluate(time, states, input))
        return self._checked(lambda: self._held(time, list(input), dflag))

    def _evaluate(self, time, states, inputs):
        fmu, n = self._fmu, self.states
        fmu.setTime(time)
        if n:
            for k in range(n):
                self._x[k] = states[k]
            fmu.setContinuousStates(self._x, n)
        if self._u_vr:
            fmu.setReal(self._u_vr, list(inputs))
        rates = []
        if n:
            fmu.getDerivatives(self._dx, n)
            rates = list(self._dx[:n])
        return rates, (fmu.getReal(self._y_vr) if self._y_vr else [])

    def _held(self, time, inputs, perturbed):
        """Co-simulation: the output held at `time`, stepping the FMU to the communication
        point at or before it first."""
        if not self._history:
            self._t0 = time
            self._initialise(time, inputs)
            self._history.append(self._outputs())
        h = self.interval
        k = max(0, math.floor((time - self._t0) / h + _SLACK))
        if not perturbed and k >= len(self._history) - 1:
            # the earliest time evaluated in its interval gives the input held over the step
            seen = self._earliest.get(k)
            if seen is None or time <= seen[0]:
                self._earliest[k] = (time, inputs)
        while len(self._history) <= k:
            last = len(self._history) - 1
            held = self._earliest.pop(last, (None, inputs))[1]
            fmu = self._fmu
            if self._u_vr:
                fmu.setReal(self._u_vr, held)
            fmu.doStep(self._t0 + last * h, h)
            self._history.append(self._outputs())
        return [], self._history[k]

    def _outputs(self):
        return self._fmu.getReal(self._y_vr) if self._y_vr else []
