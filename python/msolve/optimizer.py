"""Design sensitivity analysis and the optimiser of MotionSolve's optimisation toolkit
(docs/motionsolve-compatibility.md §9, docs/equations.md §4.7).

The sensitivities are finite differences: the model's analyses are run again from the
start with one Dv's ``b`` moved by a step, and the change of every response (and of every
Rv's RVAL at the end) divided by the step. ``simulate(dsa=...)`` does that after the run
(every documented method, FD, FD_SERIAL, AUTO, DIRECT, ADJOINT, is computed so; NONE is
none) and leaves the model as the run left it. ``Optimizer`` minimises the weighted sum of
its objectives with SciPy's SLSQP, the Dvs within their ``blimit``, its inequality
constraints >= 0 and equality constraints = 0, each design evaluated by a fresh run.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .base import SolverObject, current_model
from .design import Dv, Rv
from .log import logger
from .properties import Bool, Double, Doubles, Int, Property, Str
from .responses import Items, _Response

__all__ = ["Optimizer"]

_DSA_METHODS = ("FD", "FD_SERIAL", "AUTO", "DIRECT", "ADJOINT", "NONE")


def design_variables(model):
    """The model's Dvs that take part in DSA and optimisation (``sensitivity`` True)."""
    return [dv for dv in model.getChildren(Dv) if dv.active and dv.sensitivity]


def _step(dv, b, fd_step):
    """The finite-difference step of a Dv's b: relative to b (at least fd_step), towards
    the inside of blimit."""
    step = fd_step * max(1.0, abs(b))
    if dv.blimit and b + step > dv.blimit[1]:
        step = -step
    return step


class _Replay:
    """Runs a model's analyses again from the start without disturbing its running
    analysis: the analysis state, results and result files are put back afterwards."""

    _FIELDS = ("_simulation", "_compiled", "_halted_by", "results", "_runs", "_noted", "_files")

    def __init__(self, model):
        self.model = model
        self.saved = {key: model.__dict__.get(key) for key in self._FIELDS}
        self.runs = [r for r in model._runs if str(r["type"]).upper() != "LINEAR"]

    def run(self):
        model = self.model
        model._simulation = model._compiled = model._halted_by = model.results = None
        model._runs, model._noted, model._files = [], set(), None
        for k, run in enumerate(self.runs):
            start = run.get("start") if k == 0 else None
            model.simulate(
                type=run["type"],
                end=run["end"],
                dtout=run["dtout"],
                start=0.0 if start is None else start,
                verbose=False,
            )

    def restore(self):
        self.model.__dict__.update(self.saved)


def _measures(model):
    """The responses of the model and its Rvs that are not a response's: what DSA
    differentiates."""
    found = [obj for obj in model.getChildren() if isinstance(obj, _Response)]
    owned = {id(rv) for r in found for rv in r._rvs}
    found += [rv for rv in model.getChildren(Rv) if rv.active and id(rv) not in owned]
    return found


def _measure(obj, results):
    if isinstance(obj, _Response):
        return obj.value
    return float(results.getObject(obj).getComponent("RVAL")[-1])


