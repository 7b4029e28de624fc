"""Field and Beam (docs/equations.md §3.11, §3.12): static deflections against their stiffness
matrices and the cantilever's closed forms, a diagonal Field against the Bushing, damping."""

import math

import numpy as np
import pytest

from msolve import *

# a wrench applied at the free end: force and torque, global axes
LOAD = [3.0, -2.0, 1.5, 0.2, -0.1, 0.3]


def held_block(make_element, load=LOAD):
    """A block without gravity held only by the element made by make_element(i, j) between
    marker i on the block and marker j on the ground (both at the origin, global axes), with
    the constant wrench `load` applied at i. Request q: DX DY DZ AX AY AZ of i from j."""
    model = Model()
    Equilibrium(imbalance=1e-13)
    ground = Part(ground=True)
    j = Marker(part=ground)
    block = Part(mass=2.0, ip=[0.5, 0.6, 0.7], cm=Marker(qp=[0, 0, 0]))
    i = Marker(part=block)
    make_element(i, j)
    fx, fy, fz, tx, ty, tz = (repr(float(v)) for v in load)
    Gforce(i=i, jfloat=j, rm=j, fx=fx, fy=fy, fz=fz, tx=tx, ty=ty, tz=tz)
    model.q = Request(
        f1="DX(2,1,1)", f2="DY(2,1,1)", f3="DZ(2,1,1)", f4="AX(2,1)", f5="AY(2,1)", f6="AZ(2,1)"
    )
    return model, i, j


def static_q(model):
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    result = run.getObject(model.q)
    return np.array([result.getComponent(f"F{k}")[-1] for k in range(1, 7)])


def coupled_stiffness():
    # symmetric, positive definite, with couplings between every pair of coordinates
    rng = np.random.default_rng(7)
    a = rng.normal(size=(6, 6))
    return a @ a.T + np.diag([400.0, 500.0, 600.0, 50.0, 60.0, 70.0])


def test_a_field_deflects_by_the_inverse_of_its_stiffness_matrix():
    # at equilibrium K (q - length) = load + preload exactly, q in the field's own coordinates
    K = coupled_stiffness()
    length = np.array([0.01, -0.02, 0.0, 0.0, 0.01, 0.0])
    preload = np.array([1.0, 0.0, -1.0, 0.05, 0.0, 0.0])
    model, *_ = held_block(
        lambda i, j: Field(
            i=i, j=j, kmatrix=list(K.ravel()), length=list(length), force=list(preload)
        )
    )
    expected = length + np.linalg.solve(K, np.array(LOAD) + preload)
    np.testing.assert_allclose(static_q(model), expected, rtol=0, atol=1e-10)


def test_a_field_takes_its_matrix_as_six_rows_too():
    K = coupled_stiffness()
    model, *_ = held_block(lambda i, j: Field(i=i, j=j, kmatrix=[list(r) for r in K]))
    np.testing.assert_allclose(static_q(model), np.linalg.solve(K, LOAD), rtol=0, atol=1e-10)


def swinging(make_element):
    # a block under gravity swinging on the element from an offset, rotated start
    model = Model()
    Accgrav(kgrav=-9.81)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    j = Marker(part=ground, qp=[0, 0, 0])
    block = Part(mass=1.5, ip=[0.2, 0.3, 0.25], cm=Marker(qp=[0.05, 0, -0.3]))
    block.qg = [0.01, -0.02, 0.005]
    block.reuler = [0.05, 0.04, -0.03]
    i = Marker(part=block, qp=[0, 0, 0])
    make_element(i, j)
    model.d = Request(type="DISPLACEMENT", i=block.cm)
    model.v = Request(type="VELOCITY", i=block.cm)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    return np.column_stack(
        [run.getObject(model.d).values[:, 1:], run.getObject(model.v).values[:, 1:]]
    )


