"""The type stub of msolve's public namespace, python/msolve/__init__.pyi, generated from
the package that Python imports (tools/stubs.py writes and checks it).

What `from msolve import *` gives is computed at import (the entity modules' `__all__`,
the runtime functions), and an entity class takes its keyword arguments from its property
table (msolve/signatures.py): a type checker reading the .py files sees neither. The stub
names every public object: an entity class as a subclass of the real one, with the typed
keyword-only `__init__` of its signature and its attributes; a function with its runtime
signature; anything else re-exported from the module that defines it, whose own
annotations then apply. A Model, and the entity classes that keep attributes they do not
declare (Part, Composite), carry any attribute (MotionSolve's `model.r1 = Request(...)`).
"""

import collections.abc
import inspect
import types
import typing

HEADER = (
    "# The public namespace of msolve, for type checkers and editors: made by\n"
    "# tools/stubs.py from the package (do not edit; run `python3 tools/stubs.py`).\n"
)

# names the package exports beside __all__ (msolve's own helpers)
EXTRA = ("read_results", "sweep")


def _render(annotation, classes):
    """``annotation`` (a class or typing construct) as stub text; ``classes`` the names of
    the classes the stub defines or imports."""
    if annotation is inspect.Parameter.empty or annotation is typing.Any:
        return "Any"
    if annotation is None or annotation is type(None):
        return "None"
    if isinstance(annotation, str):
        # a postponed annotation (``from __future__ import annotations``): a class's name
        return annotation if annotation in classes else "Any"
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Literal:
        return f"Literal[{', '.join(repr(a) for a in args)}]"
    if origin is typing.Union or origin is getattr(types, "UnionType", None):
        return " | ".join(_render(a, classes) for a in args)
    if origin is list:
        return f"list[{_render(args[0], classes)}]" if args else "list[Any]"
    if annotation is collections.abc.Callable or origin is collections.abc.Callable:
        return "Callable[..., Any]"
    if isinstance(annotation, type):
        if annotation.__module__ == "builtins":
            return annotation.__name__
        if annotation.__name__ in classes:
            return annotation.__name__
    return "Any"


def _default(value):
    return "..." if value is not inspect.Parameter.empty else ""


def _parameters(signature, classes, first=None):
    out = [first] if first else []
    star = False
    for param in signature.parameters.values():
        text = param.name
        kind = param.kind
        if kind is inspect.Parameter.VAR_POSITIONAL:
            text = "*" + text
            star = True
        elif kind is inspect.Parameter.VAR_KEYWORD:
            text = "**" + text
        elif kind is inspect.Parameter.KEYWORD_ONLY and not star:
            out.append("*")
            star = True
        text += f": {_render(param.annotation, classes)}"
        if param.default is not inspect.Parameter.empty:
            text += f" = {_default(param.default)}"
        out.append(text)
    return ", ".join(out)


def _function(name, function, classes):
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        # a builtin of the core states its signature on the docstring's first line
        first = (getattr(function, "__doc__", None) or "").split("\n", 1)[0]
        if first == f"{name}(*args) -> float":
            return f"def {name}(*args: Any) -> float: ...\n"
        return f"def {name}(*args: Any, **kwds: Any) -> Any: ...\n"
    result = _render(signature.return_annotation, classes)
    return f"def {name}({_parameters(signature, classes)}) -> {result}: ...\n"


def _entity_class(name, cls, classes):
    """A stub class for an entity class: the real class, its typed constructor and
    attributes."""
    alias = f"_{cls.__module__.rsplit('.', 1)[-1]}"
    signature = inspect.signature(cls)
    lines = [f"class {name}({alias}.{cls.__name__}):"]
    for param in signature.parameters.values():
        if param.kind is inspect.Parameter.KEYWORD_ONLY:
            lines.append(f"    {param.name}: {_render(param.annotation, classes)}")
    lines.append(f"    def __init__({_parameters(signature, classes, 'self')}) -> None: ...")
    if getattr(cls, "_open_attributes", False):
        lines.append("    def __getattr__(self, name: str) -> Any: ...")
    return "\n".join(lines) + "\n"


def generate():
    """The text of python/msolve/__init__.pyi for the msolve Python imports."""
    import msolve
    from msolve.base import SolverObject

    names = [*msolve.__all__, *EXTRA]
    classes = {n for n in names if isinstance(getattr(msolve, n), type)}
    imports = {}  # module -> names re-exported from it
    aliases = set()  # entity modules the stub classes derive from
    body = []
    for name in names:
        obj = getattr(msolve, name)
        if isinstance(obj, types.ModuleType):
            if obj.__name__.startswith("msolve."):
                body.append(f"from . import {name} as {name}\n")
            else:
                body.append(f"import {obj.__name__} as {name}\n")
        elif isinstance(obj, type) and issubclass(obj, SolverObject) and obj is not SolverObject:
            aliases.add(obj.__module__)
            body.append(_entity_class(name, obj, classes))
        elif isinstance(obj, type) and name == "Model":
            aliases.add(obj.__module__)
            body.append(
                "class Model(_model.Model):\n"
                "    def __getattr__(self, name: str) -> Any: ...\n"
                "    def __setattr__(self, name: str, value: Any) -> None: ...\n"
            )
        elif isinstance(obj, type):
            imports.setdefault(obj.__module__, []).append(name)
        elif callable(obj):
            body.append(_function(name, obj, classes))
        else:
            body.append(f"{name}: {type(obj).__name__}\n")
    head = [HEADER, "from collections.abc import Callable\n", "from typing import Any, Literal\n"]
    for module in sorted(aliases):
        package, leaf = _relative(module).rsplit(".", 1)
        head.append(f"from {package or '.'} import {leaf} as _{leaf}\n")
    for module, exported in sorted(imports.items()):
        for name in sorted(exported):
            real = getattr(__import__(module, fromlist=[name]), name, None)
            source = name if real is getattr(msolve, name) else getattr(msolve, name).__name__
            head.append(f"from {_relative(module)} import {source} as {name}\n")
    all_names = ", ".join(f'"{n}"' for n in msolve.__all__)
    tail = [f"__version__: str\n__all__ = [{all_names}]\n"]
    return "".join(head) + "\n" + "\n".join(body) + "\n" + "".join(tail)


def _relative(module):
    """``msolve.xml.tree`` as the stub's relative import ``.xml.tree`` (``msolve._core``:
    ``._core``), or ``module`` itself when outside the package."""
    if module == "msolve":
        return "."
    if module.startswith("msolve."):
        return "." + module[len("msolve.") :]
    return module