def design_sensitivity(model, method, results, fd_step=1.0e-6):
    """simulate(dsa=...): the derivatives of the responses and Rvs with respect to the Dvs
    by finite differences, in ``results.dsary`` (one row per response, one column per Dv,
    with ``results.dsaResponses`` and ``results.dsaDvs``) and in each response's
    ``sensitivity``; returns the messages for the log."""
    word = str(method).upper()
    if word not in _DSA_METHODS:
        raise ValueError(f"simulate: dsa must be one of {', '.join(_DSA_METHODS)}, got {method!r}")
    if word == "NONE":
        return []
    dvs, measures = design_variables(model), _measures(model)
    notes = []
    if word not in ("FD", "FD_SERIAL"):
        notes.append(f"simulate: dsa = {method!r} computed by finite differences (FD_SERIAL)")
    if not dvs or not measures:
        notes.append(f"simulate: dsa = {method!r}: the model has no design variables or responses")
        return notes
    nominal, complete = [], []
    for obj in measures:
        try:
            nominal.append(_measure(obj, results))
            complete.append(obj)
        except ValueError as e:
            notes.append(f"simulate: dsa: {e}; left out")
    measures, nominal = complete, np.array(nominal)
    if not measures:
        return notes
    matrix = np.zeros((len(measures), len(dvs)))
    replay = _Replay(model)
    try:
        for j, dv in enumerate(dvs):
            b0 = dv.b
            step = _step(dv, b0, fd_step)
            dv.b = b0 + step
            try:
                replay.run()
                moved = np.array([_measure(m, model.results) for m in measures])
            finally:
                dv.b = b0
            matrix[:, j] = (moved - nominal) / step
    finally:
        replay.restore()
    results.dsary, results.dsaResponses, results.dsaDvs = matrix, measures, dvs
    for row, obj in zip(matrix, measures):
        if isinstance(obj, _Response):
            obj.__dict__["sensitivity"] = list(row)
    notes.append(
        f"simulate: dsa: {len(measures)} responses by {len(dvs)} design variables "
        f"by finite differences ({len(dvs)} more runs)"
    )
    return notes


class _Callable(Property):
    """A Python callable (or None)."""

    annotation = Callable  # for signatures (msolve/signatures.py)

    def convert(self, obj, value):
        if value is not None and not callable(value):
            raise self.error(obj, "must be a callable", value)
        return value