def test_a_field_with_a_diagonal_matrix_is_a_bushing():
    k, kt = [2e3, 3e3, 4e3], [50.0, 60.0, 70.0]
    c, ct = [5.0, 6.0, 7.0], [0.5, 0.6, 0.7]
    f, t = [1.0, -2.0, 3.0], [0.1, 0.2, -0.1]
    bushing = swinging(lambda i, j: Bushing(i=i, j=j, k=k, kt=kt, c=c, ct=ct, force=f, torque=t))
    field = swinging(
        lambda i, j: Field(
            i=i,
            j=j,
            kmatrix=list(np.diag(k + kt).ravel()),
            cmatrix=list(np.diag(c + ct).ravel()),
            force=f + t,
        )
    )
    np.testing.assert_allclose(field, bushing, rtol=0, atol=1e-7)


def test_field_cratio_is_a_damping_matrix_proportional_to_the_stiffness():
    K = coupled_stiffness()
    ratio = 0.02
    by_ratio = swinging(lambda i, j: Field(i=i, j=j, kmatrix=list(K.ravel()), cratio=ratio))
    by_matrix = swinging(
        lambda i, j: Field(i=i, j=j, kmatrix=list(K.ravel()), cmatrix=list((ratio * K).ravel()))
    )
    np.testing.assert_allclose(by_ratio, by_matrix, rtol=0, atol=1e-9)


def test_a_field_damps_a_block_as_a_linear_oscillator():
    # one translation: m x'' + c x' + k x = 0 with c = cratio k, from x = 0.01 at rest
    m, k, ratio = 2.0, 800.0, 0.01
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    j = Marker(part=ground, zp=[1, 0, 0])
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[0.01, 0, 0]), vx=0.0)
    i = Marker(part=block, qp=[0.01, 0, 0], zp=[1.01, 0, 0])
    Joint(type="TRANSLATIONAL", i=i, j=j)
    K = np.zeros((6, 6))
    K[2, 2] = k
    Field(i=i, j=j, kmatrix=list(K.ravel()), cratio=ratio)
    model.d = Request(type="DISPLACEMENT", i=block.cm)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    t = run.times
    w0 = math.sqrt(k / m)
    zeta = ratio * k / (2 * m * w0)
    wd = w0 * math.sqrt(1 - zeta**2)
    x = 0.01 * np.exp(-zeta * w0 * t) * (np.cos(wd * t) + zeta * w0 / wd * np.sin(wd * t))
    np.testing.assert_allclose(run.getObject(model.d).getComponent("X"), x, rtol=0, atol=1e-8)


def test_field_errors_name_the_field_and_the_attribute():
    model = Model()
    ground = Part(ground=True)
    with pytest.raises(ValueError, match=r"Field: attribute 'kmatrix' must be 36 numbers"):
        Field(kmatrix=[1.0] * 35)
    with pytest.raises(ValueError, match=r"Field: attribute 'cratio' must be at least 0"):
        Field(cratio=-1.0)
    block = Part(mass=1, ip=[1, 1, 1], cm=Marker())
    i, j = Marker(part=block), Marker(part=ground)
    f = Field(i=i, j=j)
    with pytest.raises(Exception, match=r"Field 1.*kmatrix is required"):
        model.simulate(end=0.1)
    f.kmatrix = list(np.eye(6).ravel())
    f.cratio = 0.1
    f.cmatrix = list(np.eye(6).ravel())
    with pytest.raises(Exception, match=r"Field 1.*cmatrix or by cratio, not both"):
        model.simulate(end=0.1)
    f.cmatrix = []
    f.function = "USER(1, 2)"
    with pytest.raises(Exception, match=r"Field 1.*calls a user routine, but routine is not set"):
        model.simulate(end=0.1)
    # a FIESUB returns the field and its two 6x6 derivative matrices (test_field_routine.py)
    f.routine = lambda *args: [0.0] * 6
    with pytest.raises(Exception, match=r"(?s)Field 1.*FIESUB.*\[field, dfddis, dfdvel\]"):
        model.simulate(end=0.1)


# -- Beam ----------------------------------------------------------------------------------

E, G_MOD = 2.0e11, 8.0e10
L, AREA, IXX, IYY, IZZ = 0.5, 1.0e-4, 2.0e-9, 1.0e-9, 1.5e-9
ASY, ASZ = 1.2, 1.1


