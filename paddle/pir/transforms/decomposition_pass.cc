#include <set>
#include <string>

#include "paddle/common/errors.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

// An op with a Decompose interface -> its decomposition (which may hold
// composites in turn: the driver revisits the new ops).
class Decompose : public RewritePattern {
 public:
  explicit Decompose(std::set<std::string> only) : RewritePattern(kAnyOp), only_(std::move(only)) {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    if (!op->info().decompose || (!only_.empty() && !only_.count(op->name()))) return false;
    // Decompositions read dims as numbers (Note [Static shapes for
    // gradients] in paddle/pir/autodiff/backward.cc): an op with a -1 stays whole.
    for (Value v : op->operands()) {
      if (v && !HasStaticShape(v.type())) return false;
    }
    for (Value v : op->results()) {
      if (!HasStaticShape(v.type())) return false;
    }
    std::vector<std::vector<Value>> parts = op->info().decompose(rewriter, *op);
    std::vector<Value> replacements;
    for (uint32_t i = 0; i < op->num_results(); ++i) {
      Value part = op->result(i).type().isa<VectorType>() ? rewriter.Build("builtin.combine", parts[i])->result(0)
                                                           : parts[i].at(0);
      PD_CHECK(part.type() == op->result(i).type(), PreconditionNotMet, "[decomposition] ", op->name(),
               "'s decomposition gives ", part.type().ToString(), " for result ", i, ", but the op infers ",
               op->result(i).type().ToString());
      replacements.push_back(part);
    }
    rewriter.ReplaceOp(op, replacements);
    return true;
  }

 private:
  std::set<std::string> only_;  // the ops to decompose; empty: every op
};

class DecompositionPass : public Pass {
 public:
  explicit DecompositionPass(std::set<std::string> only) : Pass("decomposition") {
    patterns_.Add<Decompose>(std::move(only));
  }
  void Run(Program& program, AnalysisManager&) override { ApplyPatternsGreedily(program, patterns_); }

 private:
  RewritePatternSet patterns_;
};

}  // namespace

std::unique_ptr<Pass> CreateDecompositionPass() { return std::make_unique<DecompositionPass>(std::set<std::string>()); }

std::unique_ptr<Pass> CreateDecompositionPass(std::set<std::string> only) {
  return std::make_unique<DecompositionPass>(std::move(only));
}

}  // namespace pir
