// Shows the symbolic shapes (Note [Symbolic shapes]) in the program: each op
// whose first result is a tensor gets PaddlePaddle 3.x's `sym_shape_str`
// attribute, "shape[S0, 4], data[NULL]".
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/shape/shape_analysis.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"

namespace pir {
namespace {

void Annotate(Block& block, const ShapeAnalysis& shapes) {
  for (Operation* op : block) {
    for (uint32_t r = 0; r < op->num_regions(); ++r) {
      for (const auto& nested : op->region(r)) Annotate(*nested, shapes);
    }
    if (op->num_results() == 0 || !op->result(0).type().isa<DenseTensorType>() || !shapes.Has(op->result(0))) continue;
    op->set_attribute("sym_shape_str", StrAttribute::Get(IrContext::Instance(), shapes.SymShapeStr(op->result(0))));
  }
}

class InferSymbolicShapePass : public Pass {
 public:
  InferSymbolicShapePass() : Pass("infer_symbolic_shape") {}

  void Run(Program& program, AnalysisManager& analyses) override {
    Annotate(*program.block(), analyses.Get<ShapeAnalysis>());
    Preserve<ShapeAnalysis>();
  }
};

}  // namespace

std::unique_ptr<Pass> CreateInferSymbolicShapePass() { return std::make_unique<InferSymbolicShapePass>(); }

}  // namespace pir
