"""The element functions JPRIM, CONTACT and FRICTION (docs/expression-functions.md) against
closed forms and the element's own results: a part held by two joint primitives, a sphere
resting off its part's mass centre on a floor, a block sliding down a slope and a spinning
shaft braking with friction (force, torque, coefficients, slip velocities)."""

import math

import numpy as np
import pytest

from msolve import *

G, M, L = 9.81, 2.0, 0.5


def test_jprim_reactions_hold_a_cantilever():
    # a part whose mass centre is L along x from an ATPOINT Jprim at the origin, its
    # orientation held by an ORIENTATION Jprim: the ATPOINT carries the weight (0, 0, m g)
    # on I, the ORIENTATION the moment of the weight about I, (0, -m g L, 0); J gets the
    # opposite
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    arm = Part(mass=M, ip=[1e-3, 1e-3, 1e-3], cm=Marker(qp=[L, 0, 0]))
    point = Jprim(type="ATPOINT", i=Marker(part=arm), j=Marker(part=ground))
    turn = Jprim(type="ORIENTATION", i=Marker(part=arm), j=Marker(part=ground))
    req = Request(
        f2=f"JPRIM({point.id},0,4,0)",
        f3=f"JPRIM({point.id},1,4,0)",
        f4=f"JPRIM({point.id},0,8,0)",
        f6=f"JPRIM({turn.id},0,7,0)",
        f7=f"JPRIM({turn.id},1,7,0)",
        f8=f"JPRIM({turn.id},0,1,0)",
    )
    run = model.simulate(end=0.2, dtout=0.05, returnResults=True)
    r = run.getObject(req)
    closed = {"F2": M * G, "F3": -M * G, "F4": 0.0, "F6": -M * G * L, "F7": M * G * L, "F8": 0.0}
    for name, value in closed.items():
        np.testing.assert_allclose(r.getComponent(name), value, rtol=0, atol=1e-9, err_msg=name)


def test_a_function_of_an_unknown_jprim_is_named():
    model = Model()
    Part(ground=True)
    Variable(function="JPRIM(5,0,4,0)", label="v")
    with pytest.raises(ValueError, match=r"'v'.*no active Jprim 5"):
        model.simulate(end=0.1)


def resting_sphere(offset):
    # a part of mass M on a vertical slide, carried by an IMPACT contact between a sphere of
    # radius 0.1 centred `offset` along x from its mass centre and a floor box (top z = 0)
    k, e = 1e5, 1.5
    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    part = Part(mass=M, ip=[4e-3, 4e-3, 4e-3], qg=[0, 0, 0.1], cm=Marker())
    ball = Sphere(cm=Marker(part=part, qp=[offset, 0, 0]), radius=0.1)
    floor = Box(cm=Marker(part=ground, qp=[0, 0, -0.5]), x=10, y=10, z=1)
    c = Contact(igeom=ball, jgeom=floor, stiffness=k, exponent=e)
    Joint(type="TRANSLATIONAL", i=Marker(part=part), j=Marker(part=ground))
    req = Request(
        f2=f"CONTACT({c.id},0,4,0)",
        f3=f"CONTACT({c.id},1,4,0)",
        f6=f"CONTACT({c.id},0,7,0)",
        f1=f"CONTACT({c.id},0,1,0)",
    )
    return model, c, req


def test_contact_gives_the_force_on_each_part_at_its_mass_centre():
    # the floor pushes up with the weight M g at the sphere's lowest point, d along x from
    # the mass centre: the moment there is (d, 0, -R) x (0, 0, M g) = (0, -d M g, 0)
    d = 0.03
    model, c, req = resting_sphere(d)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    r = run.getObject(req)
    assert r.getComponent("F2")[-1] == pytest.approx(M * G, rel=1e-9)
    assert r.getComponent("F1")[-1] == pytest.approx(M * G, rel=1e-9)
    assert r.getComponent("F3")[-1] == pytest.approx(-M * G, rel=1e-9)
    assert r.getComponent("F6")[-1] == pytest.approx(-d * M * G, rel=1e-6)
    assert r.getComponent("F2")[-1] == pytest.approx(run.getObject(c).getComponent("FZ")[-1])


def test_the_index_form_of_contact_gives_the_penetration_depth():
    # CONTACT(id, 1, rm) (MotionSolve's CONTACT page: index 1, the penetration depth): at
    # rest the IMPACT force k d^e carries the weight, d = (M g / k)^(1/e); dropped onto the
    # floor, the depth is the sphere's overlap with it, R - z of its centre, while they touch
    k, e, R = 1e5, 1.5, 0.1
    model, c, _ = resting_sphere(0.0)
    depth = Request(f2=f"CONTACT({c.id},1,0)", f3=f"CONTACT({c.id},0,4,0)")
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    d = run.getObject(depth)
    assert d.getComponent("F2")[-1] == pytest.approx((M * G / k) ** (1 / e), rel=1e-9)
    assert d.getComponent("F3")[-1] == pytest.approx(M * G, rel=1e-9)
    model, c, _ = resting_sphere(0.0)
    Integrator(error=1e-8)
    centre = c.igeom[0].cm  # the sphere's centre
    centre.part.vz = -0.5
    depth = Request(f2=f"CONTACT({c.id},1,{centre.id})", f3=f"MAX(0, {R} - DZ({centre.id}))")
    run = model.simulate(end=0.3, dtout=0.005, returnResults=True)
    d = run.getObject(depth)
    assert d.getComponent("F2").max() > 1e-3  # it goes in
    assert d.getComponent("F2").min() == 0.0  # and leaves
    np.testing.assert_allclose(d.getComponent("F2"), d.getComponent("F3"), rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        ("CONTACT({c},2,0)", ["'depth'", "index 2 is not available", "only index 1"]),
        ("CONTACT(99,1,0)", ["'depth'", "no active Contact 99"]),
    ],
)
def test_a_bad_index_form_of_contact_is_named(call, words):
    model, c, _ = resting_sphere(0.0)
    Variable(function=call.format(c=c.id), label="depth")
    with pytest.raises((ValueError, ModelError)) as info:
        model.simulate(type="STATICS", end=0)
    for word in words:
        assert word in str(info.value), str(info.value)


