"""Control elements: Diff states read with DIF and DIF1."""

import math

import numpy as np
import pytest

from msolve import *


def test_diff_integrating_time_gives_half_t_squared():
    # y' = TIME, y(0) = 0: y = t^2 / 2; an implicit form DIF1 - TIME = 0 gives the same,
    # and DIF1 reads y' = t
    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    explicit = Diff(function="TIME")
    implicit = Diff(function="DIF1(2) - TIME", implicit=True, ic=[1.0, 0.0])
    req = Request(f1=f"DIF({explicit.id})", f2=f"DIF({implicit.id})", f3=f"DIF1({explicit.id})")
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    t = run.times
    r = run.getObject(req)
    np.testing.assert_allclose(r.getComponent("F1"), t**2 / 2, atol=1e-9)
    np.testing.assert_allclose(r.getComponent("F2"), 1 + t**2 / 2, atol=1e-9)
    np.testing.assert_allclose(r.getComponent("F3"), t, atol=1e-9)


def test_diff_coupled_to_the_mechanics():
    # y' = VX(block), y(0) = x(0): y integrates the velocity, so y = x, and a force -k y on
    # the block makes it the spring-mass oscillation x = A cos(w t), w = sqrt(k/m)
    m, k, amp = 1.0, 25.0, 0.2
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[amp, 0, 0]))
    Joint(type="TRANSLATIONAL", i=Marker(part=block, qp=[amp, 0, 0], zp=[1 + amp, 0, 0]),
          j=Marker(part=ground, qp=[amp, 0, 0], zp=[1 + amp, 0, 0]))
    y = Diff(function=f"VX({block.cm.id})", ic=amp)
    Sforce(i=block.cm, j=Marker(part=ground, zp=[1, 0, 0]), actiononly=True,
           function=f"-{k}*DIF({y.id})")
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    x = run.getObject(block).getComponent("X")
    np.testing.assert_allclose(x, amp * np.cos(math.sqrt(k / m) * run.times), atol=1e-7)


def test_unknown_diff_id_is_named():
    model = Model()
    Part(ground=True)
    Diff(function="DIF(7)", label="d")
    with pytest.raises(ValueError, match=r"Diff 1 'd'.*unknown Diff id 7"):
        model.simulate(end=0.1)
