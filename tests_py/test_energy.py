"""SignForce (docs/equations.md §3.6), Springsat (docs/equations.md §3.7) and the energy accounting
of the results.

Expected values: the formulas of docs/equations.md §3.6 and §3.7, written out again here with NumPy;
the closed-form motion of a block braked by a constant force (v = v_start - |f| t / m until the
regularisation band, stop at m v_start / |f|); and the energy balance, kinetic +
gravitational + elastic - work of the non-conservative forces = constant, which is the
work-energy theorem of the equations of motion.
"""

import math

import models
import numpy as np
import pytest

from msolve import *

# -- SignForce -------------------------------------------------------------------------------


def seed_sign_force(reg, v, f_nominal, v0):
    """The f of docs/equations.md §3.6, the force the flange exerts on the component; the flange
    (marker i) receives -f."""
    if reg == "EXP":
        return -f_nominal * (2.0 / (1.0 + np.exp(-v / (0.01 * v0))) - 1.0)
    inside = np.abs(v) < v0
    g = {
        "SINE": np.sin(np.pi / 2 * v / v0),
        "LINEAR": v / v0,
        "COSINE": np.sign(v) * (1.0 - np.cos(np.pi / 2 * v / v0)),
    }[reg]
    return -f_nominal * np.where(inside, g, np.sign(v))


REGS = ["EXP", "SINE", "LINEAR", "COSINE"]


@pytest.mark.parametrize("reg", REGS)
def test_sign_force_follows_the_seed_formula_at_every_speed(reg):
    # the block's speed along the slide is imposed, v = -0.3 + 0.3 t (through the band
    # |v| < v0 = 0.1 and beyond); the force on marker i along the slide is -f(v)
    f_nominal, v0 = 5.0, 0.1
    model, block, anchor, slide = models.sliding_block(2.0, 0.0)
    at = block.cm.qp
    i = Marker(part=block, qp=at, zp=[at[0] + 1, 0, 0])
    j = Marker(part=anchor.part, qp=at, zp=[at[0] + 1, 0, 0])
    SignForce(i=i, j=j, f_nominal=f_nominal, v0=v0, reg=reg)
    Motion(joint=slide, jtype="TRANSLATION", dtype="VELOCITY", function="-0.3+0.3*TIME")
    model.force = Request(type="FORCE", i=i, j=j)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    v = -0.3 + 0.3 * run.times
    fx = run.getObject(model.force).getComponent("FX")
    np.testing.assert_allclose(fx, -seed_sign_force(reg, v, f_nominal, v0), rtol=1e-9, atol=1e-9)
    # a positive f_nominal accelerates in both directions: the force has the sign of v
    outside = np.abs(v) > v0
    assert np.all(np.sign(fx[outside]) == np.sign(v[outside]))


@pytest.mark.parametrize("reg", REGS)
def test_block_braked_by_sign_force_stops_at_the_analytic_time(reg):
    # m v' = -F while v > v0: v = v_start - F t / m, reaching the band v0 at
    # t_band = m (v_start - v0) / F; it comes to rest within the band at t_stop = m v_start / F
    mass, v_start, brake, v0 = 2.0, 1.5, 4.0, 0.01
    model, block, anchor, _ = models.sliding_block(mass, 0.0)
    block.vx = v_start
    at = block.cm.qp
    SignForce(
        i=Marker(part=block, qp=at, zp=[at[0] + 1, 0, 0]),
        j=Marker(part=anchor.part, qp=at, zp=[at[0] + 1, 0, 0]),
        f_nominal=-brake,
        v0=v0,
        reg=reg,
    )
    model.v = Request(type="VELOCITY", i=block.cm)
    run = model.simulate(end=1.0, dtout=0.001, returnResults=True)
    t = run.times
    v = run.getObject(model.v).getComponent("VX")
    t_band, t_stop = mass * (v_start - v0) / brake, mass * v_start / brake
    before = t < t_band - 1e-3
    np.testing.assert_allclose(v[before], v_start - brake * t[before] / mass, rtol=0, atol=1e-7)
    after = t >= t_stop
    assert np.all(np.abs(v[after]) <= v0)
    assert np.all(v[t < t_stop - mass * v0 / brake - 1e-3] > v0)
    # the kinetic energy went into the brake's work
    e = run.energy
    np.testing.assert_allclose(e.getComponent("BALANCE"), e.getComponent("BALANCE")[0], atol=1e-7)


# -- Springsat -------------------------------------------------------------------------------

K0, KSAT, XSAT = 1000.0, 1000.0, 0.01


def seed_energy(q, ksat=KSAT):
    """docs/equations.md §3.7: H(q) = K0 (q^2/2 + Ksat Hsat(q))."""
    x = np.pi * q / (2 * XSAT)
    hsat = -8 * XSAT / (np.pi * (4 - np.pi)) * (np.pi**2 * q**2 / (8 * XSAT**2) + np.log(np.cos(x)))
    return K0 * (q**2 / 2 + ksat * hsat)


