// Lexer and recursive-descent parser of the expression language (grammar in
// expr/expression.h, docs/motionsolve-compatibility.md §4.1):
//
//   expression := term (("+" | "-") term)*
//   term       := signed (("*" | "/") signed)*
//   signed     := ("+" | "-") signed | power
//   power      := primary ("**" signed)?              (right-associative)
//   primary    := number | name | name "(" arguments? ")" | "(" expression ")"
//
// Unary signs sit below ** (so -2**2 = -(2**2)) and may follow any operator.
#include "expr/parser.h"

#include "expr/catalog.h"

#include <charconv>
#include <cstdio>
#include <system_error>
#include <utility>

namespace msolve::expr {
namespace {

constexpr double kPi = 3.14159265358979323846;

enum class Tok : std::uint8_t {
  kNumber,
  kName,
  kLParen,
  kRParen,
  kComma,
  kColon,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPower,
  kEnd,
};

struct Token {
  Tok kind = Tok::kEnd;
  std::size_t pos = 0, len = 0;
  double number = 0;
  bool integral = false;  // a plain digit string: usable as an entity id
  std::string name;       // kName, upper case
};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsNameChar(char c) { return IsLetter(c) || IsDigit(c); }
bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// 'c' for a printable character, otherwise its byte value
std::string Quote(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "byte 0x%02X", u);
  return buf;
}

class Parser {
 public:
  Parser(const std::string& text, Environment& env, const std::string& owner)
      : text_(text), env_(env), owner_(owner) {}

  std::unique_ptr<Node> ParseAll() {
    Lex();
    if (Peek().kind == Tok::kEnd) Fail(0, "empty expression");
    std::unique_ptr<Node> root = ParseExpression();
    const Token& t = Peek();
    switch (t.kind) {
      case Tok::kEnd:
        return root;
      case Tok::kRParen:
        Fail(t.pos, "unbalanced parentheses: ')' without a matching '('");
      case Tok::kColon:
        Fail(t.pos, "':' is only allowed after the first argument of IF");
      case Tok::kComma:
        Fail(t.pos, "',' outside the argument list of a function");
      default:
        Fail(t.pos, "expected an operator or the end of the expression but found " + Describe(t));
    }
  }

 private:
  // Counts one nesting level for as long as it lives.
  class Nest {
   public:
    Nest(Parser* parser, std::size_t pos) : parser_(parser) {
      if (++parser_->depth_ > kMaxNesting) {
        parser_->Fail(pos, "expression nested too deeply (more than " +
                               std::to_string(kMaxNesting) + " levels)");
      }
    }
    ~Nest() { --parser_->depth_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;

   private:
    Parser* parser_;
  };

  [[noreturn]] void Fail(std::size_t pos, const std::string& reason) const {
    throw ExpressionError(owner_, text_, pos, reason);
  }

  // ---- lexer -------------------------------------------------------------------------

