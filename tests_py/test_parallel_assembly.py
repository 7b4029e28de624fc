"""The parallel assembly of the residual and Jacobian (docs/architecture.md §2.6): a run with
2 or 4 threads gives the same results, bitwise, as with one (states at every output, the
integrator's statistics), also with a Python routine (which runs on the calling thread)."""

import threading

import numpy as np

from msolve import *
from msolve import _core

N = 30  # links: more bodies, joints and forces than any thread count used here


def chain(routine):
    """N rods hinged end to end, with a spring-damper across each hinge and at the tip an
    Sforce of a Python routine (routine=True) or of the same expression."""
    model = Model()
    Accgrav(kgrav=-9.81)
    Integrator(error=1e-6)
    ground = Part(ground=True)
    previous, previous_cm = ground, Marker(part=ground, qp=[0, 0, 0])
    parts = []
    for k in range(N):
        x0 = 0.1 * k
        link = Part(mass=0.1, ip=[1e-5, 1e-4, 1e-4], cm=Marker(qp=[x0 + 0.05, 0, 0]))
        hinge_i = Marker(part=link, qp=[x0, 0, 0], zp=[x0, 1, 0])
        hinge_j = Marker(part=previous, qp=[x0, 0, 0], zp=[x0, 1, 0])
        Joint(type="REVOLUTE", i=hinge_i, j=hinge_j)
        if k == 0:
            first = (hinge_i, hinge_j)
        SpringDamper(type="TRANSLATION", i=link.cm, j=previous_cm, k=5.0, c=0.1, length=0.1)
        parts.append(link)
        previous, previous_cm = link, link.cm
    tip = parts[-1].cm
    anchor = Marker(part=ground, qp=[0.1 * N, 0, 0])
    if routine:

        def pull(id, time, par, npar, dflag, iflag):
            return -par[0] * DM(tip, anchor) - par[1] * VR(tip, anchor)

        Sforce(i=tip, j=anchor, function="USER(3.0, 0.2)", routine=pull)
    else:
        Sforce(
            i=tip, j=anchor, function=f"-3.0*DM({tip.id},{anchor.id})-0.2*VR({tip.id},{anchor.id})"
        )
    # the velocities of the tip and the reaction of the first hinge (multipliers)
    requests = [Request(type="VELOCITY", i=tip), Request(type="FORCE", i=first[0], j=first[1])]
    return model, parts + requests


def run_with(threads, routine=True):
    _core._set_num_threads(threads)
    try:
        model, objects = chain(routine)
        run = model.simulate(type="DYNAMICS", end=0.05, dtout=0.0025, returnResults=True)
    finally:
        _core._set_num_threads(0)
    states = {}
    for k in (0, N // 2, N - 1, N, N + 1):
        result = run.getObject(objects[k])
        for c in result.names:
            if c:
                states[(k, c)] = result.getComponent(c)
    return run, states


def test_two_and_four_threads_give_the_serial_results_bitwise():
    serial, serial_states = run_with(1)
    assert len(serial_states) > 20
    assert serial_states[(N - 1, "Z")][-1] < -0.005  # the chain falls
    for threads in (2, 4):
        run, states = run_with(threads)
        assert np.array_equal(run.times, serial.times)
        for key, values in serial_states.items():
            assert np.array_equal(states[key], values), (threads, key)
        counts = {k: v for k, v in serial.stats.items() if isinstance(v, int)}
        assert counts
        assert {k: run.stats[k] for k in counts} == counts, threads


def test_python_routine_runs_on_the_calling_thread_with_threads_on():
    # docs/architecture.md §2.6: a routine never leaves the thread that runs simulate
    callers = set()
    original = DM

    def spy(*args):
        callers.add(threading.get_ident())
        return original(*args)

    globals()["DM"] = spy
    try:
        run, _ = run_with(2)
    finally:
        globals()["DM"] = original
    assert run.stats["steps"] > 0
    assert callers == {threading.get_ident()}
