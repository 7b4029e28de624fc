"""Nforce, the multi-point linear force (docs/equations.md §3.14): one I marker is a Field, two
make a spring between two parts, a chain hangs by the inverse of its stiffness matrix; bad
input names the element; Force_MultiPoint goes through a dataset and runs the same."""

import numpy as np
import pytest

from msolve import *

G = 9.81


def dense(values):
    values = np.atleast_2d(np.asarray(values, dtype=float))
    rows, columns = values.shape
    return Matrix(rows=rows, columns=columns, full="RORDER", values=list(values.ravel()))


def column(values):
    return dense(np.asarray(values, dtype=float).reshape(-1, 1))


def static_q(model, request):
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    result = run.getObject(request)
    return np.array([result.getComponent(f"F{k}")[-1] for k in range(1, 7)])


def test_one_i_marker_deflects_as_a_field_by_the_inverse_of_its_stiffness():
    # statics of a block held only by the Nforce, with a constant wrench at i: K (q - length)
    # = load + preload, q the field coordinates of i from j
    rng = np.random.default_rng(3)
    a = rng.normal(size=(6, 6))
    K = a @ a.T + np.diag([400.0, 500.0, 600.0, 50.0, 60.0, 70.0])
    length = np.array([0.01, -0.02, 0.0, 0.02, 0.01, -0.01])
    preload = np.array([1.0, 0.0, -1.0, 0.05, 0.0, 0.0])
    load = np.array([3.0, -2.0, 1.5, 0.2, -0.1, 0.3])
    model = Model()
    Equilibrium(imbalance=1e-13)
    ground = Part(ground=True)
    j = Marker(part=ground)
    block = Part(mass=2.0, ip=[0.5, 0.6, 0.7], cm=Marker(qp=[0, 0, 0]))
    i = Marker(part=block)
    Nforce(imarkers=[i], j=j, kmatrix=dense(K), length=column(length), force=column(preload))
    fx, fy, fz, tx, ty, tz = (repr(float(v)) for v in load)
    Gforce(i=i, jfloat=j, rm=j, fx=fx, fy=fy, fz=fz, tx=tx, ty=ty, tz=tz)
    q = Request(
        f1=f"DX({i.id},{j.id},{j.id})",
        f2=f"DY({i.id},{j.id},{j.id})",
        f3=f"DZ({i.id},{j.id},{j.id})",
        f4=f"AX({i.id},{j.id})",
        f5=f"AY({i.id},{j.id})",
        f6=f"AZ({i.id},{j.id})",
    )
    expected = length + np.linalg.solve(K, load + preload)
    np.testing.assert_allclose(static_q(model, q), expected, rtol=0, atol=1e-10)


