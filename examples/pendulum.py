"""A simple pendulum, as in MotionSolve's first tutorial: a 2 kg bob on a 300 mm arm,
pinned to the ground by a revolute joint and released from the horizontal.

Prints a short table (angle, bob height, joint reaction) and writes pendulum.png.
Run:  python examples/pendulum.py
"""

import os
import sys

from msolve import *

END = float(os.environ.get("MSOLVE_EXAMPLE_END", "2.0"))

model = Model(output="pendulum")
Units(mass="KILOGRAM", length="MILLIMETER", time="SECOND", force="NEWTON")
Accgrav(kgrav=-9810.0)
Integrator(error=1e-6)

ground = Part(ground=True)
ground.pivot = Marker(part=ground, qp=[0, 0, 0], zp=[0, -1, 0], label="pivot on ground")

# the bob: 2 kg at 300 mm along +x; its frame is the global frame
arm = 300.0
bob = Part(mass=2.0, ip=[1e3, 1e3, 1e3], label="bob")
bob.cm = Marker(part=bob, qp=[arm, 0, 0], label="bob cm")
bob.pivot = Marker(part=bob, qp=[0, 0, 0], zp=[0, -1, 0], label="pivot on bob")

pin = Joint(type="REVOLUTE", i=bob.pivot, j=ground.pivot, label="pin")

model.position = Request(type="DISPLACEMENT", i=bob.cm, j=ground.pivot, comment="bob position")
model.reaction = Request(type="FORCE", i=bob.pivot, j=ground.pivot, comment="pin reaction")

run = model.simulate(type="DYNAMICS", end=END, dtout=0.01, returnResults=True)

pos = run.getObject(model.position)
force = run.getObject(model.reaction)
t = pos.times
x, z = pos.getComponent("X"), pos.getComponent("Z")
fm = force.getComponent("FM")
angle = [math.degrees(math.acos(xi / math.hypot(xi, zi))) for xi, zi in zip(x, z)]

print(f"{'time [s]':>9} {'angle [deg]':>12} {'height [mm]':>12} {'reaction [N]':>13}")
for k in range(0, len(t), max(1, len(t) // 10)):
    print(f"{t[k]:9.3f} {angle[k]:12.3f} {z[k]:12.3f} {fm[k]:13.4f}")
print(f"integration steps: {run.stats['steps']}, lowest point {min(z):.3f} mm")

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:  # plotting is optional
    sys.exit(0)

fig, (ax1, ax2) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
ax1.plot(t, angle)
ax1.set_ylabel("angle below horizontal [deg]")
ax1.grid(True)
ax2.plot(t, fm, color="tab:red")
ax2.set_ylabel("pin reaction [N]")
ax2.set_xlabel("time [s]")
ax2.grid(True)
fig.suptitle("msolve: simple pendulum")
fig.tight_layout()
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pendulum.png")
fig.savefig(out, dpi=100)
print(f"plot written to {out}")
