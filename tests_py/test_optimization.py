"""MotionSolve's optimisation toolkit (docs/motionsolve-compatibility.md §9, docs/equations.md
§4.7): designable attributes follow their Dvs, the responses give their documented values
on closed-form runs, simulate(dsa=...) gives the derivatives, and the Optimizer finds known
optima."""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81


def falling_ball():
    """A body falling from rest: z = -g t^2 / 2, vz = -g t."""
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-10)
    Part(ground=True)
    ball = Part(mass=2.0, ip=[1, 1, 1], cm=Marker())
    return model, ball.cm.id


def hanging_mass(k, mass=2.0, blimit=()):
    """A mass on a vertical spring of free length 1 (a translational joint along z) whose
    stiffness is the Dv k_dv (b = k): at equilibrium z = -1 - m g / k."""
    model = Model()
    k_dv = Dv(label="k", b=k, **({"blimit": blimit} if blimit else {}))
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    body = Part(mass=mass, ip=[1, 1, 1], cm=Marker(qp=[0, 0, -1]))
    origin = Marker(part=ground)
    Joint(type="TRANSLATIONAL", i=Marker(part=body), j=origin)
    SpringDamper(type="TRANSLATION", i=body.cm, j=origin, k=k_dv, c=0.0, length=1.0)
    return model, f"DZ({body.cm.id},{origin.id})", k_dv


def test_attributes_given_dv_arithmetic_follow_the_dvs():
    Model()
    r, rho = Dv(b=0.1, blimit=[0.05, 0.2]), Dv(b=7800.0)
    ax, by = Dv(b=1.0), Dv(b=2.0)
    sphere = Part(mass=4 / 3 * math.pi * r**3 * rho, ip=[0.4 * r**2, r, 1.0])
    corner = Point(ax, by, 0)
    mark = Marker(part=sphere, qp=corner + Vector(0, 0, 1))
    assert sphere.mass == pytest.approx(4 / 3 * math.pi * 0.1**3 * 7800.0, rel=1e-15)
    r.b = 0.2
    assert sphere.mass == pytest.approx(4 / 3 * math.pi * 0.2**3 * 7800.0, rel=1e-15)
    assert list(sphere.ip)[:3] == pytest.approx([0.4 * 0.04, 0.2, 1.0], rel=1e-15)
    ax.b, by.b = -3.0, 5.0
    assert tuple(mark.qp) == (-3.0, 5.0, 1.0)
    # a plain value given since ends the dependence
    sphere.mass = 5.0
    r.b = 0.1
    assert sphere.mass == 5.0
    assert list(sphere.ip)[:2] == pytest.approx([0.004, 0.1], rel=1e-15)
    # the arithmetic is a number wherever one is taken
    assert float(2 * r + 1) == pytest.approx(1.2)
    assert 2 * r + 1 > 1.1
    assert -r == -0.1
    # formatted into an expression string: the number (the string does not follow the Dv)
    assert f"-{r}*DZ(2,1) + {2 * r:.3f}" == "-0.1*DZ(2,1) + 0.200"


def test_the_documented_designable_four_bar_points():
    # the guide's "convert non-designable models to designable models": points of Dvs, a
    # z point above them, the midpoint of two points
    Model()
    ax, ay, bx, by = (Dv(b=v) for v in (0.0, 0.0, 40.0, 200.0))
    pa, pb = Point(ax, ay, 0), Point(bx, by, 0)
    ground, crank = Part(ground=True), Part(mass=1.0, ip=[1, 1, 1])
    zploc = pa + [0, 0, 1]  # noqa: RUF005 (the documented form)
    ground.A = Marker(body=ground, qp=pa, zp=zploc)
    crank.A = Marker(body=crank, qp=pa, zp=zploc)
    crank.cm = Marker(body=crank, qp=(pa + pb) / 2)
    Joint(type="REVOLUTE", i=crank.A, j=ground.A)
    assert tuple(crank.cm.qp) == (20.0, 100.0, 0.0)
    ax.b, by.b = 10.0, 100.0
    assert tuple(ground.A.qp) == (10.0, 0.0, 0.0)
    assert tuple(crank.A.zp) == (10.0, 0.0, 1.0)
    assert tuple(crank.cm.qp) == (25.0, 50.0, 0.0)
    assert str(pa) == "Point(10.0, 0.0, 0.0)"


def test_the_next_simulate_compiles_the_new_design():
    model, dz, k = hanging_mass(200.0)
    probe = ValueAtTime(measuredValue=dz, atTime=0.5, delta=0.1)
    model.simulate(type="QSTATICS", end=1.0, dtout=0.1)
    assert probe.value == pytest.approx(-1 - 2.0 * G / 200.0, rel=1e-9)
    k.b = 400.0
    model.reset()
    model.simulate(type="QSTATICS", end=1.0, dtout=0.1)
    assert probe.value == pytest.approx(-1 - 2.0 * G / 400.0, rel=1e-9)


