"""User routines for the dataset round-trip tests: top-level functions of a module, as a
dataset's ``script_name`` / ``usrsub_fnc_name`` can name them. Each reads ids from ``par``."""

from msolve.functions import DIF, DX, DZ, VARVAL, VX, VZ


def spring(id, time, par, npar, dflag, iflag):
    """SFOSUB: a linear spring-damper along the z axis of marker par[1]."""
    i, j, k, c = int(par[0]), int(par[1]), par[2], par[3]
    return -k * DZ(i, j, j) - c * VZ(i, j, j, j)


def drive(id, time, par, npar, dflag, iflag):
    """VARSUB: a smooth drive signal."""
    return par[0] * time * time


def integrate(id, time, par, npar, dflag, iflag):
    """DIFSUB: y' = VARVAL(par[0])."""
    return VARVAL(int(par[0]))


def lift(id, time, par, npar, iord, iflag):
    """MOTSUB: 0.1 t^2 and its derivatives."""
    return (0.1 * time * time, 0.2 * time, 0.2)[iord]


def report(id, time, par, npar, iflag):
    """REQSUB: eight numbers from the states."""
    i, j = int(par[0]), int(par[1])
    return [DX(i, j), DZ(i, j), VX(i, j), DIF(int(par[2])), time, 0, 0, par[3]]


def push(id, time, par, npar, dflag, iflag):
    """VFOSUB: a force along x growing with time."""
    return [par[0] * time, 0.0, 0.0]


def decay(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
    """GSESUB: x' = -par[0] x + u, outputs x and 2 x."""
    x = states[0]
    return [-par[0] * x + input[0]], [x, 2 * x]


def consub(par, npar):
    """CONSUB: an analysis to par[0]; MODIFY sets the gravity along z to par[1]; an analysis
    to par[2]."""
    from msolve import py_analys, py_modify

    py_analys("TRANSIENT", "first", 0.0, par[0], 1)
    py_modify(f"ACCGRAV/KGRAV={par[1]!r}")
    py_analys("TRANSIENT", "second", par[0], par[2], 1)