def seed_force(q):
    """docs/equations.md §3.7: f(q) = dH/dq = K0 (q + Ksat 4/(4 - pi) (tan(pi q/(2 xsat)) - pi q/(2
    xsat)))."""
    x = np.pi * q / (2 * XSAT)
    return K0 * (q + KSAT * 4 / (4 - np.pi) * (np.tan(x) - x))


def springsat_block(mass=0.5, ksat=KSAT, **spring):
    """A block on a TRANSLATIONAL joint along x, its cm at x = 1, and a Springsat from a
    ground marker at the origin to a marker at the block's cm (design length 1)."""
    model, block, anchor, slide = models.sliding_block(mass, 0.0)
    i = Marker(part=block, qp=[1.0, 0, 0])
    j = Marker(part=anchor.part, qp=[0, 0, 0])
    Springsat(i=i, j=j, K0=K0, Ksat=ksat, xsat=XSAT, **spring)
    return model, block, slide, i, j


def test_springsat_force_and_energy_are_the_seed_formulas():
    # the deflection q = DM(I, J) - 1 is imposed, 0.0095 sin(2 pi t) (95% of xsat)
    model, block, slide, i, j = springsat_block()
    Motion(joint=slide, jtype="TRANSLATION", function="0.0095*SIN(2*PI*TIME)")
    model.force = Request(type="FORCE", i=i, j=j)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    # the deflection where the block is (the motion holds it to the constraint tolerance)
    q = run.getObject(block).getComponent("X") - 1.0
    np.testing.assert_allclose(q, 0.0095 * np.sin(2 * np.pi * run.times), rtol=0, atol=1e-10)
    # i lies on +x of j: the force on i is -f(q) along x
    fx = run.getObject(model.force).getComponent("FX")
    np.testing.assert_allclose(fx, -seed_force(q), rtol=1e-9, atol=1e-9)
    elastic = run.energy.getComponent("ELASTIC")
    np.testing.assert_allclose(elastic, seed_energy(q), rtol=1e-9, atol=1e-12)
    # the law stiffens: at 95% of xsat the force is far above the linear K0 q
    assert np.abs(fx).max() > 10 * K0 * 0.0095


def test_block_on_springsat_conserves_energy():
    # released from rest at q = 0.009 (90% of xsat), Ksat = 1 (the stiffening term is still
    # 2500 times the linear one there; with Ksat = 1000 the spring is so stiff that a second
    # of motion takes millions of steps): the energy H(0.009) turns into motion and back;
    # kinetic + elastic stays to 1e-8 of it
    model, block, _, _, _ = springsat_block(mass=1.0, ksat=1.0, length=1.0 - 0.009)
    Integrator(error=1e-12)
    run = model.simulate(end=0.3, dtout=0.001, returnResults=True)
    e = run.energy
    total = e.getComponent("TOTAL")
    np.testing.assert_allclose(total[0], seed_energy(0.009, ksat=1.0), rtol=1e-12)
    assert np.abs(total - total[0]).max() < 1e-8 * total[0]
    assert np.abs(e.getComponent("WORK")).max() < 1e-8 * total[0]
    # it oscillates: the deflection swings to -0.009 (symmetric law) and back
    q = run.getObject(block).getComponent("X") - 1.0 + 0.009
    assert q.min() < -0.0089
    assert np.abs(e.getComponent("KINETIC")).max() > 0.99 * total[0]


def test_springsat_reaching_saturation_stops_with_a_clear_message():
    model, _, slide, _, _ = springsat_block()
    # pulled at 0.021 per second: q reaches xsat at t = 0.476
    Motion(joint=slide, jtype="TRANSLATION", function="0.021*TIME")
    with pytest.raises(MsolveError, match=r"Springsat 1: the deflection .* xsat = 0.01") as e:
        model.simulate(end=1.0, dtout=0.01)
    results = e.value.results
    # the outputs before saturation are kept, all finite
    assert np.all(np.isfinite(results.energy.getComponent("ELASTIC")))
    assert 0.46 <= results.times[-1] < 0.48


def test_springsat_design_deflection_beyond_xsat_is_named():
    model, _, _, _, _ = springsat_block(length=0.9)
    with pytest.raises(ValueError, match=r"Springsat 1: the deflection in the design position"):
        model.simulate(end=0.1)


# -- the energy balance ----------------------------------------------------------------------


