"""The frequency response of the linearised model (``Model.simulate_frequencyResponse``):
the plant x' = A x + B u, y = C x + D u of ``generate_abcd`` (docs/equations.md §10)
evaluated at s = j omega for each frequency f of the list (omega = 2 pi f),

    H(f) = C (j omega I - A)^-1 B + D,

the complex ratio of the amplitude of output y_i to that of input u_k when u_k varies as
sin(omega t) (docs/equations.md §10.6).

MotionSolve's reference lists the method ("Performs a frequency response analysis of the
model", the msolve Model Autosummary) without its arguments in any copy read; msolve's
arguments follow ``generate_abcd`` (docs/motionsolve-compatibility.md §6)."""

from __future__ import annotations

import math
import numbers

import numpy as np

from . import _core


class FrequencyResponseResults:
    """The result of ``Model.simulate_frequencyResponse``: ``frequencies`` (cycles per time
    unit, as given), ``omega`` (2 pi frequencies, radians per time), ``H`` (complex, one
    matrix outputs x inputs per frequency: shape (frequencies, outputs, inputs)),
    ``magnitude`` (|H|) and ``phase`` (of H, degrees in (-180, 180]), ``getResponse(output,
    input)`` (the complex response of one pair across the frequencies, indices from 0),
    ``linear`` (the LinearResults of the plant: A, B, C, D, eigenvalues) and ``messages``."""

    def __init__(self, frequencies, H, linear, messages):
        self.frequencies = frequencies
        self.omega = 2 * math.pi * frequencies
        self.H = H
        self.magnitude = np.abs(H)
        self.phase = np.degrees(np.angle(H))
        self.linear = linear
        self.messages = messages

    def getResponse(self, output=0, input=0):
        """The complex response H[:, output, input] across the frequencies."""
        return self.H[:, int(output), int(input)]

    def __repr__(self):
        _, p, m = self.H.shape
        return f"<FrequencyResponseResults: {len(self.frequencies)} frequencies, {p}x{m}>"


def _frequencies(values):
    """The frequencies as a 1-D float array; a clear error for anything else."""
    if isinstance(values, numbers.Real):
        values = [values]
    try:
        array = np.asarray(values, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise _core.ModelError(
            "simulate_frequencyResponse: 'frequencies' must be a number or a list of numbers "
            f"(cycles per time unit), not {values!r}"
        ) from None
    if array.size == 0 or not np.all(np.isfinite(array)) or np.any(array < 0):
        raise _core.ModelError(
            "simulate_frequencyResponse: 'frequencies' must be one or more finite frequencies "
            f">= 0 (cycles per time unit), not {values!r}"
        )
    return array


def plant_response(A, B, C, D, omega):
    """H(omega) = C (j omega I - A)^-1 B + D for each omega: shape (len(omega), p, m). A
    frequency at an undamped eigenvalue (j omega I - A singular) gives infinite entries."""
    n, m, p = A.shape[0], B.shape[1], C.shape[0]
    H = np.empty((len(omega), p, m), dtype=complex)
    identity = np.eye(n)
    for k, w in enumerate(omega):
        if n == 0:
            H[k] = D
            continue
        try:
            H[k] = C @ np.linalg.solve(1j * w * identity - A, B) + D
        except np.linalg.LinAlgError:
            H[k] = np.inf
    return H


def frequency_response(model, frequencies, pinput, poutput):
    """Model.simulate_frequencyResponse: the linear analysis at the current time with the
    plant inputs and outputs, and its response at each frequency."""
    freqs = _frequencies(frequencies)
    linear = model.generate_abcd(pinput=pinput, poutput=poutput)
    if linear.B.shape[1] == 0 or linear.C.shape[0] == 0:
        raise _core.ModelError(
            "simulate_frequencyResponse: the response needs plant inputs and outputs: give "
            "'pinput' (a Pinput) and 'poutput' (a Poutput), or define the model's only ones"
        )
    H = plant_response(linear.A, linear.B, linear.C, linear.D, 2 * math.pi * freqs)
    messages = [
        f"frequency response at time {linear.time:.9g}: {len(freqs)} frequencies from "
        f"{freqs.min():.6g} to {freqs.max():.6g} (cycles per time), "
        f"{H.shape[1]} outputs x {H.shape[2]} inputs, {linear.A.shape[0]} states"
    ]
    if not np.all(np.isfinite(H)):
        messages.append(
            "frequency response: infinite at a frequency equal to an undamped natural frequency"
        )
    return FrequencyResponseResults(freqs, H, linear, messages)
