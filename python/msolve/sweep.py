"""Parameter sweeps on Dask: ``msolve.sweep(build, params, **simulate_args)``.

``build(**case)`` returns a Model for one case; ``params`` is a dict of lists (every
combination: a full factorial) or a list of dicts (the cases themselves). Each case is
built and simulated in a Dask worker process (a ``LocalCluster`` with one single-threaded
worker per core by default; ``address`` names any Dask scheduler, or is a Client), so
``build`` must be picklable (a function of a module, or of the script: Dask pickles those
with cloudpickle). The answer is a pandas DataFrame with one row per case, in the order of
the cases: the parameters, then the scalar outputs, then ``error`` (empty when the case
ran; the message otherwise: a failing case does not stop the others).

Scalar outputs: ``outputs`` names request or body components as the DataFrames of results
do (``"Request2.FZ"``), each taken at the last output; ``function(run)`` computes more from
the SimulationResults of a case (a dict of scalars, or one scalar named ``value``).
dask and pandas are imported when a sweep runs.
"""

from __future__ import annotations

import itertools
import logging
import os

import numpy as np


def cases_of(params):
    """The list of cases (dicts) of ``params``: a dict of lists gives every combination."""
    if isinstance(params, dict):
        names = list(params)
        values = []
        for name in names:
            given = params[name]
            if isinstance(given, (str, bytes)) or not hasattr(given, "__iter__"):
                raise TypeError(f"sweep: params[{name!r}] must be a list of values, got {given!r}")
            values.append(list(given))
        return [dict(zip(names, combination)) for combination in itertools.product(*values)]
    cases = list(params)
    for k, case in enumerate(cases):
        if not isinstance(case, dict):
            raise TypeError(f"sweep: case {k} must be a dict of parameters, got {case!r}")
    return cases


def run_case(build, case, simulate_args, outputs, function):
    """One case, in a worker: its scalar outputs, with ``error`` the message of a failure
    ("" when it ran)."""
    # a worker's logs stay in the worker
    logging.getLogger("msolve").setLevel(logging.WARNING)
    row = {}
    try:
        model = build(**case)
        if model is None or not hasattr(model, "simulate"):
            raise TypeError(f"build returned {model!r}, not a Model")
        run = model.simulate(returnResults=True, verbose=False, **simulate_args)
        row.update(scalar_outputs(run, outputs, function))
        row["error"] = ""
    except Exception as e:
        row["error"] = f"{type(e).__name__}: {e}"
    return row


def scalar_outputs(run, outputs, function):
    """The named components at the last output, and what ``function(run)`` gives."""
    row = {}
    for name in outputs or ():
        entity, _, component = name.partition(".")
        if not component:
            raise ValueError(f"sweep: output {name!r} must be a channel as 'Request2.FZ'")
        values = run.getObject(entity).getComponent(component)
        row[name] = float(values[-1]) if len(values) else np.nan
    if function is not None:
        value = function(run)
        if isinstance(value, dict):
            row.update(value)
        else:
            row["value"] = value
    return row


def _client(address):
    from dask.distributed import Client, LocalCluster

    if address is None:
        cluster = LocalCluster(
            n_workers=os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        return Client(cluster), cluster
    if isinstance(address, Client):
        return address, None
    return Client(address), None


def sweep(build, params, outputs=None, function=None, address=None, verbose=True, **simulate_args):
    """Runs ``build(**case)`` then ``simulate(**simulate_args)`` for every case of
    ``params`` on Dask; returns a pandas DataFrame with one row per case (module
    docstring). ``address``: None for a LocalCluster on this machine, a scheduler's
    address, or a ``dask.distributed.Client``; ``verbose``: a progress bar."""
    import pandas as pd
    from dask.distributed import as_completed

    cases = cases_of(params)
    if not callable(build):
        raise TypeError(f"sweep: build must be a callable returning a Model, got {build!r}")
    rows = [None] * len(cases)
    client, cluster = _client(address)
    try:
        futures = {
            client.submit(run_case, build, case, simulate_args, outputs, function, pure=False): k
            for k, case in enumerate(cases)
        }
        bar = None
        if verbose:
            # the notebook widget in a Jupyter kernel with ipywidgets (progress.py)
            from .progress import _bar_class

            bar = _bar_class()(total=len(cases), desc="msolve sweep", unit="case", leave=False)
        for future in as_completed(futures):
            k = futures[future]
            try:
                rows[k] = future.result()
            except Exception as e:
                # the worker itself failed (it died, or the case could not be unpickled)
                rows[k] = {"error": f"{type(e).__name__}: {e}"}
            if bar is not None:
                bar.update()
        if bar is not None:
            bar.close()
    finally:
        if cluster is not None:
            client.close()
            cluster.close()
    table = [{**case, **row} for case, row in zip(cases, rows)]
    frame = pd.DataFrame(table)
    # the error column last
    columns = [c for c in frame.columns if c != "error"] + ["error"]
    return frame[columns]
