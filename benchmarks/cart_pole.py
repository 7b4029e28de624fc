"""Near-singular mass (issue 16): a cart-pole whose cart is 1e-6 kg, against the closed form.

A uniform pole (1 kg, 1 m) hinged on a cart sliding freely along x, released at rest 60
degrees from the upward vertical, 4 s (two swings). The horizontal momentum stays zero, so
the pole angle theta alone obeys Lagrange's equation of T = f(theta) theta'^2 / 2,
f = m M a^2 cos^2 / (M + m) + m a^2 sin^2 + I, V = m g a cos(theta) (a = l/2, I = m l^2 / 12),
solved here by scipy to 1e-12; the cart is at -m a (sin theta - sin theta0) / (M + m).
Prints, per cart mass and error bound: IDA steps, wall time of simulate (best of --repeat),
the largest distance of the pole's mass centre and of the cart from the closed form.
Run:  python3 benchmarks/cart_pole.py
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

# the model and its closed form are those tests_py/test_near_singular_mass.py checks
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests_py"))
from test_near_singular_mass import cart_pole as build
from test_near_singular_mass import closed_form


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--end", type=float, default=4.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'cart kg':>8} {'error':>8} {'steps':>6} {'wall s':>8} "
        f"{'pole err m':>11} {'cart err m':>11}"
    )
    for cart_mass in (1.0, 1e-6):
        for error in (None, 1e-5, 1e-8):
            best = math.inf
            for _ in range(args.repeat):
                model, cart, pole = build(cart_mass, error)
                start = time.perf_counter()
                run = model.simulate(end=args.end, dtout=0.01, returnResults=True)
                best = min(best, time.perf_counter() - start)
            times = np.asarray(run.times)
            cart_x, pole_x, pole_y = closed_form(cart_mass, times)
            x, y = (np.asarray(run.getObject(pole).getComponent(k)) for k in ("X", "Y"))
            cx = np.asarray(run.getObject(cart).getComponent("X"))
            pole_err = np.hypot(x - pole_x, y - pole_y).max()
            label = "default" if error is None else f"{error:g}"
            print(
                f"{cart_mass:>8g} {label:>8} {len(run.stepTimes):>6} {best:>8.3f} "
                f"{pole_err:>11.2e} {np.abs(cx - cart_x).max():>11.2e}"
            )


if __name__ == "__main__":
    main()
