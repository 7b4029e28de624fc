"""msolve.sweep on a Dask LocalCluster: a mass on a spring along x, x(t) = x0 cos(w t) with
w = sqrt(k / m); every case matches the same run made serially and the closed form."""

import math
import sys

import numpy as np
import pytest

import msolve
from msolve import *

distributed = pytest.importorskip("dask.distributed")
cloudpickle = pytest.importorskip("cloudpickle")

X0, END = 0.1, 0.5


def oscillator(k, m):
    """A mass m on a spring of stiffness k along x, released at x0 from rest."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[X0, 0, 0]))
    along = dict(qp=[0, 0, 0], zp=[1, 0, 0], xp=[0, 1, 0])
    Joint(type="TRANSLATIONAL", i=Marker(part=block, **along), j=Marker(part=ground, **along))
    SpringDamper(i=block.cm, j=Marker(part=ground), k=k, c=0.0, length=0.0)
    model.where = Request(type="DISPLACEMENT", i=block.cm)
    return model


def broken(k, m):
    if m < 0:
        raise ValueError("a negative mass")
    return oscillator(k, m)


def extremes(run):
    x = run.getObject("Request1").getComponent("X")
    return {"xmin": float(x.min()), "xmax": float(x.max())}


@pytest.fixture(scope="module")
def client():
    # the functions of this test module travel by value (the workers cannot import it)
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()
    cloudpickle.unregister_pickle_by_value(sys.modules[__name__])


def test_a_16_case_sweep_matches_serial_runs_and_the_closed_form(client):
    params = {"k": [10.0, 20.0, 40.0, 80.0], "m": [0.5, 1.0, 2.0, 4.0]}
    table = msolve.sweep(
        oscillator,
        params,
        outputs=["Request1.X"],
        function=extremes,
        address=client,
        verbose=False,
        end=END,
        dtout=0.01,
    )
    assert len(table) == 16
    assert list(table.columns) == ["k", "m", "Request1.X", "xmin", "xmax", "error"]
    assert (table["error"] == "").all()
    for row in table.itertuples(index=False):
        run = oscillator(row.k, row.m).simulate(
            end=END, dtout=0.01, returnResults=True, verbose=False
        )
        x = run.getObject("Request1").getComponent("X")
        assert row[2] == x[-1]
        assert row.xmin == x.min()
        assert row.xmax == x.max()
        w = math.sqrt(row.k / row.m)
        assert row[2] == pytest.approx(X0 * math.cos(w * END), abs=1e-6)


def test_a_failing_case_is_reported_and_the_others_run(client):
    cases = [{"k": 10.0, "m": 1.0}, {"k": 10.0, "m": -1.0}, {"k": 10.0, "m": 2.0}]
    table = msolve.sweep(
        broken, cases, outputs=["Request1.X"], address=client, verbose=False, end=0.1
    )
    assert table["error"].tolist()[0] == ""
    assert table["error"].tolist()[1] == "ValueError: a negative mass"
    assert np.isnan(table["Request1.X"][1])
    assert table["Request1.X"][2] == pytest.approx(X0 * math.cos(math.sqrt(5.0) * 0.1), abs=1e-6)


def test_the_cases_of_a_dict_are_every_combination():
    from msolve.sweep import cases_of

    assert cases_of({"a": [1, 2], "b": ["x", "y", "z"]})[:4] == [
        {"a": 1, "b": "x"},
        {"a": 1, "b": "y"},
        {"a": 1, "b": "z"},
        {"a": 2, "b": "x"},
    ]
    assert len(cases_of({"a": [1, 2], "b": [3, 4, 5]})) == 6
    with pytest.raises(TypeError, match=r"params\['a'\] must be a list"):
        cases_of({"a": 3})
    with pytest.raises(TypeError, match="case 0 must be a dict"):
        cases_of([3])
