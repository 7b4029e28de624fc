#include "system/general_states.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/error.h"

namespace msolve::system {
namespace {

// relative forward-difference step in the states and inputs (as for user routines)
constexpr double kStep = 1e-7;

std::string Upper(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

int Column(const std::vector<int>& deps, int index) {
  return static_cast<int>(std::lower_bound(deps.begin(), deps.end(), index) - deps.begin());
}

// the routine at the states x and inputs u
void Call(const GeneralStates& g, double t, const std::vector<double>& x,
          const std::vector<double>& u, bool dflag, bool iflag, double* out) {
  // an Fmu's routine is its FMU (python/msolve/fmu.py)
  const char* what = g.source->fmu ? "its FMU" : "its routine (GSESUB)";
  model::UserRoutine::Call call;
  call.form = model::UserRoutine::Form::kGse;
  call.id = g.source->id;
  call.time = t;
  call.par = &g.par;
  call.dflag = dflag;
  call.iflag = iflag;
  call.states = &x;
  call.inputs = &u;
  call.noutput = g.outputs;
  try {
    g.source->routine->Evaluate(call, out, g.n + g.outputs);
  } catch (const std::exception& e) {
    throw RoutineError(g.source->Describe() + ": " + what + " failed at time " + std::to_string(t) +
                       ": " + e.what());
  }
  for (int k = 0; k < g.n + g.outputs; ++k)
    if (!std::isfinite(out[k]))
      throw RoutineError(g.source->Describe() + ": " + what + " returned a value that " +
                         "is not finite at time " + std::to_string(t));
}

// output k of a Gse as a function of the state
class GseOutput : public mbs::StateFunction {
 public:
  GseOutput(const GeneralStates* g, int k) : g_(g), k_(k) {}
  double Value(double t, const double* y, const double* yp, const double* memory) const override {
    std::vector<double> out(g_->n + g_->outputs);
    g_->Values(t, y, yp, memory, out.data());
    return out[g_->n + k_];
  }
  double Gradient(double t, const double* y, const double* yp, const double* memory,
                  mbs::SparseGradient* dy, mbs::SparseGradient* dyp) const override {
    VecX values;
    MatX dx, din;
    g_->Derivatives(t, y, yp, memory, 1.0, &values, &dx, &din);
    dy->clear(), dyp->clear();
    const int r = g_->n + k_;
    for (int j = 0; j < g_->n; ++j) dy->emplace_back(g_->first + j, dx(r, j));
    const int ny = static_cast<int>(g_->y_deps.size());
    for (int c = 0; c < ny; ++c) dy->emplace_back(g_->y_deps[c], din(r, c));
    for (size_t c = 0; c < g_->yp_deps.size(); ++c)
      dyp->emplace_back(g_->yp_deps[c], din(r, ny + static_cast<int>(c)));
    return values[r];
  }
  void Dependencies(std::vector<int>* y_indices, std::vector<int>* yp_indices) const override {
    y_indices->clear();
    for (int j = 0; j < g_->n; ++j) y_indices->push_back(g_->first + j);
    y_indices->insert(y_indices->end(), g_->y_deps.begin(), g_->y_deps.end());
    std::sort(y_indices->begin(), y_indices->end());
    y_indices->erase(std::unique(y_indices->begin(), y_indices->end()), y_indices->end());
    *yp_indices = g_->yp_deps;
  }

 private:
  const GeneralStates* g_;
  int k_;
};

}  // namespace

void GeneralStates::Values(double t, const double* y, const double* yp, const double* memory,
                           double* out, bool iflag) const {
  std::vector<double> x(y + first, y + first + n), u(inputs.size());
  for (size_t k = 0; k < inputs.size(); ++k) u[k] = inputs[k]->Value(t, y, yp, memory);
  Call(*this, t, x, u, false, iflag, out);
}

void GeneralStates::Derivatives(double t, const double* y, const double* yp, const double* memory,
                                double cj, VecX* values, MatX* dx, MatX* d_inputs) const {
  const int rows = n + outputs, m = static_cast<int>(inputs.size());
  std::vector<double> x(y + first, y + first + n), u(m);
  // the inputs and their gradients: G, one row per input, columns y_deps then yp_deps
  const int ny = static_cast<int>(y_deps.size()), nyp = static_cast<int>(yp_deps.size());
  MatX G = MatX::Zero(m, ny + nyp);
  mbs::SparseGradient gy, gyp;
  for (int k = 0; k < m; ++k) {
    u[k] = inputs[k]->Gradient(t, y, yp, memory, &gy, &gyp);
    for (const auto& [index, value] : gy) G(k, Column(y_deps, index)) += value;
    for (const auto& [index, value] : gyp) G(k, ny + Column(yp_deps, index)) += cj * value;
  }
  values->resize(rows);
  Call(*this, t, x, u, false, false, values->data());
  VecX moved(rows);
  dx->resize(rows, n);
  for (int j = 0; j < n; ++j) {
    const double keep = x[j], h = kStep * std::max(1.0, std::abs(keep));
    x[j] = keep + h;
    Call(*this, t, x, u, true, false, moved.data());
    x[j] = keep;
    dx->col(j) = (moved - *values) / h;
  }
  MatX du(rows, m);
  for (int k = 0; k < m; ++k) {
    const double keep = u[k], h = kStep * std::max(1.0, std::abs(keep));
    u[k] = keep + h;
    Call(*this, t, x, u, true, false, moved.data());
    u[k] = keep;
    du.col(k) = (moved - *values) / h;
  }
  *d_inputs = du * G;
}

GeneralStates GseStates(const model::Gse& gse, int first) {
  const std::string who = gse.Describe() + ": ";
  const auto check = [&](const model::Array* array, const char* role, const char* type) {
    if (array == nullptr) return;
    if (!array->active)
      throw ModelError(who + "its " + role + " " + array->Describe() + " is inactive");
    if (Upper(array->type) != type)
      throw ModelError(who + "its " + role + " " + array->Describe() + " has type " + array->type +
                       ", not " + type);
  };
  check(gse.x, "X array", "X");
  check(gse.y, "Y array", "Y");
  check(gse.u, "U array", "U");
  check(gse.ic, "IC array", "IC");
  if (!gse.routine)
    throw ModelError(who + "routine is not set: a Gse is defined by its GSESUB routine");
  const std::string why = gse.routine->Unavailable();
  if (!why.empty()) throw ModelError(who + why);
  if (gse.implicit)
    throw ModelError(who +
                     "implicit general state equations are not available in msolve; give "
                     "the rates x' = f(x, u, t) (implicit = False)");
  if (gse.ns < 0) throw ModelError(who + "ns must be >= 0, got " + std::to_string(gse.ns));
  if (gse.no < 0) throw ModelError(who + "no must be >= 0, got " + std::to_string(gse.no));
  int n = gse.ns;
  if (n == 0 && gse.x) n = gse.x->size;
  if (n == 0 && gse.ic) n = static_cast<int>(gse.ic->numbers.size());
  if (n > 0 && gse.x == nullptr)
    throw ModelError(who + "it has " + std::to_string(n) + " states but no X array (x)");
  if (gse.x && gse.x->size != 0 && gse.x->size != n)
    throw ModelError(who + "its X array " + gse.x->Describe() + " has size " +
                     std::to_string(gse.x->size) + " but ns is " + std::to_string(n));
  if (gse.no > 0 && gse.y == nullptr)
    throw ModelError(who + "no is " + std::to_string(gse.no) + " but the Y array (y) is not set");
  if (gse.y && gse.y->size != 0 && gse.y->size != gse.no)
    throw ModelError(who + "its Y array " + gse.y->Describe() + " has size " +
                     std::to_string(gse.y->size) + " but no is " + std::to_string(gse.no));
  GeneralStates g;
  g.source = &gse;
  g.first = first;
  g.n = n;
  g.outputs = gse.no;
  g.x0 = VecX::Zero(n);
  if (gse.ic) {
    if (static_cast<int>(gse.ic->numbers.size()) != n)
      throw ModelError(who + "its IC array " + gse.ic->Describe() + " has " +
                       std::to_string(gse.ic->numbers.size()) + " numbers but the Gse has " +
                       std::to_string(n) + " states");
    for (int k = 0; k < n; ++k) g.x0[k] = gse.ic->numbers[k];
  } else if (!gse.start.empty()) {
    if (static_cast<int>(gse.start.size()) != n)
      throw ModelError(who + "it gives " + std::to_string(gse.start.size()) + " start values for " +
                       std::to_string(n) + " states");
    for (int k = 0; k < n; ++k) g.x0[k] = gse.start[k];
  }
  return g;
}

void MakeGseOutputs(GeneralStates* gse) {
  gse->output_functions.clear();
  for (int k = 0; k < gse->outputs; ++k)
    gse->output_functions.push_back(std::make_unique<GseOutput>(gse, k));
}

}  // namespace msolve::system
