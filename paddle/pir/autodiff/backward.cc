#include "paddle/pir/autodiff/backward.h"

#include <unordered_map>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/pir/autodiff/vjp_support.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/ir_mapping.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/pir/transforms/specialize_shapes.h"

namespace pir::autodiff {
namespace {

// Whether v is defined in a region of op (at any depth).
bool DefinedInside(Value v, const Operation* op) {
  const Block* block = v.defining_op() ? v.defining_op()->parent_block() : v.owner_block();
  while (block) {
    const Operation* parent = block->parent_op();
    if (parent == op) return true;
    block = parent ? parent->parent_block() : nullptr;
  }
  return false;
}

// What op reads: its operands, and for a control-flow op the values its
// regions read from outside it, once each, in order of first use.
std::vector<Value> InputsOf(const Operation& op) {
  std::vector<Value> inputs;
  std::unordered_set<const ValueImpl*> seen;
  auto add = [&](Value v) {
    if (v && seen.insert(v.impl()).second) inputs.push_back(v);
  };
  for (Value v : op.operands()) add(v);
  const_cast<Operation&>(op).Walk([&](Operation* inner) {
    if (inner == &op) return;
    for (Value v : inner->operands()) {
      if (v && !DefinedInside(v, &op)) add(v);
    }
  });
  return inputs;
}

class BackwardBuilder {
 public:
  // The backward goes before `before` (an op of block), or at its end.
  BackwardBuilder(Block* block, IrContext* ctx, Operation* before = nullptr)
      : block_(block), builder_(ctx, block), before_(before) {
    if (before) builder_.SetInsertionPoint(before);
  }

  std::vector<Value> Run(const std::vector<Value>& targets, const std::vector<Value>& target_grads,
                         const std::vector<Value>& inputs) {
    MarkReachable(inputs);
    std::vector<Operation*> forward;
    for (Operation* op : *block_) {
      if (op == before_) break;
      forward.push_back(op);
    }
    for (size_t i = 0; i < targets.size(); ++i) {
      Value seed = i < target_grads.size() && target_grads[i] ? target_grads[i] : FilledLike(builder_, targets[i], 1.0);
      Accumulate(targets[i], {seed});
    }
    for (auto it = forward.rbegin(); it != forward.rend(); ++it) Visit(**it);
    std::vector<Value> out;
    for (Value v : inputs) {
      auto found = grads_.find(v.impl());
      out.push_back(found == grads_.end() ? Value() : found->second.at(0));
    }
    return out;
  }

 private:
  // The values that depend on an input: only through them do gradients flow.
  void MarkReachable(const std::vector<Value>& inputs) {
    for (Value v : inputs) reachable_.insert(v.impl());
    for (Operation* op : *block_) {
      if (op == before_) break;
      bool depends = false;
      for (Value v : InputsOf(*op)) depends = depends || reachable_.count(v.impl());
      if (depends) {
        for (Value r : op->results()) reachable_.insert(r.impl());
      }
    }
  }

  // Gradients flow only into floating and complex values (a comparison's
  // bool result or an index takes none), as in eager.
  static bool Differentiable(Value v) {
    auto tensor = v.type().dyn_cast<DenseTensorType>();
    if (!tensor) return v.type().isa<VectorType>();
    return paddle::IsFloating(tensor.dtype()) || paddle::IsComplex(tensor.dtype());
  }

  void Accumulate(Value v, const std::vector<Value>& grad) {
    if (!Differentiable(v)) return;
    auto [it, inserted] = grads_.emplace(v.impl(), grad);
    if (inserted) return;
    std::vector<Value>& sum = it->second;
    sum.resize(std::max(sum.size(), grad.size()));
    for (size_t i = 0; i < grad.size(); ++i) {
      if (!grad[i]) continue;
      sum[i] = sum[i] ? pd_op::add(builder_, sum[i], grad[i]) : grad[i];
    }
  }

