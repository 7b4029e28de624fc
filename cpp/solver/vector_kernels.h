// Compiled kernels for the serial N_Vector operations that IDA calls on every step.
#pragma once

#include <nvector/nvector_serial.h>

namespace msolve::solver {

/// Points the operations IDA uses on every step (linear sums and combinations, scaling,
/// weighted RMS norms, ...) of the serial vector `v` at kernels compiled with the project.
/// Vectors that SUNDIALS clones from `v` share them.
///
/// Why: Debian's libsundials is built without optimisation; its serial kernels keep every
/// loop index on the stack and cost about 20 instructions per entry: 60 % of the
/// instructions of a small model's run. Each kernel here does exactly the arithmetic of
/// SUNDIALS' serial kernel, term by term in the same order, so results do not change.
void UseCompiledKernels(N_Vector v);

}  // namespace msolve::solver