  void Lex() {
    const std::size_t n = text_.size();
    std::size_t i = 0;
    for (;;) {
      while (i < n && IsSpace(text_[i])) ++i;
      if (i >= n) break;
      const char c = text_[i];
      if (IsDigit(c) || (c == '.' && i + 1 < n && IsDigit(text_[i + 1]))) {
        i = LexNumber(i);
        continue;
      }
      Token t;
      t.pos = i;
      t.len = 1;
      if (IsLetter(c)) {
        while (i + t.len < n && IsNameChar(text_[i + t.len])) ++t.len;
        t.kind = Tok::kName;
        t.name = text_.substr(i, t.len);
        for (char& ch : t.name) {
          if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
        }
      } else {
        switch (c) {
          case '(':
            t.kind = Tok::kLParen;
            break;
          case ')':
            t.kind = Tok::kRParen;
            break;
          case ',':
            t.kind = Tok::kComma;
            break;
          case ':':
            t.kind = Tok::kColon;
            break;
          case '+':
            t.kind = Tok::kPlus;
            break;
          case '-':
            t.kind = Tok::kMinus;
            break;
          case '/':
            t.kind = Tok::kSlash;
            break;
          case '*':
            if (i + 1 < n && text_[i + 1] == '*') {
              t.kind = Tok::kPower;
              t.len = 2;
            } else {
              t.kind = Tok::kStar;
            }
            break;
          case '^':
            Fail(i, "unexpected character '^' (write ** for a power)");
          case '<':
          case '>':
          case '=':
          case '!':
          case '&':
          case '|':
            Fail(i, "unexpected character " + Quote(c) +
                        " (there are no comparison or logical operators: use IF(t: lt, eq, gt))");
          default:
            Fail(i, "unexpected character " + Quote(c));
        }
      }
      tokens_.push_back(std::move(t));
      i += tokens_.back().len;
    }
    // the end token sits right after the last token (where "unexpected end" points)
    Token end;
    end.pos = tokens_.empty() ? 0 : tokens_.back().pos + tokens_.back().len;
    tokens_.push_back(end);
  }

  // Lexes the number starting at `start`, appends its token, returns the offset after it.
  std::size_t LexNumber(std::size_t start) {
    const std::size_t n = text_.size();
    std::size_t i = start;
    bool integral = true;
    while (i < n && IsDigit(text_[i])) ++i;
    if (i < n && text_[i] == '.') {
      integral = false;
      ++i;
      while (i < n && IsDigit(text_[i])) ++i;
    }
    if (i < n && (text_[i] == 'e' || text_[i] == 'E')) {
      const std::size_t e = i++;
      if (i < n && (text_[i] == '+' || text_[i] == '-')) ++i;
      if (i >= n || !IsDigit(text_[i])) Fail(e, "malformed number: expected digits after 'E'");
      while (i < n && IsDigit(text_[i])) ++i;
      integral = false;
    }

    Token t;
    t.kind = Tok::kNumber;
    t.pos = start;
    const char* first = text_.data() + start;
    const auto result = std::from_chars(first, text_.data() + i, t.number);
    if (result.ec == std::errc::result_out_of_range) {
      Fail(start, "number out of range (beyond the range of a double)");
    }
    if (result.ec != std::errc() || result.ptr != text_.data() + i) {
      Fail(start, "malformed number");  // not expected: the scan above is stricter
    }

    // degree suffix D (docs/motionsolve-compatibility.md §4.1), but not a Fortran exponent such as
    // 1.0D0 or 1D-3
    if (i < n && (text_[i] == 'd' || text_[i] == 'D')) {
      const char c1 = i + 1 < n ? text_[i + 1] : '\0';
      const char c2 = i + 2 < n ? text_[i + 2] : '\0';
      if (IsDigit(c1) || ((c1 == '+' || c1 == '-') && IsDigit(c2))) {
        Fail(i,
             "ambiguous 'D' after a number: D means degrees (180D) and Fortran exponents "
             "such as 1.0D0 are not accepted; write 1.0E0 for an exponent, or put a space "
             "after the D for degrees followed by an operator");
      }
      if (!IsNameChar(c1)) {
        t.number = t.number / 180 * kPi;
        integral = false;
        ++i;
      }
    }
    if (i < n && (IsNameChar(text_[i]) || text_[i] == '.')) {
      Fail(i,
           "unexpected " + Quote(text_[i]) + " after the number " + text_.substr(start, i - start));
    }
    t.integral = integral;
    t.len = i - start;
    tokens_.push_back(std::move(t));
    return i;
  }

  const Token& Peek() const { return tokens_[next_]; }
  const Token& Take() { return tokens_[next_++]; }
  bool At(Tok kind) const { return tokens_[next_].kind == kind; }

  std::string Describe(const Token& t) const {
    if (t.kind == Tok::kEnd) return "the end of the expression";
    return "'" + text_.substr(t.pos, t.len) + "'";
  }

