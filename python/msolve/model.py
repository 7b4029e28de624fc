"""Model: the container every entity joins, and the analyses."""

from __future__ import annotations

import functools
import threading
import warnings

from . import _core
from .base import _set_current_model, check_references, write_summary
from .channels import units_table
from .composite import Composite, _matches
from .control import run_control
from .frequency_response import frequency_response
from .interruption import signals_recorded
from .linear import make_results
from .log import logger
from .model_views import model_html
from .notices import no_effect_notes, simulate_notes
from .optimizer import design_sensitivity
from .pickling import reduce_model
from .placement import resolved
from .progress import Progress
from .result_files import OutputFiles
from .results import SimulationResults
from .saved_state import halt_event, read_state, write_state
from .snapshot import same_snapshot, solver_snapshot
from .verification import verify_model


class MsolveError(RuntimeError):
    """An analysis ended early. ``results`` holds what was computed up to that point."""

    def __init__(self, message, results=None):
        super().__init__(message)
        self.results = results


def _one_at_a_time(method):
    """One analysis of a model at a time: a thread calling while another runs waits; a call
    from inside the running analysis (a routine's) is refused."""

    @functools.wraps(method)
    def run(self, *args, **kwds):
        if self._running_in == threading.get_ident():
            raise RuntimeError(
                f"{method.__name__.lstrip('_')}: called while this model's analysis runs (from "
                "one of its routines); one analysis of a model runs at a time"
            )
        with self._run_lock:
            self._running_in = threading.get_ident()
            try:
                return method(self, *args, **kwds)
            finally:
                self._running_in = None

    return run


