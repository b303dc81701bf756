// Note [Kernel selection]: the pass lowers each pd_op op whose kernel is
// known before the program runs to pd_kernel.phi_kernel, recording the
// kernel's name and key. The key's dtype is the dtype of the operand the
// YAML names (the builders cast promoted operands to one dtype already) or
// of its dtype attribute; its backend is the op's place attribute where
// the op has one and it is set (creation ops), else the target place's.
// A pure op with no kernel for a device but one for the host runs the host
// kernel between transfers: pd_op.memcpy_d2h of each operand before it,
// pd_op.memcpy_h2d of each result after it (Note [Kernel fallback], made
// explicit). An op stays a pd_op op, to run through its eager entry, where
// no kernel is registered for the key (the op runs as its decomposition),
// where the kernel serves only some inputs (Note [Kernel limits]), or where
// a device op without its kernel writes in place or takes lists (its eager
// entry stages it on the host).
#include "paddle/phi/core/kernel_factory.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

paddle::DataType KernelDtype(const Operation& op, const KernelSpec& spec) {
  if (spec.dtype_operand >= 0) {
    Type t = op.operand(spec.dtype_operand).type();
    if (auto vec = t.dyn_cast<VectorType>()) t = vec.size() ? vec.elements()[0] : Type();
    auto tensor = t ? t.dyn_cast<DenseTensorType>() : DenseTensorType();
    return tensor ? tensor.dtype() : paddle::DataType::UNDEFINED;
  }
  auto dtype = op.attribute<DataTypeAttribute>(spec.dtype_attribute);
  return dtype ? dtype.data() : paddle::DataType::UNDEFINED;
}

paddle::Place KernelPlace(const Operation& op, const KernelSpec& spec, const paddle::Place& target) {
  if (spec.place_attribute.empty()) return target;
  auto place = op.attribute<PlaceAttribute>(spec.place_attribute);
  bool set = place && place.data().GetType() != paddle::AllocationType::UNDEFINED;
  return set ? place.data() : target;
}

class SelectKernel : public RewritePattern {
 public:
  explicit SelectKernel(paddle::Place target) : RewritePattern(kAnyOp), target_(target) {}

  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    const KernelSpec& spec = op->info().kernel;
    if (spec.kernel.empty()) return false;
    const paddle::DataType dtype = KernelDtype(*op, spec);
    if (dtype == paddle::DataType::UNDEFINED) return false;
    const phi::Backend backend = phi::BackendOf(KernelPlace(*op, spec, target_));
    const phi::KernelKey key{backend, phi::DataLayout::ANY, dtype};
    const auto& kernels = phi::KernelFactory::Instance();
    if (kernels.HasLimit(spec.kernel, backend)) return false;
    if (kernels.HasExactly(spec.kernel, key)) {
      rewriter.ReplaceOp(op, Lower(op, spec, key, op->operands(), rewriter)->results());
      return true;
    }
    const phi::KernelKey host{phi::Backend::CPU, phi::DataLayout::ANY, dtype};
    if (backend == phi::Backend::CPU || !OnHostWithTransfers(*op) || !kernels.HasExactly(spec.kernel, host) ||
        kernels.HasLimit(spec.kernel, phi::Backend::CPU)) {
      return false;
    }
    std::vector<Value> operands;
    rewriter.SetInsertionPoint(op);
    for (Value v : op->operands()) operands.push_back(Transfer(rewriter, v, pd_op::kMemcpyD2H, 0));
    Operation* lowered = Lower(op, spec, host, operands, rewriter);
    std::vector<Value> results;
    for (Value v : lowered->results()) results.push_back(Transfer(rewriter, v, pd_op::kMemcpyH2D, 1));
    rewriter.ReplaceOp(op, results);
    return true;
  }

 private:
  // The kernel op of op for key, at op, reading `operands`.
  static Operation* Lower(Operation* op, const KernelSpec& spec, const phi::KernelKey& key,
                          const std::vector<Value>& operands, PatternRewriter& rewriter) {
    AttributeMap attributes = op->attributes();
    attributes["op_name"] = rewriter.str_attr(op->name());
    attributes["kernel_name"] = rewriter.str_attr(spec.kernel);
    attributes["kernel_key"] = KernelKeyAttribute::Get(rewriter.context(), key);
    rewriter.SetInsertionPoint(op);
    return rewriter.Create(PhiKernelOp::kName, operands, std::move(attributes), TypesOf(op->results()));
  }

  // Pure (nothing written in place, so nothing to copy back) with tensor
  // operands and results only.
  static bool OnHostWithTransfers(const Operation& op) {
    if (!op.info().HasTrait(kPure)) return false;
    for (Value v : op.operands()) {
      if (!v || !v.type().isa<DenseTensorType>()) return false;
    }
    for (Value v : op.results()) {
      if (!v.type().isa<DenseTensorType>()) return false;
    }
    return true;
  }

  static Value Transfer(PatternRewriter& rewriter, Value v, const char* op, int32_t dst_place_type) {
    return rewriter.Build(op, {v}, {{"dst_place_type", rewriter.int32_attr(dst_place_type)}})->result(0);
  }

  paddle::Place target_;
};

// memcpy_d2h(memcpy_h2d(x)) -> x: a host result read by the next host op
// stays on the host.
class TransferRoundTrip : public RewritePattern {
 public:
  TransferRoundTrip() : RewritePattern(pd_op::kMemcpyD2H) {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    Operation* to_device = op->operand(0).defining_op();
    if (!to_device || to_device->name() != pd_op::kMemcpyH2D) return false;
    rewriter.ReplaceOp(op, {to_device->operand(0)});
    return true;
  }
};

class KernelSelectionPass : public Pass {
 public:
  explicit KernelSelectionPass(const paddle::Place& target) : Pass("kernel_selection") {
    patterns_.Add<SelectKernel>(target).Add<TransferRoundTrip>();
  }
  void Run(Program& program, AnalysisManager&) override { ApplyPatternsGreedily(program, patterns_); }

 private:
  RewritePatternSet patterns_;
};

}  // namespace

std::unique_ptr<Pass> CreateKernelSelectionPass(const paddle::Place& target) {
  return std::make_unique<KernelSelectionPass>(target);
}

}  // namespace pir
