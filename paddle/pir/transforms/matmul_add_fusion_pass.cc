#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

DenseTensorType TensorOf(Value v) { return v.type().dyn_cast<DenseTensorType>(); }

// add(matmul(x, w), b) -> linear(x, w, b): the bias goes into the GEMM
// (its beta on the CPU, cuBLASLt's bias epilogue on the GPU) instead of a
// second pass over the product. Only where linear means the same: w a
// matrix, neither operand transposed, x of rank 2 or more, b the vector of
// w's columns, and nothing else reading the product.
class MatmulAdd : public RewritePattern {
 public:
  MatmulAdd() : RewritePattern("pd_op.add") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    for (uint32_t m : {0u, 1u}) {
      Operation* matmul = op->operand(m).defining_op();
      if (!matmul || matmul->name() != "pd_op.matmul" || op->operand(m).use_count() != 1) continue;
      if (matmul->attribute<BoolAttribute>("transpose_x").data() ||
          matmul->attribute<BoolAttribute>("transpose_y").data()) {
        continue;
      }
      Value x = matmul->operand(0), w = matmul->operand(1), bias = op->operand(1 - m);
      auto wt = TensorOf(w), xt = TensorOf(x), bt = TensorOf(bias);
      if (!wt || !xt || !bt || wt.dims().size() != 2 || xt.dims().size() < 2 || bt.dims().size() != 1) continue;
      if (wt.dims()[1] < 0 || bt.dims()[0] != wt.dims()[1]) continue;
      Value fused = pd_op::linear(rewriter, x, w, bias);
      if (fused.type() != op->result(0).type()) {
        rewriter.EraseOp(fused.defining_op());
        continue;
      }
      rewriter.ReplaceOp(op, {fused});
      return true;
    }
    return false;
  }
};

// relu(linear(x, w, b)) -> fused_gemm_epilogue(x, w, b, "relu"): the
// activation in the same pass over the product, where nothing else reads
// the linear's result.
class LinearRelu : public RewritePattern {
 public:
  LinearRelu() : RewritePattern("pd_op.relu") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    Operation* linear = op->operand(0).defining_op();
    if (!linear || linear->name() != "pd_op.linear" || op->operand(0).use_count() != 1) return false;
    auto type = op->result(0).type().dyn_cast<DenseTensorType>();
    if (!type || !paddle::IsFloating(type.dtype())) return false;
    Value fused = pd_op::fused_gemm_epilogue(rewriter, linear->operand(0), linear->operand(1), linear->operand(2),
                                             "relu");
    rewriter.ReplaceOp(op, {fused});
    return true;
  }
};

class MatmulAddFusionPass : public Pass {
 public:
  MatmulAddFusionPass() : Pass("matmul_add_fusion") { patterns_.Add<MatmulAdd>().Add<LinearRelu>(); }
  void Run(Program& program, AnalysisManager&) override { ApplyPatternsGreedily(program, patterns_); }

 private:
  RewritePatternSet patterns_;
};

}  // namespace

std::unique_ptr<Pass> CreateMatmulAddFusionPass() { return std::make_unique<MatmulAddFusionPass>(); }

}  // namespace pir
