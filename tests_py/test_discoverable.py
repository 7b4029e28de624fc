"""Discoverable (issue 18): constructors whose signatures list every attribute with its type
and default (from the property tables), allowed values in help(), every exception class
exported, ``msolve --version``, and Models that pickle (through their dataset form) so that
multiprocessing, joblib and Dask can carry them."""

import concurrent.futures
import inspect
import multiprocessing
import pickle
import pydoc
import subprocess
import sys
import typing
from pathlib import Path

import numpy as np
import pytest

import msolve
from msolve import *
from msolve.base import SolverObject, current_model
from msolve.properties import Enum

PACKAGE_ROOT = str(Path(msolve.__file__).parent.parent)

ENTITY_CLASSES = [
    obj
    for name in msolve.__all__
    if isinstance(obj := getattr(msolve, name), type) and issubclass(obj, SolverObject)
]


# -- signatures ----------------------------------------------------------------------------


@pytest.mark.parametrize("cls", ENTITY_CLASSES, ids=lambda c: c.__name__)
def test_every_entity_class_has_a_signature_of_its_attributes(cls):
    sig = inspect.signature(cls)
    props = {n: p for n, p in cls._properties().items() if not n.startswith("_")}
    keywords = {
        name: p for name, p in sig.parameters.items() if p.kind is inspect.Parameter.KEYWORD_ONLY
    }
    assert set(keywords) == set(props)
    for name, param in keywords.items():
        assert param.default == props[name].default, name
        assert param.annotation is not inspect.Parameter.empty, name


def test_signatures_give_types_and_allowed_values():
    params = inspect.signature(Joint).parameters
    assert set(typing.get_args(params["type"].annotation)) >= {"REVOLUTE", "SPHERICAL", "FIXED"}
    assert typing.get_args(params["i"].annotation)[0] is Marker  # Optional[Marker]
    assert inspect.signature(Part).parameters["mass"].annotation is float
    assert inspect.signature(Part).parameters["ground"].annotation is bool
    # a Part keeps attributes it does not declare (part.A = Marker(...)), so does its signature
    assert inspect.signature(Part).parameters["attributes"].kind is inspect.Parameter.VAR_KEYWORD
    assert "attributes" not in inspect.signature(Joint).parameters


def test_help_shows_the_allowed_values_of_every_enum():
    text = pydoc.render_doc(Joint, renderer=pydoc.plaintext)
    assert "Joint(*, id: int = 0" in text
    for cls in ENTITY_CLASSES:
        doc = pydoc.render_doc(cls, renderer=pydoc.plaintext)
        for name, prop in cls._properties().items():
            if isinstance(prop, Enum):
                assert ", ".join(prop.words) in doc, f"{cls.__name__}.{name}"


# -- exceptions and version ----------------------------------------------------------------


def test_every_exception_class_is_exported():
    names = {
        "ModelError": ValueError,
        "SolverError": RuntimeError,
        "RoutineError": msolve.SolverError,
        "MsolveError": RuntimeError,
        "DatasetError": ValueError,
        "DatasetWarning": UserWarning,
        "DatasetWriteError": ValueError,
    }
    for name, base in names.items():
        assert name in msolve.__all__, name
        assert issubclass(getattr(msolve, name), base), name
    # what a bad model raises can be caught by its exported name
    model = Model()
    part = Part(mass=1.0)
    Joint(type="REVOLUTE", i=Marker(part=part), j=Marker(part=part))
    with pytest.raises(msolve.ModelError, match="Joint 1"):
        model.simulate(end=0.1)


def test_msolve_version():
    done = subprocess.run(
        [sys.executable, "-m", "msolve", "--version"],
        env={"PYTHONPATH": PACKAGE_ROOT},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"msolve {msolve.__version__}"


# -- pickling --------------------------------------------------------------------------------


def torque(id, time, par, npar, dflag, iflag):
    """A Python routine: the torque par[0] * cos(TIME) (pickled by reference)."""
    return par[0] * np.cos(time)


def pendulum():
    model = Model()
    Accgrav(jgrav=-9.81)
    ground = Part(ground=True)
    link = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[1, 0, 0]))
    pin = Joint(type="REVOLUTE", i=Marker(part=link), j=Marker(part=ground))
    Sforce(type="ROTATION", i=pin.i, j=pin.j, function="USER(2.0)", routine=torque)
    Request(type="DISPLACEMENT", i=link.cm, id=1)
    return model


def final_x(model):
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    return np.asarray(run.getObject(model._by_class["Request"][1]).getComponent("X"))


def test_a_model_pickles_and_simulates_to_the_same_results():
    model = pendulum()
    copy = pickle.loads(pickle.dumps(model))
    assert copy is not model
    assert current_model() is model  # unpickling leaves the current model as it was
    assert copy._by_class["Sforce"][1].routine is torque
    x, x_copy = final_x(model), final_x(copy)
    assert len(x) == 11
    np.testing.assert_array_equal(x, x_copy)
    # the routine acts (a free pendulum does not follow this path)
    free = pendulum()
    free._by_class["Sforce"][1].active = False
    assert np.max(np.abs(final_x(free) - x)) > 1e-3


def _simulate_in_worker(model):
    return final_x(model)


def test_a_model_travels_to_another_process():
    model = pendulum()
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        remote = pool.submit(_simulate_in_worker, model).result(timeout=120)
    np.testing.assert_array_equal(remote, final_x(model))


def test_a_model_whose_routine_cannot_be_pickled_says_so():
    model = pendulum()
    model._by_class["Sforce"][1].routine = lambda *args: 0.0
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(model)
    # the model is untouched: its routine is still the lambda
    assert callable(model._by_class["Sforce"][1].routine)
