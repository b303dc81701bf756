// Note [Kernel selection]: the pass lowers each pd_op op whose kernel is
// known before the program runs to pd_kernel.phi_kernel, recording the
// kernel's name and key. The key's dtype is the dtype of the operand the
// YAML names (the builders cast promoted operands to one dtype already) or
// of its dtype attribute; its backend is the op's place attribute where
// the op has one and it is set (creation ops), else the target place's.
// An op stays a pd_op op, to run through its eager entry, where no kernel
// is registered for the key (the op runs as its decomposition), where the
// kernel serves only some inputs (Note [Kernel limits]), or where a plugin
// device would borrow the CPU kernel (Note [Kernel fallback]).
#include "paddle/phi/core/kernel_factory.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"
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
    if (!kernels.HasExactly(spec.kernel, key) || kernels.HasLimit(spec.kernel, backend)) return false;
    AttributeMap attributes = op->attributes();
    attributes["op_name"] = rewriter.str_attr(op->name());
    attributes["kernel_name"] = rewriter.str_attr(spec.kernel);
    attributes["kernel_key"] = KernelKeyAttribute::Get(rewriter.context(), key);
    rewriter.SetInsertionPoint(op);
    Operation* lowered = rewriter.Create(PhiKernelOp::kName, op->operands(), std::move(attributes),
                                         TypesOf(op->results()));
    rewriter.ReplaceOp(op, lowered->results());
    return true;
  }

 private:
  paddle::Place target_;
};

class KernelSelectionPass : public Pass {
 public:
  explicit KernelSelectionPass(const paddle::Place& target) : Pass("kernel_selection") {
    patterns_.Add<SelectKernel>(target);
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
