"""A model in Jupyter: ``Model._repr_html_``, a table of its entities and its degrees of
freedom by the Gruebler count."""

from __future__ import annotations

import html

from . import _core
from .bodies import Part, PointMass
from .constraints import Coupler, Cvcv, Cvsf, Gear, Joint, Jprim, Motion, Ptcv, Ptsf, Sfsf
from .deformable import Ptdcv, Ptdsf


def gruebler_count(model):
    """The degrees of freedom of the model's active entities by the Gruebler count: 6 per
    moving part, 3 per point mass (its rotations are held), less one per equation of the
    joints and jprims (the numbers of docs/equations.md §2), one per motion, coupler and
    gear, two per point-to-curve or curve-to-curve constraint and one per point-to-surface or
    curve-to-surface constraint. Redundant equations are counted too, so the
    count can be lower than the freedoms the solver finds."""
    active = [obj for obj in model.getChildren() if getattr(obj, "active", True)]
    count = 0
    for obj in active:
        if isinstance(obj, PointMass):
            count += 3
        elif isinstance(obj, Part) and not obj.ground:
            count += 6
        elif isinstance(obj, (Joint, Jprim)):
            rows = _core.constraint_rows(str(obj.type), isinstance(obj, Jprim))
            count -= max(rows, 0)
        elif isinstance(obj, (Motion, Coupler, Gear)):
            count -= 1
        elif isinstance(obj, (Ptcv, Cvcv, Ptdcv)):
            count -= 2
        elif isinstance(obj, (Ptsf, Cvsf, Sfsf, Ptdsf)):
            count -= 1
    return count


def _names(objects, most=6):
    text = ", ".join(obj._describe() for obj in objects[:most])
    return text + (f", ... ({len(objects) - most} more)" if len(objects) > most else "")


def model_html(model):
    """The entities of the model by class (how many, which) and its Gruebler count."""
    by_class = {}
    for obj in model.getChildren():
        by_class.setdefault(type(obj).__name__, []).append(obj)
    rows = "".join(
        f"<tr><td>{html.escape(name)}</td><td>{len(objects)}</td>"
        f"<td>{html.escape(_names(objects))}</td></tr>"
        for name, objects in by_class.items()
    )
    output = f", output {html.escape(repr(model.output))}" if model.output else ""
    return (
        f"<p><b>msolve Model</b>{output}: {sum(map(len, by_class.values()))} entities, "
        f"{gruebler_count(model)} degrees of freedom (Gruebler count), time "
        f"{model.getTime():.6g}</p>"
        "<table><tr><th>class</th><th>count</th><th>entities</th></tr>" + rows + "</table>"
    )