  void Visit(const Operation& op) {
    Grads out_grads(op.num_results());
    bool any = false;
    for (uint32_t i = 0; i < op.num_results(); ++i) {
      auto found = grads_.find(op.result(i).impl());
      if (found != grads_.end()) {
        out_grads[i] = found->second;
        any = true;
      }
    }
    bool depends = false;
    for (Value v : InputsOf(op)) depends = depends || reachable_.count(v.impl());
    if (!any || !depends) return;
    if (op.name() == "pd_op.if") return IfVjp(op, out_grads);
    PD_CHECK(op.name() != "pd_op.while", Unimplemented,
             "[gradients] a gradient must flow through pd_op.while (while_loop), which has no gradient yet");
    if (op.name() == "builtin.combine") {
      for (uint32_t i = 0; i < op.num_operands(); ++i) {
        if (i < out_grads[0].size() && out_grads[0][i]) Accumulate(op.operand(i), {out_grads[0][i]});
      }
      return;
    }
    if (op.name() == "builtin.split") {
      std::vector<Value> list;
      for (uint32_t i = 0; i < op.num_results(); ++i) {
        list.push_back(out_grads[i].empty() || !out_grads[i][0] ? FilledLike(builder_, op.result(i), 0.0)
                                                               : out_grads[i][0]);
      }
      Accumulate(op.operand(0), list);
      return;
    }
    CheckStaticShapes(op);
    PD_CHECK(op.info().vjp != nullptr || op.info().decompose != nullptr, NotFound,
             "[autodiff] a gradient must flow through ", op.name(), ", which has no gradient rule");
    Grads in_grads = op.info().vjp ? op.info().vjp(builder_, op, out_grads) : CompositeVjp(op, out_grads);
    for (uint32_t i = 0; i < op.num_operands() && i < in_grads.size(); ++i) {
      Value operand = op.operand(i);
      if (operand && reachable_.count(operand.impl()) && !in_grads[i].empty()) Accumulate(operand, in_grads[i]);
    }
  }

  // Note [Static shapes for gradients]: the gradient formulas read dims (a
  // mean's count, a reshape back to the input's shape) as numbers; a -1 would
  // give wrong values, not an error. Until dims are symbolic, an op the
  // gradient flows through must have every dim known.
  static void CheckStaticShapes(const Operation& op) {
    std::vector<Value> values = op.operands();
    for (Value v : op.results()) values.push_back(v);
    for (Value v : values) {
      PD_CHECK(!v || HasStaticShape(v.type()), Unimplemented, "[gradients] the gradient flows through ", op.name(),
               ", whose ", v.type().ToString(), " has a dim known only when the program runs; static "
               "gradients need every dim known (give paddle.static.data a full shape) until shapes are symbolic");
    }
  }

  // Note [Gradients of pd_op.if]: the gradient of an if is an if on the same
  // condition whose branches give the gradients of the values the forward
  // branches read from outside. A branch's values are not visible outside
  // it, so each backward branch recomputes its forward branch (a copy of its
  // ops) and differentiates the copy; a value the branch does not depend on
  // gets zeros, so both branches yield the same types. (A random op in a
  // branch draws again when recomputed.)
  void IfVjp(const Operation& op, const Grads& out_grads) {
    std::vector<Value> captured;
    for (Value v : InputsOf(op)) {
      if (v != op.operand(0) && reachable_.count(v.impl()) && Differentiable(v) && HasStaticShape(v.type())) {
        captured.push_back(v);
      }
    }
    if (captured.empty()) return;
    CheckStaticShapes(op);
    Operation* grad_if = builder_.Create("pd_op.if", {op.operand(0)}, {}, TypesOf(captured), 2);
    for (uint32_t r = 0; r < 2; ++r) {
      Block* block = grad_if->region(r).AddBlock();
      IrMapping copies;
      const Block& forward = op.region(r).front();
      for (const Operation* inner : forward) {
        if (inner != forward.back()) block->push_back(inner->Clone(copies));
      }
      std::vector<Value> targets, seeds;
      const Operation& yield = *forward.back();
      for (uint32_t i = 0; i < yield.num_operands() && i < out_grads.size(); ++i) {
        if (out_grads[i].empty() || !out_grads[i][0]) continue;
        targets.push_back(copies.Lookup(yield.operand(i)));
        seeds.push_back(out_grads[i][0]);
      }
      std::vector<Value> grads(captured.size());
      if (!targets.empty()) grads = BackwardBuilder(block, builder_.context()).Run(targets, seeds, captured);
      Builder inside(builder_.context(), block);
      for (size_t k = 0; k < captured.size(); ++k) {
        if (!grads[k]) grads[k] = FilledLike(inside, captured[k], 0.0);
      }
      inside.Create("cf.yield", grads, {}, {});
    }
    for (size_t k = 0; k < captured.size(); ++k) Accumulate(captured[k], {grad_if->result(k)});
  }

