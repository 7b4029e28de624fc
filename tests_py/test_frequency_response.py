"""Model.simulate_frequencyResponse: the response C (j w I - A)^-1 B + D of the linearised
plant (docs/equations.md §10.6), checked against the closed form of a mass on a spring and a
damper, a two-mass chain, and the steady amplitude of a dynamic run under a sine force."""

import math

import numpy as np
import pytest
from test_linear import slider

from msolve import *


def plant(m=2.0, k=50.0, c=3.0):
    # a block on a TRANSLATIONAL joint along global z, held by a spring-damper to the ground
    # (test_linear.slider), pushed along z by the force u (the plant input); the output is its
    # displacement z
    model = slider(m, k, c)
    block, ground = model.block, model.ground
    model.u = Variable(function="0")
    model.force = Sforce(
        type="TRANSLATION",
        actiononly=True,
        i=Marker(part=block),
        j=Marker(part=ground),
        function=f"VARVAL({model.u.id})",
    )
    y = Variable(function=f"DZ({block.cm.id})")
    model.pin, model.pout = Pinput(variables=[model.u]), Poutput(variables=[y])
    return model


def test_a_mass_spring_damper_has_the_closed_form_receptance():
    m, k, c = 2.0, 50.0, 3.0
    model = plant(m, k, c)
    f = np.array([0.0, 0.1, 0.5, math.sqrt(k / m) / (2 * math.pi), 1.0, 3.0, 20.0])
    fr = model.simulate_frequencyResponse(frequencies=f, pinput=model.pin, poutput=model.pout)
    w = 2 * math.pi * f
    expected = 1 / (k - m * w**2 + 1j * c * w)
    assert fr.H.shape == (len(f), 1, 1)
    np.testing.assert_allclose(fr.getResponse(0, 0), expected, rtol=1e-6)
    np.testing.assert_allclose(fr.omega, w)
    # static compliance 1/k, quadrature at resonance (phase -90 degrees, |H| = 1/(c wn))
    assert fr.magnitude[0, 0, 0] == pytest.approx(1 / k, rel=1e-6)
    assert fr.phase[3, 0, 0] == pytest.approx(-90.0, abs=1e-6)
    assert fr.magnitude[3, 0, 0] == pytest.approx(1 / (c * math.sqrt(k / m)), rel=1e-6)
    # the plant matrices are those of generate_abcd
    np.testing.assert_allclose(fr.linear.A, [[0, 1], [-k / m, -c / m]], rtol=1e-9, atol=1e-12)
    assert fr.messages[0].startswith("frequency response at time 0: 7 frequencies")


def test_the_model_s_only_plant_is_the_default_and_one_frequency_may_be_a_number():
    m, k, c = 1.0, 100.0, 2.0
    model = plant(m, k, c)
    fr = model.simulate_frequencyResponse(2.0)
    w = 4 * math.pi
    assert fr.H[0, 0, 0] == pytest.approx(1 / (k - m * w**2 + 1j * c * w), rel=1e-6)


def test_a_two_mass_chain_has_the_response_of_its_matrices():
    # ground -k1- m1 -k2- m2 with dampers, force on m2, outputs the positions of both:
    # H = (K - w^2 M + j w C)^-1 [0, 1]
    m1, m2, k1, k2, c1, c2 = 1.0, 0.5, 40.0, 25.0, 0.4, 0.2
    model = Model()
    ground = Part(ground=True)
    a = Part(mass=m1, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    b = Part(mass=m2, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 1]))
    Joint(type="TRANSLATIONAL", i=Marker(part=a), j=Marker(part=ground))
    Joint(type="TRANSLATIONAL", i=Marker(part=b, qp=[0, 0, 1]), j=Marker(part=ground))
    SpringDamper(i=a.cm, j=Marker(part=ground, qp=[0, 0, -1]), k=k1, c=c1)
    SpringDamper(i=b.cm, j=a.cm, k=k2, c=c2)
    u = Variable(function="0")
    Sforce(
        type="TRANSLATION",
        actiononly=True,
        i=Marker(part=b, qp=[0, 0, 1]),
        j=Marker(part=ground),
        function=f"VARVAL({u.id})",
    )
    ys = [Variable(function=f"DZ({a.cm.id})"), Variable(function=f"DZ({b.cm.id})-1")]
    pin, pout = Pinput(variables=[u]), Poutput(variables=ys)
    f = np.linspace(0.05, 3.0, 25)
    fr = model.simulate_frequencyResponse(f, pinput=pin, poutput=pout)
    M = np.diag([m1, m2])
    K = np.array([[k1 + k2, -k2], [-k2, k2]])
    C = np.array([[c1 + c2, -c2], [-c2, c2]])
    for n, w in enumerate(2 * math.pi * f):
        expected = np.linalg.solve(K - w**2 * M + 1j * w * C, [0.0, 1.0])
        np.testing.assert_allclose(fr.H[n, :, 0], expected, rtol=1e-6)


def test_the_response_is_the_steady_amplitude_of_a_dynamic_run():
    # the force u = sin(w t) drives the block; after the transient dies out the displacement
    # oscillates as |H| sin(w t + phase)
    m, k, c = 1.0, 40.0, 4.0
    model = plant(m, k, c)
    f = 0.8
    fr = model.simulate_frequencyResponse([f])
    w = 2 * math.pi * f
    model.u.function = f"SIN({w}*TIME)"
    model.r = Request(type="DISPLACEMENT", i=model.block.cm)
    Integrator(error=1e-9)
    run = model.simulate(end=12.0, dtout=0.01, returnResults=True)
    t = np.asarray(run.times)
    z = np.asarray(run.getObject(model.r).getComponent("Z"))
    late = t > 8.0  # the transient decays as exp(-c t / 2m) = exp(-2 t)
    h = fr.H[0, 0, 0]
    predicted = abs(h) * np.sin(w * t[late] + np.angle(h))
    assert np.abs(z[late] - predicted).max() < 1e-4 * abs(h)


def test_bad_frequencies_and_a_model_without_plant_are_refused():
    model = plant()
    with pytest.raises(ModelError, match="'frequencies' is required"):
        model.simulate_frequencyResponse()
    with pytest.raises(ModelError, match="finite frequencies >= 0"):
        model.simulate_frequencyResponse([-1.0])
    with pytest.raises(ModelError, match="must be a number or a list"):
        model.simulate_frequencyResponse(["a"])
    bare = Model()
    ground = Part(ground=True)
    block = Part(mass=1, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    Joint(type="TRANSLATIONAL", i=Marker(part=block), j=Marker(part=ground))
    SpringDamper(i=block.cm, j=Marker(part=ground, qp=[0, 0, -1]), k=10.0, c=1.0)
    with pytest.raises(ModelError, match="needs plant inputs and outputs"):
        bare.simulate_frequencyResponse([1.0])


def test_an_undamped_resonance_is_infinite_and_said_so():
    m, k = 1.0, (2 * math.pi) ** 2  # natural frequency 1 cycle per time
    model = plant(m, k, 0.0)
    fr = model.simulate_frequencyResponse([0.5, 1.0])
    assert fr.H[0, 0, 0] == pytest.approx(1 / (k - m * math.pi**2), rel=1e-6)
    assert not np.isfinite(fr.H[1, 0, 0]) or abs(fr.H[1, 0, 0]) > 1e8