def cantilever(load, asy=ASY, asz=ASZ):
    """A block held by a Beam from the ground marker j at the origin (x along the beam) to the
    marker i at x = L on the block; `load` applied at i; request q as in held_block."""
    model = Model()
    # the axial stiffness E A / L = 4e7 resolves forces to 4e-9 at x = L in double precision
    Equilibrium(imbalance=1e-8)
    ground = Part(ground=True)
    j = Marker(part=ground)
    block = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[L, 0, 0]))
    i = Marker(part=block, qp=[L, 0, 0])
    Beam(
        i=i,
        j=j,
        length=L,
        emodulus=E,
        gmodulus=G_MOD,
        area=AREA,
        ixx=IXX,
        iyy=IYY,
        izz=IZZ,
        asy=asy,
        asz=asz,
    )
    fx, fy, fz, tx, ty, tz = (repr(float(v)) for v in load)
    Gforce(i=i, jfloat=j, rm=j, fx=fx, fy=fy, fz=fz, tx=tx, ty=ty, tz=tz)
    model.q = Request(
        f1="DX(2,1,1)", f2="DY(2,1,1)", f3="DZ(2,1,1)", f4="AX(2,1)", f5="AY(2,1)", f6="AZ(2,1)"
    )
    return model


def test_a_cantilever_bends_as_a_timoshenko_beam():
    # tip load P along y: deflection P L^3 / (3 E Izz) (1 + 3 E Izz asy / (G A L^2)), tip
    # slope P L^2 / (2 E Izz); along z the same with Iyy and asz, the slope about -y
    P = 5.0
    q = static_q(cantilever([0, P, 0, 0, 0, 0]))
    bending = P * L**3 / (3 * E * IZZ)
    shear = 3 * E * IZZ * ASY / (G_MOD * AREA * L**2)
    assert q[1] == pytest.approx(bending * (1 + shear), rel=1e-9)
    assert q[5] == pytest.approx(P * L**2 / (2 * E * IZZ), rel=1e-9)
    q = static_q(cantilever([0, 0, P, 0, 0, 0]))
    shear = 3 * E * IYY * ASZ / (G_MOD * AREA * L**2)
    assert q[2] == pytest.approx(P * L**3 / (3 * E * IYY) * (1 + shear), rel=1e-9)
    assert q[4] == pytest.approx(-P * L**2 / (2 * E * IYY), rel=1e-9)
    # without shear areas, Euler-Bernoulli
    q = static_q(cantilever([0, P, 0, 0, 0, 0], asy=0, asz=0))
    assert q[1] == pytest.approx(bending, rel=1e-9)


def test_a_beam_stretches_as_e_a_over_l_and_twists_as_g_j_over_l():
    F, T = 2.0e3, 1.0
    q = static_q(cantilever([F, 0, 0, T, 0, 0]))
    assert q[0] - L == pytest.approx(F * L / (E * AREA), rel=1e-9)
    assert q[3] == pytest.approx(T * L / (G_MOD * IXX), rel=1e-9)


def beam_stiffness():
    # Adams BEAM's matrix, written out from docs/equations.md §3.12
    py = 12 * E * IZZ * ASY / (G_MOD * AREA * L**2)
    pz = 12 * E * IYY * ASZ / (G_MOD * AREA * L**2)
    K = np.zeros((6, 6))
    K[0, 0] = E * AREA / L
    K[1, 1] = 12 * E * IZZ / (L**3 * (1 + py))
    K[1, 5] = K[5, 1] = -6 * E * IZZ / (L**2 * (1 + py))
    K[2, 2] = 12 * E * IYY / (L**3 * (1 + pz))
    K[2, 4] = K[4, 2] = 6 * E * IYY / (L**2 * (1 + pz))
    K[3, 3] = G_MOD * IXX / L
    K[4, 4] = (4 + pz) * E * IYY / (L * (1 + pz))
    K[5, 5] = (4 + py) * E * IZZ / (L * (1 + py))
    return K


