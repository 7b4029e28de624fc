"""Joint friction (Friction, Force_JointFriction): LuGre friction against the joint's reaction
(docs/equations.md §3.10).

Sources: MotionSolve Friction page (friction_api.htm: attributes and defaults, LuGre), the
Force_JointFriction XML page (xml-format_61.htm), the LuGre model (Canudas de Wit et al. 1995:
z' = v - sigma0 |v| z / g(v), F = sigma0 z + sigma1 z' + sigma2 v, g(v) = Fc + (Fs - Fc)
exp(-(v/vs)^2), all per unit normal load here).
"""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81


def slope(angle_deg, **friction):
    """A 1 kg block on a slope of the given angle (translational joint along the slope,
    downhill = +z of J), from rest; returns the model, the friction and a request of the
    block's displacement and velocity along the slope."""
    a = math.radians(angle_deg)
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    down = [math.cos(a), 0.0, -math.sin(a)]
    block = Part(mass=1.0, ip=[0.1, 0.1, 0.1])
    block.cm = Marker(part=block, zp=down)
    rail = Marker(part=ground, zp=down)
    joint = Joint(type="TRANSLATIONAL", i=block.cm, j=rail)
    f = Friction(joint=joint, **friction)
    req = Request(
        f1=f"DZ({block.cm.id},{rail.id},{rail.id})", f2=f"VZ({block.cm.id},{rail.id},{rail.id})"
    )
    return model, f, req


def test_block_sticks_below_the_friction_angle():
    # tan 10 deg = 0.176 < mu_static = 0.3: the block stays, creeping at most the stiction
    # deformation, and comes to rest
    model, f, req = slope(10.0, mu_static=0.3, mu_dynamic=0.2, max_stiction_deformation=0.01)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    r = run.getObject(req)
    x, v = r.getComponent("F1"), r.getComponent("F2")
    assert np.max(np.abs(x)) < f.max_stiction_deformation
    # and comes to rest there: the last second moves it by less than a micrometre
    assert np.max(np.abs(v[-100:])) < 1e-4
    assert abs(x[-1] - x[-100]) < 1e-6
    assert x[-1] > 0  # crept downhill


def test_block_slides_above_the_friction_angle():
    # tan 30 deg = 0.577 > 0.3: it slides with a = g (sin a - mu_d cos a) once the slip is
    # well above the stiction transition velocity
    a = math.radians(30.0)
    model, _, req = slope(30.0, mu_static=0.3, mu_dynamic=0.2)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    t, v = run.times, run.getObject(req).getComponent("F2")
    expected = G * (math.sin(a) - 0.2 * math.cos(a))
    late = t >= 0.5
    slope_fit = np.polyfit(t[late], v[late], 1)[0]
    assert slope_fit == pytest.approx(expected, rel=1e-4)
    assert np.all(np.diff(v[late]) > 0)


def test_spinning_shaft_brakes_with_its_pin_radius_torque():
    # a shaft on a horizontal revolute joint, spinning at w0: the radial reaction is m g, the
    # friction torque mu_d m g pin_radius, the deceleration mu_d m g r / Ixx
    m, ixx, r, w0, mu_d = 2.0, 0.01, 0.05, 40.0, 0.2
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    shaft = Part(mass=m, ip=[0.05, 0.05, ixx], wx=w0)  # izz: about the cm marker's z
    shaft.cm = Marker(part=shaft, zp=[1, 0, 0])
    hub = Marker(part=ground, zp=[1, 0, 0])
    joint = Joint(type="REVOLUTE", i=shaft.cm, j=hub)
    Friction(
        joint=joint,
        mu_static=0.3,
        mu_dynamic=mu_d,
        pin_radius=r,
        input_forces=["REACTION_FORCE"],
    )
    req = Request(f1=f"WZ({shaft.cm.id},{hub.id},{hub.id})")
    run = model.simulate(end=0.3, dtout=0.01, returnResults=True)
    t, w = run.times, run.getObject(req).getComponent("F1")
    alpha = mu_d * m * G * r / ixx
    # once the bristles have deflected (over a slip of mu_d / sigma0, a few ms) the torque is
    # steady: a constant deceleration
    late = t >= 0.05
    assert np.polyfit(t[late], w[late], 1)[0] == pytest.approx(-alpha, rel=1e-4)
    assert np.max(np.abs(np.diff(w[late], 2))) < 1e-6


