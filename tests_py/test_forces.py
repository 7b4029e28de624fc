"""Force elements against closed-form responses."""

import math

import numpy as np
import pytest

from msolve import *


def test_spring_mass_damper_matches_closed_form():
    # m x'' + c x' + k x = 0, x(0) = 0.1, x'(0) = 0 (underdamped):
    # x = exp(-z wn t) (x0 cos(wd t) + z wn x0 / wd sin(wd t)), wn = sqrt(k/m), z = c/(2 sqrt(km))
    m, k, c, x0 = 2.0, 50.0, 2.0, 0.1
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    anchor = Marker(part=ground, zp=[1, 0, 0])
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[1.0 + x0, 0, 0]))
    slider = Marker(part=block, qp=[1.0 + x0, 0, 0], zp=[2.0 + x0, 0, 0])
    Joint(type="TRANSLATIONAL", i=slider, j=Marker(part=ground, qp=[1.0 + x0, 0, 0],
                                                   zp=[2.0 + x0, 0, 0]))
    spring = SpringDamper(i=block.cm, j=anchor, k=k, c=c, length=1.0)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    t = run.times
    x = run.getObject(block).getComponent("X") - 1.0
    wn, z = math.sqrt(k / m), c / (2 * math.sqrt(k * m))
    wd = wn * math.sqrt(1 - z * z)
    expected = np.exp(-z * wn * t) * (x0 * np.cos(wd * t) + z * wn * x0 / wd * np.sin(wd * t))
    np.testing.assert_allclose(x, expected, rtol=0, atol=1e-7)
    assert spring.length == 1.0


def test_free_length_defaults_to_design_distance():
    # no length given: the spring is relaxed in the design position, so nothing moves
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], qg=[0.3, 0.4, 0.0])
    block.cm = Marker(part=block)
    SpringDamper(i=block.cm, j=Marker(part=ground), k=100.0, c=1.0)
    run = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(run.getObject(block).getComponent("X"), 0.3, atol=1e-12)


def test_translational_spring_pushes_apart_when_compressed():
    # compressed below its free length, the spring pushes the free body away from the anchor
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], qg=[0, 0, 0.5])
    block.cm = Marker(part=block)
    SpringDamper(i=block.cm, j=Marker(part=ground), k=10.0, length=1.0)
    run = model.simulate(end=0.05, dtout=0.05, returnResults=True)
    z = run.getObject(block).getComponent("Z")
    assert z[-1] > z[0]


def test_torsion_spring_through_whole_turns():
    # I theta'' = -kt theta, theta'(0) = w0: theta = w0/wn sin(wn t), amplitude 5 rad > pi,
    # so the angle passes +-pi and must be followed continuously
    inertia, kt, w0 = 0.5, 2.0, 10.0
    wn = math.sqrt(kt / inertia)
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    disk = Part(mass=1.0, ip=[1.0, 1.0, inertia], wz=w0)
    disk.cm = Marker(part=disk)
    gm = Marker(part=ground)
    Joint(type="REVOLUTE", i=disk.cm, j=gm)
    SpringDamper(type="ROTATION", i=disk.cm, j=gm, kt=kt)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    body = run.getObject(disk)
    theta = 2 * np.arctan2(body.getComponent("E3"), body.getComponent("E0"))
    expected = w0 / wn * np.sin(wn * run.times)
    # compare on the circle: the orientation only knows the angle modulo 2 pi
    np.testing.assert_allclose(np.angle(np.exp(1j * (theta - expected))), 0.0, atol=1e-6)
    assert expected.max() > math.pi


def test_spring_damper_rejects_bad_input():
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], label="block")
    block.cm = Marker(part=block)
    with pytest.raises(ValueError, match="'k'"):
        SpringDamper(i=block.cm, j=Marker(part=ground), k=-1.0)
    SpringDamper(i=block.cm, j=Marker(part=ground), k=1.0, label="s")
    with pytest.raises(ValueError, match=r"SpringDamper 1 's'.*coincide"):
        model.simulate(end=0.1)