class Optimizer(SolverObject):
    """MotionSolve's Optimizer: minimises sum(weights[i] * objective[i].value) over the
    model's Dvs (``b`` within ``blimit``) with SciPy's SLSQP, subject to
    ``ineqConstraints`` (responses >= 0) and ``eqConstraints`` (responses = 0). Each design
    is evaluated by a fresh run: ``simFunction`` (or ``simMethod``), called without
    arguments, or ``simulate(type, end, dtout)``. The gradients are finite differences of
    step ``fdStep`` (relative to b). ``optimize()`` returns the optimal b values (the
    model is left at the optimum); ``cost(x)`` and ``sensitivity(x)`` give the objective
    and its gradient at the design x, for other algorithms."""

    _aliases = {"objectives": "objective", "weight": "weights"}

    objective = Items(doc="The responses whose weighted sum is minimised.")
    weights = Doubles(doc="The weight of each objective (1 each by default).")
    method = Str("SLSQP", doc="The optimisation method: SLSQP.")
    eqConstraints = Items(doc="Responses that must be 0 at the optimum.")
    ineqConstraints = Items(doc="Responses that must be >= 0 at the optimum.")
    maxit = Int(50, doc="The largest number of iterations.")
    accuracy = Double(1.0e-3, doc="The accuracy that ends the optimisation.")
    dsa = Str("FD", doc="The sensitivity method (computed by finite differences).")
    fdStep = Double(1.0e-6, doc="The finite-difference step, relative to b.")
    type = Str("STATICS", doc="The analysis of each run.")
    end = Double(0.0, doc="The end time of each run.")
    dtout = Double(0.01, doc="The output interval of each run.")
    simFunction = _Callable(doc="A function running the analyses of one design.")
    simMethod = _Callable(doc="The same as simFunction.")
    plot = Bool(False, doc="Plot the history.", no_effect="msolve draws no plots; see history")

    def __init__(self, **kwds):
        self.__dict__["_cache"] = {}
        self.__dict__["history"] = []  # (iteration, cost) after each evaluation
        self.__dict__["result"] = None  # SciPy's OptimizeResult of the last optimize()
        SolverObject.__init__(self, **kwds)
        if not self.label:
            self.label = "Optimizer"

    def _property_changed(self, name):
        super()._property_changed(name)
        self.__dict__.get("_cache", {}).clear()

    # -- the problem ----------------------------------------------------------------------

    def _the_model(self):
        model = self.__dict__.get("_model") or current_model()
        if model is None:
            raise ValueError(f"{self._describe()}: it belongs to no model")
        return model

    def _dvs(self):
        dvs = design_variables(self._the_model())
        if not dvs:
            raise ValueError(f"{self._describe()}: the model has no design variables (Dv)")
        unset = [dv for dv in dvs if dv.b is None]
        if unset:
            raise ValueError(
                f"{unset[0]._describe()}: b (the value of the design variable) is not set"
            )
        return dvs

    def _weights(self):
        objectives = self.objective
        if not objectives:
            raise ValueError(f"{self._describe()}: attribute 'objective' is not set")
        weights = list(self.weights) or [1.0] * len(objectives)
        if len(weights) != len(objectives):
            raise ValueError(
                f"{self._describe()}: {len(weights)} weights for {len(objectives)} objectives"
            )
        return np.array(weights)

    def _values(self, x):
        """(objectives, inequality, equality) values at the design x (cached)."""
        key = tuple(float(v) for v in x)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        dvs, model = self._dvs(), self._the_model()
        for dv, b in zip(dvs, key):
            low, high = dv.blimit or (-np.inf, np.inf)
            dv.b = min(max(b, low), high)  # SLSQP may step a rounding error outside
        model.reset()
        run = self.simFunction or self.simMethod
        if run is not None:
            run()
        else:
            model.simulate(type=self.type, end=self.end, dtout=self.dtout, verbose=False)

        def read(items):
            return np.array([r.value if isinstance(r, _Response) else float(r) for r in items])

        values = (read(self.objective), read(self.ineqConstraints), read(self.eqConstraints))
        self._cache[key] = values
        return values

    def _gradients(self, x):
        """d(values)/dx by forward differences (the step towards the inside of blimit):
        three matrices, one row per response, one column per Dv."""
        x = np.asarray(x, dtype=float)
        base = self._values(x)
        gradients = [np.zeros((len(v), len(x))) for v in base]
        for j, dv in enumerate(self._dvs()):
            step = _step(dv, x[j], self.fdStep)
            moved = x.copy()
            moved[j] += step
            values = self._values(moved)
            for k in range(3):
                gradients[k][:, j] = (values[k] - base[k]) / step
        return gradients

    # -- documented methods ---------------------------------------------------------------

    def cost(self, x):
        """The objective sum(weights * objectives) at the design x (the Dvs' b values)."""
        value = float(self._weights() @ self._values(x)[0])
        self.history.append(value)
        return value

    def sensitivity(self, x):
        """The gradient of the objective with respect to the design x."""
        return self._weights() @ self._gradients(x)[0]

    def optimize(self, accuracy=None, maxit=None):
        """Run the optimisation; returns the optimal design (the Dvs' b values, in the
        order the Dvs were created) and leaves the Dvs and the model there."""
        try:
            from scipy.optimize import minimize
        except ImportError:
            raise ImportError(
                "Optimizer.optimize needs SciPy (pip install scipy, or msolve[optimize])"
            ) from None
        if str(self.method).upper() != "SLSQP":
            raise ValueError(f"{self._describe()}: method must be SLSQP, got {self.method!r}")
        dvs = self._dvs()
        x0 = np.array([dv.b for dv in dvs], dtype=float)
        bounds = [tuple(dv.blimit) if dv.blimit else (None, None) for dv in dvs]
        constraints = []
        for kind, k, items in (("ineq", 1, self.ineqConstraints), ("eq", 2, self.eqConstraints)):
            for i in range(len(items)):
                constraints.append(
                    {
                        "type": kind,
                        "fun": lambda x, k=k, i=i: self._values(x)[k][i],
                        "jac": lambda x, k=k, i=i: self._gradients(x)[k][i],
                    }
                )
        options = {
            "ftol": float(self.accuracy if accuracy is None else accuracy),
            "maxiter": int(self.maxit if maxit is None else maxit),
        }
        result = minimize(
            self.cost,
            x0,
            jac=self.sensitivity,
            method="SLSQP",
            bounds=bounds,
            constraints=constraints,
            options=options,
        )
        self.__dict__["result"] = result
        self._cache.pop(tuple(float(v) for v in result.x), None)
        self._values(result.x)  # the model's last run is the optimum's
        logger.info(
            f"{self._describe()}: {result.message} after {result.nit} iterations, cost "
            f"{result.fun:.6g} at b = {', '.join(f'{v:.6g}' for v in result.x)}"
        )
        return np.array([dv.b for dv in dvs])