def test_responses_give_their_documented_values_on_a_falling_ball():
    model, cm = falling_ball()
    at_time = ValueAtTime(measuredValue=f"VZ({cm})", atTime=0.5, delta=0.1)
    # DZ where VZ = -g/2 (t = 1/2): -g/8
    at_g = ValueAtG(fsignal=f"DZ({cm})", gsignal=f"VZ({cm})", gvalue=-G / 2, delta=0.05)
    flat = [(t, 0.0) for t in (0.0, 0.25, 0.5, 0.75, 1.0)]
    rms = RMS2(measuredValue=f"DZ({cm})", targetValue=flat, factor=0.5)
    deviation = DeviationSquared(measuredValue=at_time, targetValue=-5.0)
    at_zero = DeviationSquared(signal=at_time, targetValue=0.0, scale=2.0)
    generic = GenericResponse(function=f"VZ({cm})", ic=1.0)
    slope = Slope2(numerator=f"DZ({cm})", denominator="TIME", time=0.5, delta=0.1)
    slope_dev = Slope2Deviation(
        numerator=f"DZ({cm})", denominator="TIME", time=0.5, delta=0.1, targetValue=-4.0
    )
    model.simulate(end=1.0, dtout=0.01)
    # the window's mean of a straight line is its value at the centre (the Rvs integrated to
    # the integrator's error, 1e-10 a step, over the window's 20 steps)
    assert at_time.value == pytest.approx(-G / 2, abs=1e-7)
    # z = -vz^2 / (2 g) is quadratic in vz: the window's mean adds z''/2 times the variance
    # of the window of two cubic STEPs of half-width delta, 2 delta^2 / 15 (the window is
    # 0.01 s wide, integrated to the integrator's error)
    assert at_g.value == pytest.approx(-G / 8 - 0.05**2 / 15 / G, abs=1e-6)
    # integral (g t^2 / 2)^2 dt over [0, 1] = g^2 / 20, scaled by factor
    assert rms.value == pytest.approx(0.5 * G**2 / 20, rel=1e-8)
    # the deviations of the measured value s: 1/2 (1 - s/target)^2, 1/2 s^2 (scaled)
    s = at_time.value
    assert deviation.value == pytest.approx(0.5 * (1 - s / -5.0) ** 2, rel=1e-14)
    assert at_zero.value == pytest.approx(2.0 * 0.5 * s**2, rel=1e-14)
    assert generic.value == pytest.approx(1.0 - G / 2, rel=1e-8)
    # central difference of a parabola: its exact slope -g t at t = 1/2
    assert slope.value == pytest.approx(-G / 2, rel=1e-8)
    assert slope_dev.value == pytest.approx((1 - (G / 2) / 4.0) ** 2, rel=1e-7)


def test_max_and_min_are_the_alpha_soft_averages():
    # f = TIME over [0, 1]: integral t e^(a t) / integral e^(a t) = 1 - 1/a + 1/(e^a - 1)
    # (and with -a for the minimum), by the trapezoidal rule over the outputs: each integral
    # is off by h^2/12 (F'(1) - F'(0)) (F its integrand), which moves the ratio by 1.7e-6
    # (a = 10) and 3.3e-6 (a = -20) at h = 0.001
    model = Model()
    Part(ground=True)
    top = MaxVal(function="TIME")
    bottom = MinVal(function="TIME", coef=20.0)
    model.simulate(end=1.0, dtout=0.001)

    def soft(a):
        return 1 / (1 - math.exp(-a)) - 1 / a

    assert top.value == pytest.approx(soft(10.0), abs=2e-6)
    assert bottom.value == pytest.approx(1 - soft(20.0), abs=4e-6)
    assert top.value > 0.89
    assert bottom.value < 0.06


def test_response_expression_of_dvs_and_responses():
    model, cm = falling_ball()
    kp, kd = Dv(b=0.5, blimit=[0, 1]), Dv(b=0.25, blimit=[0, 1])
    at_time = ValueAtTime(measuredValue=f"VZ({cm})", atTime=0.5, delta=0.1)
    expr = ResponseExpression(
        function="1 - x**2 - y**2 + sqrt(abs(v))",
        symbols=["x", "y", "v"],
        variables=[kp, kd, at_time],
    )
    model.simulate(end=1.0, dtout=0.01)
    assert expr.value == pytest.approx(1 - 0.25 - 0.0625 + math.sqrt(G / 2), rel=1e-9)