def test_lugre_sliding_follows_its_steady_state():
    # LuGre with a viscous term on a flat rail: in steady sliding (v >> vs) the friction per
    # unit load is mu_d + sigma2 v, so v' = -g (mu_d + sigma2 v):
    # v = (v0 + mu_d/sigma2) exp(-g sigma2 t) - mu_d/sigma2 (the bristles start relaxed and
    # deflect to mu_d/sigma0 within microseconds; their damping sigma1 acts in stiction only)
    mu_d, sigma0, sigma1, sigma2, v0 = 0.2, 1e4, 10.0, 0.05, 3.0
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[0.1, 0.1, 0.1], vx=v0)
    block.cm = Marker(part=block, zp=[1, 0, 0])
    rail = Marker(part=ground, zp=[1, 0, 0])
    joint = Joint(type="TRANSLATIONAL", i=block.cm, j=rail)
    Friction(
        joint=joint,
        mu_static=0.3,
        mu_dynamic=mu_d,
        bristle_stiffness=sigma0,
        damping_effects=sigma1,
        viscous_effects=sigma2,
    )
    req = Request(f1=f"VZ({block.cm.id},{rail.id},{rail.id})")
    run = model.simulate(end=0.8, dtout=0.01, returnResults=True)
    t, v = run.times, run.getObject(req).getComponent("F1")
    c = mu_d / sigma2
    expected = (v0 + c) * np.exp(-G * sigma2 * t) - c
    late = t >= 0.05
    np.testing.assert_allclose(v[late], expected[late], rtol=0, atol=2e-5)


def lugre_pull(pull):
    """A 1 kg block on a flat rail with LuGre friction (sigma0 = 1000, mu_s 0.3, mu_d 0.2),
    pulled along the rail by pull * m g from rest; the displacement and velocity."""
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[0.1, 0.1, 0.1])
    block.cm = Marker(part=block, zp=[1, 0, 0])
    rail = Marker(part=ground, zp=[1, 0, 0])
    joint = Joint(type="TRANSLATIONAL", i=block.cm, j=rail)
    Friction(joint=joint, bristle_stiffness=1e3, damping_effects=60.0, viscous_effects=0.0)
    Sforce(type="TRANSLATION", actiononly=True, i=block.cm, j=rail, function=f"{pull * G}")
    req = Request(
        f1=f"DZ({block.cm.id},{rail.id},{rail.id})", f2=f"VZ({block.cm.id},{rail.id},{rail.id})"
    )
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    r = run.getObject(req)
    return run.times, r.getComponent("F1"), r.getComponent("F2")


def test_lugre_breakaway_at_the_static_coefficient():
    # below mu_s m g the bristles hold the block (it creeps a little and stops); above it
    # slides with a = (pull - mu_d) g
    t, x, v = lugre_pull(0.25)
    assert np.max(np.abs(v[-100:])) < 1e-5
    assert 0 < x[-1] < 0.01
    t, x, v = lugre_pull(0.35)
    late = t >= 1.0
    assert np.polyfit(t[late], v[late], 1)[0] == pytest.approx((0.35 - 0.2) * G, rel=1e-4)


def test_bad_friction_input_names_the_entity_and_attribute():
    model, f, _ = slope(10.0)
    f.mu_static = -0.1
    with pytest.raises(ValueError, match=r"Friction \d+.*mu_static must be positive"):
        model.simulate(end=0.1, dtout=0.05)
    model, f, _ = slope(10.0)
    with pytest.raises(ValueError, match="effect"):
        f.effect = "SOMETIMES"
    with pytest.raises(ValueError, match="input_forces"):
        f.input_forces = ["REACTION_FORCE", "GRAVITY"]


def test_friction_on_a_joint_type_without_it_is_refused():
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker(part=body)
    joint = Joint(type="FIXED", i=body.cm, j=Marker(part=ground))
    Friction(joint=joint)
    with pytest.raises(ValueError, match="friction is available on REVOLUTE"):
        model.simulate(end=0.1, dtout=0.05)


def test_attributes_without_effect_are_reported_once():
    # documented attributes msolve cannot honour are accepted and said so in the log, once a run
    model, f, _ = slope(10.0, inactive="STATIC", bristle_stiffness=1e3)
    f.max_stiction_deformation = 0.02
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    notes = [m for m in run.messages if "accepted, no effect" in m]
    assert any("inactive = STATIC" in m for m in notes)
    assert any("max_stiction_deformation" in m for m in notes)
    assert all(m.startswith(f"Friction {f.id}") for m in notes)
    assert len(notes) == len(set(notes)) == 2


def spinning(joint_type, **friction):
    """A 2 kg ball (inertia 0.01 about every axis) on a joint at its centre, the joint's z
    axis horizontal (global x), spinning at 40 rad/s about (1, 1, 0)/sqrt(2) for a
    spherical joint, about the joint axis otherwise, and sliding at 2 m/s along it when the
    joint allows; the spin rate about the initial axis and the slide velocity."""
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    axis = np.array([1.0, 1.0, 0.0]) / math.sqrt(2) if joint_type == "SPHERICAL" else [1, 0, 0]
    w = 40.0 * np.asarray(axis)
    slide = 2.0 if joint_type == "CYLINDRICAL" else None
    ball = Part(mass=2.0, ip=[0.01, 0.01, 0.01], wx=w[0], wy=w[1], wz=w[2], vx=slide)
    ball.cm = Marker(part=ball, zp=[1, 0, 0])
    seat = Marker(part=ground, zp=[1, 0, 0])
    Friction(joint=Joint(type=joint_type, i=ball.cm, j=seat), **friction)
    a = [float(v) for v in axis]
    req = Request(
        f1=f"{a[0]}*WX({ball.cm.id}) + {a[1]}*WY({ball.cm.id}) + {a[2]}*WZ({ball.cm.id})",
        f2=f"VX({ball.cm.id})",
    )
    run = model.simulate(end=0.3, dtout=0.01, returnResults=True)
    r = run.getObject(req)
    return run.times, r.getComponent("F1"), r.getComponent("F2")


