// ExpressionError: the message with owner, position, and the quoted line with a caret; the
// table of external calls and the Environment's default ResolveFunction.
#include "expr/expression.h"

#include <algorithm>

namespace msolve::expr {
namespace {

// Lines longer than this are shown as a window around the column.
constexpr std::size_t kShownHalfWidth = 60;

struct Position {
  std::size_t offset;      // clamped to the text
  std::size_t line_start;  // offset of the first character of the line
  int line, column;        // 1-based
};

Position Locate(const std::string& text, std::size_t offset) {
  Position p{std::min(offset, text.size()), 0, 1, 1};
  for (std::size_t i = 0; i < p.offset; ++i) {
    if (text[i] == '\n') ++p.line, p.line_start = i + 1;
  }
  p.column = static_cast<int>(p.offset - p.line_start) + 1;
  return p;
}

std::string Message(const std::string& owner, const std::string& text, std::size_t offset,
                    const std::string& reason) {
  const Position p = Locate(text, offset);
  std::string where = "at column " + std::to_string(p.column);
  if (text.find('\n') != std::string::npos) {
    where = "at line " + std::to_string(p.line) + ", column " + std::to_string(p.column);
  }

  // the line, cut to a window around the column if it is long
  std::size_t line_end = text.find('\n', p.line_start);
  if (line_end == std::string::npos) line_end = text.size();
  std::string shown = text.substr(p.line_start, line_end - p.line_start);
  std::size_t caret = p.offset - p.line_start;
  if (shown.size() > 2 * kShownHalfWidth + 20) {
    const std::size_t from = caret > kShownHalfWidth ? caret - kShownHalfWidth : 0;
    const std::size_t to = std::min(shown.size(), caret + kShownHalfWidth);
    std::string cut = shown.substr(from, to - from);
    if (from > 0) cut = "..." + cut, caret = caret - from + 3;
    if (to < shown.size()) cut += "...";
    shown = cut;
  }
  // tabs and other control characters as spaces, so that the caret lines up
  for (char& c : shown) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) c = ' ';
  }

  std::string message = owner.empty() ? "" : owner + ": ";
  message += "error in expression " + where + ": " + reason + "\n  " + shown + "\n  " +
             std::string(caret, ' ') + "^";
  return message;
}

}  // namespace

constexpr ExternalCallInfo kExternalCalls[] = {
    {"AKISPL", 2, 1, 2, "AKISPL(x, z, id[, n])"},
    {"CUBSPL", 2, 1, 2, "CUBSPL(x, z, id[, n])"},
    {"LINSPL", 2, 1, 2, "LINSPL(x, z, id[, n])"},
    // INTERP(x, method, id[, iord]): the Spline id as a curve (its z is 0), method 1 linear,
    // 3 cubic (docs/expression-functions.md)
    {"INTERP", 1, 2, 3, "INTERP(x, method, id[, iord])"},
};

// CURVE(alpha, iord, comp, id): component comp of the iord-th derivative of a Curve
constexpr ExternalCallInfo kCurveCall = {"CURVE", 1, 3, 3, "CURVE(alpha, iord, comp, id)"};

// DELAY(val, dt, ic): three expressions; its function also receives TIME
constexpr ExternalCallInfo kDelayCall = {"DELAY", 3, 0, 0, "DELAY(val, dt, ic)", true};

const ExternalCallInfo* FindExternalCall(const std::string& name) {
  for (const ExternalCallInfo& info : kExternalCalls)
    if (name == info.name) return &info;
  if (name == kDelayCall.name) return &kDelayCall;
  if (name == kCurveCall.name) return &kCurveCall;
  return nullptr;
}

std::vector<std::string> ExternalCallNames() {
  std::vector<std::string> names;
  for (const ExternalCallInfo& info : kExternalCalls) names.push_back(info.name);
  return names;
}

const ExternalFunction* Environment::ResolveFunction(const std::string& name,
                                                     const std::vector<long>& ids) {
  (void)ids;
  throw std::invalid_argument("function '" + name + "' is not available here");
}

ExpressionError::ExpressionError(const std::string& owner, const std::string& text,
                                 std::size_t offset, const std::string& reason)
    : ModelError(Message(owner, text, offset, reason)), reason_(reason) {
  const Position p = Locate(text, offset);
  line_ = p.line;
  column_ = p.column;
}

}  // namespace msolve::expr
