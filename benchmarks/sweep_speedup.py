#!/usr/bin/env python3
"""Speed-up of ``msolve.sweep`` on a Dask LocalCluster over the same cases run serially.

The cases: the pendulum chain of ``chain.py`` (``--links`` REVOLUTE-jointed rods falling
from the horizontal for 1 s; 48 links take about a second of CPU time on this machine), 16
cases over link length and mass (4 x 4). Per repeat:

* serial: every case built and simulated one after the other in this process (what
  ``sweep`` does in a worker, ``msolve.sweep.run_case``);
* sweep: ``msolve.sweep(build, params, ...)`` with a fresh default LocalCluster (one
  single-threaded worker process per core), its start-up and shut-down included;
* sweep, warm cluster: the same on a LocalCluster started beforehand, its workers having
  imported msolve (``address=client``).

The sweep's answers must equal the serial ones (the tip's z at 1 s). The machine is shared:
the 1-minute load average is printed before each repeat, with the CPU time of the serial
cases (the wall time is larger when other work shares the cores), and the median of the
repeats is the figure.

    python3 benchmarks/sweep_speedup.py [--repeat 3] [--links 48] [--workers N]
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
sys.path.insert(0, HERE)
# the workers import chain.py too
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (HERE, os.environ.get("PYTHONPATH", "")) if p)

LENGTHS = [0.08, 0.09, 0.10, 0.11]
MASSES = [0.05, 0.1, 0.2, 0.4]


def build(n, length, mass):
    """One case: the chain of chain.py (radius 5 mm, Integrator error 1e-6)."""
    from chain import build_chain

    model, _, request = build_chain(n, length, mass, 0.005, 1e-6)
    model.tip = request
    return model


def params(links):
    return {"n": [links], "length": LENGTHS, "mass": MASSES}


def serial(links, simulate_args, outputs):
    from msolve.sweep import cases_of, run_case

    return [
        run_case(build, case, simulate_args, outputs, None)[outputs[0]]
        for case in cases_of(params(links))
    ]


def timed(function, *args, **kwds):
    start = time.perf_counter()
    result = function(*args, **kwds)
    return time.perf_counter() - start, result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--links", type=int, default=48)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    import msolve

    logging.getLogger("msolve").setLevel(logging.WARNING)
    simulate_args = {"end": 1.0, "dtout": 0.01}
    # the tip request is the chain's only request: Request1
    outputs = ["Request1.Z"]
    figures = {"serial": [], "sweep": [], "warm": []}
    print(f"16 cases, chain of {args.links} links, 1 s; {args.workers} workers")
    for k in range(args.repeat):
        load = os.getloadavg()[0]
        cpu = time.process_time()
        t_serial, expected = timed(serial, args.links, simulate_args, outputs)
        cpu = time.process_time() - cpu
        t_sweep, table = timed(
            msolve.sweep, build, params(args.links), outputs=outputs, verbose=False,
            **simulate_args,
        )  # fmt: skip
        assert (table["error"] == "").all(), table["error"]
        assert list(table[outputs[0]]) == expected, (list(table[outputs[0]]), expected)
        cluster = LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True,
            dashboard_address=None, silence_logs=logging.ERROR,
        )  # fmt: skip
        with Client(cluster) as client:
            client.run(__import__, "msolve")
            t_warm, warm = timed(
                msolve.sweep, build, params(args.links), outputs=outputs, address=client,
                verbose=False, **simulate_args,
            )  # fmt: skip
        cluster.close()
        assert list(warm[outputs[0]]) == expected
        figures["serial"].append(t_serial)
        figures["sweep"].append(t_sweep)
        figures["warm"].append(t_warm)
        print(
            f"repeat {k + 1}: load {load:.2f}; serial {t_serial:.2f} s "
            f"({t_serial / 16:.2f} s a case, CPU {cpu / 16:.2f} s), sweep {t_sweep:.2f} s "
            f"(x{t_serial / t_sweep:.2f}), warm cluster {t_warm:.2f} s "
            f"(x{t_serial / t_warm:.2f})",
            flush=True,
        )
    median = {key: statistics.median(values) for key, values in figures.items()}
    print(
        f"median: serial {median['serial']:.2f} s, sweep {median['sweep']:.2f} s "
        f"(x{median['serial'] / median['sweep']:.2f}), warm cluster {median['warm']:.2f} s "
        f"(x{median['serial'] / median['warm']:.2f}); load average now "
        + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    )


if __name__ == "__main__":
    main()