  // ---- grammar -----------------------------------------------------------------------

  std::unique_ptr<Node> ParseExpression() {
    std::unique_ptr<Node> first = ParseTerm();
    if (!At(Tok::kPlus) && !At(Tok::kMinus)) return first;
    auto sum = std::make_unique<Node>(Node::Kind::kSum, first->pos);
    sum->args.push_back(std::move(first));
    sum->inverse.push_back(false);
    while (At(Tok::kPlus) || At(Tok::kMinus)) {
      const bool minus = Take().kind == Tok::kMinus;
      sum->args.push_back(ParseTerm());
      sum->inverse.push_back(minus);
    }
    return sum;
  }

  std::unique_ptr<Node> ParseTerm() {
    std::unique_ptr<Node> first = ParseSigned();
    if (!At(Tok::kStar) && !At(Tok::kSlash)) return first;
    auto product = std::make_unique<Node>(Node::Kind::kProduct, first->pos);
    product->args.push_back(std::move(first));
    product->inverse.push_back(false);
    while (At(Tok::kStar) || At(Tok::kSlash)) {
      const bool divide = Take().kind == Tok::kSlash;
      product->args.push_back(ParseSigned());
      product->inverse.push_back(divide);
    }
    return product;
  }

  std::unique_ptr<Node> ParseSigned() {
    if (!At(Tok::kPlus) && !At(Tok::kMinus)) return ParsePower();
    const Token& sign = Take();
    Nest nest(this, sign.pos);
    std::unique_ptr<Node> operand = ParseSigned();
    if (sign.kind == Tok::kPlus) return operand;
    auto neg = std::make_unique<Node>(Node::Kind::kNeg, sign.pos);
    neg->args.push_back(std::move(operand));
    return neg;
  }

  std::unique_ptr<Node> ParsePower() {
    std::unique_ptr<Node> base = ParsePrimary();
    if (!At(Tok::kPower)) return base;
    Nest nest(this, Take().pos);
    auto pow = std::make_unique<Node>(Node::Kind::kPow, base->pos);
    pow->args.push_back(std::move(base));
    pow->args.push_back(ParseSigned());
    return pow;
  }

  std::unique_ptr<Node> ParsePrimary() {
    const Token& t = Peek();
    switch (t.kind) {
      case Tok::kNumber: {
        Take();
        auto number = std::make_unique<Node>(Node::Kind::kNumber, t.pos);
        number->value = t.number;
        return number;
      }
      case Tok::kName:
        return ParseName();
      case Tok::kLParen: {
        Take();
        Nest nest(this, t.pos);
        std::unique_ptr<Node> inner = ParseExpression();
        ExpectClose(t, "an operator or ')'");
        return inner;
      }
      case Tok::kEnd:
        Fail(t.pos, "unexpected end of expression");
      default:
        Fail(t.pos, "expected a number, a name or '(' but found " + Describe(t));
    }
  }

  // Consumes the ')' matching `open`.
  void ExpectClose(const Token& open, const char* expected) {
    if (At(Tok::kRParen)) {
      Take();
      return;
    }
    if (At(Tok::kEnd)) Fail(open.pos, "unbalanced parentheses: this '(' is never closed");
    Fail(Peek().pos, std::string("expected ") + expected + " but found " + Describe(Peek()));
  }