def _two_blocks(k, c, free_length, make_element):
    """Two blocks on the z axis without gravity, joined by the element make_element(i1, i2,
    j) (j on the ground); block 1 starts moving up. The z of both blocks over 1 s."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    j = Marker(part=ground)
    blocks = [
        Part(mass=m, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, 0, z]))
        for m, z in ((1.0, 0.0), (2.0, 0.4))
    ]
    blocks[0].vz = 1.5
    markers = [Marker(part=b, qp=b.cm.qp) for b in blocks]
    make_element(*markers, j)
    model.d1 = Request(type="DISPLACEMENT", i=blocks[0].cm)
    model.d2 = Request(type="DISPLACEMENT", i=blocks[1].cm)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    return np.column_stack(
        [run.getObject(model.d1).values[:, 3], run.getObject(model.d2).values[:, 3]]
    )


def test_two_i_markers_coupled_as_a_spring_move_as_the_spring():
    # K = k [[1, -1], [-1, 1]] on the z coordinates (C likewise) is a spring-damper of free
    # length 0.4 between the two blocks; the forces on j cancel
    k, c = 800.0, 3.0
    coupling = np.zeros((12, 12))
    coupling[np.ix_([2, 8], [2, 8])] = [[1.0, -1.0], [-1.0, 1.0]]
    lengths = [0.0, 0.0, 0.1, 0.0, 0.0, 0.5]  # x, y, z of each I marker: 0.5 - 0.1 = 0.4

    def nforce(i1, i2, j):
        Nforce(
            imarkers=[i1, i2],
            j=j,
            kmatrix=dense(k * coupling),
            cmatrix=dense(c * coupling),
            length=column(lengths),
        )

    def spring(i1, i2, j):
        SpringDamper(type="TRANSLATION", i=i2, j=i1, k=k, c=c, length=0.4)

    with_nforce = _two_blocks(k, c, 0.4, nforce)
    with_spring = _two_blocks(k, c, 0.4, spring)
    assert np.ptp(with_spring[:, 0]) > 0.05  # it moves
    np.testing.assert_allclose(with_nforce, with_spring, rtol=0, atol=1e-7)


def test_a_chain_hangs_by_the_inverse_of_its_stiffness_matrix():
    # two blocks under gravity: spring k1 from the ground to block 1 and k2 from block 1 to
    # block 2 along z, as one 12 x 12 matrix (stiff in the other coordinates):
    # dz1 = -(m1 + m2) g / k1, dz2 = dz1 - m2 g / k2
    m1, m2, k1, k2 = 1.5, 2.5, 1000.0, 400.0
    model = Model()
    Accgrav(kgrav=-G)
    Equilibrium(imbalance=1e-12)
    ground = Part(ground=True)
    j = Marker(part=ground)
    blocks = [
        Part(mass=m, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, 0, z]))
        for m, z in ((m1, -0.3), (m2, -0.6))
    ]
    K = np.diag([5e3, 5e3, 0.0, 50.0, 50.0, 50.0] * 2)
    K[np.ix_([2, 8], [2, 8])] = [[k1 + k2, -k2], [-k2, k2]]
    Nforce(
        imarkers=[b.cm for b in blocks],
        j=j,
        kmatrix=dense(K),
        length=column([0.0, 0.0, -0.3, 0.0, 0.0, -0.6]),
    )
    model.d1 = Request(type="DISPLACEMENT", i=blocks[0].cm)
    model.d2 = Request(type="DISPLACEMENT", i=blocks[1].cm)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    z1 = run.getObject(model.d1).values[-1, 3]
    z2 = run.getObject(model.d2).values[-1, 3]
    dz1 = -(m1 + m2) * G / k1
    assert z1 == pytest.approx(-0.3 + dz1, abs=1e-10)
    assert z2 == pytest.approx(-0.6 + dz1 - m2 * G / k2, abs=1e-10)


def _nforce_model():
    model = Model()
    ground = Part(ground=True)
    parts = [Part(mass=1.0, ip=[1.0, 1.0, 1.0]) for _ in range(2)]
    for k, part in enumerate(parts):
        part.cm = Marker(qp=[float(k), 0.0, 0.0])
    identity = [float(r == c) for r in range(12) for c in range(12)]
    stiffness = Matrix(rows=12, columns=12, full="RORDER", values=identity)
    lengths = Matrix(rows=6, columns=1, full="RORDER", values=[0.5] * 6)
    nforce = Nforce(
        imarkers=[p.cm for p in parts],
        j=Marker(part=ground),
        kmatrix=stiffness,
        cratio=0.1,
        length=lengths,
        label="two points",
    )
    model.d = Request(type="DISPLACEMENT", i=parts[1].cm)
    return model, nforce


def test_an_nforce_goes_through_a_dataset_and_runs_the_same(tmp_path):
    model, nforce = _nforce_model()
    first = model.simulate(end=0.2, dtout=0.05, returnResults=True).getObject(model.d).values
    path = tmp_path / "nforce.xml"
    model.save_model(path)
    text = path.read_text()
    assert "<Force_MultiPoint" in text
    assert 'n_i_marker="2"' in text
    again = load_model(path)
    read = again.lookupById(Nforce, nforce.id)
    assert read.label == "two points"
    assert [m.id for m in read.imarkers] == [m.id for m in nforce.imarkers]
    assert read.j.id == nforce.j.id
    assert read.kmatrix.id == nforce.kmatrix.id
    assert read.length.id == nforce.length.id
    assert read.cratio == 0.1
    assert read.cmatrix is None
    assert read.force is None
    request = again.lookupById(Request, model.d.id)
    second = again.simulate(end=0.2, dtout=0.05, returnResults=True).getObject(request).values
    assert np.ptp(first[:, 1]) > 1e-3  # pulled towards its free length
    np.testing.assert_allclose(second, first, rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('n_i_marker="2"', 'n_i_marker="3"'), "3"),
        (('cratio="0.1"', 'cratio="0.1" cmtx_id="1"'), "not both"),
        (('ref_marker_id="3"', 'ref_marker_id="99"'), "no Reference_Marker with id 99"),
        (('kmtx_id="1"', ""), "kmtx_id"),
    ],
)
def test_a_bad_force_multipoint_names_the_element(tmp_path, change, message):
    model, _ = _nforce_model()
    path = tmp_path / "nforce.xml"
    model.save_model(path)
    text = path.read_text()
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1]))
    with pytest.raises(DatasetError, match="Force_MultiPoint") as info:
        load_model(path)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("attribute", "value", "error"),
    [("imarkers", [1, 2], TypeError), ("kmatrix", "K", TypeError), ("cratio", -1.0, ValueError)],
)
def test_a_wrong_value_names_the_nforce_and_the_attribute(attribute, value, error):
    Model()
    with pytest.raises(error, match=rf"^Nforce( \d+)?: attribute '{attribute}'"):
        Nforce(**{attribute: value})


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda f: setattr(f, "kmatrix", None), ["Nforce 1", "kmatrix is required"]),
        (lambda f: setattr(f, "kmatrix", dense(np.eye(6))), ["kmatrix", "6 x 6", "12 x 12"]),
        (lambda f: setattr(f, "cmatrix", dense(np.eye(12))), ["cmatrix or by cratio"]),
        (lambda f: setattr(f, "length", column([0.0] * 5)), ["length", "5 x 1", "12 x 1"]),
        (lambda f: setattr(f, "force", column([0.0] * 6)), ["force", "6 x 1", "12 x 1"]),
        (lambda f: setattr(f, "imarkers", []), ["Nforce 1", "imarkers is required"]),
    ],
)
def test_bad_input_names_the_nforce_at_simulate(change, words):
    model, nforce = _nforce_model()
    change(nforce)
    with pytest.raises(ModelError) as info:
        model.simulate(end=0.1, dtout=0.05)
    message = str(info.value)
    for word in words:
        assert word in message, message


def _measured_pair(k, c, k0):
    """Two blocks on the z axis without gravity (block 1 starts moving up), joined to each
    other as a spring-damper of free length 0.4 and block 1 to the ground by a spring k0 (free
    at z = 0.1), all one Nforce whose J marker is on the ground at x = 0.3."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    j = Marker(part=ground, qp=[0.3, 0, 0])
    blocks = [
        Part(mass=m, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, 0, z]))
        for m, z in ((1.0, 0.0), (2.0, 0.4))
    ]
    blocks[0].vz = 1.5
    i1, i2 = (Marker(part=b, qp=b.cm.qp) for b in blocks)
    coupling = np.zeros((12, 12))
    coupling[np.ix_([2, 8], [2, 8])] = [[1.0, -1.0], [-1.0, 1.0]]
    ground_spring = np.zeros((12, 12))
    ground_spring[2, 2] = k0
    lengths = [0.0, 0.0, 0.1, 0.0, 0.0, 0.5]
    nforce = Nforce(
        imarkers=[i1, i2],
        j=j,
        kmatrix=dense(k * coupling + ground_spring),
        cmatrix=dense(c * coupling),
        length=column(lengths),
    )
    return model, nforce, i1, i2, j


