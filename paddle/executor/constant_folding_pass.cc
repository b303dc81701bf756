// Note [Constant folding]: an op whose operands are all constants is
// computed while the program is prepared, by the same instruction the
// executor would run, and replaced by its value: a pd_op.full where every
// element is equal (the value is then an attribute of the IR), else a
// builtin.parameter naming the value in the pass's constant scope (read
// like any parameter). Constants are the results of pd_op.full, the
// pass's own parameters, lists of constants (builtin.combine), and with
// fold_parameters every parameter, so that a subgraph of parameters alone
// (a weight's transpose, a batch norm's scale) runs once for inference.
// Only pure ops without regions fold: never a random op, an in-place
// update or an input; a value that is not uniform folds only where no op
// may write it. An op whose evaluation fails stays, to fail when it
// runs, where the error names the run.
#include "paddle/executor/constant_folding_pass.h"

#include <cstring>
#include <type_traits>

#include "paddle/autograd/grad_mode.h"
#include "paddle/phi/api/transfer.h"
#include "paddle/pir/dialect/builtin_dialect.h"
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace paddle::executor {
namespace {

constexpr const char* kFull = "pd_op.full";

// Whether every element of t is equal to the first, and that element.
bool UniformValue(const Tensor& t, phi::Scalar* value) {
  const size_t size = SizeOf(t.dtype());
  std::vector<char> bytes(t.numel() * size);
  if (!bytes.empty()) api::ToHostBuffer(t, bytes.data());
  for (size_t at = size; at < bytes.size(); at += size) {
    if (std::memcmp(bytes.data(), bytes.data() + at, size) != 0) return false;
  }
  if (bytes.empty()) {
    *value = phi::Scalar(0.0);
    return true;
  }
  VisitDataType(t.dtype(), "constant_folding", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T first;
    std::memcpy(&first, bytes.data(), sizeof(T));
    if constexpr (std::is_same_v<T, bool>) {
      *value = phi::Scalar(first);
    } else if constexpr (std::is_integral_v<T>) {
      *value = phi::Scalar(static_cast<int64_t>(first));
    } else if constexpr (std::is_same_v<T, complex64> || std::is_same_v<T, complex128>) {
      *value = phi::Scalar(complex128(first.real, first.imag));
    } else if constexpr (std::is_same_v<T, double>) {
      *value = phi::Scalar(first);
    } else {
      *value = phi::Scalar(static_cast<double>(static_cast<float>(first)));
    }
  });
  return true;
}

class FoldConstant : public pir::RewritePattern {
 public:
  FoldConstant(Scope* constants, const Scope* parameters, bool fold_parameters)
      : RewritePattern(kAnyOp), constants_(constants), parameters_(parameters), fold_parameters_(fold_parameters) {}

  bool MatchAndRewrite(pir::Operation* op, pir::PatternRewriter& rewriter) const override {
    if (!Foldable(*op)) return false;
    std::vector<Slot> operands(op->num_operands());
    for (uint32_t i = 0; i < op->num_operands(); ++i) {
      if (!Constant(op->operand(i), &operands[i])) return false;
    }
    std::vector<Tensor> results;
    if (!Evaluate(*op, operands, &results)) return false;
    std::vector<phi::Scalar> elements(results.size());
    std::vector<bool> uniform(results.size());
    for (size_t i = 0; i < results.size(); ++i) {
      uniform[i] = UniformValue(results[i], &elements[i]);
      // A kept value is shared by the runs: none may write it (Note [Escaping values]).
      if (!uniform[i] && (!constants_ || pir::Escapes(op->result(i)))) return false;
    }
    rewriter.SetInsertionPoint(op);
    std::vector<pir::Value> values;
    for (size_t i = 0; i < results.size(); ++i) {
      values.push_back(Materialize(rewriter, op->result(i), results[i], uniform[i], elements[i]));
    }
    rewriter.ReplaceOp(op, values);
    return true;
  }

 private:
  // Pure, without regions, with tensor results of known shape; not already
  // a constant's own form.
  static bool Foldable(const pir::Operation& op) {
    if (!op.info().HasTrait(pir::kPure) || op.num_regions() > 0 || op.num_results() == 0) return false;
    if (op.name() == kFull || op.name() == pir::ParameterOp::kName || op.name() == pir::CombineOp::kName) return false;
    for (pir::Value v : op.results()) {
      if (!v.type().isa<pir::DenseTensorType>() || !pir::HasStaticShape(v.type())) return false;
    }
    return true;
  }

  // The value of v when it is a constant; a value an op may write is not
  // one (Note [Escaping values]).
  bool Constant(pir::Value v, Slot* out) const {
    const pir::Operation* def = v.defining_op();
    if (!def || pir::Escapes(v)) return false;
    if (def->name() == kFull) {
      std::vector<Tensor> results;
      if (!Evaluate(*def, {}, &results)) return false;
      out->tensor = results[0];
      return true;
    }
    if (def->name() == pir::ParameterOp::kName) {
      const std::string& name = def->attribute<pir::StrAttribute>("parameter_name").data();
      for (const Scope* scope : {static_cast<const Scope*>(constants_), fold_parameters_ ? parameters_ : nullptr}) {
        auto it = scope ? scope->find(name) : Scope::const_iterator();
        if (scope && it != scope->end()) {
          out->tensor = it->second;
          return true;
        }
      }
      return false;
    }
    if (def->name() == pir::CombineOp::kName) {
      for (pir::Value element : def->operands()) {
        Slot slot;
        if (!Constant(element, &slot)) return false;
        out->list.push_back(slot.tensor);
      }
      return true;
    }
    return false;
  }

  // Runs op's instruction on the operands' values.
  static bool Evaluate(const pir::Operation& op, const std::vector<Slot>& operands, std::vector<Tensor>* results) {
    SlotMap slots;
    for (pir::Value v : op.operands()) slots.Add(v);
    for (pir::Value v : op.results()) slots.Add(v);
    Frame frame;
    frame.slots = operands;
    frame.slots.resize(slots.size());
    try {
      Instruction run = InstructionTable::Get().Find(op.name())(op, slots);
      if (!run) return false;  // an input or output: no value of its own
      autograd::GradModeGuard no_grad(false);
      run(frame);
    } catch (const std::exception&) {
      return false;
    }
    for (uint32_t i = 0; i < op.num_results(); ++i) results->push_back(frame[slots.Of(op.result(i))].tensor);
    return true;
  }

  pir::Value Materialize(pir::PatternRewriter& rewriter, pir::Value original, const Tensor& value, bool uniform,
                         const phi::Scalar& element) const {
    auto type = original.type().dyn_cast<pir::DenseTensorType>();
    if (uniform) {
      return pir::pd_op::full(rewriter, phi::IntArray(type.dims().ToVector()), element, type.dtype(), Place());
    }
    std::string name;
    do {
      name = "constant_folding@_" + std::to_string(constants_->size() + counter_++);
    } while (constants_->count(name));
    (*constants_)[name] = value;
    return rewriter.Create(pir::ParameterOp::kName, {}, {{"parameter_name", rewriter.str_attr(name)}}, {type})
        ->result(0);
  }

  Scope* constants_;
  const Scope* parameters_;
  bool fold_parameters_;
  mutable size_t counter_ = 0;
};

class ConstantFoldingPass : public pir::Pass {
 public:
  ConstantFoldingPass(Scope* constants, const Scope* parameters, bool fold_parameters) : Pass("constant_folding") {
    patterns_.Add<FoldConstant>(constants, parameters, fold_parameters);
  }
  void Run(pir::Program& program, pir::AnalysisManager&) override { ApplyPatternsGreedily(program, patterns_); }

 private:
  pir::RewritePatternSet patterns_;
};

// By name, without a scope to keep values in: uniform values fold into pd_op.full only.
[[maybe_unused]] const bool registered =
    (pir::RegisterPass("constant_folding", [] { return CreateConstantFoldingPass(nullptr); }), true);

}  // namespace

std::unique_ptr<pir::Pass> CreateConstantFoldingPass(Scope* constants, const Scope* parameters, bool fold_parameters) {
  return std::make_unique<ConstantFoldingPass>(constants, parameters, fold_parameters);
}

}  // namespace paddle::executor
