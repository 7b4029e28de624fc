"""The result files of a model: ``<output>.csv`` and ``<output>.log``.

``msolve run`` and ``Model(output="name")`` write the same files: a CSV table with a ``time``
column, then the eight components of every active request (``Request<id>.<COMPONENT>``)
and the seven of every moving part (``Part<id>.<COMPONENT>``), one row per output time of
every analysis; and the log, every message of the runs.
"""

from __future__ import annotations

import numpy as np

from .bodies import Part, PointMass
from .outputs import Request
from .results import component_names


class ResultTable:
    """Results of all Simulate commands, as rows of one table."""

    def __init__(self, model):
        self.columns = ["time"]
        self.entities = []
        # the requests first, then the parts
        for obj in model.getChildren(Request):
            if obj.active:
                # the unused slot of DISPLACEMENT requests is named by its number
                names = [n or str(k + 1) for k, n in enumerate(component_names(obj))]
                self.entities.append(obj)
                self.columns += [f"Request{obj.id}.{n}" for n in names]
        for obj in model.getChildren(Part):
            if obj.active and not obj.ground:
                self.entities.append(obj)
                self.columns += [f"Part{obj.id}.{n}" for n in component_names(obj)]
        for obj in model.getChildren(PointMass):
            if obj.active:
                self.entities.append(obj)
                self.columns += [f"PointMass{obj.id}.{n}" for n in component_names(obj)]
        self.blocks = []
        self.count = 0

    def add(self, results):
        if not len(results.times):
            return
        parts = [np.asarray(results.times)[:, None]]
        for obj in self.entities:
            try:
                series = results.getObject(obj)
            except KeyError:
                width = len(component_names(obj))
                parts.append(np.full((len(results.times), width), np.nan))
                continue
            parts.append(np.asarray(series.values))
        block = np.hstack(parts)
        # a Simulate that continues starts with the time where the previous one ended
        if self.blocks and block[0, 0] == self.blocks[-1][-1, 0]:
            block = block[1:]
        self.blocks.append(block)
        self.count += len(block)

    def write(self, path):
        table = np.vstack(self.blocks) if self.blocks else np.zeros((0, len(self.columns)))
        with open(path, "w", encoding="utf-8") as f:
            f.write(",".join(self.columns) + "\n")
            for row in table:
                f.write(",".join(repr(float(v)) for v in row) + "\n")


class OutputFiles:
    """The files of ``Model(output=root)``: the log gets the messages of every simulate
    call, the CSV table is written again after each with every output so far."""

    def __init__(self, root):
        self.root = str(root)
        self.table = None
        self.lines = []

    def record(self, model, results, messages):
        """Add a simulate call's results and messages and write both files again; returns
        None, or the reason the files could not be written (the results are kept)."""
        if self.table is None:
            self.table = ResultTable(model)
        if results is not None:
            self.table.add(results)
        self.lines += list(messages)
        try:
            with open(self.root + ".log", "w", encoding="utf-8") as f:
                f.write("".join(line + "\n" for line in self.lines))
            self.table.write(self.root + ".csv")
        except OSError as e:
            return f"Model(output={self.root!r}): cannot write the result files: {e}"
        return None