class Model(_core.ModelSpec):
    """The model: ``model = Model(output="pendulum")``. Every entity created afterwards
    belongs to it; arbitrary attributes may be attached (``model.r1 = Request(...)``).
    ``output`` names the result files written while the analyses run (``pendulum.h5``,
    ``pendulum.csv``, ``pendulum.log``: result_files.py); with ``keep_results=False`` the
    results stay in the files only (memory bounded; the results objects hold the last
    output; ``msolve.read_results("pendulum.h5")`` reads them all)."""

    def __init__(self, output=None, keep_results=True, label=None, **kwds):
        _core.ModelSpec.__init__(self)
        self.output = output
        # a description of the model (exports give the assembly's name); the log names it
        self.label = None if label is None else str(label)
        self._keep_results = bool(keep_results)
        self._entities = []
        self._by_class = {}
        self._ids = {}  # id(entity) -> its id in _by_class
        self._auto = {}
        self._simulation = None
        self._compiled = None  # what the solver was given: _solver_snapshot() at compile
        self._halted_by = None  # the SensorEvent whose halt ended the analysis
        self.results = None
        self._runs = []  # the simulate calls made, for save_model's Command block
        self._noted = set()  # attributes reported "accepted, no effect" in this analysis
        self._placement_notes = []  # what the last compile could not honour (placement.py)
        # <output>.log, .csv and .h5 (msolve/result_files.py)
        self._files = self._output_files()
        self._run_lock = threading.Lock()
        self._running_in = None  # the thread running an analysis of this model
        for key in kwds:
            warnings.warn(f"Model: unknown argument '{key}' ignored", stacklevel=2)
        _set_current_model(self)

    def __reduce__(self):
        """A Model pickles through its dataset form and its routines (msolve/pickling.py):
        the description travels, the state and results of its runs do not."""
        return reduce_model(self)

    # -- registration --------------------------------------------------------------------

    @staticmethod
    def _class_key(obj):
        # every Composite class numbers its own objects
        if isinstance(obj, Composite):
            return type(obj).__name__
        # classes that share one sequence of ids (the graphics)
        shared = getattr(type(obj), "_id_class", None)
        if shared is not None:
            return shared
        for klass in type(obj).__mro__:
            if klass.__module__.startswith("msolve.") and klass.__name__[0] != "_":
                return klass.__name__
        return type(obj).__name__

    def _register(self, obj, explicit_id):
        key = self._class_key(obj)
        used = self._by_class.setdefault(key, {})
        if explicit_id is None:
            n = self._auto.get(key, 1)
            while n in used:
                n += 1
            self._auto[key] = n + 1
            ident = n
        else:
            ident = explicit_id
        obj.__dict__["_model"] = None  # no change notifications while being built
        obj.id = ident
        obj.__dict__["_model"] = self
        self._reindex(obj)
        self._entities.append(obj)
        if hasattr(obj, "_core_type"):
            self._add(obj)

    def _changed(self, obj, name):
        if name == "id":
            self._reindex(obj)

    def _reindex(self, obj):
        key = self._class_key(obj)
        used = self._by_class.setdefault(key, {})
        ident = obj.id
        if ident <= 0:
            raise ValueError(f"{obj._describe()}: id must be a positive integer, got {ident}")
        holder = used.get(ident)
        if holder is not None and holder is not obj:
            raise ValueError(f"{type(obj).__name__} id {ident} is already used by {holder!r}")
        previous = self._ids.get(id(obj))
        if previous is not None and used.get(previous) is obj:
            del used[previous]
        used[ident] = obj
        self._ids[id(obj)] = ident

    def __setattr__(self, key, value):
        object.__setattr__(self, key, value)

    # -- lookup --------------------------------------------------------------------------

    def lookupById(self, type, id):
        """The entity of class ``type`` (a class or its name) with the given id, or None."""
        name = type if isinstance(type, str) else type.__name__
        return self._by_class.get(name, {}).get(id)

    def lookupByName(self, type, name):
        """The first entity of class ``type`` whose ``name`` (or label) is ``name``."""
        cls_name = type if isinstance(type, str) else type.__name__
        for obj in self._by_class.get(cls_name, {}).values():
            if getattr(obj, "name", None) == name or getattr(obj, "label", None) == name:
                return obj
        return None

    def getChildren(self, type=None, name=None, recursive=True, context=None):
        """Entities of the model, optionally only those of class ``type`` (a class or its
        name) whose ``name`` matches the pattern ``name`` (wildcards * ? [...]). With
        ``recursive=False``, only those not created inside a Composite."""
        return [
            obj
            for obj in self._entities
            if (recursive or obj.__dict__.get("_parent") is None) and _matches(obj, type, name)
        ]

    def getChild(self, name=None, context=None, **kwds):
        """The first entity matching ``name`` (and ``type=``), or None; composites'
        children are searched first."""
        found = self.getChildren(kwds.get("type"), name)
        found.sort(key=lambda obj: obj.__dict__.get("_parent") is None)
        return found[0] if found else None

    def _repr_html_(self):
        """Jupyter's view: the entities by class and the degrees of freedom."""
        return model_html(self)

    def summary(self, output=None, recursive=None, type=None, format=None):
        """Print one table per class of the entities' non-default attributes
        (``recursive=False``: not those created inside a Composite); ``output`` names a
        file to write instead (``.ipynb``: a notebook)."""
        write_summary(self.getChildren(recursive=recursive is not False), output, type)

    # -- datasets ------------------------------------------------------------------------

    def save_model(self, path, simulate=None):
        """Write the model as a MotionSolve XML dataset at ``path``: a Model block with one
        element per entity and a Command block with the simulate calls made so far, or the
        one described by ``simulate`` (a dict: ``type``, ``end`` or ``duration``, ``dtout``
        or ``steps``). ``load_model(path)`` reads it back. Python routines must be
        functions defined at the top level of a module (the dataset names its file)."""
        # msolve.xml builds Models (it imports this module); importing its writer when it is
        # used keeps the import graph acyclic
        from .xml.writer import save_model

        return save_model(self, path, simulate)

    # -- analyses ------------------------------------------------------------------------

    def control(self, function="", routine=None, script=None):
        """Run a CONSUB driver ``routine(par, npar)`` with the numbers of ``function``
        (``"USER(1, 2, 3)"``): a Python callable, or a compiled routine named
        ``"library::CONSUB"`` (control.py); it drives the analyses with ``model.simulate``
        or ANALYS (``py_analys``, ``c_analys``). ``script`` names a Python file whose function
        ``routine`` (a name, CONSUB by default) is the CONSUB."""
        return run_control(self, function, routine, script)

    def save(self, file):
        """Write the state of the analysis (time, positions, velocities, the states of the
        Diffs, Tfsisos, Lses, Gses and Motions, what the elements, requests and sensors
        remember) to the file ``file``, for ``reload`` here or in another Python process
        running the same model (msolve/saved_state.py). ``save_model`` writes the model's
        dataset."""
        name = str(file)
        if self._simulation is None:
            raise MsolveError(f"save: no analysis has run yet, nothing to save as {name!r}")
        write_state(name, self._simulation, self._halted_by)
        logger.info(f"save: the state at time {self._simulation.time:.9g} written to {name!r}")

    def reload(self, file, output_prefix=None):
        """Go back to the state ``save(file)`` wrote; the next ``simulate`` continues from
        it. A state saved from another model is refused. ``output_prefix`` names the result
        files from then on."""
        name = str(file)
        state, halted = read_state(name)
        for obj in self._entities:
            if obj.active and hasattr(obj, "_load_data"):
                obj._load_data()  # what the compile needs: SPLINE_READ's data, an Fmu's FMU
        with resolved(self._entities):
            simulation = _core.Simulation(self)
        try:
            simulation.load_state(state)
        except _core.ModelError as e:
            raise MsolveError(f"reload: {name!r}: {e}") from None
        self._simulation = simulation
        self._compiled = self._solver_snapshot()
        self._halted_by = halt_event(self, halted)
        logger.info(f"reload: the state at time {simulation.time:.9g} read from {name!r}")
        if output_prefix is not None:
            self.output = str(output_prefix)
            self._files = self._output_files()

    def _compiled_copy(self, simulation):
        """A new compilation of the model that continues from ``simulation``'s state."""
        with resolved(self._entities):
            copy = _core.Simulation(self)
        copy.continue_from(simulation)
        return copy

    def generateOutput(self):
        """MotionSolve builds its .plt and .h3d files here; msolve writes ``<output>.h5``,
        ``<output>.csv`` and ``<output>.log`` while the analyses run already, and says so."""
        where = f"{self.output}.h5, .csv and .log" if self._files else "no files"
        logger.info(f"generateOutput: results are in memory ({where}); no .plt or .h3d")

    # MotionSolve's Model methods msolve does not have: each says so, and what to use
    def runSimulationEvents(self, *args, **kwds):
        """MotionSolve runs its SimulationEvent objects in turn; not in msolve."""
        raise _core.ModelError(
            "Model.runSimulationEvents is not supported by msolve: call simulate() once per "
            "analysis (consecutive calls continue from the current state)"
        )

    def runAllSimulationEvents(self, *args, **kwds):
        """MotionSolve 2023.1's name of runSimulationEvents; not in msolve."""
        raise _core.ModelError(
            "Model.runAllSimulationEvents is not supported by msolve: call simulate() once "
            "per analysis (consecutive calls continue from the current state)"
        )

    def simulate_frequencyResponse(self, frequencies=None, pinput=None, poutput=None):
        """The frequency response of the linearised model at the current time:
        H(f) = C (j 2 pi f I - A)^-1 B + D at each of ``frequencies`` (cycles per time unit),
        A, B, C, D those of ``generate_abcd(pinput, poutput)`` (docs/equations.md §10.6).
        Returns FrequencyResponseResults (``frequencies``, ``H``, ``magnitude``, ``phase``,
        ``getResponse(output, input)``, ``linear``)."""
        if frequencies is None:
            raise _core.ModelError(
                "simulate_frequencyResponse: 'frequencies' is required: the frequencies "
                "(cycles per time unit) at which to evaluate the response"
            )
        response = frequency_response(self, frequencies, pinput, poutput)
        for line in response.messages:
            logger.info(line)
        return response

    def verify(self):
        """The verification analysis: the model compiled and its initial conditions and
        degrees of freedom checked on a compilation of its own, the analysis state left as
        it was (msolve/verification.py). Returns SimulationResults whose ``messages`` say
        what was found; raises MsolveError when the initial conditions fail."""
        return verify_model(self)

    def getTime(self):
        """The current time of the analysis: where the next ``simulate`` starts (0 before
        the first one and after ``reset()``)."""
        return self._simulation.time if self._simulation is not None else 0.0

    def reset(self):
        """Forget the analysis state: the next simulate starts again from time zero."""
        self._simulation = None
        self._compiled = None
        self._halted_by = None
        self.results = None
        self._runs = []
        self._noted = set()
        self._files = self._output_files()
        _set_current_model(self)

    def _output_files(self):
        previous = self.__dict__.get("_files")
        if previous is not None:
            previous.close()
        return OutputFiles(self.output, keep=self._keep_results) if self.output else None

    def _validate(self):
        """validateSelf of every active Composite, before the solver sees the model."""
        for obj in self._entities:
            if isinstance(obj, Composite) and obj.active:
                obj._validate()

    def _solver_snapshot(self):
        """Every attribute value of the entities the solver reads, to tell whether the
        model changed since it was compiled (snapshot.py)."""
        return solver_snapshot(self._entities)

    def _before_compile(self):
        """What every compilation needs first (simulate, verify)."""
        for obj in self._entities:
            # elements msolve knows but cannot simulate (msolve/refused.py): never dropped
            if hasattr(obj, "_refuse") and obj.active:
                raise obj._refuse()
        for obj in self._entities:
            if hasattr(obj, "_load_data") and obj.active:
                obj._load_data()  # data read by a routine (Spline: SPLINE_READ)

    def _prepare_solver(self):
        """Compile the model at the first simulate; after a change, compile it again and
        continue from the current state (time, part positions and velocities, states of
        the Diffs, Tfsisos and Motions); otherwise keep the running analysis."""
        self._before_compile()
        snapshot = self._solver_snapshot()
        if self._simulation is not None and same_snapshot(snapshot, self._compiled):
            return
        check_references(self, [entry[0] for entry in snapshot])
        try:
            # Marker rm/zv/xv/usexp, Part zv/xv/vm/wm in the solver's terms while it compiles
            with resolved(self._entities) as notes:
                simulation = _core.Simulation(self)
            self._placement_notes = notes
        except _core.RoutineError as e:
            # a routine failed in its dependency pass (iflag), before any output
            raise MsolveError(f"the analysis could not start: {e}") from None
        if self._simulation is not None:
            simulation.continue_from(self._simulation)
        self._simulation = simulation
        self._compiled = snapshot

    def simulate(
        self,
        type="DYNAMICS",
        start=0.0,
        end=None,
        duration=None,
        dtout=None,
        steps=None,
        returnResults=False,
        verbose=True,
        **kwds,
    ):
        """Run an analysis from the current time (``start`` on the first call). ``type``:
        DYNAMICS (TRANSIENT), KINEMATICS, STATICS, QSTATICS, ASSEMBLY, in any case.
        ``end`` or ``duration``; ``dtout`` or ``steps`` (default dtout 0.01). Consecutive
        calls continue from the current state;
        changes made in between (attributes, Composite properties, new entities) take
        effect from the current time. Composites are validated (validateSelf) first.
        Unknown keyword arguments are ignored with a warning. Returns SimulationResults
        when ``returnResults`` is true. A Sensor's ``return_`` ends the call at its event
        (the next call continues from there); its ``halt`` ends the analysis (a later call
        raises MsolveError until ``reset()``). Ctrl-C stops the analysis within a few
        milliseconds and raises KeyboardInterrupt with ``results`` (SimulationResults up to
        the last output before it; also ``model.results``); the next call continues from
        that output. Threads calling simulate on one model run one at a time. A progress
        bar shows on analyses longer than a second (progress.py); ``verbose=False``: none.
        The result files of ``Model(output=...)`` get every output as it is computed."""
        # dsa=...: the design sensitivity analysis after the run, by finite differences that
        # run the analyses again (msolve/optimizer.py)
        results = self._simulate(
            type, start, end, duration, dtout, steps, returnResults, verbose, **kwds
        )
        dsa = getattr(results, "_dsa", None)
        if dsa is not None:
            for line in design_sensitivity(self, dsa, results):
                results.messages.append(line)
                logger.info(line)
            return results if returnResults else None
        return results

    @_one_at_a_time
    def _simulate(self, type, start, end, duration, dtout, steps, returnResults, verbose, **kwds):
        # design sensitivity analysis by finite differences after the run (optimizer.py)
        dsa = kwds.pop("dsa", None)
        # documented arguments msolve cannot honour are reported in the messages, others warn
        argument_notes, unknown = simulate_notes(kwds, self._noted)
        for key in unknown:
            warnings.warn(
                f"simulate: argument '{key}' is not supported and was ignored", stacklevel=3
            )
        self._check_not_halted()
        try:
            self._validate()
            self._prepare_solver()
        except Exception as e:
            # the log of Model(output=...) says why the analysis did not start
            if self._files is not None:
                self._files.finish(self, None, [f"error: {e}"])
            raise
        start = self._start_at(start)
        # the rules (and the conversion of duration and steps) are the solver's:
        # cpp/simulation/simulate_options.h; ModelError is a ValueError
        end, dtout = _core.resolve_simulate_options(
            self,
            self._simulation.time,
            str(type),
            end=None if end is None else float(end),
            duration=None if duration is None else float(duration),
            dtout=None if dtout is None else float(dtout),
            steps=None if steps is None else int(steps),
        )
        self._runs.append({"type": str(type), "start": start, "end": end, "dtout": dtout})
        progress = Progress(str(type), self._simulation.time, end, verbose)
        files = self._files
        if files is not None:
            files.begin(self, self._simulation._output_entities())

        def sink(row):
            progress.update(row[0])
            return files.row(row) if files is not None else False

        try:
            with signals_recorded():
                core = self._simulation.simulate(
                    str(type),
                    end,
                    dtout,
                    sink=sink if files is not None or progress.active else None,
                    every_output=files is not None,
                )
        except BaseException as e:
            # Ctrl-C (or another signal's exception): raised with the outputs up to the last
            # one before it as its `results` (and the model's), and in the result files; the
            # next simulate continues from there
            progress.close()
            core = getattr(e, "_msolve_results", None)
            results = None
            if core is not None:
                results = self.results = e.results = SimulationResults(core)
            if files is not None:
                messages = [*results.messages] if results is not None else []
                why = f"the analysis stopped: {e.__class__.__name__} {e}".strip()
                files.finish(self, results, [*messages, why], error=why)
            raise
        progress.close()
        if dsa in (None, "", False):
            return self._finish(core, returnResults, argument_notes)
        results = self._finish(core, True, argument_notes)
        results._dsa = dsa
        return results

    def _finish(self, core, returnResults=True, argument_notes=()):
        """The results object of an analysis: the notes of this analysis, printed messages,
        the files of Model(output=...), the analysis' end."""
        results = make_results(core)
        placement = [n for n in self._placement_notes if n not in self._noted]
        self._noted.update(placement)
        results.messages[:0] = [
            *no_effect_notes(self._entities, self._noted),
            *placement,
            *argument_notes,
        ]
        self.results = results
        if results.halted:
            self._halted_by = results.stoppedBy
        results.units = units_table(self, results)
        for line in results.messages:
            logger.info(line)
        if self._files is not None:
            error = [] if results.ok else [f"the analysis stopped: {results.error}"]
            problem = self._files.finish(
                self, results, [*results.messages, *error], error=results.error
            )
            if problem:
                warnings.warn(problem, stacklevel=2)
        if not results.ok:
            raise MsolveError(f"the analysis stopped: {results.error}", results)
        return results if returnResults else None

    def _check_not_halted(self):
        if self._halted_by is not None:
            event = self._halted_by
            raise MsolveError(
                f"simulate: the analysis was halted by {event.sensor._describe()} at time "
                f"{event.time:.9g}; call model.reset() to start a new one"
            )

    def _linear(self, pinput, poutput):
        self._check_not_halted()
        self._validate()
        self._prepare_solver()
        self._runs.append({"type": "LINEAR", "end": self._simulation.time, "dtout": None})
        return self._finish(self._simulation.linear(pinput, poutput))

    def generate_eigensolution(self):
        """The linear analysis at the current time (``simulate(type="LINEAR")``): returns
        LinearResults with the eigenvalues and modes."""
        return self._linear(None, None)

    def generate_abcd(self, pinput=None, poutput=None, format="matlab"):
        """The linear analysis at the current time with the plant inputs ``pinput`` and
        outputs ``poutput`` (default: those of the Linear settings, or the model's only
        ones): returns LinearResults with the state matrices A, B, C, D as NumPy arrays.
        ``format`` ("matlab", "simulink_mdl") is accepted; no file is written."""
        return self._linear(pinput, poutput)

    def _start_at(self, start):
        """MotionSolve's ``start``: the time the first analysis starts at (outputs from
        ``start``, ``steps`` dividing ``end - start``); later calls continue from the
        current time, with a warning when ``start`` lies ahead of it. Returns the start used
        (None for a continuing call)."""
        start = float(start)
        now = self._simulation.time
        if not self._simulation.started:
            if start != now:
                self._simulation.start_at(start)
            return start
        if start > now + 1e-12 * max(1.0, abs(now)):
            warnings.warn(
                f"simulate: start {start:g} is after the current time {now:g}; the analysis "
                f"continues from {now:g}",
                stacklevel=4,
            )
        return None
