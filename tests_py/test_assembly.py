"""simulate(type="ASSEMBLY"): the initial-conditions analysis alone, one output at the current
time (docs/equations.md §5)."""

import re

import numpy as np
import pytest
from suspension import assembled

from msolve import *


def test_assembly_meets_the_joints_without_advancing_time_and_dynamics_goes_on_from_it():
    # a pendulum whose hinge markers are 5 cm apart in the modelled position: the assembly
    # closes the gap (moving the bob), the time stays at 0, and a dynamic run continues
    model = Model()
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    pivot = Marker(part=ground, qp=[0, 0, 0], zp=[0, -1, 0])
    bob = Part(mass=1.0, ip=[0.01, 0.01, 0.01], cm=Marker(qp=[0.5, 0, 0]))
    hinge = Marker(part=bob, qp=[0.05, 0, 0], zp=[0.05, -1, 0])
    Joint(type="REVOLUTE", i=hinge, j=pivot)
    model.gap = Request(type="DISPLACEMENT", i=hinge, j=pivot)
    run = model.simulate(type="ASSEMBLY", returnResults=True)
    np.testing.assert_array_equal(run.times, [0.0])
    assert run.getObject(model.gap).getComponent("MAG")[0] < 1e-10
    assert any("assembly moved parts" in line for line in run.messages)
    after = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    assert after.times[-1] == 0.2
    assert np.all(after.getObject(model.gap).getComponent("MAG") < 1e-8)


# --- assembly in model units and from far away (issue 16, docs/equations.md §5.1) ---------


def test_a_millimetre_double_wishbone_assembles_like_the_metre_one_at_every_travel():
    # the same corner in mm (Units, gravity in mm/s^2) and in m, the wheel centre imposed
    # -25 .. +25 mm from its design height: the mm assembly is the metre one scaled by 1000,
    # and the spherical joints are closed
    for travel in np.linspace(-25.0, 25.0, 11):
        mm, mm_gap = assembled(True, travel)
        metre, metre_gap = assembled(False, travel / 1000.0)
        assert mm_gap < 1e-9 * 1000.0
        assert metre_gap < 1e-9
        for name in mm:
            np.testing.assert_allclose(mm[name][:3] / 1000.0, metre[name][:3], rtol=0, atol=1e-9)
            np.testing.assert_allclose(mm[name][3:], metre[name][3:], rtol=0, atol=1e-9)
        # the imposed travel is met: the upright follows it (its centre rises with the wheel)
        assert (mm["upright"][2] - 250.0) * travel >= 0


def _four_bar(crank_turn_deg):
    """A planar crank-rocker in mm (crank a = 40 from A = 0, coupler b = 120, rocker c = 80
    from D = (100, 0)), modelled at a crank angle of 60 degrees with its revolutes all along
    z (redundant in the plane); a Motion turns the crank by `crank_turn_deg` from there."""
    a, b, c, d = 40.0, 120.0, 80.0, 100.0
    t2 = np.radians(60.0)
    t4 = _freudenstein(a, b, c, d, t2)
    A, D = np.zeros(3), np.array([d, 0.0, 0.0])
    B = A + a * np.array([np.cos(t2), np.sin(t2), 0.0])
    C = D + c * np.array([np.cos(t4), np.sin(t4), 0.0])
    model = Model()
    Units(length="MILLIMETER")
    Accgrav(kgrav=-9810.0)
    ground = Part(ground=True)
    z = np.array([0.0, 0.0, 1.0])

    def bar(p, q):
        return Part(mass=1.0, ip=[100.0] * 3, cm=Marker(qp=list((p + q) / 2)))

    def pin(i_part, j_part, p, x=None):
        extra = {} if x is None else {"xp": list(p + x)}
        return Joint(
            type="REVOLUTE",
            i=Marker(part=i_part, qp=list(p), zp=list(p + z), **extra),
            j=Marker(part=j_part, qp=list(p), zp=list(p + z), **extra),
        )

    crank, coupler, rocker = bar(A, B), bar(B, C), bar(D, C)
    drive = pin(crank, ground, A, x=B - A)
    pin(coupler, crank, B)
    pin(rocker, coupler, C)
    pin(rocker, ground, D)
    Motion(joint=drive, jtype="ROTATION", function=repr(float(np.radians(crank_turn_deg))))
    return model, rocker, (a, b, c, d), D


def _freudenstein(a, b, c, d, t2):
    # K1 cos t4 - K2 cos t2 + K3 = cos(t2 - t4), the open branch (rocker above the ground link)
    k1, k2, k3 = d / a, d / c, (a * a - b * b + c * c + d * d) / (2 * a * c)
    A = np.cos(t2) - k1 - k2 * np.cos(t2) + k3
    B = -2.0 * np.sin(t2)
    C = k1 - (k2 + 1.0) * np.cos(t2) + k3
    return 2.0 * np.arctan2(-B - np.sqrt(B * B - 4 * A * C), 2 * A)


