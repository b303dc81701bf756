// The predictor's oneDNN convolutions: conv2d with its bias add, then a
// residual add, then relu, become one fused_conv2d or fused_conv2d_add whose
// kernel applies them while each output block is still in registers,
// instead of three more passes over the activations (ResNet-18 at batch 32
// spent a tenth of its time in those adds and relus). float32 on the CPU.
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_op_support.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

DenseTensorType TensorOf(Value v) { return v.type().dyn_cast<DenseTensorType>(); }

bool IsFusedConv(const Operation* op) {
  return op && (op->name() == "pd_op.fused_conv2d" || op->name() == "pd_op.fused_conv2d_add");
}

// The product's op when only the op at hand reads it.
Operation* SoleProducer(Value v, const char* name) {
  Operation* op = v.defining_op();
  if (!op || v.use_count() != 1) return nullptr;
  if (name ? op->name() != name : !IsFusedConv(op)) return nullptr;
  return op;
}

// add(conv2d(x, w), c) with c of [1, OC, 1, 1] (nn.Conv2D's bias, or the
// shift conv_bn_fold leaves) -> fused_conv2d(x, w, reshape(c, [OC])).
class ConvBias : public RewritePattern {
 public:
  ConvBias() : RewritePattern("pd_op.add") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    for (uint32_t i : {0u, 1u}) {
      Operation* conv = SoleProducer(op->operand(i), "pd_op.conv2d");
      if (!conv) continue;
      auto out = TensorOf(op->result(0)), bias = TensorOf(op->operand(1 - i)), weight = TensorOf(conv->operand(1));
      if (!out || !bias || !weight || out.dtype() != paddle::DataType::FLOAT32 || out != TensorOf(conv->result(0))) {
        continue;
      }
      const int64_t channels = weight.dims()[0];
      if (channels < 0 || bias.dtype() != out.dtype() || bias.dims() != paddle::DDim({1, channels, 1, 1})) continue;
      AttributeMap attrs = conv->attributes();
      attrs["activation"] = rewriter.str_attr("none");
      attrs["data_format"] = rewriter.str_attr("NCHW");
      Value vector = pd_op::reshape(rewriter, op->operand(1 - i), phi::IntArray({channels}));
      Operation* fused =
          rewriter.Build("pd_op.fused_conv2d", {conv->operand(0), conv->operand(1), vector}, std::move(attrs));
      rewriter.ReplaceOp(op, {fused->result(0)});
      return true;
    }
    return false;
  }
};

// add(fused_conv2d(x, w, b), r) with r of the sum's shape (a residual
// connection) -> fused_conv2d_add(x, w, b, r).
class ConvResidual : public RewritePattern {
 public:
  ConvResidual() : RewritePattern("pd_op.add") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    for (uint32_t i : {0u, 1u}) {
      Operation* conv = SoleProducer(op->operand(i), "pd_op.fused_conv2d");
      if (!conv || conv->attribute<StrAttribute>("activation").data() != "none") continue;
      if (op->operand(1 - i).type() != op->result(0).type() || op->result(0).type() != conv->result(0).type()) {
        continue;
      }
      Operation* fused = rewriter.Build("pd_op.fused_conv2d_add",
                                        {conv->operand(0), conv->operand(1), conv->operand(2), op->operand(1 - i)},
                                        conv->attributes());
      rewriter.ReplaceOp(op, {fused->result(0)});
      return true;
    }
    return false;
  }
};

// relu(fused convolution) -> the same convolution with activation "relu".
class ConvRelu : public RewritePattern {
 public:
  ConvRelu() : RewritePattern("pd_op.relu") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    Operation* conv = SoleProducer(op->operand(0), nullptr);
    if (!conv || conv->attribute<StrAttribute>("activation").data() != "none") return false;
    AttributeMap attrs = conv->attributes();
    attrs["activation"] = rewriter.str_attr("relu");
    Operation* fused = rewriter.Build(conv->name(), conv->operands(), std::move(attrs));
    rewriter.ReplaceOp(op, {fused->result(0)});
    return true;
  }
};

class ConvAddActFusionPass : public Pass {
 public:
  ConvAddActFusionPass() : Pass("conv_add_act_fusion") {
    patterns_.Add<ConvBias>().Add<ConvResidual>().Add<ConvRelu>();
  }
  void Run(Program& program, AnalysisManager&) override { ApplyPatternsGreedily(program, patterns_); }

 private:
  RewritePatternSet patterns_;
};

}  // namespace

std::unique_ptr<Pass> CreateConvAddActFusionPass() { return std::make_unique<ConvAddActFusionPass>(); }

}  // namespace pir