def test_dsa_gives_the_derivatives_of_the_responses():
    model, dz, k = hanging_mass(200.0)
    probe = ValueAtTime(measuredValue=dz, atTime=0.5, delta=0.1)
    unfinished = ValueAtTime(measuredValue=dz)
    run = model.simulate(type="QSTATICS", end=1.0, dtout=0.1, dsa="FD", returnResults=True)
    assert f"simulate: dsa: {unfinished._describe()}: attribute 'atTime' is not set; left out" in (
        run.messages
    )
    # d/dk (-1 - m g / k) = m g / k^2; a forward difference of relative step 1e-6
    assert probe.sensitivity[0] == pytest.approx(2.0 * G / 200.0**2, rel=1e-5)
    assert run.dsaDvs == [k]
    assert run.dsary[run.dsaResponses.index(probe), 0] == probe.sensitivity[0]
    # the model is left as the run left it: the value is the nominal design's
    assert k.b == 200.0
    assert probe.value == pytest.approx(-1 - 2.0 * G / 200.0, rel=1e-9)
    assert model.getTime() == pytest.approx(1.0)
    model.reset()
    with pytest.raises(ValueError, match="simulate: dsa must be one of FD, FD_SERIAL"):
        model.simulate(type="QSTATICS", end=1.0, dtout=0.1, dsa="SECANT")


def test_optimizer_finds_the_stiffness_of_a_target_deflection():
    # equilibrium z = -1 - m g / k: a deflection of 0.05 needs k = m g / 0.05
    _, dz, k = hanging_mass(200.0, blimit=[100.0, 1000.0])
    probe = ValueAtTime(measuredValue=dz, atTime=0.5, delta=0.1)
    error = DeviationSquared(measuredValue=probe, targetValue=-1.05)
    opt = Optimizer(objective=[error], type="QSTATICS", end=1.0, dtout=0.1, accuracy=1e-14)
    best = opt.optimize()
    assert best[0] == pytest.approx(2.0 * G / 0.05, rel=1e-5)
    assert k.b == best[0]
    assert opt.result.success
    assert probe.value == pytest.approx(-1.05, rel=1e-6)  # the model is left at the optimum


def test_optimizer_finds_the_pendulum_length_of_a_target_period():
    # a point pendulum (inertia 1e-9) of amplitude theta0: period 2 pi sqrt(L / g) (1 +
    # theta0^2 / 16); a period of 2 s puts the turn (WZ = 0) at t = 1: L = g / pi^2 (1 -
    # theta0^2 / 8). The runs are integrated to 1e-12 so that forward differences of step
    # 1e-5 see the cost's slope; they put the minimum of the quadratic cost half a step
    # early (5e-6 of L).
    Model()
    length = Dv(b=0.8, blimit=[0.5, 1.5])
    Accgrav(jgrav=-G)
    Integrator(error=1e-12)
    ground = Part(ground=True)
    theta0 = 0.01
    bob = Part(mass=1.0, ip=[1e-9, 1e-9, 1e-9])
    bob.cm = Marker(qp=Point(length * math.sin(theta0), -length * math.cos(theta0), 0))
    pivot = Marker(part=ground)
    Joint(type="REVOLUTE", i=Marker(part=bob), j=pivot)
    turn = ValueAtTime(measuredValue=f"WZ({bob.cm.id})", atTime=1.0, delta=0.01)
    error = DeviationSquared(measuredValue=turn, targetValue=0.0)
    opt = Optimizer(
        objective=[error], type="DYNAMICS", end=1.02, dtout=0.01, accuracy=1e-16, fdStep=1e-5
    )
    best = opt.optimize()
    assert best[0] == pytest.approx(G / math.pi**2 * (1 - theta0**2 / 8), rel=1e-5)
    assert abs(turn.value) < 1e-6


def test_kinematic_path_matching_with_rms2():
    # the guide's four-bar problem in small: a crank driven at one turn a second, the x of
    # a point at the designable radius r on it (r cos 2 pi t) matched to the curve of r = 0.3
    # (101 points: the Akima spline is within 1e-7 of it); integral (r - 0.3)^2 cos^2 dt
    # is least at r = 0.3 (the Rv integrated to 1e-10)
    Model()
    Integrator(error=1e-10)
    radius = Dv(b=0.2, blimit=[0.1, 0.5])
    ground = Part(ground=True)
    crank = Part(mass=1.0, ip=[1, 1, 1], cm=Marker())
    pivot = Joint(type="REVOLUTE", i=Marker(part=crank), j=Marker(part=ground))
    Motion(joint=pivot, jtype="ROTATION", function="2 * PI * TIME")
    tip = Marker(part=crank, qp=Point(radius, 0, 0))
    times = np.linspace(0.0, 1.0, 101)
    target = [(t, 0.3 * math.cos(2 * math.pi * t)) for t in times]
    a2x = RMS2(label="tip X", measuredValue=f"DX({tip.id})", targetValue=target)
    opt = Optimizer(
        label="Optimize RMS2",
        objective=[a2x],
        weights=[1],
        type="KINEMATICS",
        end=1.0,
        dtout=0.01,
        accuracy=1e-12,
    )
    x = opt.optimize()
    assert x[0] == pytest.approx(0.3, rel=1e-5)
    assert a2x.value < 1e-9


