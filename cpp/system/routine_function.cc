#include "system/routine_function.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "common/error.h"
#include "common/interrupt.h"

namespace msolve::system {
namespace {

// the innermost routine evaluation in progress
thread_local RoutineEvaluator* g_current = nullptr;

std::string Trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace

std::optional<std::vector<double>> ParseUserParameters(const std::string& text) {
  const std::string s = Trim(text);
  if (s.size() < 4) return std::nullopt;
  std::string head = s.substr(0, 4);
  for (auto& ch : head) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (head != "USER") return std::nullopt;
  const std::string rest = Trim(s.substr(4));
  if (rest.size() < 2 || rest.front() != '(' || rest.back() != ')') return std::nullopt;
  const std::string list = Trim(rest.substr(1, rest.size() - 2));
  std::vector<double> par;
  if (list.empty()) return par;
  size_t start = 0;
  while (true) {
    const size_t comma = list.find(',', start);
    const std::string item = Trim(list.substr(start, comma - start));
    char* end = nullptr;
    const double value = std::strtod(item.c_str(), &end);
    if (item.empty() || end != item.c_str() + item.size())
      throw std::invalid_argument("the USER(...) parameters must be numbers, got '" + item +
                                  "' in '" + text + "'");
    // strtod reads inf, nan and overflows (1e999) to infinity: a routine is never handed them
    if (!std::isfinite(value))
      throw std::invalid_argument("the USER(...) parameters must be finite numbers, got '" + item +
                                  "' (parameter " + std::to_string(par.size() + 1) + ") in '" +
                                  text + "'");
    par.push_back(value);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return par;
}

RoutineEvaluator::RoutineEvaluator(std::shared_ptr<const model::UserRoutine> routine,
                                   model::UserRoutine::Form form, const model::Entity& owner,
                                   std::vector<double> par, int outputs)
    : routine_(std::move(routine)),
      form_(form),
      id_(owner.id),
      owner_(owner.Describe()),
      owner_entity_(&owner),
      par_(std::move(par)),
      outputs_(outputs),
      cache_out_(outputs),
      work_out_(outputs) {
  const std::string why = routine_->Unavailable();
  if (!why.empty()) throw ModelError(owner_ + ": " + why);
}

RoutineEvaluator* RoutineEvaluator::Current() { return g_current; }

void RoutineEvaluator::Call(double t, const double* y, const double* yp, const double* memory,
                            bool dflag, bool iflag, int perturb, double step, double* out,
                            int iord) {
  if (busy_)
    throw std::invalid_argument(owner_ +
                                ": its routine reads its own value (through VARVAL, a force "
                                "measure, ...), a cycle");
  // the evaluation in progress, for the runtime functions; restored on the way out
  struct Scope {
    RoutineEvaluator* self;
    RoutineEvaluator* previous;
    ~Scope() {
      g_current = previous;
      self->busy_ = false;
    }
  } scope{this, g_current};
  busy_ = true;
  g_current = this;
  t_ = t, y_ = y, yp_ = yp, memory_ = memory, perturb_ = perturb, step_ = step;
  model::UserRoutine::Call call;
  call.form = form_;
  call.id = id_;
  call.time = t;
  call.par = &par_;
  call.dflag = dflag;
  call.iflag = iflag;
  call.iord = iord;
  try {
    routine_->Evaluate(call, out, out ? outputs_ : 0);
  } catch (const Interrupted&) {
    throw;  // not the routine's failure: the analysis was interrupted while it ran
  } catch (const std::exception& e) {
    throw RoutineError(owner_ + ": error in its user routine at time " + std::to_string(t) + ":\n" +
                       e.what());
  }
}

void RoutineEvaluator::Prepare(double t, const double* y, const double* yp, const double* memory) {
  if (prepared_) return;
  declaring_ = true;
  struct Reset {
    bool* flag;
    ~Reset() { *flag = false; }
  } reset{&declaring_};
  // the value returned by the dependency pass is not used
  Call(t, y, yp, memory, false, true, -1, 0.0, nullptr);
  prepared_ = true;
}

double RoutineEvaluator::MotionValue(double t, int iord) {
  if (!prepared_) Prepare(t, nullptr, nullptr, nullptr);
  double value = 0.0;
  Call(t, nullptr, nullptr, nullptr, false, false, -1, 0.0, &value, iord);
  return value;
}

bool RoutineEvaluator::CacheValid(double t, const double* y, const double* yp,
                                  const double* memory) const {
  if (!cached_ || t != cache_t_) return false;
  for (const auto& [index, value] : cache_reads_)
    if (inputs_[index].function->Value(t, y, yp, memory) != value) return false;
  return true;
}

const double* RoutineEvaluator::Values(double t, const double* y, const double* yp,
                                       const double* memory) {
  if (!prepared_) Prepare(t, y, yp, memory);
  if (CacheValid(t, y, yp, memory)) return cache_out_.data();
  cached_ = false;
  jacobian_cached_ = false;
  work_reads_.clear();
  reads_ = &work_reads_;
  struct Reset {
    std::vector<std::pair<int, double>>** reads;
    ~Reset() { *reads = nullptr; }
  } reset{&reads_};
  Call(t, y, yp, memory, false, false, -1, 0.0, cache_out_.data());
  cache_reads_.swap(work_reads_);
  cache_t_ = t;
  cached_ = true;
  return cache_out_.data();
}

double RoutineEvaluator::Gradient(int k, double t, const double* y, const double* yp,
                                  const double* memory, mbs::SparseGradient* dy,
                                  mbs::SparseGradient* dyp) {
  const double value = Values(t, y, yp, memory)[k];
  const int n = static_cast<int>(inputs_.size());
  if (!jacobian_cached_) {
    // forward differences in the declared inputs this call read (the others do not enter)
    dout_din_.assign(static_cast<size_t>(outputs_) * n, 0.0);
    std::vector<bool> read(n, false);
    for (const auto& [index, v] : cache_reads_) read[index] = true;
    const std::vector<double> base = cache_out_;
    for (int j = 0; j < n; ++j) {
      if (!read[j] || !inputs_[j].declared) continue;
      const double m = inputs_[j].function->Value(t, y, yp, memory);
      volatile double moved = m + kRoutineStep * std::max(1.0, std::abs(m));
      const double h = moved - m;
      Call(t, y, yp, memory, true, false, j, h, work_out_.data());
      for (int o = 0; o < outputs_; ++o) dout_din_[o * n + j] = (work_out_[o] - base[o]) / h;
    }
    jacobian_cached_ = true;
  }
  // chain rule with the inputs' exact gradients
  dy->clear();
  dyp->clear();
  for (int j = 0; j < n; ++j) {
    const double c = dout_din_[k * n + j];
    if (c == 0.0 || !inputs_[j].declared) continue;
    inputs_[j].function->Gradient(t, y, yp, memory, &input_dy_, &input_dyp_);
    for (const auto& [index, d] : input_dy_) dy->emplace_back(index, c * d);
    for (const auto& [index, d] : input_dyp_) dyp->emplace_back(index, c * d);
  }
  return value;
}

void RoutineEvaluator::Dependencies(std::vector<int>* y_indices,
                                    std::vector<int>* yp_indices) const {
  y_indices->clear();
  yp_indices->clear();
  std::vector<int> fy, fyp;
  for (const auto& input : inputs_) {
    if (!input.declared) continue;
    input.function->Dependencies(&fy, &fyp);
    y_indices->insert(y_indices->end(), fy.begin(), fy.end());
    yp_indices->insert(yp_indices->end(), fyp.begin(), fyp.end());
  }
  for (auto* v : {y_indices, yp_indices}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
}

void RoutineEvaluator::PlaceInputs(MemoryLayout* layout) {
  for (auto& input : inputs_) {
    ExpressionFunction& f = *input.function;
    if (!input.declared || f.memory_size() == 0 || f.memory_offset() >= 0) continue;
    f.PlaceMemory(layout->Add(owner_entity_, "routine " + input.call, f.memory_size()));
  }
}

void RoutineEvaluator::Accept(double t, const double* y, const double* yp, double* memory) {
  for (auto& input : inputs_) {
    if (input.function->memory_offset() >= 0)
      input.function->Accept(t, y, yp, memory);
    else
      input.function->AcceptUnplaced(t, y, yp);
  }
}

double RoutineEvaluator::Read(const std::string& name, const std::vector<long>& ids) {
  if (y_ == nullptr)
    throw std::invalid_argument(name + " cannot be called here: a motion routine reads only time");
  // a routine reads a handful of inputs: a linear search beats building and hashing a key
  int index = 0;
  const int count = static_cast<int>(inputs_.size());
  while (index < count && (inputs_[index].ids != ids || inputs_[index].name != name)) ++index;
  if (index == count) {
    std::string call = name + "(";
    for (size_t k = 0; k < ids.size(); ++k) call += (k ? "," : "") + std::to_string(ids[k]);
    call += ")";
    if (!resolver_.marker)
      throw std::invalid_argument(name + " is not available in the routine of " + owner_);
    Input input;
    input.name = name;
    input.ids = ids;
    input.call = call;
    try {
      input.function = std::make_unique<ExpressionFunction>(call, owner_, resolver_);
    } catch (const std::exception& e) {
      throw std::invalid_argument(call + ": " + e.what());
    }
    input.declared = declaring_;
    if (!declaring_) undeclared_.push_back(call);
    inputs_.push_back(std::move(input));
  }
  const double value = inputs_[index].function->Value(t_, y_, yp_, memory_);
  if (reads_) reads_->emplace_back(index, value);
  return index == perturb_ ? value + step_ : value;
}

}  // namespace msolve::system
