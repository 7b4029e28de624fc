// Internal to cpp/expr: the syntax tree and the parser (lexer and recursive descent) that
// builds it, resolving entity references through the Environment on the way.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "expr/expression.h"
#include "expr/functions.h"

namespace msolve::expr {

/// A node of the syntax tree. Sums and products are n-ary (a - b + c is one kSum with terms
/// a, b, c and b subtracted), so that long chains do not make the tree deep.
struct Node {
  enum class Kind : std::uint8_t {
    kNumber,  // value
    kLeaf,    // leaf (index from Environment::Resolve)
    kTime,
    kMode,
    kNeg,      // -args[0]
    kSum,      // args[0] +- args[1] +- ...; inverse[i] means args[i] is subtracted
    kProduct,  // args[0] */ args[1] */ ...; inverse[i] means args[i] divides
    kPow,      // args[0] ** args[1]
    kCall,     // built-in fn(args...)
    kIf,       // IF(args[0]: args[1], args[2], args[3])
    kEnvCall,  // external(args...), a function from Environment::ResolveFunction
  };

  explicit Node(Kind k, std::size_t p) : kind(k), pos(p) {}

  Kind kind;
  std::size_t pos;  // offset of the node's first character in the text (for messages)
  double value = 0;
  int leaf = -1;
  Fn fn = Fn::kAbs;
  const ExternalFunction* external = nullptr;  // kEnvCall
  std::string name;  // kEnvCall: the name and ids as in Disassemble, "AKISPL/5/1"
  std::vector<std::unique_ptr<Node>> args;
  std::vector<bool> inverse;
};

/// Parses `text` into a syntax tree (no constant folding yet). Calls to names that are not
/// built in go to env.Resolve.
/// @throws ExpressionError (message prefixed by `owner`) for any syntax error.
std::unique_ptr<Node> Parse(const std::string& text, Environment& env, const std::string& owner);

}  // namespace msolve::expr
