"""Coverage-guided fuzzers (atheris) of the three ways input enters msolve: expressions (parsed,
compiled and run as a Sforce), XML datasets (read, and run when they load), and the Python API
(random attribute values on a small model). An input may be refused with a message (the
exceptions msolve documents: ValueError, TypeError, RuntimeError and their subclasses, a
DatasetError); anything else - a crash, another exception, a hang past libFuzzer's -timeout -
is a finding. A run may be slow (a huge force takes many steps): it gets a budget of
_BUDGET seconds, after which SIGALRM interrupts it as Ctrl-C would; an analysis that does not
stop then is a hang that libFuzzer's -timeout reports.

    python3 tests_py/fuzz/fuzz_targets.py expression [libFuzzer options] [corpus dirs]
    python3 tests_py/fuzz/fuzz_targets.py dataset -runs=100000 tests_py/fuzz/corpus/dataset
    python3 tests_py/fuzz/fuzz_targets.py api -max_total_time=600

tests_py/test_fuzz.py runs each for a few seconds over the corpus in tests_py/fuzz/corpus/
(seeds, and every input that once found a bug, kept as a regression input).
"""

from __future__ import annotations

import contextlib
import io
import math
import signal
import sys
import warnings

import atheris
import numpy  # noqa: F401 - imported first so that it is not instrumented

with atheris.instrument_imports():
    import msolve
    from msolve import (
        Accgrav,
        Integrator,
        Joint,
        Marker,
        Model,
        Motion,
        MsolveError,
        Part,
        Sforce,
        SpringDamper,
    )
    from msolve.xml import DatasetError, read_dataset

# refusals with a message: what msolve promises for bad input
_REFUSED = (ValueError, TypeError, RuntimeError, MsolveError, DatasetError, OverflowError)
# the model time of each run: a few steps, so that an input costs milliseconds
_END = 0.02
# seconds of computation a run may take before it is interrupted
_BUDGET = 2.0


class _OverBudget(BaseException):
    """Raised by SIGALRM's handler in a run that took more than _BUDGET seconds."""


def _over_budget(signum, frame):
    raise _OverBudget


def _pendulum():
    model = Model()
    Accgrav(jgrav=-9.81)
    Integrator(error=1e-4)
    ground = Part(ground=True)
    link = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[1, 0, 0]))
    pin = Joint(type="REVOLUTE", i=Marker(part=link), j=Marker(part=ground))
    return model, ground, link, pin


def _run(model):
    signal.setitimer(signal.ITIMER_REAL, _BUDGET)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            model.simulate(end=_END, dtout=_END / 2)
    except _OverBudget:
        pass  # interrupted in time: slow, not hung
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def expression(data):
    """A Sforce torque given by the fuzzed text, then a Motion by the same text."""
    text = data.decode("utf-8", "replace")
    for kind in ("sforce", "motion"):
        model, _ground, _link, pin = _pendulum()
        try:
            if kind == "sforce":
                Sforce(type="ROTATION", i=pin.i, j=pin.j, function=text)
            else:
                Motion(joint=pin, jtype="ROTATION", function=text)
            _run(model)
        except _REFUSED:
            pass


def dataset(data):
    """The fuzzed bytes as a dataset: read, then run briefly when they load."""
    previous = msolve.base.current_model()
    try:
        loaded = read_dataset("fuzzed.xml", data=data)
    except _REFUSED:
        return
    finally:
        msolve.base._set_current_model(previous)
    with contextlib.suppress(_REFUSED):
        _run(loaded.model)


# values an attribute may be given: numbers at the edges, wrong types, entities
def _value(fdp, entities):
    choice = fdp.ConsumeIntInRange(0, 11)
    if choice == 0:
        return fdp.ConsumeFloat()
    if choice == 1:
        return fdp.ConsumeInt(8)
    if choice == 2:
        return fdp.PickValueInList([math.inf, -math.inf, math.nan, 1e308, -1e-308, 0.0, 2**40])
    if choice == 3:
        return [fdp.ConsumeFloat() for _ in range(fdp.ConsumeIntInRange(0, 7))]
    if choice == 4:
        return fdp.ConsumeUnicodeNoSurrogates(12)
    if choice == 5:
        return None
    if choice == 6:
        return fdp.ConsumeBool()
    if choice in (7, 8, 9):
        return fdp.PickValueInList(entities)
    if choice == 10:
        return [fdp.PickValueInList(entities) for _ in range(fdp.ConsumeIntInRange(0, 3))]
    return fdp.PickValueInList(["REVOLUTE", "TRANSLATION", "USER(1)", "TIME", "DX(2)", ""])


def api(data):
    """A pendulum with a spring, then fuzzed attribute assignments, then a short run."""
    fdp = atheris.FuzzedDataProvider(data)
    model, ground, link, pin = _pendulum()
    spring = SpringDamper(i=pin.i, j=Marker(part=ground, qp=[1, 1, 0]), k=10.0, c=0.1)
    motion = Motion(joint=pin, jtype="ROTATION", function="0.1*TIME")
    entities = [model, ground, link, pin, pin.i, pin.j, link.cm, spring, motion]
    targets = entities[1:]
    for _ in range(fdp.ConsumeIntInRange(1, 4)):
        target = fdp.PickValueInList(targets)
        names = sorted(type(target)._properties())
        name = fdp.PickValueInList(names)
        with contextlib.suppress(_REFUSED):
            setattr(target, name, _value(fdp, entities))
    with contextlib.suppress(_REFUSED):
        _run(model)


TARGETS = {"expression": expression, "dataset": dataset, "api": api}


def main():
    warnings.simplefilter("ignore")
    signal.signal(signal.SIGALRM, _over_budget)
    name = sys.argv[1]
    atheris.Setup([sys.argv[0], *sys.argv[2:]], TARGETS[name])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