def test_nforce_gives_the_force_on_each_marker_and_the_reactions_on_j():
    # NFORCE(id, marker, comp, rm) (MotionSolve's NFORCE page): on block 1, the spring-damper
    # k (z2 - z1 - 0.4) + c (vz2 - vz1) minus the ground spring k0 (z1 - 0.1); on block 2
    # the spring-damper reversed; on J the reactions, so the forces on the three markers sum
    # to zero and J's moment about itself is that of the forces at x = 0 from x = 0.3
    k, c, k0 = 800.0, 3.0, 300.0
    model, nforce, i1, i2, j = _measured_pair(k, c, k0)
    n = nforce.id

    def by_routine(id, time, par, npar, dflag, iflag):
        return NFORCE(nforce, i1, 4, 0)

    in_routine = Variable(function="USER(0)", routine=by_routine)
    on_i1 = Request(
        f8=f"VARVAL({in_routine.id})",
        f2=f"NFORCE({n},{i1.id},2,0)",
        f3=f"NFORCE({n},{i1.id},3,0)",
        f4=f"NFORCE({n},{i1.id},4,0)",
        f6=f"{k}*(DZ({i2.id},{i1.id}) - 0.4) + {c}*VZ({i2.id},{i1.id}) - {k0}*(DZ({i1.id}) - 0.1)",
        f7=f"NFORCE({n},{i1.id},1)",
    )
    others = Request(
        f2=f"NFORCE({n},{i2.id},4,0)",
        f3=f"{k}*(DZ({i2.id},{i1.id}) - 0.4) + {c}*VZ({i2.id},{i1.id})",
        f4=f"NFORCE({n},{j.id},4,{j.id})",
        f6=f"NFORCE({n},{j.id},7,0)",
        f7=f"NFORCE({n},{j.id},2,0)",
    )
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    a, b = run.getObject(on_i1), run.getObject(others)
    f1z, f2z, fjz = a.getComponent("F4"), b.getComponent("F2"), b.getComponent("F4")
    assert np.ptp(f1z) > 10.0  # it varies
    np.testing.assert_allclose(f1z, a.getComponent("F6"), rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(a.getComponent("F7"), np.abs(f1z), rtol=1e-12)
    np.testing.assert_allclose(a.getComponent("F8"), f1z, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(f2z, -b.getComponent("F3"), rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(f1z + f2z + fjz, 0.0, atol=1e-9)
    np.testing.assert_allclose(b.getComponent("F6"), 0.3 * fjz, rtol=1e-9, atol=1e-9)
    for zero in (a.getComponent("F2"), a.getComponent("F3"), b.getComponent("F7")):
        np.testing.assert_allclose(zero, 0.0, atol=1e-9)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        ("NFORCE({n},{other},2,0)", ["'probe'", "is neither an I marker nor the J marker"]),
        ("NFORCE(77,{i1},2,0)", ["'probe'", "no active Nforce 77"]),
        ("NFORCE({n},0,2,0)", ["'probe'", "not 0"]),
        ("NFORCE({n},{i1},9,0)", ["'probe'", "comp must be 1 to 8"]),
    ],
)
def test_a_bad_nforce_call_names_its_owner(call, words):
    model, nforce, i1, _, _ = _measured_pair(800.0, 3.0, 300.0)
    other = Marker(part=i1.part)
    Variable(function=call.format(n=nforce.id, other=other.id, i1=i1.id), label="probe")
    with pytest.raises((ModelError, ValueError)) as info:
        model.simulate(end=0.1)
    for word in words:
        assert word in str(info.value), str(info.value)
