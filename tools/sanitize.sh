#!/bin/sh
# Builds the C++ tests and the Python module with AddressSanitizer and
# UndefinedBehaviorSanitizer (build/asan) and runs them: ctest, then pytest with the ASan
# runtime preloaded into the Python interpreter (which is not built with ASan itself).
# Any sanitizer report fails the run (halt_on_error). Slow: a build from scratch at -O1 with
# checks, then the tests at a few times their usual cost; run it niced:
#
#     nice -n 19 sh tools/sanitize.sh            # C++ tests, then the Python tests
#     nice -n 19 sh tools/sanitize.sh cpp        # C++ tests only
#     nice -n 19 sh tools/sanitize.sh python tests_py/test_robustness.py   # chosen tests
#
# Leak checking is off: CPython's own allocations are reported as leaks at exit.
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
WHAT="${1:-all}"
[ $# -gt 0 ] && shift
BUILD=build/asan
FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"

cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS="$FLAGS" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DMSOLVE_BUILD_TESTS=ON -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
  -Dpybind11_DIR="$("$PYTHON" -m pybind11 --cmakedir)" >/dev/null

export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

if [ "$WHAT" = all ] || [ "$WHAT" = cpp ]; then
  cmake --build "$BUILD" -j 2 --target msolve_tests
  ctest --test-dir "$BUILD" --output-on-failure -j 2
fi

if [ "$WHAT" = all ] || [ "$WHAT" = python ]; then
  cmake --build "$BUILD" -j 2 --target _core
  # tests that cannot run with the ASan runtime preloaded: those that start Python with an
  # environment of their own (no LD_PRELOAD: the sanitized module refuses to load) and those
  # that run CMake's compiler checks (which fail under the preloaded runtime)
  [ $# -gt 0 ] || set -- tests_py \
    --deselect tests_py/test_discoverable.py::test_msolve_version \
    --deselect tests_py/test_surface.py::test_msolve_run_creates_the_output_directory \
    --deselect tests_py/test_packaging.py::test_missing_eigen_names_setup_script_and_package \
    --deselect tests_py/test_packaging.py::test_missing_sundials_names_fetch_script_and_packages \
    --deselect tests_py/test_packaging.py::test_missing_klu_names_suitesparse_package
  # the package from the sources with the sanitized module, in a directory of its own
  PKG="$BUILD/python"
  rm -rf "$PKG"
  mkdir -p "$PKG"
  cp -r python/msolve "$PKG/"
  rm -f "$PKG"/msolve/_core*.so
  cp "$BUILD"/cpp/_core*.so "$PKG/msolve/"
  # the ASan runtime first, then libstdc++ (which ASan intercepts the operators new of)
  LD_PRELOAD="$(c++ -print-file-name=libasan.so):$(c++ -print-file-name=libstdc++.so)" \
    PYTHONPATH="$PWD/$PKG" "$PYTHON" -m pytest -q -p no:cacheprovider "$@"
fi
