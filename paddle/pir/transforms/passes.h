// The passes of paddle/pir/transforms, by name (docs/guide/pir.md, "Passes").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/pir/transforms/pass.h"

namespace pir {

// Erases pure ops whose results nothing reads, to a fixpoint (through the
// greedy driver, with no patterns).
std::unique_ptr<Pass> CreateDeadCodeEliminationPass();

// Replaces a pure op by an earlier equal one (same name, operands,
// attributes and result types) that dominates it: in the same block before
// it, or in an enclosing block.
std::unique_ptr<Pass> CreateCommonSubexpressionEliminationPass();

// Rewrites that keep every value bit for bit: x * 1 -> x, neg(neg(x)) -> x,
// transpose of transpose, reshape of reshape, casts to the own dtype (Note
// [Exact simplifications]).
std::unique_ptr<Pass> CreateAlgebraicSimplificationPass();

// Replaces every op that has a decomposition (the YAML's `decomposition:`,
// its Decompose interface) by it, to primitives; ops with a dim of -1 stay
// whole (the decompositions read dims as numbers).
std::unique_ptr<Pass> CreateDecompositionPass();

// add(matmul(x, w), b) -> linear(x, w, b) (the bias added by the GEMM)
// where that means the same: untransposed matrix w, b the vector of its
// columns, the product read by nothing else.
std::unique_ptr<Pass> CreateMatmulAddFusionPass();

// The pass of this name (a pass's name() is its key); NotFound listing the
// names otherwise.
std::unique_ptr<Pass> CreatePass(const std::string& name);
std::vector<std::string> PassNames();

}  // namespace pir
