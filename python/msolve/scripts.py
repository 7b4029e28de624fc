"""User routines in Python script files: the ``script`` attribute of MotionSolve's elements.

``Sforce(function="USER(1, 2)", routine="friction", script="routines.py")`` names the file
and the function in it (``routine`` as a name; the element's default name, SFOSUB, when
``routine`` is not given). The file is executed once per path, as ``import`` would, when the
element gets both, and the function becomes the element's routine.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

_MODULES = {}  # resolved path -> module


def script_function(owner, path, name):
    """The function ``name`` of the Python file ``path``; errors name ``owner``."""
    file = Path(path).expanduser().resolve()
    module = _MODULES.get(file)
    if module is None:
        if not file.is_file():
            raise ValueError(f"{owner}: attribute 'script': no file '{path}'")
        spec = importlib.util.spec_from_file_location(f"msolve_script_{len(_MODULES)}", file)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:
            raise ValueError(
                f"{owner}: the script '{path}' failed: {type(e).__name__}: {e}"
            ) from None
        _MODULES[file] = module
    function = getattr(module, name, None)
    if not callable(function):
        raise ValueError(f"{owner}: the script '{path}' has no function '{name}'")
    return function


def resolve_script(obj, default_name):
    """Give ``obj`` the routine its ``script`` names, once it has a script and a routine
    name (a string without '::') or none."""
    script = obj.__dict__.get("_p_script")
    routine = obj.routine
    if not script or callable(routine):
        return
    if isinstance(routine, str) and "::" in routine:
        return  # compiled code names its own library
    name = routine or default_name
    obj.routine = script_function(obj._describe(), script, name)
