"""summary(): ASCII tables of the attributes that differ from their defaults.

One table per class, one row per object, as MotionSolve prints them::

    *--------*----*------*----------*------*
    | Entity | id | name | cm       | mass |
    *========*====*======*==========*======*
    | arm    | 2  | arm  | Marker/3 | 2.0  |
    *--------*----*------*----------*------*

References print as ``Class/id``; a cell whose value is the default prints as ``-``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .properties import Point, Property

_UNSET = object()


def _class_name(obj):
    model = obj.__dict__.get("_model")
    if model is not None:
        return model._class_key(obj)
    return type(obj).__name__


def _same(a, b):
    try:
        return bool(a == b)
    except Exception:
        return False


def _cell(value):
    from .base import SolverObject

    if value is None or value is _UNSET:
        return "-"
    if isinstance(value, SolverObject):
        return f"{_class_name(value)}/{value.id}"
    if isinstance(value, Point):
        return str([float(v) for v in value])
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_cell(v) for v in value) + "]"
    return str(value)


def _changed_attributes(obj):
    """name -> value of the properties that differ from their defaults (id and name are
    always listed)."""
    out = {}
    for key, prop in type(obj)._properties().items():
        if not isinstance(prop, Property):
            continue
        try:
            value = getattr(obj, key)
        except Exception:
            continue
        if key in ("id", "name") or not _same(value, prop.default):
            out[key] = value
    return out


def _table(rows):
    """rows: list of (entity text, {column: value}); returns the table as text."""
    columns = ["id", "name"]
    others = sorted({key for _, values in rows for key in values} - set(columns))
    columns += others
    header = ["Entity", *columns]
    body = [
        [entity] + [_cell(values.get(c, _UNSET)) if values.get(c) != "" else "-" for c in columns]
        for entity, values in rows
    ]
    widths = [max(len(r[k]) for r in [header, *body]) for k in range(len(header))]

    def line(char):
        return "*" + "*".join(char * (w + 2) for w in widths) + "*"

    def row(cells):
        return "|" + "|".join(f" {c:<{w}} " for c, w in zip(cells, widths)) + "|"

    out = [line("-"), row(header), line("=")]
    for cells in body:
        out += [row(cells), line("-")]
    return "\n".join(out)


def summary_text(objects, type=None):
    """The tables of the given objects, one per class in order of first appearance."""
    groups = {}
    for obj in objects:
        if type is not None:
            names = {k.__name__ for k in obj.__class__.__mro__}
            if (type if isinstance(type, str) else type.__name__) not in names:
                continue
        groups.setdefault(_class_name(obj), []).append(obj)
    tables = []
    for cls, members in groups.items():
        rows = []
        for obj in members:
            values = _changed_attributes(obj)
            entity = values.get("name") or getattr(obj, "label", "") or f"{cls}/{obj.id}"
            rows.append((entity, values))
        tables.append(f"{cls}\n{_table(rows)}")
    return "\n\n".join(tables)


def write_summary(objects, output=None, type=None):
    """Print the summary, or write it to the file ``output`` (a notebook for .ipynb)."""
    text = summary_text(objects, type)
    if output is None:
        sys.stdout.write(text + "\n")
        return
    path = Path(output)
    if path.suffix.lower() == ".ipynb":
        notebook = {
            "cells": [
                {"cell_type": "markdown", "metadata": {}, "source": ["```\n", text, "\n```\n"]}
            ],
            "metadata": {},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        path.write_text(json.dumps(notebook, indent=1))
    else:
        path.write_text(text + "\n")
