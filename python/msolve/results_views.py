"""Ways to look at results: a pandas DataFrame, a quick matplotlib plot, an HTML table for
Jupyter. pandas and matplotlib are imported when first used (``import msolve`` does not pay
for them)."""

from __future__ import annotations

import html

import numpy as np


def _columns(results, energy):
    """(name, values) of every channel: requests, then bodies, then the energy."""
    for series in results.objects:
        name = series.channel
        for k, component in enumerate(series.names):
            label = component or str(k + 1)
            yield f"{name}.{label}", series.values[:, k]
    if energy:
        for k, component in enumerate(results.energy.names):
            yield f"energy.{component}", results.energy.values[:, k]


def to_dataframe(results, energy=False):
    import pandas as pd

    data = dict(_columns(results, energy))
    frame = pd.DataFrame(data, index=pd.Index(np.asarray(results.times), name="time"))
    frame.attrs["units"] = {name: results.units.get(name, "") for name in ["time", *frame.columns]}
    return frame


def _wanted(results, channels):
    """The (name, values) of the channels named: a channel, or an entity's name (all its
    named components); every request when none is named."""
    available = dict(_columns(results, energy=True))
    if not channels:
        channels = [name for name in available if name.startswith("Request")]
    chosen = []
    for channel in channels:
        key = channel if isinstance(channel, str) else None
        if key is None:
            # an entity: all its components
            key = results.getObject(channel).channel
        if key in available:
            chosen.append((key, available[key]))
            continue
        matching = [
            (n, v)
            for n, v in available.items()
            if n.startswith(key + ".") and not n.split(".", 1)[1].isdigit()
        ]
        if not matching:
            raise KeyError(
                f"plot: no channel {channel!r}; channels are named as "
                f"{', '.join(list(available)[:4])}, ..."
            )
        chosen += matching
    return chosen


def plot(results, channels, ax=None, **kwds):
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots()
    for name, values in _wanted(results, channels):
        unit = results.units.get(name, "")
        ax.plot(results.times, values, label=f"{name} [{unit}]" if unit else name, **kwds)
    unit = results.units.get("time", "")
    ax.set_xlabel(f"time [{unit}]" if unit else "time")
    ax.legend()
    ax.grid(True)
    return ax


def results_html(results):
    """A table of the results for Jupyter: the outputs, then one row per request and body
    with its components and their final values."""
    rows = []
    for series in results.objects:
        name = series.channel
        last = series.values[-1] if len(series) else []
        values = ", ".join(f"{n}={v:.6g}" for n, v in zip(series.names, last) if n)
        rows.append(
            f"<tr><td>{html.escape(name)}</td><td>{html.escape(repr(series.entity))}</td>"
            f"<td>{html.escape(values)}</td></tr>"
        )
    span = f"t = {results.times[0]:.6g} to {results.times[-1]:.6g}" if len(results.times) else ""
    status = "" if results.ok else f"<p><b>stopped:</b> {html.escape(str(results.error))}</p>"
    return (
        f"<p><b>msolve results</b>: {len(results.times)} outputs {span}</p>{status}"
        "<table><tr><th>channel</th><th>entity</th><th>at the last output</th></tr>"
        + "".join(rows)
        + "</table>"
    )