  std::unique_ptr<Node> ParseName() {
    const Token& t = Take();
    const std::string& name = t.name;
    const std::string written = text_.substr(t.pos, t.len);
    const FunctionInfo* info = FindFunction(name);
    const ExternalCallInfo* external = FindExternalCall(name);
    const bool is_function = info != nullptr || external != nullptr || name == "IF";

    double constant = 0;
    Node::Kind kind = Node::Kind::kNumber;
    bool known = true;
    if (name == "PI") {
      constant = kPi;
    } else if (name == "DTOR") {
      constant = kPi / 180;
    } else if (name == "RTOD") {
      constant = 180 / kPi;
    } else if (name == "TIME") {
      kind = Node::Kind::kTime;
    } else if (name == "MODE") {
      kind = Node::Kind::kMode;
    } else {
      known = false;
    }

    if (!At(Tok::kLParen)) {
      if (is_function) Fail(t.pos, "'" + written + "' is a function: write " + name + "(...)");
      if (!known) Fail(t.pos, "unknown name '" + written + "'");
      auto node = std::make_unique<Node>(kind, t.pos);
      node->value = constant;
      return node;
    }
    if (known) Fail(t.pos, "'" + written + "' is not a function");
    // a function of expressions in MotionSolve's reference that msolve does not have: say
    // so before its arguments are taken for ids (docs/expression-functions.md); functions of
    // ids go to the Environment, which may know them
    if (!is_function)
      for (const CatalogEntry& entry : FunctionCatalog())
        if (!entry.implemented && name == entry.name &&
            (std::string(entry.group) == "shaping" || std::string(entry.group) == "interpolation"))
          Fail(t.pos, "function '" + name + "' is not available in msolve: " + entry.note);
    if (external) return ParseExternalCall(t, *external);
    if (is_function) return ParseBuiltinCall(t, info);
    return ParseEnvironmentCall(t);
  }

  // name(expression, ...) for a built-in function, or IF (info == nullptr)
  std::unique_ptr<Node> ParseBuiltinCall(const Token& name, const FunctionInfo* info) {
    const Token& open = Take();
    Nest nest(this, open.pos);
    auto call = std::make_unique<Node>(info ? Node::Kind::kCall : Node::Kind::kIf, name.pos);
    if (info) call->fn = info->fn;
    if (!At(Tok::kRParen)) {
      for (;;) {
        call->args.push_back(ParseExpression());
        if (At(Tok::kComma)) {
          Take();
          continue;
        }
        if (At(Tok::kColon)) {
          if (info || call->args.size() != 1) {
            Fail(Peek().pos, "':' is only allowed after the first argument of IF");
          }
          Take();
          continue;
        }
        break;
      }
    }
    ExpectClose(open, "',' or ')'");

    const int count = static_cast<int>(call->args.size());
    if (!info) {
      if (count != 4) {
        Fail(name.pos,
             "IF takes 4 arguments, IF(test: lt, eq, gt), but has " + std::to_string(count));
      }
    } else if (count < info->min_args || count > info->max_args) {
      std::string takes = std::to_string(info->min_args);
      if (info->max_args != info->min_args) takes += " to " + std::to_string(info->max_args);
      takes += info->max_args == 1 ? " argument" : " arguments";
      Fail(name.pos,
           std::string(info->name) + " takes " + takes + " but has " + std::to_string(count));
    }
    return call;
  }

