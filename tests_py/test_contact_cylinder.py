"""A cylinder lying on a face of a box (docs/equations.md §3.13): it touches along a line,
represented by the two end points of that line, so that it rests without rocking with half
of a centred load at each end."""

import numpy as np
import pytest

from msolve import *

G = 9.81
R = 0.05
L = 0.4
M = 2.0
K = 1e6
E = 1.5


def test_a_cylinder_on_its_side_rests_on_its_two_ends_with_half_the_weight_each():
    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-G)
    Integrator(error=1e-6)
    ground = Part(ground=True)
    floor = Box(cm=Marker(part=ground, qp=[0, 0, -0.5]), x=2, y=2, z=1)
    side = M * (3 * R * R + L * L) / 12
    body = Part(mass=M, ip=[0.5 * M * R * R, side, side], qg=[0.3, 0.1, R + 0.001], cm=Marker())
    # the cylinder's axis (its marker's z) along x, from x = -L/2 to L/2 in the part's frame
    axis = Marker(part=body, qp=[-L / 2, 0, 0], zp=[L / 2, 0, 0])
    cylinder = Cylinder(cm=axis, radius=R, length=L)
    contact = Contact(
        igeom=cylinder, jgeom=floor, stiffness=K, exponent=E, damping=100.0, dmax=1e-4
    )
    run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
    result = run.getObject(contact)
    # from the first contact (a 1 mm fall: 14 ms) on, two points
    assert np.all(result.getComponent("NPOINTS")[run.times > 0.02] == 2.0)
    # at rest: the two ends carry the weight, half each (the mean point weighted by the
    # normal forces is the middle of the line), each at the depth where k d^e = m g / 2
    assert result.getComponent("FZ")[-1] == pytest.approx(M * G, rel=1e-6)
    assert result.getComponent("PX")[-1] == pytest.approx(0.3, abs=1e-9)
    assert result.getComponent("PY")[-1] == pytest.approx(0.1, abs=1e-9)
    assert result.getComponent("DEPTH")[-1] == pytest.approx((M * G / 2 / K) ** (1 / E), rel=1e-6)
    # no rocking: the cylinder keeps its orientation throughout
    part = run.getObject(body)
    for name in ("E1", "E2", "E3"):
        assert np.abs(part.getComponent(name)).max() < 1e-9