def test_friction_force_of_a_block_sliding_down_a_slope():
    # 1 kg on a 30 degree slope, sliding: the friction on the block along the slope (+z of J,
    # downhill) is -mu_d m g cos a once the slip is well above the transition velocity; the
    # normal components are not friction
    a, mu_d = math.radians(30.0), 0.2
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    down = [math.cos(a), 0.0, -math.sin(a)]
    block = Part(mass=1.0, ip=[0.1, 0.1, 0.1])
    block.cm = Marker(part=block, zp=down)
    rail = Marker(part=ground, zp=down)
    f = Friction(
        joint=Joint(type="TRANSLATIONAL", i=block.cm, j=rail), mu_static=0.3, mu_dynamic=mu_d
    )
    req = Request(
        f3=f"FRICTION({f.id},3)",
        f1=f"FRICTION({f.id},1)",
        f2=f"FRICTION({f.id},3,0)",
        f4=f"FRICTION({f.id},9)",
        f5=f"FRICTION({f.id},15)",
        f6=f"VZ({block.cm.id},{rail.id},{rail.id})",
        f7=f"FRICTION({f.id},13)",
    )
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    late = run.times >= 0.5
    r = run.getObject(req)
    np.testing.assert_allclose(r.getComponent("F3")[late], -mu_d * G * math.cos(a), rtol=1e-4)
    np.testing.assert_allclose(r.getComponent("F1")[late], 0.0, atol=1e-9)
    # the coefficient mu_d while sliding, the slip the block's velocity along the slope
    np.testing.assert_allclose(r.getComponent("F4")[late], mu_d, rtol=1e-4)
    np.testing.assert_allclose(r.getComponent("F5"), r.getComponent("F6"), rtol=0, atol=1e-12)
    np.testing.assert_allclose(r.getComponent("F7"), 0.0, atol=1e-9)
    # in the global axes: the friction points uphill, its z component up
    np.testing.assert_allclose(
        r.getComponent("F2")[late], mu_d * G * math.cos(a) * math.sin(a), rtol=1e-4
    )


def test_friction_torque_of_a_braking_shaft():
    # a shaft on a revolute joint spinning at w0: the friction torque about J's z is
    # -mu_d m g r (docs: the pin-radius torque of test_friction.py)
    m, r, w0, mu_d = 2.0, 0.05, 40.0, 0.2
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    shaft = Part(mass=m, ip=[0.05, 0.05, 0.01], wx=w0)
    shaft.cm = Marker(part=shaft, zp=[1, 0, 0])
    hub = Marker(part=ground, zp=[1, 0, 0])
    f = Friction(
        joint=Joint(type="REVOLUTE", i=shaft.cm, j=hub),
        mu_static=0.3,
        mu_dynamic=mu_d,
        pin_radius=r,
        input_forces=["REACTION_FORCE"],
    )
    req = Request(
        f6=f"FRICTION({f.id},6)",
        f3=f"FRICTION({f.id},3)",
        f1=f"FRICTION({f.id},12)",
        f2=f"FRICTION({f.id},18)",
        f4=f"WZ({shaft.cm.id},{hub.id},{hub.id})",
    )
    run = model.simulate(end=0.2, dtout=0.01, returnResults=True)
    late = run.times >= 0.05
    got = run.getObject(req)
    np.testing.assert_allclose(got.getComponent("F6")[late], -mu_d * m * G * r, rtol=1e-4)
    np.testing.assert_allclose(got.getComponent("F3")[late], 0.0, atol=1e-9)
    np.testing.assert_allclose(got.getComponent("F1")[late], mu_d, rtol=1e-4)
    np.testing.assert_allclose(got.getComponent("F2"), got.getComponent("F4"), rtol=0, atol=1e-12)


def test_friction_component_out_of_range_is_refused_with_its_reason():
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker())
    f = Friction(joint=Joint(type="TRANSLATIONAL", i=block.cm, j=Marker(part=ground)))
    Variable(function=f"FRICTION({f.id},19)", label="mu")
    with pytest.raises(ValueError, match=r"'mu'.*FRICTION: comp must be 1 to 18"):
        model.simulate(end=0.1)


def test_jprim_from_a_python_routine():
    # the runtime function JPRIM in a REQSUB reads the same reaction as the expression
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    arm = Part(mass=M, ip=[1e-3, 1e-3, 1e-3], cm=Marker(qp=[L, 0, 0]))
    point = Jprim(type="ATPOINT", i=Marker(part=arm), j=Marker(part=ground))
    Jprim(type="ORIENTATION", i=Marker(part=arm), j=Marker(part=ground))

    def reqsub(id, time, par, npar, iflag):
        return [JPRIM(int(par[0]), 0, 4, 0), JPRIM(int(par[0]), 1, 4, 0), 0, 0, 0, 0, 0, 0]

    req = Request(function=f"USER({point.id})", routine=reqsub)
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    np.testing.assert_allclose(run.getObject(req).getComponent("F1"), M * G, rtol=1e-12)
    np.testing.assert_allclose(run.getObject(req).getComponent("F2"), -M * G, rtol=1e-12)
