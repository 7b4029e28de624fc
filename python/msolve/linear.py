"""The linear analysis: Pinput and Poutput (the inputs and outputs of a plant, read with
``PINVAL(id, k)`` and ``POUVAL(id, k)``), Linear (its settings) and its results
(LinearResults: eigenvalues, modes, the state matrices A, B, C, D)."""

from __future__ import annotations

import numpy as np

from . import _core
from .base import _CoreEntity
from .controls import Variable
from .properties import Bool, Double, Enum, Int, Reference, References
from .results import SimulationResults

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Linear", "Pinput", "Poutput"]


_CO_SIMULATION = (
    "MotionSolve uses it only when co-simulating with MATLAB/Simulink; msolve runs no co-simulation"
)
_FILES = "no result files are written: A, B, C, D and the eigensolution are in the results"


class Pinput(_CoreEntity, _core.PinputSpec):
    """The inputs of a plant: the values of ``variables`` are the inputs u of the linear
    model x' = A x + B u, y = C x + D u (``simulate(type="LINEAR")``); ``PINVAL(id, k)``
    reads the k-th (from 1). ``hold_order``, ``sampling_period`` and ``offset_time`` concern
    only co-simulation with MATLAB/Simulink (MotionSolve's Control_PlantInput reference) and
    are noted once in the messages without effect."""

    _core_type = _core.PinputSpec
    variables = References(Variable, field="_variables")
    hold_order = Int(None, optional=True, field="_hold_order", no_effect=_CO_SIMULATION)
    sampling_period = Double(
        None, optional=True, minimum=0.0, field="_sampling_period", no_effect=_CO_SIMULATION
    )
    offset_time = Double(None, optional=True, field="_offset_time", no_effect=_CO_SIMULATION)


class Poutput(_CoreEntity, _core.PoutputSpec):
    """The outputs of a plant: the values of ``variables`` are the outputs y of the linear
    model; ``POUVAL(id, k)`` reads the k-th (from 1)."""

    _core_type = _core.PoutputSpec
    variables = References(Variable, field="_variables")
    hold_order = Int(None, optional=True, field="_hold_order", no_effect=_CO_SIMULATION)
    sampling_period = Double(
        None, optional=True, minimum=0.0, field="_sampling_period", no_effect=_CO_SIMULATION
    )
    offset_time = Double(None, optional=True, field="_offset_time", no_effect=_CO_SIMULATION)


class Linear(_CoreEntity, _core.LinearSpec):
    """Settings of the linear analysis (``simulate(type="LINEAR")``). ``nodamping`` leaves
    the damping of the force elements out of the eigensolution; ``pinput`` and ``poutput``
    give the inputs and outputs of B, C, D; ``gyroscopic="NONE"`` linearises without the
    gyroscopic terms of spinning bodies (``PARTIAL`` as ``FULL``, said in the log);
    ``cutoff_frequency`` (cycles per time, positive) leaves the modes above it out of the
    results. The file and animation options (``oml``, ``matlab``, ``simulink_mdl``,
    ``eigensol``, ``statemat``, ``animation_scale``, ``kinetic``, ``pstate``) are accepted
    and noted once in the messages without effect: the results are in the object
    ``simulate`` returns."""

    _core_type = _core.LinearSpec
    nodamping = Bool(False, field="_nodamping")
    eigen_analysis = Bool(True, field="_eigen_analysis")
    pinput = Reference(Pinput, field="_pinput")
    poutput = Reference(Poutput, field="_poutput")
    statemat = Bool(False, field="_statemat", no_effect=_FILES)
    eigensol = Bool(False, field="_eigensol", no_effect=_FILES)
    kinetic = Bool(False, field="_kinetic", no_effect="no modal energy distribution is computed")
    simulink_mdl = Bool(False, field="_simulink_mdl", no_effect=_FILES)
    oml = Bool(True, field="_oml", no_effect=_FILES)
    matlab = Bool(False, field="_matlab", no_effect=_FILES)
    animation_scale = Double(
        None, optional=True, field="_animation_scale", no_effect="no animation files are written"
    )
    cutoff_frequency = Double(None, optional=True, field="_cutoff_frequency")
    gyroscopic = Enum("NONE PARTIAL FULL", "FULL", field="_gyroscopic")
    pstate = References(
        Variable,
        doc="The Variables that are the states of A (a Pstate).",
        no_effect="the states of A are the independent coordinates msolve chooses",
    )