def test_energy_balance_closes_with_gravity_springs_dampers_and_friction():
    # a block sliding down a 30-degree incline with a SpringDamper to the ground and
    # friction (SignForce brake), a pendulum hinged on the block with a rotational
    # SpringDamper; every force does work. The balance kinetic + gravitational + elastic
    # - work stays at its initial value to the integration accuracy: with error 1e-9 on
    # the states, to 1e-7 of the energy that changed form
    model = Model()
    Integrator(error=1e-9)
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    slope = [math.cos(math.radians(30)), 0, -math.sin(math.radians(30))]
    block = Part(mass=2.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, 0, 0]), vx=0.5)
    along = dict(qp=[0, 0, 0], zp=slope, xp=[0, 1, 0])
    slide = Joint(
        type="TRANSLATIONAL", i=Marker(part=block, **along), j=Marker(part=ground, **along)
    )
    SpringDamper(
        i=Marker(part=block, qp=[0, 0, 0]),
        j=Marker(part=ground, qp=[-1, 0, 0.3]),
        k=40.0,
        c=1.5,
        length=0.8,
    )
    SignForce(i=slide.i, j=slide.j, f_nominal=-3.0, v0=0.05)
    bob = Part(mass=0.7, ip=[0.01, 0.01, 0.01], cm=Marker(qp=[0.3, 0, -0.4]), wy=2.0)
    hinge = dict(qp=[0, 0, 0], zp=[0, 1, 0], xp=[1, 0, 0])
    Joint(type="REVOLUTE", i=Marker(part=bob, **hinge), j=Marker(part=block, **hinge))
    SpringDamper(
        type="ROTATION", i=Marker(part=bob, **hinge), j=Marker(part=block, **hinge), kt=2.0, ct=0.05
    )
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    e = run.energy
    kinetic, gravity, elastic, work = (
        e.getComponent(c) for c in ("KINETIC", "GRAVITATIONAL", "ELASTIC", "WORK")
    )
    # every kind of energy takes part
    for series in (kinetic, gravity, elastic, work):
        assert np.ptp(series) > 0.1
    assert work[-1] < 0  # dampers and friction take energy out
    scale = max(np.ptp(kinetic), np.ptp(gravity), np.ptp(elastic))
    balance = e.getComponent("BALANCE")
    assert np.abs(balance - balance[0]).max() < 1e-7 * scale
    np.testing.assert_allclose(e.getComponent("TOTAL"), kinetic + gravity + elastic)


def test_energy_of_a_pendulum_against_its_definition():
    # kinetic (m v.v + w.J w)/2, gravitational -m g.r of the mass centre; no other force:
    # the work stays zero and the total constant
    model = Model(output="pendulum")
    Integrator(error=1e-10)
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    bob = Part(mass=2.0, ip=[0.1, 0.2, 0.3], cm=Marker(qp=[0.5, 0, 0]))
    hinge = dict(qp=[0, 0, 0], zp=[0, -1, 0])
    Joint(type="REVOLUTE", i=Marker(part=bob, **hinge), j=Marker(part=ground, **hinge))
    model.v = Request(type="VELOCITY", i=bob.cm)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    v = run.getObject(model.v)
    speed2 = sum(v.getComponent(c) ** 2 for c in ("VX", "VY", "VZ"))
    wy = v.getComponent("WY")  # rotation about the hinge (global y), the inertia's y axis
    e = run.energy
    np.testing.assert_allclose(
        e.getComponent("KINETIC"), 0.5 * (2.0 * speed2 + 0.2 * wy**2), rtol=1e-10, atol=1e-12
    )
    z = run.getObject(bob).getComponent("Z")
    np.testing.assert_allclose(e.getComponent("GRAVITATIONAL"), 2.0 * 9.81 * z, atol=1e-12)
    # the reactions' work, -lambda B u, is zero up to the velocity constraint tolerance
    assert np.abs(e.getComponent("WORK")).max() < 1e-9 * 2.0 * 9.81 * 0.5
    total = e.getComponent("TOTAL")
    assert np.abs(total - total[0]).max() < 1e-7 * 2.0 * 9.81 * 0.5
    assert e.getComponent("TOTAL").shape == run.times.shape


def test_energy_balance_with_gravity_changing_in_time_a_bushing_and_an_sforce():
    # gravity -9.81 (1 + TIME) does work through its change (-m g'.r), a Bushing's whole
    # work and an Sforce's count as non-conservative: the balance still closes
    model = Model()
    Integrator(error=1e-9)
    Accgrav(kgrav="-9.81*(1+TIME)")
    ground = Part(ground=True)
    body = Part(mass=1.5, ip=[0.05, 0.06, 0.07], cm=Marker(qp=[0.1, 0, 0]), wx=1.0, vy=0.3)
    Bushing(
        i=Marker(part=body, qp=[0, 0, 0]),
        j=Marker(part=ground, qp=[0, 0, 0]),
        k=[200, 300, 400],
        c=[1, 1, 1],
        kt=[20, 30, 40],
        ct=[0.1, 0.1, 0.1],
    )
    mi, mj = Marker(part=body, qp=[0.2, 0, 0]), Marker(part=ground, qp=[1, 1, 1])
    Sforce(type="TRANSLATION", i=mi, j=mj, function=f"-2*VR({mi.id},{mj.id})")
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    e = run.energy
    scale = max(np.ptp(e.getComponent(c)) for c in ("KINETIC", "GRAVITATIONAL", "WORK"))
    assert scale > 0.1
    balance = e.getComponent("BALANCE")
    assert np.abs(balance - balance[0]).max() < 1e-7 * scale
