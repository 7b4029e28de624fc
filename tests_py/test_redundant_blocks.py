"""Redundant joint equations found block by block (docs/equations.md §5.1): the rows of the
joints are factorised per biconnected block of the graph of bodies and joints, which must
find the same redundant equations as a factorisation of the whole, loop by loop."""

import re

import numpy as np

from msolve import *


def _rod(p, q):
    p, q = np.asarray(p, float), np.asarray(q, float)
    return Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=list((p + q) / 2)))


def _pin(i_part, j_part, p, axis):
    p = np.asarray(p, float)
    z = list(p + np.asarray(axis, float))
    return Joint(
        type="REVOLUTE",
        i=Marker(part=i_part, qp=list(p), zp=z),
        j=Marker(part=j_part, qp=list(p), zp=z),
    )


def _model():
    """Three planar loops of 3D revolutes, each 3 equations redundant (6 per link in space,
    3 in its plane): a four-bar on the ground in the x-y plane, a rigid triangle of two links
    hung from its rocker (the rocker a cut body between two loops), a second four-bar on the
    ground in the x-z plane (the ground a cut body), and a tree of two links (a spherical
    joint and a revolute) hung from the first coupler, which adds no redundant equation."""
    model = Model()
    Accgrav(jgrav=-9.81)
    ground = Part(ground=True)
    z, y = [0, 0, 1], [0, 1, 0]
    loops = []
    # loop 1: a four-bar in z = 0
    A, B, C, D = [0, 0, 0], [0.2, 1, 0], [1.8, 1.2, 0], [2, 0, 0]
    crank, coupler, rocker = _rod(A, B), _rod(B, C), _rod(D, C)
    loops.append(
        [
            _pin(crank, ground, A, z),
            _pin(coupler, crank, B, z),
            _pin(rocker, coupler, C, z),
            _pin(rocker, ground, D, z),
        ]
    )
    # loop 2: a triangle P-R-Q on the rocker (P, Q on its line)
    P, Q, R = [1.95, 0.3, 0], [1.875, 0.75, 0], [2.6, 0.5, 0]
    a, b = _rod(P, R), _rod(Q, R)
    loops.append([_pin(a, rocker, P, z), _pin(b, rocker, Q, z), _pin(b, a, R, z)])
    # loop 3: a four-bar in y = -3, hinged along y
    E, F, G, H = [0, -3, 0], [0.1, -3, 1], [1.1, -3, 1.3], [1, -3, 0]
    crank2, coupler2, rocker2 = _rod(E, F), _rod(F, G), _rod(H, G)
    loops.append(
        [
            _pin(crank2, ground, E, y),
            _pin(coupler2, crank2, F, y),
            _pin(rocker2, coupler2, G, y),
            _pin(rocker2, ground, H, y),
        ]
    )
    # a tree from the first coupler's middle: no loop, nothing redundant
    M, N, O = [1.0, 1.1, 0], [1.0, 0.6, 0.2], [1.0, 0.1, 0.4]
    upper, lower = _rod(M, N), _rod(N, O)
    Joint(type="SPHERICAL", i=Marker(part=upper, qp=M), j=Marker(part=coupler, qp=M))
    _pin(lower, upper, N, [1, 0, 0])
    model.crank = crank
    return model, [[joint.id for joint in loop] for loop in loops]


def test_each_planar_loop_sets_aside_three_equations_and_the_tree_none():
    model, loops = _model()
    run = model.simulate(end=0.2, dtout=0.05, returnResults=True)
    assert run.ok, run.error
    redundant = [m for m in run.messages if "redundant" in m]
    joints = [int(re.search(r"Joint (\d+) ", m).group(1)) for m in redundant]
    assert len(joints) == 9, redundant
    for loop in loops:
        assert sum(j in loop for j in joints) == 3, (loop, redundant)
    # the equations kept hold the loops closed while they move
    assert np.max(run.constraintErrors[:, 0]) < 1e-9
    crank = run.getObject(model.crank)
    assert abs(crank.getComponent("X")[-1] - crank.getComponent("X")[0]) > 1e-3
