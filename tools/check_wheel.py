"""Builds msolve's wheel, makes it self-contained and checks it installs and runs.

1. `pip wheel .` reusing the build tree of tools/setup.sh (build/py): SUNDIALS is linked in
   statically (cmake/dependencies.cmake);
2. `auditwheel repair`: the shared libraries the module needs beyond the manylinux baseline
   (KLU and the rest of SuiteSparse it uses, LAPACK, BLAS, gfortran) are copied into the
   wheel, with the broadest manylinux tag the build allows;
3. the wheel is installed into a fresh venv (no msolve sources, no PYTHONPATH, no
   LD_LIBRARY_PATH), `ldd` of the installed module must resolve every library outside the
   manylinux baseline inside the venv and name no SUNDIALS library, and a small model runs:
   a point mass on a spring, x(t) = 1 + 0.1 cos(sqrt(k/m) t).

4. the wheel carries the licence texts of what it links (tools/collect_licences.py):
   SUNDIALS' LICENSE (built in), and for every library auditwheel copied into
   msolve.libs/ the licence files of the package it came from, listed in
   msolve/_licenses/libraries.txt; msolve's own LICENSE is in its dist-info.

Prints the wheel's name, tag and size. Usage: python3 tools/check_wheel.py [build-dir]
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from collect_licences import BASELINE, INDEX, MISSING

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "wheel"


SMOKE = Path(__file__).resolve().parent / "wheel_smoke.py"


def run(*args, **kwargs):
    print("+", " ".join(str(a) if "\n" not in str(a) else "<script>" for a in args), flush=True)
    return subprocess.run([str(a) for a in args], check=True, **kwargs)


def build_wheel(build_dir):
    shutil.rmtree(OUT, ignore_errors=True)
    (OUT / "raw").mkdir(parents=True)
    # the same defines as tools/setup.sh, so that its build tree is reused as it is
    run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-build-isolation", "--no-deps",
        "--quiet", "--disable-pip-version-check", "-w", OUT / "raw",
        f"-Cbuild-dir={build_dir}", "-Ccmake.define.MSOLVE_BUILD_TESTS=ON")  # fmt: skip
    (raw,) = (OUT / "raw").glob("msolve-*.whl")
    run(sys.executable, "-m", "auditwheel", "repair", "-w", OUT, raw)
    (wheel,) = OUT.glob("msolve-*.whl")
    show = run(sys.executable, "-m", "auditwheel", "show", wheel, capture_output=True, text=True)
    print(show.stdout)
    return wheel


def check_installed(wheel):
    venv = Path(tempfile.mkdtemp(prefix="msolve-wheel-"))
    try:
        run(sys.executable, "-m", "venv", venv)
        python = venv / "bin" / "python"
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH")}
        out = run(python, SMOKE, cwd=venv, env=env, capture_output=True, text=True)
        print(out.stdout, end="")
        module = out.stdout.strip().splitlines()[-1]
        ldd = run("ldd", module, env=env, capture_output=True, text=True).stdout
        outside = [
            line.strip()
            for line in ldd.splitlines()
            if "=>" in line
            and not BASELINE.match(line.strip())
            and str(venv) not in line.split("=>")[1]
        ]
        assert not outside, f"libraries from outside the wheel:\n{outside}\n{ldd}"
        assert "sundials" not in ldd.lower(), ldd
        print(f"wheel: ldd of the installed module: {len(ldd.splitlines())} libraries, "
              "all in the wheel or the manylinux baseline")  # fmt: skip
    finally:
        shutil.rmtree(venv, ignore_errors=True)


def check_licences(wheel):
    """Every library the wheel bundles has its licence texts in msolve/_licenses."""
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        index = z.read(f"msolve/_licenses/{INDEX}").decode().splitlines()

        def text(name):
            return z.read(name).decode(errors="replace") if name in names else ""

        listed = {}
        for line in index[1:]:
            library, _package, files = (part.strip() for part in line.split(": ", 2))
            assert files != MISSING, f"no licence for {library} in the wheel"
            for name in files.split():
                assert text(f"msolve/_licenses/{name}").strip(), f"{name} missing or empty"
            # "libklu.so.1 (libklu.so.1.3.3)": the file's name
            listed[library.split("(")[-1].rstrip(")")] = files
        assert "BSD 3-Clause" in text("msolve/_licenses/SUNDIALS/LICENSE"), "SUNDIALS' LICENSE"
        # auditwheel names a copied library <file name to its first dot>-<hash>.<the rest>:
        # libklu-1a2b3c4d.so.1.3.3, libopenblasp-r0-234bd196.3.21.so
        bundled = sorted(
            re.sub(r"-[0-9a-f]{8}(?=\.)", "", Path(n).name, count=1)
            for n in names
            if ".libs/" in n and not n.endswith("/")
        )
        for library in bundled:
            assert library in listed, f"{library}: no licence listed\n{index}"
        assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE")
                   for n in names), "msolve's LICENSE"  # fmt: skip
    print(f"wheel: licence texts of SUNDIALS and of the {len(bundled)} bundled libraries "
          f"({', '.join(bundled)})")  # fmt: skip


def main():
    build_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "py"
    wheel = build_wheel(build_dir)
    check_licences(wheel)
    check_installed(wheel)
    size = wheel.stat().st_size / 2**20
    print(f"wheel: {wheel.name}, {size:.1f} MiB")


if __name__ == "__main__":
    main()
