"""The type stubs of msolve, made from the msolve that Python imports
(python/msolve/py.typed tells type checkers the package is typed):

* python/msolve/_core.pyi, the compiled module, by pybind11-stubgen;
* python/msolve/__init__.pyi, the public namespace (`from msolve import *`, the entity
  classes' typed constructors), by tools/api_stubs.py.

    python3 tools/stubs.py           writes them
    python3 tools/stubs.py --check   exits 1, with a diff, when a checked-in stub differs
"""

import difflib
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "python" / "msolve"


def generate_core():
    """The stubs pybind11-stubgen makes of msolve._core, as text."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pybind11_stubgen",
                "msolve._core",
                "-o",
                out,
                "--exit-code",
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        return (Path(out) / "msolve" / "_core.pyi").read_text()


def main():
    import api_stubs

    status = 0
    for name, generate in (("_core.pyi", generate_core), ("__init__.pyi", api_stubs.generate)):
        path = PACKAGE / name
        text = generate()
        if "--check" not in sys.argv[1:]:
            path.write_text(text)
            continue
        checked_in = path.read_text()
        if text == checked_in:
            continue
        sys.stdout.writelines(
            difflib.unified_diff(
                checked_in.splitlines(True), text.splitlines(True), str(path), "regenerated"
            )
        )
        print(f"{name} differs from the package: run `python3 tools/stubs.py` and commit it")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