def test_a_millimetre_four_bar_assembles_far_from_its_design_at_the_freudenstein_angle():
    # the crank turned 150 degrees (to 210) from the modelled position: the rocker angle is
    # the Freudenstein closed form's, on the branch the linkage was modelled in
    for turn in (45.0, 150.0, -100.0):
        model, rocker, (a, b, c, d), D = _four_bar(turn)
        run = model.simulate(type="ASSEMBLY", returnResults=True)
        result = run.getObject(rocker)
        centre = np.array([result.getComponent(k)[0] for k in ("X", "Y")])
        angle = np.arctan2(centre[1] - D[1], centre[0] - D[0])
        expected = _freudenstein(a, b, c, d, np.radians(60.0 + turn))
        assert abs(np.angle(np.exp(1j * (angle - expected)))) < 1e-9
        assert np.linalg.norm(centre - D[:2]) == pytest.approx(c / 2, rel=1e-12)


def test_an_impossible_assembly_names_the_open_joints_and_the_gap():
    # a 1000 mm rod between ground balls 1500 mm apart: closest, each ball stays open by
    # 250 mm (the least squares of the two gaps, which add up to the 500 mm missing)
    model = Model()
    Units(length="MILLIMETER")
    ground = Part(ground=True)
    rod = Part(mass=1.0, ip=[1e5] * 3, cm=Marker(qp=[500.0, 0, 0]))
    for end, socket in (([0.0, 0, 0], [0.0, 0, 0]), ([1000.0, 0, 0], [1500.0, 0, 0])):
        Joint(
            type="SPHERICAL",
            i=Marker(part=rod, qp=end),
            j=Marker(part=ground, qp=socket),
        )
    with pytest.raises(ValueError, match="cannot be assembled") as caught:
        model.simulate(type="ASSEMBLY", returnResults=True)
    text = str(caught.value)
    gaps = [float(g) for g in re.findall(r"open by ([-+.e0-9]+) \(model length units\)", text)]
    assert "Joint 1 (SPHERICAL): open by" in text
    assert "Joint 2 (SPHERICAL): open by" in text
    np.testing.assert_allclose(gaps, [250.0, 250.0], rtol=1e-6)


def _slider_crank(shift):
    """A slider-crank (crank r = 1 m about the origin, rod l = 1.5 m, slider on x), modelled
    at a crank angle of 80 degrees; a Motion moves the slider by `shift` along x."""
    r, rod_length, t2 = 1.0, 1.5, np.radians(80.0)
    model = Model()
    Accgrav(jgrav=-9.81)
    ground = Part(ground=True)
    B = r * np.array([np.cos(t2), np.sin(t2), 0.0])
    C = np.array([B[0] + np.sqrt(rod_length**2 - B[1] ** 2), 0.0, 0.0])
    z, x = np.array([0.0, 0.0, 1.0]), np.array([1.0, 0.0, 0.0])
    crank = Part(mass=1.0, ip=[0.1] * 3, cm=Marker(qp=list(B / 2)))
    rod = Part(mass=1.0, ip=[0.1] * 3, cm=Marker(qp=list((B + C) / 2)))
    slider = Part(mass=1.0, ip=[0.1] * 3, cm=Marker(qp=list(C)))

    def pin(i_part, j_part, p):
        return Joint(
            type="REVOLUTE",
            i=Marker(part=i_part, qp=list(p), zp=list(p + z)),
            j=Marker(part=j_part, qp=list(p), zp=list(p + z)),
        )

    pin(crank, ground, np.zeros(3))
    pin(rod, crank, B)
    pin(slider, rod, C)
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=slider, qp=list(C), zp=list(C + x)),
        j=Marker(part=ground, qp=list(C), zp=list(C + x)),
    )
    Motion(joint=slide, jtype="TRANSLATION", function=repr(float(shift)))
    return model, crank, C[0] + shift, (r, rod_length)


def test_a_slider_moved_through_the_crank_pivot_assembles_by_continuation():
    # the slider moved 1.9 m, from x = 1.305 through the crank's pivot to x = -0.595: Newton
    # from the design fails (without the continuation the model "cannot be assembled"); the
    # continuation (docs/equations.md §5.2) follows the motion there in steps, and the crank
    # is at the closed-form angle, cos(phi) = (x^2 + r^2 - l^2) / (2 r x), on the upper branch
    model, crank, x, (r, rod_length) = _slider_crank(-1.9)
    run = model.simulate(type="ASSEMBLY", returnResults=True)
    steps = [re.search(r"in (\d+) continuation steps", m) for m in run.messages]
    assert any(s and int(s.group(1)) > 1 for s in steps), run.messages
    result = run.getObject(crank)
    centre = np.array([result.getComponent(k)[0] for k in ("X", "Y")])
    phi = np.arccos((x * x + r * r - rod_length**2) / (2 * r * x))
    np.testing.assert_allclose(centre, r / 2 * np.array([np.cos(phi), np.sin(phi)]), atol=1e-10)
    assert run.constraintErrors[:, 0].max() < 1e-10
