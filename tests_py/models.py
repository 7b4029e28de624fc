"""Small models shared by several test modules, and the examples as modules."""

import importlib.util
import pathlib

from msolve import Integrator, Joint, Marker, Model, Part


def sliding_block(mass, x0):
    """A block of the given mass on a TRANSLATIONAL joint along global x, in its design
    position at x = 1 + x0 (at rest); `anchor` is a ground marker at the origin whose z axis
    is global x. Returns (model, block, anchor, joint)."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    anchor = Marker(part=ground, zp=[1, 0, 0])
    at, ahead = [1.0 + x0, 0, 0], [2.0 + x0, 0, 0]
    block = Part(mass=mass, ip=[1, 1, 1], cm=Marker(qp=at))
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=at, zp=ahead),
        j=Marker(part=ground, qp=at, zp=ahead),
    )
    return model, block, anchor, slide


EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def load_example(name):
    """The script examples/<name>.py as a module (its main part does not run)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
