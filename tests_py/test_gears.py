"""Gear-type joints of Radioss /GJOINT (GEAR, DIFF, RACK; docs/equations.md §2.4) built from Coupler
and Gear; the rack and pinion is in test_joints.py.

Expected values: /GJOINT's velocity relations, alpha (Delta w_1.r_1) + (Delta w_2.r_2)
[+ (Delta w_3.r_3)] = 0 with Delta w_k the angular velocity of node k relative to the
primary node (the carrier), measured here with VELOCITY requests of each joint's I marker
relative to its J marker; for a gear pair driven at constant speed against a constant load,
the balance of power (kinetic energy constant: power in = power out) and of torques
(T_in = ratio * T_load) that follow from it.
"""

import numpy as np
import pytest

from msolve import *

R1, R2 = 0.1, 0.25  # pitch radii of the gear pair
W1 = 10.0  # drive speed of gear 1 [rad/s]
T_LOAD = 3.0  # torque on gear 2 about z (gear 2 turns backwards: it resists)


def gear_pair(how):
    """Two gears on REVOLUTE joints about global z to the ground (the carrier), gear 1 at
    the origin driven at W1 by a Motion, gear 2 at (R1 + R2, 0, 0) loaded by T_LOAD."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    gears, joints, markers = [], [], []
    for k, (x, inertia) in enumerate([(0.0, 0.02), (R1 + R2, 0.05)]):
        gear = Part(mass=1.0, ip=[inertia, inertia, inertia], cm=Marker(qp=[x, 0, 0]))
        on_gear = Marker(part=gear, qp=[x, 0, 0], zp=[x, 0, 1], xp=[x + 1, 0, 0])
        on_ground = Marker(part=ground, qp=[x, 0, 0], zp=[x, 0, 1], xp=[x + 1, 0, 0])
        joints.append(Joint(type="REVOLUTE", i=on_gear, j=on_ground, label=f"gear {k + 1}"))
        gears.append(gear)
        markers.append((on_gear, on_ground))
    if how == "Coupler":
        # /GJOINT's GEAR: alpha (Delta w_1.r_1) + (Delta w_2.r_2) = 0, alpha = R1 / R2
        Coupler(joints=joints, scales=[R1 / R2, 1.0])
    else:
        # the contact point on the line of centres, common velocity along +y
        cv = Marker(part=ground, qp=[R1, 0, 0], zp=[R1, 1, 0], xp=[R1 + 1, 0, 0])
        Gear(joints=joints, cv=cv)
    drive = Motion(joint=joints[0], jtype="ROTATION", dtype="VELOCITY", function=f"{W1}")
    Sforce(type="ROTATION", i=markers[1][0], j=markers[1][1], function=f"{T_LOAD}")
    model.w = [Request(type="VELOCITY", i=i, j=j, rm=j) for i, j in markers]
    model.torque = Request(type="EXPRESSION", f1=f"MOTION({drive.id},0,8)")
    return model


@pytest.mark.parametrize("how", ["Coupler", "Gear"])
def test_gear_pair_speed_ratio_torques_and_power(how):
    model = gear_pair(how)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    w1, w2 = (run.getObject(r).getComponent("WZ") for r in model.w)
    # external gears: w2 = -R1/R2 w1
    np.testing.assert_allclose(w1, W1, rtol=1e-10)
    assert np.abs(w2 + R1 / R2 * w1).max() < 1e-10 * W1
    # torque on gear 1 from the drive: at constant speeds it balances the load through the
    # ratio, and the power it puts in is the power the load takes out
    t_in = run.getObject(model.torque).getComponent("F1")
    np.testing.assert_allclose(t_in, R1 / R2 * T_LOAD, rtol=1e-8)
    np.testing.assert_allclose(t_in * w1, -T_LOAD * w2, rtol=1e-8)
    # energy books: the kinetic energy stays, the work of drive and load cancels (to 1e-8
    # of the energy that went through the gears)
    energy = run.energy
    assert np.ptp(energy.getComponent("KINETIC")) < 1e-9
    through = (t_in * w1)[-1] * run.times[-1]
    assert np.abs(energy.getComponent("WORK")).max() < 1e-8 * through


def test_gear_from_cv_marker_gives_an_internal_gear_the_same_sense():
    # a ring gear of radius R2 about the origin and a pinion of radius R1 inside it at
    # (R2 - R1, 0, 0), contact at (R2, 0, 0): both turn the same way, w_ring = R1/R2 w_pinion
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    joints, markers = [], []
    for x in (R2 - R1, 0.0):
        gear = Part(mass=1.0, ip=[0.03] * 3, cm=Marker(qp=[x, 0, 0]))
        i = Marker(part=gear, qp=[x, 0, 0], zp=[x, 0, 1])
        j = Marker(part=ground, qp=[x, 0, 0], zp=[x, 0, 1])
        joints.append(Joint(type="REVOLUTE", i=i, j=j))
        markers.append((i, j))
    Gear(joints=joints, cv=Marker(part=ground, qp=[R2, 0, 0], zp=[R2, 1, 0]))
    Motion(joint=joints[0], jtype="ROTATION", dtype="VELOCITY", function="4")
    model.w = [Request(type="VELOCITY", i=i, j=j, rm=j) for i, j in markers]
    run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
    pinion, ring = (run.getObject(r).getComponent("WZ") for r in model.w)
    assert np.abs(ring - R1 / R2 * pinion).max() < 1e-10 * 4


def test_differential_relation_holds_with_the_carrier_moving():
    # /GJOINT's DIFF: alpha (Delta w_1.r_1) + (Delta w_2.r_2) + (Delta w_3.r_3) = 0 with
    # Delta w_k relative to the primary node. A bevel-gear differential: the housing (the
    # primary node) yaws about global z, driven at 0.5 rad/s; the cage (node 1, driven at
    # 10 rad/s relative to the housing) and the two axle shafts (nodes 2 and 3, each with
    # its own drag) turn about the housing's y axis: -2 Delta w_cage + Delta w_left +
    # Delta w_right = 0 (w_left + w_right = 2 w_cage relative to the housing), alpha = -2
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    housing = Part(mass=5.0, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    yaw = Joint(type="REVOLUTE", i=Marker(part=housing), j=Marker(part=ground))
    Motion(joint=yaw, jtype="ROTATION", dtype="VELOCITY", function="0.5")
    joints, markers = [], []
    for y, drag in [(0.0, 0.0), (-0.5, 0.02), (0.5, 0.05)]:
        shaft = Part(mass=1.0, ip=[0.02, 0.01, 0.02], cm=Marker(qp=[0, y, 0]))
        i = Marker(part=shaft, qp=[0, y, 0], zp=[0, y + 1, 0], xp=[1, y, 0])
        j = Marker(part=housing, qp=[0, y, 0], zp=[0, y + 1, 0], xp=[1, y, 0])
        joints.append(Joint(type="REVOLUTE", i=i, j=j))
        markers.append((i, j))
        if drag:
            Sforce(type="ROTATION", i=i, j=j, function=f"-{drag}*WZ({i.id},{j.id},{j.id})")
    Coupler(joints=joints, scales=[-2.0, 1.0, 1.0])
    Motion(joint=joints[0], jtype="ROTATION", dtype="VELOCITY", function="10")
    model.w = [Request(type="VELOCITY", i=i, j=j, rm=j) for i, j in markers]
    model.housing = Request(type="VELOCITY", i=yaw.i)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    assert run.constraintErrors[:, 0].max() < 1e-10
    cage, left, right = (run.getObject(r).getComponent("WZ") for r in model.w)
    np.testing.assert_allclose(run.getObject(model.housing).getComponent("WZ"), 0.5, rtol=1e-10)
    np.testing.assert_allclose(cage, 10.0, rtol=1e-10)
    assert np.abs(-2 * cage + left + right).max() < 1e-10 * 20
    # the drags split the speed unevenly: the shafts really turn at different speeds
    assert np.abs(left - right)[-1] > 1.0


def test_coupler_inputs_are_checked():
    model = gear_pair("Coupler")
    coupler = model.getChildren(type="Coupler")[0]
    coupler.scales = [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match="2 joints but 3 nonzero scales"):
        model.simulate(end=0.1)
    coupler.scales = [0.5]  # one scale fewer than joints: the first is 1 (Adams)
    coupler.type = ["R", "T"]
    with pytest.raises(ValueError, match="type 'T' does not fit"):
        model.simulate(end=0.1)
