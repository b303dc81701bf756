#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

class DeadCodeEliminationPass : public Pass {
 public:
  DeadCodeEliminationPass() : Pass("dead_code_elimination") {}
  void Run(Program& program, AnalysisManager&) override { ApplyPatternsGreedily(program, RewritePatternSet()); }
};

}  // namespace

std::unique_ptr<Pass> CreateDeadCodeEliminationPass() { return std::make_unique<DeadCodeEliminationPass>(); }

}  // namespace pir
