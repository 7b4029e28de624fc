#!/bin/sh
# Sets everything up, then runs the linters and the layout check (tools/check_layout.py),
# the C++ tests (ctest), the wheel check (tools/check_wheel.py) and the Python tests.
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
sh tools/setup.sh

echo "== lint"
"$PYTHON" -m ruff check .
"$PYTHON" -m ruff format --check .
find cpp tests_cpp benchmarks \( -name '*.cc' -o -name '*.h' \) -print0 |
  xargs -0 clang-format --dry-run --Werror
"$PYTHON" tools/check_layout.py

echo "== C++ tests"
ctest --test-dir build/py --output-on-failure -j 2

echo "== wheel (built, repaired, installed into a fresh venv, run)"
"$PYTHON" tools/check_wheel.py

echo "== Python tests"
"$PYTHON" -m pytest -q