def test_spherical_joint_friction_brakes_with_the_ball_radius_torque():
    # the reaction is the weight m g; the torque mu_d m g ball_radius opposes the spin
    t, w, _ = spinning("SPHERICAL", ball_radius=0.05, input_forces="REACTION_FORCE")
    late = t >= 0.05
    alpha = 0.2 * 2.0 * G * 0.05 / 0.01
    assert np.polyfit(t[late], w[late], 1)[0] == pytest.approx(-alpha, rel=1e-4)


def test_cylindrical_joint_friction_brakes_slide_and_spin():
    # the radial reaction m g loads both: the force mu_d m g against the slide, the torque
    # mu_d m g pin_radius against the spin
    t, w, v = spinning("CYLINDRICAL", pin_radius=0.05, input_forces=["REACTION_FORCE"])
    late = t >= 0.05
    assert np.polyfit(t[late], w[late], 1)[0] == pytest.approx(-0.2 * 2 * G * 0.05 / 0.01, rel=1e-4)
    assert np.polyfit(t[late], v[late], 1)[0] == pytest.approx(-0.2 * G, rel=1e-4)


def test_sliding_effect_has_no_stiction():
    # effect SLIDING: Coulomb friction mu_d S(v/vs) v/|v| only; on a 10 degree slope with
    # mu_d = 0.2 > tan 10 deg the block creeps at the v where 0.2 S(v/vs) = tan 10 deg
    model, _, req = slope(10.0, mu_dynamic=0.2, effect="SLIDING")
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    v = run.getObject(req).getComponent("F2")
    target = math.tan(math.radians(10.0)) / 0.2
    x = 0.5
    for _ in range(50):  # Newton on x^2 (3 - 2x) = target
        x -= (x * x * (3 - 2 * x) - target) / (6 * x - 6 * x * x)
    assert v[-1] == pytest.approx(0.1 * x, rel=1e-4)


def test_stiction_effect_fades_when_sliding():
    # effect STICTION: mu_d taken as 0, so well above the transition velocity the block on a
    # 30 degree slope falls nearly freely along it: the coefficient is g's floor 1e-3 mu_s,
    # a = g (sin a - 1e-3 mu_s cos a)
    model, _, req = slope(30.0, effect="STICTION")
    run = model.simulate(end=1.5, dtout=0.01, returnResults=True)
    t, v = run.times, run.getObject(req).getComponent("F2")
    late = t >= 0.8
    slope_fit = np.polyfit(t[late], v[late], 1)[0]
    a = math.radians(30.0)
    assert slope_fit == pytest.approx(G * (math.sin(a) - 1e-3 * 0.3 * math.cos(a)), rel=1e-5)


def test_friction_work_balances_the_energy():
    # the block sliding down the slope: the energy lost is the friction's work, so
    # kinetic + gravitational - work stays at its initial value (docs/equations.md §7)
    model, _, _ = slope(30.0)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    e = run.energy
    balance, work = e.getComponent("BALANCE"), e.getComponent("WORK")
    assert work[-1] < -1.0  # friction took energy out
    np.testing.assert_allclose(balance, balance[0], atol=1e-6 * abs(work[-1]))


def test_statics_holds_the_block_by_stiction_within_the_static_limit():
    # tan 10 deg < mu_static: statics finds the block held by the friction, its bristles
    # deflected by the slip that carries the weight's component along the slope: per unit
    # load sigma0 z = tan a, sigma0 = mu_static / max_stiction_deformation, so the block
    # creeps z = tan(a) max_stiction_deformation / mu_static; a dynamic run from there stays
    a = math.radians(10.0)
    model, _, req = slope(10.0, mu_static=0.3, mu_dynamic=0.2, max_stiction_deformation=0.01)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    creep = math.tan(a) * 0.01 / 0.3
    assert run.getObject(req).getComponent("F1")[0] == pytest.approx(creep, rel=1e-9)
    run = model.simulate(type="DYNAMICS", end=1.0, dtout=0.1, returnResults=True)
    x = run.getObject(req).getComponent("F1")
    assert np.max(np.abs(x - creep)) < 1e-9


def test_statics_says_no_equilibrium_exists_above_the_static_limit():
    # tan 30 deg = 0.577 > mu_static = 0.3: stiction cannot hold the block; statics says so,
    # naming the friction, its joint and by how much (tan a / mu_static)
    model, _, _ = slope(30.0, mu_static=0.3, mu_dynamic=0.2)
    with pytest.raises(MsolveError, match=r"no equilibrium: Friction \d+ on Joint \d+") as e:
        model.simulate(type="STATICS", end=0)
    ratio = float(str(e.value).split("would have to give ")[1].split()[0])
    assert ratio == pytest.approx(math.tan(math.radians(30.0)) / 0.3, rel=1e-5)