def test_constrained_optimum_and_a_custom_algorithm():
    # minimise (b1 - 3)^2 + (b2 - 3)^2 with b1 + b2 <= 4 and b1 - b2 = 1: (2.5, 1.5)
    Model()
    Part(ground=True)
    b1, b2 = Dv(b=0.0, blimit=[-5, 5]), Dv(b=0.0, blimit=[-5, 5])
    cost = ResponseExpression(
        function="(x - 3)**2 + (y - 3)**2", symbols=["x", "y"], variables=[b1, b2]
    )
    room = ResponseExpression(function="4 - x - y", symbols=["x", "y"], variables=[b1, b2])
    gap = ResponseExpression(function="x - y - 1", symbols=["x", "y"], variables=[b1, b2])
    opt = Optimizer(
        objective=[cost],
        ineqConstraints=[room],
        eqConstraints=[gap],
        type="DYNAMICS",
        end=0.01,
        dtout=0.01,
        accuracy=1e-10,
    )
    best = opt.optimize()
    np.testing.assert_allclose(best, [2.5, 1.5], atol=1e-6)
    # the guide's customised algorithm: cost and sensitivity handed to another method
    from scipy.optimize import minimize

    free = Optimizer(objective=[cost], weights=[2.0], type="DYNAMICS", end=0.01, dtout=0.01)
    result = minimize(free.cost, [0.0, 0.0], jac=free.sensitivity, method="L-BFGS-B")
    np.testing.assert_allclose(result.x, [3.0, 3.0], atol=1e-5)
    assert free.cost([1.0, 2.0]) == pytest.approx(2.0 * 5.0, rel=1e-12)


class Springs:
    """The documented structure of an optimisation script: a parametric model class with
    __init__, createModel, addResponses, optimize and printResults."""

    def __init__(self, k=150.0):
        self.k0 = k

    def createModel(self):
        self.model, self.dz, self.k = hanging_mass(self.k0, mass=1.5, blimit=[50.0, 800.0])

    def addResponses(self):
        at = ValueAtTime(label="z@0.5", measuredValue=self.dz, atTime=0.5, delta=0.1)
        self.resp = DeviationSquared(label="deflection", measuredValue=at, targetValue=-1.1)

    def simulate(self):
        self.model.simulate(type="QSTATICS", end=1.0, dtout=0.1)

    def optimize(self):
        opt = Optimizer(
            label="Optimize deflection",
            objective=[self.resp],
            weights=[1],
            simMethod=self.simulate,
            plot=True,
        )
        return opt.optimize(accuracy=1e-14)

    def printResults(self):
        return f"k = {self.k.b:.6g}"


def test_the_documented_script_structure_runs():
    springs = Springs()
    springs.createModel()
    springs.addResponses()
    x = springs.optimize()
    assert x[0] == pytest.approx(1.5 * G / 0.1, rel=1e-5)
    assert springs.printResults() == f"k = {1.5 * G / 0.1:.6g}"


def test_bad_input_is_named():
    model = Model()
    Part(ground=True)
    with pytest.raises(ValueError, match=r"Optimizer \d+ 'Optimizer': the model has no design"):
        Optimizer(objective=[GenericResponse(function="1")]).optimize()
    Dv(b=1.0)
    with pytest.raises(ValueError, match=r"Optimizer.*attribute 'objective' is not set"):
        Optimizer().cost([1.0])
    with pytest.raises(TypeError, match=r"ResponseExpression.*'variables' must hold Dvs"):
        ResponseExpression(variables=["x"])
    with pytest.raises(TypeError, match=r"RMS2.*'targetValue' must be a list of \(x, y\)"):
        RMS2(targetValue=5)
    with pytest.raises(TypeError, match=r"Optimizer.*'simFunction' must be a callable"):
        Optimizer(simFunction=3)
    probe = ValueAtTime(measuredValue="TIME", atTime=0.5)
    with pytest.raises(ValueError, match=r"ValueAtTime \d+: no analysis has run"):
        _ = probe.value
    lonely = ValueAtTime(measuredValue="TIME")
    model.simulate(end=0.1, dtout=0.01)
    with pytest.raises(ValueError, match=r"ValueAtTime \d+: attribute 'atTime' is not set"):
        _ = lonely.value
    three = ResponseExpression(function="x + y", symbols=["x", "y"], variables=[1.0])
    with pytest.raises(ValueError, match=r"ResponseExpression \d+: 2 symbols for 1 variables"):
        _ = three.value
