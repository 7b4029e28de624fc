"""Packaging: a source build that misses a dependency says what to install
(cmake/dependencies.cmake), naming the set-up script and the Debian package; the checked-in
type stubs of the compiled module are the ones pybind11-stubgen makes of it."""

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
