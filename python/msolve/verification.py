"""The verification analysis (``Model.verify``): the model sent to the solver and checked
without running an analysis. MotionSolve's reference gives the method one line ("Sends the
model to solver and performs a verification analysis", the msolve Model Autosummary); msolve
performs the checks of its first ``simulate`` on a compilation of its own, so the model's
analysis state (time, positions, the running integrator) stays as it was:

1. the Composites' ``validateSelf`` and the references between entities;
2. the compilation: every entity's attributes, the routines' dependency pass, and the
   elements msolve refuses (``msolve/refused.py``);
3. the initial conditions (``simulate(type="ASSEMBLY")``): the constraints assembled from
   the current state, the redundant constraint equations set aside, how far parts moved;
4. the degrees of freedom: the independent coordinates of the linearised model
   (docs/equations.md §10.2), and the control states.

It returns SimulationResults whose ``messages`` say what was found (also in the log). It
raises ModelError when the model does not compile or its constraints cannot be assembled
(naming the joints left open), MsolveError with the results when a routine fails in the
initial conditions."""

from __future__ import annotations

from . import _core
from .base import check_references
from .log import logger
from .placement import resolved
from .results import SimulationResults


def verify_model(model):
    """Model.verify: the checks above; the model's own analysis is not touched."""
    from .model import MsolveError

    model._check_not_halted()
    model._validate()
    model._before_compile()
    check_references(model, [obj for obj in model._entities if hasattr(obj, "_core_type")])
    try:
        with resolved(model._entities):
            copy = _core.Simulation(model)
    except _core.RoutineError as e:
        raise MsolveError(f"verify: the model could not be compiled: {e}") from None
    if model._simulation is not None:
        copy.continue_from(model._simulation)
    end, dtout = _core.resolve_simulate_options(model, copy.time, "ASSEMBLY")
    try:
        core = copy.simulate("ASSEMBLY", end, dtout)
    except _core.ModelError as e:
        # the constraints cannot be assembled: the error names the joints left open
        raise _core.ModelError(f"verify: the initial conditions failed: {e}") from None
    results = SimulationResults(core)
    results.messages.insert(0, f"verify: the model compiled at time {copy.time:.9g}")
    if not results.ok:
        results.messages.append(f"verify: the initial conditions failed: {results.error}")
        _log(results)
        raise MsolveError(f"verify: the initial conditions failed: {results.error}", results)
    results.messages.append(_freedom(copy))
    results.messages.append("verify: no error found")
    _log(results)
    return results


def _freedom(simulation):
    """The line that counts the degrees of freedom (from the linearised model)."""
    try:
        linear = simulation.linear(None, None).linear
    except (_core.ModelError, _core.SolverError) as e:
        # no freedom left (a fully constrained model), or a free direction without mass
        return f"verify: degrees of freedom not counted: {e}"
    controls = len(linear.states) - 2 * linear.dof
    return f"verify: {linear.dof} degrees of freedom, {controls} control states"


def _log(results):
    for line in results.messages:
        logger.info(line)