  // A composite's gradient is its decomposition's: the decomposition is
  // built (after the forward ops) from the composite's operands and
  // differentiated, as eager records a composite's parts.
  Grads CompositeVjp(const Operation& op, const Grads& out_grads) {
    std::vector<std::vector<Value>> parts = op.info().decompose(builder_, op);
    std::vector<Value> targets, seeds, inputs;
    for (size_t r = 0; r < parts.size(); ++r) {
      for (size_t e = 0; e < parts[r].size(); ++e) {
        Value seed = r < out_grads.size() && e < out_grads[r].size() ? out_grads[r][e] : Value();
        if (!seed) continue;  // no gradient flows into this result
        targets.push_back(parts[r][e]);
        seeds.push_back(seed);
      }
    }
    std::vector<uint32_t> owner;  // the operand each flattened input belongs to
    for (uint32_t i = 0; i < op.num_operands(); ++i) {
      Operation* combine = op.operand(i).defining_op();
      if (op.operand(i).type().isa<VectorType>() && combine && combine->name() == "builtin.combine") {
        for (Value element : combine->operands()) {
          inputs.push_back(element);
          owner.push_back(i);
        }
      } else {
        inputs.push_back(op.operand(i));
        owner.push_back(i);
      }
    }
    Grads in_grads(op.num_operands());
    if (targets.empty()) return in_grads;
    std::vector<Value> grads = BackwardBuilder(block_, builder_.context(), before_).Run(targets, seeds, inputs);
    for (size_t k = 0; k < inputs.size(); ++k) in_grads[owner[k]].push_back(grads[k]);
    return in_grads;
  }