_DIRECTIONS = ["X", "Y", "Z", "AX", "AY", "AZ"]


class ModeShape:
    """The motion of one part in one mode: complex amplitudes of the translation of its mass
    centre (``translation``, global X Y Z, model length) and of its small rotation
    (``rotation``, about the global axes, radians), scaled so that the largest amplitude of
    the mode is 1. ``getComponent("X" | "Y" | "Z" | "AX" | "AY" | "AZ")``."""

    def __init__(self, part, values):
        self.entity = part
        self.values = np.asarray(values, dtype=complex)
        self.translation = self.values[:3]
        self.rotation = self.values[3:]
        self.names = list(_DIRECTIONS)

    def getComponent(self, component):
        if isinstance(component, str):
            return self.values[_DIRECTIONS.index(component.upper())]
        return self.values[int(component)]

    def __repr__(self):
        return f"<ModeShape {self.entity!r}>"


class Mode:
    """One mode of the linear analysis: ``eigenvalue`` (complex, 1/time), ``frequency`` (the
    undamped natural frequency, |eigenvalue| / 2 pi, cycles per time unit),
    ``dampingRatio`` (-Re / |eigenvalue|), ``getObject(part)`` (its ModeShape) and
    ``controls`` (the amplitudes of the control states)."""

    def __init__(self, record, parts):
        self.eigenvalue = complex(record.eigenvalue)
        self.frequency = float(record.frequency)
        self.dampingRatio = float(record.damping_ratio)
        self.controls = np.asarray(record.controls, dtype=complex)
        self._shapes = {id(p): ModeShape(p, v) for p, v in zip(parts, record.parts)}

    def getObject(self, part):
        try:
            return self._shapes[id(part)]
        except KeyError:
            raise KeyError(f"no mode shape for {part!r}") from None

    def __repr__(self):
        return (
            f"<Mode eigenvalue {self.eigenvalue:.6g}, frequency {self.frequency:.6g}, "
            f"damping ratio {self.dampingRatio:.4g}>"
        )


class LinearResults(SimulationResults):
    """The results of ``simulate(type="LINEAR")``, ``generate_eigensolution()`` and
    ``generate_abcd()``: ``eigenvalues`` (every eigenvalue of A, complex, by increasing
    natural frequency), ``modes`` (one Mode per real eigenvalue and per conjugate pair),
    ``frequencies`` and ``dampingRatios`` of the modes, the state matrices ``A``, ``B``,
    ``C``, ``D`` (NumPy arrays; B, C, D of the Pinput and Poutput, empty without them),
    ``states`` (what each state of A is), ``dof`` (independent coordinates); and, as every
    result, the parts' positions at the time of the linearisation (``getObject(part)``)."""

    def __init__(self, core_results):
        super().__init__(core_results)
        lin = core_results.linear
        self.time = float(lin.time)
        self.dof = int(lin.dof)
        self.states = list(lin.states)
        self.A = np.array(lin.A)
        self.B = np.array(lin.B)
        self.C = np.array(lin.C)
        self.D = np.array(lin.D)
        self.pinput = lin.pinput
        self.poutput = lin.poutput
        self.eigenvalues = np.asarray(lin.eigenvalues, dtype=complex)
        parts = [p for p, _ in core_results.bodies]
        self.modes = [Mode(record, parts) for record in lin.modes]
        self.frequencies = np.array([m.frequency for m in self.modes])
        self.dampingRatios = np.array([m.dampingRatio for m in self.modes])

    def getObject(self, entity):
        """The BodyResult of a Part (its position at the linearisation) or RequestResult of
        a Request; a mode's part motion is ``modes[k].getObject(part)``."""
        return super().getObject(entity)

    def __repr__(self):
        return f"<LinearResults: {self.A.shape[0]} states, {len(self.modes)} modes>"


def make_results(core_results):
    """The results object of one analysis: LinearResults for a linear analysis."""
    if core_results.linear is not None:
        return LinearResults(core_results)
    return SimulationResults(core_results)
