"""Checks the house rules of docs/architecture.md that a linter does not: the C++ layers
include only the layers below them (section 1), and files and functions stay short (under
600 and 150 lines, section 5). Exits 1 listing every violation.

Run from the repository root:  python3 tools/check_layout.py
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 150

# What each folder of cpp/ may include (besides itself): the layer diagram of
# docs/architecture.md section 1. The solver sees the equations only through solver/dae.h.
ALLOWED_INCLUDES = {
    "common": set(),
    "math": {"common"},
    "model": {"common"},
    "expr": {"common", "math"},
    "mbs": {"common", "math", "model", "expr"},
    "system": {"common", "math", "model", "expr", "mbs"},
    "solver": {"common"},
    "analysis": {"common", "math", "model", "expr", "mbs", "system", "solver"},
    "simulation": {"common", "math", "model", "expr", "mbs", "system", "solver", "analysis"},
    "bindings": {
        "common",
        "math",
        "model",
        "expr",
        "mbs",
        "system",
        "solver",
        "analysis",
        "simulation",
    },
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')
# a function definition whose body opens at the end of its (last) signature line, at the
# start of a line or indented as a class member
FUNCTION_START = re.compile(
    r"^(?:  )?[A-Za-z_].*\)\s*(?:const\s*)?(?:override\s*)?(?:noexcept\s*)?\{\s*$"
)
CONTROL = re.compile(r"^\s*(?:if|for|while|switch|else|do|return|case)\b")


def cpp_sources(root: Path):
    for pattern in ("*.h", "*.cc"):
        yield from sorted((root / "cpp").rglob(pattern))


def check_includes(root: Path) -> list[str]:
    problems = []
    for path in cpp_sources(root):
        layer = path.relative_to(root / "cpp").parts[0]
        allowed = ALLOWED_INCLUDES.get(layer)
        if allowed is None:
            problems.append(f"{path}: folder cpp/{layer} is not a layer of docs/architecture.md")
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = INCLUDE.match(line)
            if match and match.group(1) != layer and match.group(1) not in allowed:
                problems.append(
                    f"{path}:{number}: cpp/{layer} includes {match.group(1)}/, "
                    f"which is not below it"
                )
    return problems


def cpp_function_lengths(path: Path):
    """(first line, length, signature) of the functions defined in a C++ file, found by
    matching braces from each line that opens a function body."""
    lines = path.read_text().splitlines()
    k = 0
    while k < len(lines):
        line = lines[k]
        if FUNCTION_START.match(line) and not CONTROL.match(line):
            depth = 0
            for end in range(k, len(lines)):
                depth += lines[end].count("{") - lines[end].count("}")
                if depth <= 0:
                    break
            yield k + 1, end - k + 1, line.strip()
            k = end + 1
        else:
            k += 1


def python_function_lengths(path: Path):
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.lineno, node.end_lineno - node.lineno + 1, node.name


def check_sizes(root: Path) -> list[str]:
    problems = []
    python = sorted((root / "python").rglob("*.py"))
    for path in [*cpp_sources(root), *python]:
        count = len(path.read_text().splitlines())
        if count > MAX_FILE_LINES:
            problems.append(
                f"{path}: {count} lines (at most {MAX_FILE_LINES}): split it by concept"
            )
        lengths = python_function_lengths if path.suffix == ".py" else cpp_function_lengths
        for first, length, name in lengths(path):
            if length > MAX_FUNCTION_LINES:
                problems.append(
                    f"{path}:{first}: function {name[:60]} has {length} lines "
                    f"(at most {MAX_FUNCTION_LINES})"
                )
    return problems


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    problems = check_includes(root) + check_sizes(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check_layout: {len(problems)} problem(s)")
        return 1
    print("check_layout: layers and sizes as docs/architecture.md says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