  Block* block_;
  Builder builder_;
  Operation* before_;
  std::unordered_set<const ValueImpl*> reachable_;
  std::unordered_map<const ValueImpl*, std::vector<Value>> grads_;
};

}  // namespace

std::vector<Value> Gradients(Block* block, const std::vector<Value>& targets, const std::vector<Value>& target_grads,
                             const std::vector<Value>& inputs, Operation* before) {
  PD_CHECK(!targets.empty(), InvalidArgument, "[gradients] needs at least one target");
  return BackwardBuilder(block, IrContext::Instance(), before).Run(targets, target_grads, inputs);
}

namespace {

// Whether a value the gradients of `targets` w.r.t. `inputs` flow through
// has a dim of -1.
bool HasDynamicGradientPath(const Block& block, const std::vector<Value>& targets, const std::vector<Value>& inputs) {
  // The values that depend on an input and that a target depends on.
  std::unordered_set<const ValueImpl*> from_inputs;
  for (Value v : inputs) from_inputs.insert(v.impl());
  std::vector<const Operation*> path;
  for (const Operation* op : block) {
    bool depends = false;
    for (Value v : InputsOf(*op)) depends = depends || from_inputs.count(v.impl());
    if (!depends) continue;
    for (Value r : op->results()) from_inputs.insert(r.impl());
    path.push_back(op);
  }
  std::unordered_set<const ValueImpl*> needed;
  for (Value t : targets) needed.insert(t.impl());
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    const Operation& op = **it;
    bool feeds_target = false;
    for (Value r : op.results()) feeds_target = feeds_target || needed.count(r.impl());
    if (!feeds_target) continue;
    for (Value v : InputsOf(op)) needed.insert(v.impl());
    for (Value v : InputsOf(op)) {
      if (!HasStaticShape(v.type())) return true;
    }
    for (Value r : op.results()) {
      if (!HasStaticShape(r.type())) return true;
    }
  }
  return false;
}

// Whether the feeds' dims make the gradient path's dims known: on a copy
// whose inputs' -1 dims are 1, no -1 is left on it.
bool FeedsDecideGradientPath(const Program& program, const std::vector<Value>& targets,
                             const std::vector<Value>& inputs) {
  std::map<std::string, std::vector<int64_t>> placeholder;
  for (const Operation* op : *program.block()) {
    if (op->name() != "pd_op.data") continue;
    std::vector<int64_t> dims = op->result(0).type().dyn_cast<DenseTensorType>().dims().ToVector();
    for (int64_t& d : dims) d = d < 0 ? 1 : d;
    placeholder[op->attribute<StrAttribute>("name").data()] = dims;
  }
  IrMapping mapping;
  std::unique_ptr<Program> copy = program.Clone(mapping);
  try {
    SpecializeShapes(*copy, placeholder);
  } catch (const paddle::common::Error&) {
    return false;
  }
  return !HasDynamicGradientPath(*copy->block(), mapping.Lookup(targets), mapping.Lookup(inputs));
}

// The deferred op for these targets (seeded with ones) and inputs, at the
// end of block; its results stand for the gradients.
std::vector<Value> DeferGradients(Block* block, const std::vector<Value>& targets, const std::vector<Value>& inputs) {
  std::vector<Value> operands = targets;
  operands.insert(operands.end(), inputs.begin(), inputs.end());
  Builder builder(IrContext::Instance(), block);
  Operation* op = builder.Create(pd_op::kDeferredGradients, operands,
                                 {{"num_targets", builder.int32_attr(static_cast<int32_t>(targets.size()))}},
                                 TypesOf(inputs));
  return op->results();
}

// Builds the gradients of every deferred op where it stands and replaces it;
// `replaced` maps each of its results to the gradient that took its place.
void ExpandDeferredGradients(Program& program, IrMapping& replaced) {
  std::vector<Operation*> deferred;
  for (Operation* op : *program.block()) {
    if (op->name() == pd_op::kDeferredGradients) deferred.push_back(op);
  }
  for (Operation* op : deferred) {
    const auto num_targets = static_cast<size_t>(op->attribute<Int32Attribute>("num_targets").data());
    const std::vector<Value> operands = op->operands();
    const std::vector<Value> targets(operands.begin(), operands.begin() + num_targets);
    const std::vector<Value> inputs(operands.begin() + num_targets, operands.end());
    std::vector<Value> grads = Gradients(program.block(), targets, {}, inputs, op);
    Builder builder(program.context(), program.block());
    builder.SetInsertionPoint(op);
    for (size_t i = 0; i < grads.size(); ++i) {
      // An input the targets do not depend on: a zero gradient of its type.
      Value g = grads[i] ? grads[i] : FilledLike(builder, inputs[i], 0.0);
      op->result(i).ReplaceAllUsesWith(g);
      replaced.Map(op->result(i), g);
    }
    program.block()->erase(op);
  }
}

}  // namespace

std::vector<Value> GradientsOrDeferred(Program& program, const std::vector<Value>& targets,
                                       const std::vector<Value>& target_grads, const std::vector<Value>& inputs) {
  bool seeded = false;
  for (Value g : target_grads) seeded = seeded || bool(g);
  const bool defer = !seeded && HasDynamicGradientPath(*program.block(), targets, inputs) &&
                     FeedsDecideGradientPath(program, targets, inputs);
  return defer ? DeferGradients(program.block(), targets, inputs)
               : Gradients(program.block(), targets, target_grads, inputs);
}

bool HasDeferredGradients(const Program& program) {
  for (const Operation* op : *program.block()) {
    if (op->name() == pd_op::kDeferredGradients) return true;
  }
  return false;
}

std::unique_ptr<Program> SpecializeForFeeds(const Program& program,
                                            const std::map<std::string, std::vector<int64_t>>& feed_dims,
                                            IrMapping& mapping) {
  IrMapping copies;
  std::unique_ptr<Program> copy = program.Clone(copies);
  SpecializeShapes(*copy, feed_dims);
  IrMapping replaced;
  ExpandDeferredGradients(*copy, replaced);
  Verify(*copy);
  program.module_op()->Walk([&](Operation* op) {
    for (Value v : op->results()) mapping.Map(v, replaced.Lookup(copies.Lookup(v)));
  });
  return copy;
}

}  // namespace pir::autodiff
