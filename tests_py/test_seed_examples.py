"""The two Composite examples of the documentation (docs/motionsolve-compatibility.md §8), as
written in examples/, against independent solutions of the same equations."""

import math

import numpy as np
import pytest
from models import load_example
from scipy import integrate, signal

from msolve import *

butterworth = load_example("butterworth_filter")
lugre = load_example("lugre_friction")


@pytest.mark.parametrize("order", [1, 2, 3, 4])
def test_butterworth_output_is_the_transfer_function_of_the_recorded_input(order):
    # the Tfsiso output equals scipy.signal.lsim of the same transfer function (coefficients
    # in ascending powers of s, so reversed for scipy) driven by the recorded input signal
    model = butterworth.butterworthFilter()
    model.filt.order = order
    run = model.simulate(type="DYNAMICS", end=2.0, dtout=0.0005, returnResults=True)
    signals = run.getObject(model.r5)
    t, u, y = signals.times, signals.getComponent("F2"), signals.getComponent("F3")
    den = model.filt.tf.denominator
    _, expected, _ = signal.lsim(([1.0], den[::-1]), u, t)
    assert np.max(np.abs(y - expected)) < 1e-4 * np.max(np.abs(u))


@pytest.mark.parametrize("order", [0, 5])
def test_butterworth_validation_rejects_orders_outside_1_to_4(order):
    model = butterworth.butterworthFilter()
    model.filt.order = order
    with pytest.raises(ValueError, match=r"ButterworthFilter.*'order'"):
        model.simulate(type="DYNAMICS", end=0.1, dtout=0.01)


@pytest.fixture(scope="module")
def lugre_run():
    model = lugre.sliding_block()
    run = model.simulate(type="DYNAMICS", end=2.0, dtout=0.001, returnResults=True)
    t = run.getObject(model.r1).times
    x = run.getObject(model.r1).getComponent("Z")
    v = run.getObject(model.r2).getComponent("VZ")
    friction = run.getObject(model.r4).getComponent("F4")
    return model, t, x, v, friction


def lugre_reference(model, t):
    # the same block integrated independently: m v' = 3 sin(2 pi t) + F,
    # F = -(k0 z + k1 z' + k2 v), z' = v - |v| z / g, g = (fc + (fs - fc) exp(-(v/vs)^2)) / k0,
    # fs = mus N, fc = mud N, N = m * 9.8 (the block's weight on the horizontal joint)
    p = model.lugre
    normal = 1.0 * 9.8
    fs, fc = p.mus * normal, p.mud * normal

    def rates(time, state):
        _x, v, z = state
        g = (fc + (fs - fc) * math.exp(-((v / p.vs) ** 2))) / p.k0
        zdot = v - abs(v) * z / g
        force = 3 * math.sin(2 * math.pi * time) - (p.k0 * z + p.k1 * zdot + p.k2 * v)
        return [v, force / 1.0, zdot]

    solution = integrate.solve_ivp(
        rates, (t[0], t[-1]), [0.0, 0.0, 0.0], method="Radau", t_eval=t, rtol=1e-10, atol=1e-13
    )
    assert solution.success
    return solution.y


def test_lugre_motion_matches_an_independent_integration(lugre_run):
    model, t, x, v, _ = lugre_run
    x_ref, v_ref, _ = lugre_reference(model, t)
    np.testing.assert_allclose(x, x_ref, atol=1e-3 * np.max(np.abs(x_ref)))
    np.testing.assert_allclose(v, v_ref, atol=1e-3 * np.max(np.abs(v_ref)))


def test_lugre_sticks_and_never_exceeds_static_friction(lugre_run):
    model, t, _, v, friction = lugre_run
    normal = 1.0 * 9.8
    drive = 3 * np.sin(2 * np.pi * t)
    # never more than mus N (1 % margin)
    assert np.max(np.abs(friction)) <= 1.01 * model.lugre.mus * normal
    # sticking: phases of at least 50 ms below the Stribeck velocity (the block stops after
    # each reversal); inside them (away from their edges, where the bristles settle) the
    # friction balances the drive: m a is within 3 % of mus N
    slow = np.abs(v) < model.lugre.vs
    edges = np.flatnonzero(np.diff(np.concatenate(([0], slow.astype(int), [0]))))
    phases = [(a, b) for a, b in zip(edges[::2], edges[1::2]) if t[b - 1] - t[a] >= 0.05]
    assert len(phases) >= 3
    for a, b in phases:
        inner = slice(a + 10, b - 10)
        np.testing.assert_allclose(
            friction[inner], -drive[inner], atol=0.03 * model.lugre.mus * normal
        )
    # and the block does slide when the drive exceeds static friction
    assert np.max(np.abs(v)) > 100 * model.lugre.vs
