"""Joint motions: a crank driven at constant speed moves a slider as the closed-form
slider-crank formulas say."""

import math

import numpy as np
import pytest

from msolve import *


def slider_crank(r=0.2, length=0.6, omega=2 * math.pi):
    model = Model()
    Accgrav(jgrav=-9.81)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    a, b = [r, 0, 0], [r + length, 0, 0]
    crank = Part(mass=1.0, ip=[0.01, 0.01, 0.01], cm=Marker(qp=[r / 2, 0, 0]))
    rod = Part(mass=2.0, ip=[0.02, 0.1, 0.1], cm=Marker(qp=[r + length / 2, 0, 0]))
    slider = Part(mass=3.0, ip=[0.01, 0.01, 0.01], cm=Marker(qp=b))
    pin = Joint(type="REVOLUTE", i=Marker(part=crank), j=Marker(part=ground), label="crank pin")
    Joint(type="REVOLUTE", i=Marker(part=rod, qp=a), j=Marker(part=crank, qp=a))
    Joint(type="REVOLUTE", i=Marker(part=slider, qp=b), j=Marker(part=rod, qp=b))
    Joint(type="TRANSLATIONAL", i=Marker(part=slider, qp=b, zp=[2, 0, 0]),
          j=Marker(part=ground, qp=b, zp=[2, 0, 0]))
    Motion(joint=pin, jtype="ROTATION", function=f"{omega}*TIME", label="drive")
    origin = Marker(part=ground)
    model.x = Request(type="DISPLACEMENT", i=slider.cm, j=origin)
    model.v = Request(type="VELOCITY", i=slider.cm)
    model.a = Request(type="ACCELERATION", i=slider.cm)
    return model


def test_slider_follows_the_closed_form_slider_crank_kinematics():
    # x = r cos q + sqrt(L^2 - r^2 sin^2 q), q = w t, and its first two time derivatives
    r, length, omega = 0.2, 0.6, 2 * math.pi
    model = slider_crank(r, length, omega)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    t = run.times
    q = omega * t
    s, c = np.sin(q), np.cos(q)
    d = np.sqrt(length**2 - r**2 * s**2)
    x = r * c + d
    v = -r * omega * s - r**2 * omega * s * c / d
    acc = (-r * omega**2 * c - r**2 * omega**2 * (c**2 - s**2) / d
           - r**4 * omega**2 * s**2 * c**2 / d**3)
    np.testing.assert_allclose(run.getObject(model.x).getComponent("X"), x, atol=1e-9)
    np.testing.assert_allclose(run.getObject(model.v).getComponent("VX"), v, atol=1e-8)
    np.testing.assert_allclose(run.getObject(model.a).getComponent("ACCX"), acc, atol=1e-8)
    # two full crank turns: the driven angle is followed through +-pi
    assert run.constraintErrors[:, 0].max() < 1e-10


def test_motion_on_a_joint_that_cannot_take_it_is_named():
    model = slider_crank()
    slide = model.getChildren(Joint)[-1]
    Motion(joint=slide, jtype="ROTATION", function="TIME", label="bad")
    with pytest.raises(ValueError, match=r"Motion 2 'bad': a ROTATION motion cannot drive"):
        model.simulate(end=0.1)


def test_motion_function_must_depend_on_time_only():
    model = slider_crank()
    model.getChildren(Motion)[0].function = "DX(1, 2)"
    with pytest.raises(ValueError, match=r"Motion 1 'drive'.*TIME only"):
        model.simulate(end=0.1)
