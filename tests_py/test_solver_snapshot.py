"""The solver snapshot (python/msolve/snapshot.py): a simulate after another continues the
running analysis when no attribute the solver reads changed, and compiles the model again,
from the current state, when one did (Model.simulate's documented rule)."""

import pytest
from models import sliding_block

from msolve import *


def test_an_unchanged_model_of_every_kind_of_attribute_continues_without_recompiling():
    # locations (a C++ field read as an array), inertias (a list), references, expressions
    # and settings: read again, each compares equal to its value at the compile
    model, block, anchor, _ = sliding_block(mass=1.0, x0=0.0)
    Accgrav(igrav=-9.81)
    Sforce(type="TRANSLATION", actiononly=True, i=block.cm, j=anchor, function="2")
    model.simulate(end=0.5, dtout=0.25)
    running = model._simulation
    model.simulate(end=1.0, dtout=0.25)
    assert model._simulation is running


@pytest.mark.parametrize("coordinates", ["BODY", "JOINT"])
def test_a_changed_gravity_takes_effect_from_the_current_state(coordinates):
    # the block slides along x under gravity -2 x for 1 s (x = 1 - t^2, v = -2 t), then
    # gravity is switched off: it coasts at v = -2 from x = 0
    model, block, _, _ = sliding_block(mass=1.0, x0=0.0)
    Integrator(type="ABAM", error=1e-9, coordinates=coordinates)
    gravity = Accgrav(igrav=-2.0)
    first = model.simulate(end=1.0, dtout=0.5, returnResults=True)
    assert first.getObject(block).getComponent("X")[-1] == pytest.approx(0.0, abs=1e-7)
    running = model._simulation
    gravity.igrav = 0.0
    second = model.simulate(end=2.0, dtout=0.5, returnResults=True)
    assert model._simulation is not running
    x = second.getObject(block).getComponent("X")
    assert x == pytest.approx(-2.0 * (second.times - 1.0), abs=1e-7)
