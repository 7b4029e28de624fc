// B, C and D of the linear analysis: the plant inputs (Pinput) are differentiated by
// compiling the model again with each input variable moved by a small step (the elements
// read a variable's value, not its definition), the plant outputs (Poutput) by their exact
// gradients (docs/equations.md §10.5).
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "analysis/linear_parts.h"
#include "common/error.h"

namespace msolve::analysis {
namespace {

using system::MemoryLayout;
using system::System;

// the shortest text that reads back as x
std::string Text(double x) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

const mbs::StateFunction* VariableOf(const System& sys, const model::Variable& v) {
  try {
    return sys.MakeResolver().variable(v.id);
  } catch (const std::invalid_argument& e) {
    throw ModelError(v.Describe() + ": " + e.what());
  }
}

// The residual, and the values of the output variables, of the model with variable `v`
// moved by `step`: the same model but for a copy of v whose function adds the step, compiled
// with the active rows and the memories of `sys`.
void Moved(const System& sys, const model::Model& model, const model::Variable& v, double step,
           double t, const double* memory, const VecX& y, const VecX& yp,
           const model::Poutput* outputs, VecX* F, VecX* g) {
  model::Model copy = model;
  auto moved = std::make_shared<model::Variable>(v);
  moved->function = "(" + v.function + ")+(" + Text(step) + ")";
  for (auto& entry : copy.variables)
    if (entry.get() == &v) entry = moved;
  System other = System::Compile(copy);
  other.PrepareRoutines(t);
  std::vector<bool> active;
  for (const auto& row : sys.rows()) active.push_back(row.active >= 0);
  other.SetActiveRows(active);
  // the memory of `sys`'s blocks by key, DELAY histories included (the moved Variable's own
  // starts afresh)
  const MemoryLayout& from = sys.memory_layout();
  VecX other_memory = other.memory_layout().Initial();
  other.memory_layout().Remap(from, VecX::Map(memory, from.size()), &other_memory);
  if (other.size() != sys.size())
    throw SolverError("linear analysis: the model compiled again for " + v.Describe() +
                      " has another layout");
  F->resize(sys.size());
  other.Residual(t, y.data(), yp.data(), other_memory.data(), F->data());
  if (outputs) {
    g->resize(static_cast<int>(outputs->variables.size()));
    for (size_t j = 0; j < outputs->variables.size(); ++j)
      (*g)[j] = VariableOf(other, *outputs->variables[j])
                    ->Value(t, y.data(), yp.data(), other_memory.data());
  }
}

}  // namespace

void PlantMatrices(const System& sys, const model::Model& model, double t, const double* memory,
                   const VecX& y, const VecX& yp, const LinearSettings& settings,
                   const Layout& layout, const Reduction& r, const Sparse& T, const Sparse& Td,
                   const Sparse& Sm, const Sparse& El, const Eigen::PartialPivLU<MatX>& lu,
                   const MatX& Y, LinearResult* result) {
  const int nX = static_cast<int>(result->A.rows()), nf = r.n_f, nc = layout.nc, m = layout.m;
  const model::Pinput* in = settings.pinput;
  const model::Poutput* out = settings.poutput;
  const int nu = in ? static_cast<int>(in->variables.size()) : 0;
  const int ny = out ? static_cast<int>(out->variables.size()) : 0;
  MatX Fu = MatX::Zero(sys.size(), nu), Gu = MatX::Zero(ny, nu);
  for (int k = 0; k < nu; ++k) {
    const model::Variable& v = *in->variables[k];
    if (v.routine)
      throw ModelError(in->Describe() + ": " + v.Describe() +
                       " is given by a routine; a plant input must be an expression");
    const double u0 = VariableOf(sys, v)->Value(t, y.data(), yp.data(), memory);
    const double h = 1e-6 * std::max(1.0, std::abs(u0));
    VecX Fp, Fm, gp, gm;
    Moved(sys, model, v, h, t, memory, y, yp, out, &Fp, &gp);
    Moved(sys, model, v, -h, t, memory, y, yp, out, &Fm, &gm);
    Fu.col(k) = (Fp - Fm) / (2 * h);
    if (out) Gu.col(k) = (gp - gm) / (2 * h);
  }
  // B: the inputs' forces through the momentum and control rows
  result->B = MatX::Zero(nX, nu);
  MatX Yu;
  if (nu > 0) {
    Yu = lu.solve(-(Sm * Fu));
    result->B.middleRows(nf, nf) = Yu.topRows(nf);
    result->B.bottomRows(nc) = Yu.middleRows(nf, nc);
  }
  // C, D: the outputs' gradients by the states, the reactions and the rates
  result->C = MatX::Zero(ny, nX);
  result->D = Gu;
  if (ny == 0) return;
  std::vector<Eigen::Triplet<double>> gy, gyp;
  for (int j = 0; j < ny; ++j) {
    mbs::SparseGradient dy, dyp;
    VariableOf(sys, *out->variables[j])->Gradient(t, y.data(), yp.data(), memory, &dy, &dyp);
    for (const auto& [i, d] : dy) gy.emplace_back(j, i, d);
    for (const auto& [i, d] : dyp) gyp.emplace_back(j, i, d);
  }
  Sparse Gy(ny, sys.size()), Gyp(ny, sys.size());
  Gy.setFromTriplets(gy.begin(), gy.end());
  Gyp.setFromTriplets(gyp.begin(), gyp.end());
  const MatX TXi = T * r.Xi;
  const MatX Gl = MatX(Gy * El);
  result->C = Gy * TXi + Gl * Y.bottomRows(m) + Gyp * (TXi * result->A + Td * r.Xi);
  if (nu > 0) result->D += Gl * Yu.bottomRows(m) + Gyp * (TXi * result->B);
}

}  // namespace msolve::analysis