def test_a_beam_under_a_general_load_deflects_by_its_stiffness_matrix():
    load = np.array([50.0, 0.3, -0.2, 0.01, 0.02, -0.03])
    q = static_q(cantilever(load))
    expected = np.linalg.solve(beam_stiffness(), load) + np.array([L, 0, 0, 0, 0, 0])
    np.testing.assert_allclose(q, expected, rtol=1e-9, atol=1e-15)


def test_beam_errors_name_the_beam_and_the_attribute():
    with pytest.raises(ValueError, match=r"Beam: attribute 'asy' must be at least 0"):
        Beam(asy=-1.0)
    model = cantilever([0, 1, 0, 0, 0, 0])
    beam = model.getChildren(Beam)[0]
    beam.emodulus = 0.0
    with pytest.raises(Exception, match=r"Beam 1.*emodulus must be positive"):
        model.simulate(type="STATICS", end=0)
    beam.emodulus = E
    beam.cmatrix = list(np.eye(6).ravel())
    beam.cratio = 0.0
    static_q(model)


def test_beam_and_field_functions_give_the_element_forces():
    # BEAM(id, jflag, comp, rm) and FIELD(...): on I at I (jflag 0) the beam balances the tip
    # load; on J at J (jflag 1) the reaction also carries the load's moment about the root
    P = 5.0
    model = cantilever([0, P, 0, 0, 0, 0])
    beam = model.getChildren(Beam)[0]
    model.f = Request(
        f1=f"BEAM({beam.id}, 0, 3, 0)",
        f2=f"BEAM({beam.id}, 1, 3, 0)",
        f3=f"BEAM({beam.id}, 1, 8, 0)",
        f4=f"BEAM({beam.id}, 0, 8, 0)",
    )
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    f = run.getObject(model.f)
    deflection = run.getObject(model.q).getComponent("F2")[-1]
    assert f.getComponent("F1")[-1] == pytest.approx(-P, rel=1e-9)
    assert f.getComponent("F2")[-1] == pytest.approx(P, rel=1e-9)
    # the moment at the root: the load times the arm from j to i's deflected position
    assert f.getComponent("F3")[-1] == pytest.approx(P * L, rel=1e-6)
    assert abs(f.getComponent("F4")[-1]) < 1e-9 * P * L
    assert deflection > 0
    K = coupled_stiffness()
    model, *_ = held_block(lambda i, j: Field(i=i, j=j, kmatrix=list(K.ravel())))
    model.f = Request(f1="FIELD(1, 0, 2, 0)", f2="FIELD(1, 0, 7, 0)", f3="FIELD(1, 1, 4, 0)")
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    f = run.getObject(model.f)
    assert f.getComponent("F1")[-1] == pytest.approx(-LOAD[0], rel=1e-9)
    assert f.getComponent("F2")[-1] == pytest.approx(-LOAD[4], rel=1e-9)
    assert f.getComponent("F3")[-1] == pytest.approx(LOAD[2], rel=1e-9)


def test_the_work_of_fields_and_beams_balances_the_energy():
    # their whole power is counted as work (docs/equations.md §3.11): kinetic + gravitational
    # energy - work stays constant to the integrator's accuracy
    model = Model()
    Accgrav(kgrav=-9.81)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=1.5, ip=[0.2, 0.3, 0.25], cm=Marker(qp=[0.3, 0, -0.05]), wz=2.0)
    j = Marker(part=ground)
    i = Marker(part=block)
    Field(i=i, j=j, kmatrix=list(coupled_stiffness().ravel()), cratio=0.01)
    Beam(
        i=block.cm,
        j=Marker(part=ground),
        length=0.3,
        emodulus=1e7,
        gmodulus=4e6,
        area=1e-4,
        ixx=2e-8,
        iyy=1e-8,
        izz=1.5e-8,
        cratio=1e-3,
    )
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    balance = run.energy.getComponent("BALANCE")
    kinetic = run.energy.getComponent("KINETIC")
    assert kinetic.max() > 0.1
    assert np.ptp(balance) < 1e-6 * kinetic.max()
