"""Energy accounting of Contact (docs/equations.md §7): the elastic part of the normal force
stores its energy in ELASTIC, its damping and friction dissipate through WORK, so that
KINETIC + GRAVITATIONAL + ELASTIC - WORK holds to the integration tolerance through bounces."""

import numpy as np
import pytest

from msolve import *

G = 9.81
R = 0.1
Z0 = 1.0


def bouncing_ball(damping, friction, vx, dtout=0.01):
    """A ball (mass 1) released at Z0 with horizontal speed vx above a floor (top z = 0):
    the energies and the height of the ball at the outputs."""
    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-G)
    Integrator(error=1e-7)
    ground = Part(ground=True)
    floor = Box(cm=Marker(part=ground, qp=[0, 0, -0.5]), x=10, y=10, z=1)
    ball = Part(mass=1.0, ip=[4e-3] * 3, qg=[0, 0, Z0], cm=Marker(), vx=vx)
    Contact(
        igeom=Sphere(cm=ball.cm, radius=R),
        jgeom=floor,
        stiffness=1e6,
        exponent=1.5,
        damping=damping,
        dmax=1e-3,
        coulomb_friction=friction,
        mu_static=0.3,
        mu_dynamic=0.2,
        stiction_transition_velocity=1e-2,
        friction_transition_velocity=2e-2,
    )
    run = model.simulate(end=1.2, dtout=dtout, returnResults=True)
    return run.energy, run.getObject(ball).getComponent("Z")


def test_an_undamped_frictionless_contact_stores_and_returns_its_energy():
    e, z = bouncing_ball(damping=0.0, friction="OFF", vx=0.0, dtout=5e-4)
    assert np.all(e.getComponent("WORK") == 0.0)
    # in contact, ELASTIC = k d^(e+1) / (e+1) at the depth d = R - z
    depth = R - z
    touching = depth > 1e-4
    assert touching.sum() >= 4
    stored = 1e6 * depth[touching] ** 2.5 / 2.5
    assert e.getComponent("ELASTIC")[touching] == pytest.approx(stored, rel=1e-9)
    assert np.all(e.getComponent("ELASTIC")[depth < 0] == 0.0)
    balance = e.getComponent("BALANCE")
    assert np.abs(balance - balance[0]).max() < 1e-4  # J, of 9.8 J


@pytest.mark.parametrize(("friction", "vx"), [("OFF", 0.0), ("ON", 1.0)])
def test_damping_and_friction_dissipate_what_the_balance_misses(friction, vx):
    e, _ = bouncing_ball(damping=5.0, friction=friction, vx=vx)
    work = e.getComponent("WORK")
    balance = e.getComponent("BALANCE")
    # two bounces dissipate a good part of the 9.8 J; the balance holds to 1e-5 of it
    assert work[-1] < -0.3
    assert np.all(np.diff(work) <= 1e-9)  # dissipation never gives energy back
    assert np.abs(balance - balance[0]).max() < 1e-4
