"""Packaging: a source build that misses a dependency says what to install
(cmake/dependencies.cmake), naming the set-up script and the Debian package; the checked-in
type stubs are the ones tools/stubs.py makes (pybind11-stubgen for the compiled module,
tools/api_stubs.py for the public namespace), and a type checker sees the public API."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import msolve

SOURCE_ROOT = Path(__file__).resolve().parent.parent
CMAKE = shutil.which("cmake")

pytestmark = pytest.mark.skipif(
    CMAKE is None or not (SOURCE_ROOT / "cmake" / "dependencies.cmake").exists(),
    reason="needs cmake and the source tree",
)


def configure(tmp_path, *defines):
    """Configures msolve's source in a scratch build tree; returns the exit code and output."""
    result = subprocess.run(
        [CMAKE, "-S", str(SOURCE_ROOT), "-B", str(tmp_path / "build"), *defines],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return result.returncode, result.stdout + result.stderr


def test_missing_eigen_names_setup_script_and_package(tmp_path):
    code, out = configure(tmp_path, "-DCMAKE_DISABLE_FIND_PACKAGE_Eigen3=ON")
    assert code != 0
    assert "msolve needs Eigen 3" in out
    assert "tools/setup.sh" in out
    assert "apt-get install libeigen3-dev, Fedora: dnf install eigen3-devel" in out


def test_missing_sundials_names_fetch_script_and_packages(tmp_path):
    code, out = configure(
        tmp_path,
        f"-DMSOLVE_SUNDIALS_TARBALL={tmp_path / 'absent.tar.xz'}",
        "-DCMAKE_DISABLE_FIND_PACKAGE_SUNDIALS=ON",
    )
    assert code != 0
    assert "msolve needs SUNDIALS 6" in out
    assert "tools/setup.sh" in out
    assert "tools/fetch_sundials.sh" in out
    assert "libsuitesparse-dev" in out


def test_missing_klu_names_suitesparse_package(tmp_path):
    tarball = SOURCE_ROOT / "build" / "deps" / "sundials_6.4.1+dfsg1.orig.tar.xz"
    if not tarball.exists():
        pytest.skip("SUNDIALS' source is not fetched (tools/fetch_sundials.sh)")
    # every header and library search confined to an empty root: klu.h is not found
    code, out = configure(
        tmp_path,
        f"-DCMAKE_FIND_ROOT_PATH={tmp_path / 'empty'}",
        "-DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=ONLY",
        "-DCMAKE_FIND_ROOT_PATH_MODE_LIBRARY=ONLY",
    )
    assert code != 0
    assert "msolve needs SuiteSparse's KLU" in out
    assert "libsuitesparse-dev" in out


def test_checked_in_stubs_match_the_module():
    # the stubs pybind11-stubgen makes of the msolve the tests import (tools/stubs.py)
    env = dict(os.environ)
    package_root = str(Path(msolve.__file__).parent.parent)
    env["PYTHONPATH"] = package_root + os.pathsep + env.get("PYTHONPATH", "")
    result = subprocess.run(
        [sys.executable, str(SOURCE_ROOT / "tools" / "stubs.py"), "--check"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (SOURCE_ROOT / "python" / "msolve" / "py.typed").is_file()


USER_SCRIPT = """
from msolve import *

model = Model()
ground = Part(ground=True)
body = Part(mass=2.0, ip=[1, 1, 1])
body.cm = Marker(qp=[0, 0, 1])
model.hinge = Joint(type="REVOLUTE", i=Marker(part=body), j=Marker(part=ground))
model.r1 = Request(type="DISPLACEMENT", i=body.cm)
reveal_type(body.mass)
Marker(qpp=[0, 0, 0])
Joint(type="HINGE")
"""


def test_a_type_checker_sees_the_public_api(tmp_path):
    # mypy reads python/msolve/__init__.pyi (tools/api_stubs.py): the names of
    # `from msolve import *`, the attributes MotionSolve scripts set on a Model, the
    # constructors' keywords and their allowed values
    api = pytest.importorskip("mypy.api")
    script = tmp_path / "user.py"
    script.write_text(USER_SCRIPT)
    # the libraries msolve's sources import are not analysed (a second less)
    config = tmp_path / "mypy.ini"
    config.write_text(
        "[mypy]\nfollow_imports = silent\n"
        "[mypy-numpy.*,pandas.*,h5py.*,tqdm.*,dask.*,distributed.*,matplotlib.*,scipy.*]\n"
        "follow_imports = skip\nfollow_imports_for_stubs = True\n"
    )
    env = os.environ.get("MYPYPATH")
    # an installed msolve is found in site-packages (PEP 561: py.typed), which mypy refuses
    # on MYPYPATH; the sources' package (PYTHONPATH=python) is found through MYPYPATH
    root = Path(msolve.__file__).parent.parent
    if root.name not in ("site-packages", "dist-packages"):
        os.environ["MYPYPATH"] = str(root)
    try:
        out, err, _ = api.run(
            [str(script), f"--config-file={config}", f"--cache-dir={tmp_path / 'cache'}"]
        )
    finally:
        if env is None:
            os.environ.pop("MYPYPATH", None)
        else:
            os.environ["MYPYPATH"] = env
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 2, out + err
    assert 'Unexpected keyword argument "qpp" for "Marker"; did you mean "qp"?' in errors[0]
    assert 'Argument "type" to "Joint" has incompatible type "Literal[\'HINGE\']"' in errors[1]
    assert 'Revealed type is "float"' in out