  // name(expression, ..., id, ...) of an external call: info.expressions expressions, then
  // integer literals; the function comes from Environment::ResolveFunction
  std::unique_ptr<Node> ParseExternalCall(const Token& name, const ExternalCallInfo& info) {
    const Token& open = Take();
    Nest nest(this, open.pos);
    auto call = std::make_unique<Node>(Node::Kind::kEnvCall, name.pos);
    std::vector<long> ids;
    int count = 0;
    if (!At(Tok::kRParen)) {
      for (;;) {
        const std::size_t first = next_;
        const Token& start = Peek();
        std::unique_ptr<Node> arg = ParseExpression();
        ++count;
        if (count > info.expressions) {
          // an id: exactly one token, an integer literal
          if (next_ != first + 1 || start.kind != Tok::kNumber || !start.integral) {
            Fail(start.pos, "argument " + std::to_string(count) + " of " + info.form +
                                " must be a non-negative integer literal");
          }
          long id = 0;
          const char* text = text_.data() + start.pos;
          const auto result = std::from_chars(text, text + start.len, id);
          if (result.ec != std::errc()) Fail(start.pos, "entity id out of range");
          ids.push_back(id);
        } else {
          call->args.push_back(std::move(arg));
        }
        if (!At(Tok::kComma)) break;
        Take();
      }
    }
    ExpectClose(open, "',' or ')'");

    const int min = info.expressions + info.min_ids, max = info.expressions + info.max_ids;
    if (count < min || count > max) {
      std::string takes = std::to_string(min);
      if (max != min) takes += (max == min + 1 ? " or " : " to ") + std::to_string(max);
      Fail(name.pos, std::string(info.name) + " takes " + takes + " arguments, " + info.form +
                         ", but has " + std::to_string(count));
    }
    try {
      call->external = env_.ResolveFunction(info.name, ids);
    } catch (const std::invalid_argument& e) {
      Fail(name.pos, e.what());
    }
    if (call->external == nullptr) {
      Fail(name.pos, std::string("the environment gave no function for ") + info.name);
    }
    call->name = info.name;
    for (long id : ids) call->name += "/" + std::to_string(id);
    if (info.appends_time)
      call->args.push_back(std::make_unique<Node>(Node::Kind::kTime, name.pos));
    // INTERP's function is a Spline's (x, z): the curve at z = 0
    if (std::string(info.name) == "INTERP")
      call->args.push_back(std::make_unique<Node>(Node::Kind::kNumber, name.pos));
    return call;
  }

  // name(id, ...) resolved by the Environment: the arguments are integer literals
  std::unique_ptr<Node> ParseEnvironmentCall(const Token& name) {
    const Token& open = Take();
    std::vector<long> ids;
    if (!At(Tok::kRParen)) {
      for (;;) {
        const Token& arg = Peek();
        const std::string bad_id = "argument " + std::to_string(ids.size() + 1) + " of " +
                                   name.name +
                                   " must be an entity id (a non-negative integer literal)";
        if (arg.kind != Tok::kNumber || !arg.integral) {
          if (arg.kind == Tok::kEnd)
            Fail(open.pos, "unbalanced parentheses: this '(' is never closed");
          Fail(arg.pos, bad_id);
        }
        Take();
        long id = 0;
        const char* first = text_.data() + arg.pos;
        const auto result = std::from_chars(first, first + arg.len, id);
        if (result.ec != std::errc()) Fail(arg.pos, "entity id out of range");
        ids.push_back(id);

        const Token& next = Peek();
        if (next.kind == Tok::kComma) {
          Take();
          continue;
        }
        if (next.kind == Tok::kRParen) break;
        if (next.kind == Tok::kEnd) {
          Fail(open.pos, "unbalanced parentheses: this '(' is never closed");
        }
        if (next.kind == Tok::kName || next.kind == Tok::kNumber || next.kind == Tok::kLParen) {
          Fail(next.pos, "expected ',' or ')' but found " + Describe(next));
        }
        Fail(arg.pos, bad_id);  // an operator: the argument is an expression
      }
    }
    Take();  // ')'

    int leaf = -1;
    try {
      leaf = env_.Resolve(name.name, ids);
    } catch (const std::invalid_argument& e) {
      Fail(name.pos, e.what());
    }
    if (leaf < 0) {
      Fail(name.pos, "the environment gave an invalid leaf index (" + std::to_string(leaf) +
                         ") for " + name.name);
    }
    auto node = std::make_unique<Node>(Node::Kind::kLeaf, name.pos);
    node->leaf = leaf;
    return node;
  }

  const std::string& text_;
  Environment& env_;
  const std::string& owner_;
  std::vector<Token> tokens_;
  std::size_t next_ = 0;
  int depth_ = 0;
};

}  // namespace

std::unique_ptr<Node> Parse(const std::string& text, Environment& env, const std::string& owner) {
  return Parser(text, env, owner).ParseAll();
}

}  // namespace msolve::expr
