"""The type stubs of the compiled module, python/msolve/_core.pyi, made by pybind11-stubgen
from the msolve that Python imports (the public API is typed in its own .py files;
python/msolve/py.typed tells type checkers so).

    python3 tools/stubs.py           writes python/msolve/_core.pyi
    python3 tools/stubs.py --check   exits 1, with a diff, when the checked-in stubs differ
"""

import difflib
import subprocess
import sys
import tempfile
from pathlib import Path

STUBS = Path(__file__).resolve().parent.parent / "python" / "msolve" / "_core.pyi"


def generate():
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
    text = generate()
    if "--check" not in sys.argv[1:]:
        STUBS.write_text(text)
        return 0
    checked_in = STUBS.read_text()
    if text == checked_in:
        return 0
    sys.stdout.writelines(
        difflib.unified_diff(
            checked_in.splitlines(True), text.splitlines(True), str(STUBS), "regenerated"
        )
    )
    print("the stubs differ from the module: run `python3 tools/stubs.py` and commit them")
    return 1


if __name__ == "__main__":
    sys.exit(main())
