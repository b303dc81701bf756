// conv2d followed by an inference batch_norm becomes one conv2d whose
// weight and bias carry the normalization: with gain = scale / sqrt(variance
// + epsilon) per output channel, bn(conv(x, w)) = conv(x, w * gain) + (bias -
// mean * gain). A conv's own bias c between them (conv2d, then add of a
// [1, C, 1, 1] tensor, as nn.Conv2D builds it) joins the shift:
// bn(conv(x, w) + c) = conv(x, w * gain) + (bias - mean * gain + c * gain). The new weight and shift are ops on the parameters, so
// constant folding with fold_parameters (inference) computes them once.
// The values differ from the unfolded ones by rounding (the products are
// reassociated), so this is an inference pass, not an exact one.
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_op_support.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

bool AttrIs(const Operation& op, const char* name, bool value) {
  auto attr = op.attribute<BoolAttribute>(name);
  return attr && attr.data() == value;
}

class ConvBatchNorm : public RewritePattern {
 public:
  ConvBatchNorm() : RewritePattern("pd_op.batch_norm") {}

  bool MatchAndRewrite(Operation* bn, PatternRewriter& rewriter) const override {
    // Normalizing by the running statistics (the decomposition's condition).
    const bool running = (AttrIs(*bn, "is_test", true) && AttrIs(*bn, "trainable_statistics", false)) ||
                         AttrIs(*bn, "use_global_stats", true);
    auto layout = bn->attribute<StrAttribute>("data_format");
    if (!running || !layout || layout.data() != "NCHW") return false;
    if (!bn->result(3).use_empty() || !bn->result(4).use_empty()) return false;  // saved statistics
    if (bn->operand(0).use_count() != 1) return false;
    Operation* conv = bn->operand(0).defining_op();
    Value conv_bias;  // c, when an add of it stands between the conv and the batch norm
    if (conv && conv->name() == "pd_op.add") {
      conv_bias = conv->operand(1);
      if (conv->operand(0).use_count() != 1) return false;
      conv = conv->operand(0).defining_op();
    }
    if (!conv || conv->name() != "pd_op.conv2d") return false;
    auto out = bn->result(0).type().dyn_cast<DenseTensorType>();
    for (uint32_t i = 1; i < 5; ++i) {
      auto t = bn->operand(i).type().dyn_cast<DenseTensorType>();
      if (!t || t.dtype() != out.dtype() || t.dims().size() != 1) return false;
    }
    auto weight = conv->operand(1).type().dyn_cast<DenseTensorType>();
    const int64_t channels = weight.dims()[0];
    if (channels < 0) return false;
    if (conv_bias) {
      auto c = conv_bias.type().dyn_cast<DenseTensorType>();
      if (!c || c.dtype() != out.dtype() || c.dims() != paddle::DDim({1, channels, 1, 1})) return false;
    }
    const Value mean = bn->operand(1), variance = bn->operand(2), scale = bn->operand(3), bias = bn->operand(4);
    const double epsilon = bn->attribute<DoubleAttribute>("epsilon").data();
    rewriter.SetInsertionPoint(bn);
    Value eps = pd_op::full(rewriter, phi::IntArray(std::vector<int64_t>{}), phi::Scalar(epsilon), out.dtype(),
                            paddle::Place());
    Value gain = pd_op::multiply(rewriter, scale, pd_op::rsqrt(rewriter, pd_op::add(rewriter, variance, eps)));
    Value shift = pd_op::subtract(rewriter, bias, pd_op::multiply(rewriter, mean, gain));
    Value folded_weight = pd_op::multiply(rewriter, conv->operand(1),
                                          pd_op::reshape(rewriter, gain, phi::IntArray({channels, 1, 1, 1})));
    Operation* folded = rewriter.Build("pd_op.conv2d", {conv->operand(0), folded_weight}, conv->attributes());
    Value channel_shift = pd_op::reshape(rewriter, shift, phi::IntArray({1, channels, 1, 1}));
    if (conv_bias) {
      Value channel_gain = pd_op::reshape(rewriter, gain, phi::IntArray({1, channels, 1, 1}));
      channel_shift = pd_op::add(rewriter, channel_shift, pd_op::multiply(rewriter, conv_bias, channel_gain));
    }
    Value y = pd_op::add(rewriter, folded->result(0), channel_shift);
    if (y.type() != bn->result(0).type()) {
      rewriter.EraseOp(y.defining_op());
      return false;
    }
    // In inference the running statistics come out unchanged.
    rewriter.ReplaceOp(bn, {y, mean, variance, Value(), Value()});
    return true;
  }
};

class ConvBnFoldPass : public Pass {
 public:
  ConvBnFoldPass() : Pass("conv_bn_fold") { patterns_.Add<ConvBatchNorm>(); }
  void Run(Program& program, AnalysisManager&) override { ApplyPatternsGreedily(program, patterns_); }

 private:
  RewritePatternSet patterns_;
};

}  // namespace

std::unique_ptr<Pass> CreateConvBnFoldPass() { return std::make_unique<ConvBnFoldPass>(); }

}  // namespace pir
