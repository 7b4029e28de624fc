"""The registry of the element readers and writers: each module of a kind of element
registers its functions where it defines them, with ``@reads`` and ``@writes``, so that a new
kind of element needs no edit of ``reader`` or ``writer``.

``@reads("Force_SpringDamper")`` makes a function ``f(reader, el)`` the reader of the
dataset elements of that name (names are case-insensitive). ``@writes(SpringDamper,
section="forces")`` makes a function ``f(writer, entity)`` the writer of the entities of
those classes (a subclass is written as its msolve class). The dataset lists its elements
section after section, in the order of ``SECTIONS``; within a section, kind after kind in
the order in which their writers were registered, which is their order in their module.
"""

from __future__ import annotations

# the sections of a written dataset, in their order
SECTIONS = (
    "settings",  # Units, Accgrav, Integrator
    "bodies",  # Part, Marker
    "data",  # Variable, Array, Matrix, Spline: referred to by what follows
    "constraints",  # joints, joint primitives, couplers, gears, motions
    "forces",
    "controls",  # Diff, Tfsiso, Lse
    "sensors",
    "outputs",  # Request
)

# element key (lower-case name) -> reader function
READERS = {}
# class name -> (section, registration number, writer function)
_WRITERS = {}


def reads(*names):
    """Register the decorated function as the reader of the elements ``names``."""

    def register(function):
        for name in names:
            key = name.lower()
            if key in READERS:
                raise RuntimeError(f"two readers of the element {name}")
            READERS[key] = function
        return function

    return register


def writes(*classes, section):
    """Register the decorated function as the writer of the entities of ``classes``, in the
    dataset's ``section``."""
    if section not in SECTIONS:
        raise ValueError(f"unknown section '{section}'; the sections are {SECTIONS}")

    def register(function):
        for cls in classes:
            if cls.__name__ in _WRITERS:
                raise RuntimeError(f"two writers of {cls.__name__}")
            _WRITERS[cls.__name__] = (section, len(_WRITERS), function)
        return function

    return register


def writers():
    """The element writers by class name, in the order of their elements in the dataset."""
    ordered = sorted(_WRITERS.items(), key=lambda item: (SECTIONS.index(item[1][0]), item[1][1]))
    return {name: function for name, (_, _, function) in ordered}
