"""Copies the licence texts of what msolve's module links into the directory the wheel
carries them in (msolve/_licenses; docs/architecture.md §7). Run by the install step of
the Python module (cpp/CMakeLists.txt), so the texts are those of the build machine:

* NAME=PATH arguments: files of a library built into the module (SUNDIALS' LICENSE and
  NOTICE from its source), copied to NAME/;
* every shared library the module needs beyond the manylinux baseline (`ldd`: KLU, BTF,
  AMD, COLAMD, SuiteSparse_config, LAPACK, BLAS, the Fortran runtime; what `auditwheel
  repair` copies into the wheel): the licence files of the package that installed it,
  asked of the system's package manager (Debian: /usr/share/doc/<package>/copyright,
  found with dpkg-query; RPM: `rpm -qL`), copied to <package>/.

INDEX (libraries.txt) lists each library (its soname, and in brackets the name of the file,
which auditwheel's copy keeps with a hash added) with its package and licence files. A library
whose package or licence cannot be found is listed as such and reported on stderr (a
source build elsewhere still installs); tools/check_wheel.py refuses a wheel without them.

    python3 tools/collect_licences.py MODULE OUTDIR [NAME=PATH ...]
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# what every manylinux system provides (the PEP 600 baseline auditwheel checks against)
BASELINE = re.compile(
    r"^(linux-vdso|ld-linux|libc|libm|libdl|librt|libpthread|libgcc_s|libstdc\+\+)[.-]"
)
INDEX = "libraries.txt"
MISSING = "(no licence found)"


def needed_libraries(module):
    """(soname, resolved path) of every library `ldd` lists outside the baseline."""
    out = subprocess.run(["ldd", str(module)], capture_output=True, text=True, check=True)
    found = []
    for line in out.stdout.splitlines():
        name, arrow, rest = line.strip().partition("=>")
        name = name.strip()
        if not arrow or BASELINE.match(name):
            continue
        path = rest.split("(")[0].strip()
        if path and path != "not found":
            found.append((name, os.path.realpath(path)))
    return found


def _run(*args):
    try:
        result = subprocess.run(list(args), capture_output=True, text=True)
    except FileNotFoundError:
        return None
    return result.stdout if result.returncode == 0 else None


def _candidates(path):
    """The path and its other spelling under merged /usr (dpkg records either)."""
    yield path
    if path.startswith("/usr/lib"):
        yield path[len("/usr") :]
    elif path.startswith("/lib"):
        yield "/usr" + path


def package_licences(path):
    """(package, licence files) of the system package that installed ``path``."""
    for candidate in _candidates(path):
        out = _run("dpkg-query", "-S", candidate)
        if out:
            package = out.split(":")[0].strip()
            copyright = Path("/usr/share/doc") / package / "copyright"
            return package, [copyright] if copyright.is_file() else []
    for candidate in _candidates(path):
        package = _run("rpm", "-qf", "--queryformat", "%{NAME}", candidate)
        if package:
            listed = (_run("rpm", "-qL", package) or "").split()
            files = [Path(f) for f in listed if Path(f).is_file()]
            if not files:
                shared = Path("/usr/share/licenses") / package
                files = sorted(f for f in shared.glob("*") if f.is_file())
            return package, files
    return None, []


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    module, out = Path(argv[0]), Path(argv[1])
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    index = ["# library: package: licence files (under this directory)"]
    built_in = {}
    for spec in argv[2:]:
        name, _, source = spec.partition("=")
        (out / name).mkdir(exist_ok=True)
        shutil.copy(source, out / name / Path(source).name)
        built_in.setdefault(name, []).append(f"{name}/{Path(source).name}")
    for name, files in built_in.items():
        index.append(f"{name} (built into the module): {name}: {' '.join(files)}")
    for soname, path in needed_libraries(module):
        package, files = package_licences(path)
        copied = []
        for source in files:
            (out / package).mkdir(exist_ok=True)
            shutil.copy(source, out / package / source.name)
            copied.append(f"{package}/{source.name}")
        real = Path(path).name
        index.append(f"{soname} ({real}): {package or '?'}: {' '.join(copied) or MISSING}")
        if not copied:
            print(f"collect_licences: no licence found for {soname} ({path})", file=sys.stderr)
    (out / INDEX).write_text("\n".join(index) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
