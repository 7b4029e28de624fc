// Every function of MotionSolve's function-expression reference, with what msolve does with
// it: the list docs/expression-functions.md shows (a test keeps the two the same).
#pragma once

#include <vector>

namespace msolve::expr {

struct CatalogEntry {
  const char* name;   // as written in expressions
  const char* group;  // the reference's grouping: math, displacement, velocity, ...
  bool implemented;   // false: refused when an expression calls it
  const char* note;   // what it is, or why it is not there
};

/// The catalog, in the order of docs/expression-functions.md.
const std::vector<CatalogEntry>& FunctionCatalog();

}  // namespace msolve::expr
