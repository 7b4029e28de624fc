"""Runs in an environment where msolve is installed from a wheel (tools/check_wheel.py, the
cibuildwheel test): imports the installed package and runs a point mass on a spring, whose
x(t) = 1 + 0.1 cos(sqrt(k/m) t) is known in closed form; prints the module's path last."""

import math
from pathlib import Path

import numpy as np

import msolve
from msolve import Integrator, Marker, Model, Part, PointMass, Request, SpringDamper

assert "site-packages" in msolve.__file__, msolve.__file__
# typed: the PEP 561 marker and the stubs of the compiled module are installed
for name in ("py.typed", "_core.pyi"):
    assert (Path(msolve.__file__).parent / name).is_file(), name
m, k = 0.5, 200.0
model = Model()
Integrator(error=1e-9)
ground = Part(ground=True)
pm = PointMass(mass=m, cm=Marker(), qg=[1.1, 0, 0], vx=0.0, vy=0.0, vz=0.0)
SpringDamper(i=pm.cm, j=Marker(part=ground), k=k, length=1.0)
model.d = Request(type="DISPLACEMENT", i=pm.cm)
run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
x = run.getObject(model.d).getComponent("X")
error = np.max(np.abs(x - (1.0 + 0.1 * np.cos(math.sqrt(k / m) * run.times))))
assert error < 2e-6, error
print("wheel: the model ran, max |x - closed form| =", error)
print(msolve._core.__file__)
