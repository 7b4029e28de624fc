"""Attributes msolve accepts but cannot honour: reported once per analysis.

A documented MotionSolve attribute is never refused (docs/msolve-attributes.md). Those with
no counterpart in msolve (solver tuning of MotionSolve's own integrators, graphics, files
msolve does not write) are declared with ``no_effect="reason"``; when a model gives one a
value other than its default, the first ``simulate`` of the analysis reports it in its
messages (``run.messages``, the screen and the ``.log`` file):

    Integrator 1: dae_constr_tol = 0.0001 accepted, no effect (msolve integrates with ...)
"""

from __future__ import annotations

from .base import _same


class Unless(str):
    """The reason of an attribute that acts in one form of its element only: no effect
    unless ``acts(obj)`` (a Curve's minpar acts on a CURSUB curve only)."""

    def __new__(cls, reason, acts):
        self = super().__new__(cls, reason)
        self.acts = acts
        return self


_no_effect = {}  # class -> [(name, property, reason)]: _no_effect_properties


def _no_effect_properties(cls):
    """The properties of `cls` accepted without effect (every simulate reads them)."""
    found = _no_effect.get(cls)
    if found is None:
        found = _no_effect[cls] = [
            (name, prop, prop.no_effect)
            for name, prop in cls._properties().items()
            if getattr(prop, "no_effect", None)
        ]
    return found


def no_effect_notes(entities, reported):
    """The messages for the attributes of ``entities`` set to a value msolve cannot honour,
    leaving out those in ``reported`` (a set of (id(entity), name), updated). One message
    per class and attribute: with the value when one object gives it, with the objects'
    ids when several do (exports set some attributes on every request). An inactive entity
    says nothing: its attributes act on nothing until it is activated, and then the next
    simulate of the analysis reports them."""
    found = {}  # (class name, attribute) -> [(obj, value)], in order of appearance
    reasons = {}
    for obj in entities:
        if getattr(obj, "active", True) is False:
            continue
        for name, prop, reason in _no_effect_properties(type(obj)):
            if isinstance(reason, Unless) and reason.acts(obj):
                continue
            try:
                value = getattr(obj, name)
            except Exception:
                continue
            if value is None or _same(value, prop.default):
                continue
            key = (id(obj), name)
            if key in reported:
                continue
            reported.add(key)
            group = (type(obj).__name__, name)
            found.setdefault(group, []).append((obj, value))
            reasons[group] = reason
    notes = []
    for (cls, name), members in found.items():
        reason = reasons[(cls, name)]
        if len(members) == 1:
            obj, value = members[0]
            notes.append(
                f"{obj._describe()}: {name} = {_show(value)} accepted, no effect ({reason})"
            )
            continue
        ids = [str(getattr(obj, "id", "?")) for obj, _ in members]
        shown = ", ".join(ids[:10]) + (", ..." if len(ids) > 10 else "")
        notes.append(f"{cls} {shown} ({len(ids)} objects): {name} accepted, no effect ({reason})")
    return notes


def _show(value):
    if hasattr(value, "_describe"):
        return value._describe()
    if callable(value) and hasattr(value, "__name__"):
        return value.__name__
    return repr(value)


# simulate() arguments of MotionSolve that msolve accepts without effect, and why
SIMULATE_ARGUMENTS = {
    "print_increment": "msolve prints no per-step progress",
    "constraint_tol": "the constraint tolerances follow the Integrator's error",
    "implicit_diff_tol": "implicit Diffs are converged with the other algebraic states",
    "onOutputStep": "no callback during the run; the results hold every output step",
    "output": "msolve writes the files of Model(output=...) after every simulate",
    # Param_Simulation contact_iteration: whether the contact forces are updated, with their
    # Jacobian, in every corrector iteration; msolve always does so (True is what it does)
    "active_contact_iteration": (
        "msolve always updates the contact forces and their Jacobian in every corrector iteration"
    ),
}

# the value of a documented simulate argument that asks for what msolve always does
_HONOURED = {"active_contact_iteration": True}


def simulate_notes(kwds, reported):
    """(messages, unknown names) for the extra keyword arguments of a simulate call: the
    documented ones are reported once per analysis (``reported`` holds what was said)."""
    notes, unknown = [], []
    for key, value in kwds.items():
        reason = SIMULATE_ARGUMENTS.get(key)
        if reason is None:
            unknown.append(key)
            continue
        if key in _HONOURED:
            if value is None or bool(value) == _HONOURED[key]:
                continue
        elif value in (None, "", False):
            continue
        if ("simulate", key) in reported:
            continue
        reported.add(("simulate", key))
        notes.append(f"simulate: {key} = {_show(value)} accepted, no effect ({reason})")
    return notes, unknown
