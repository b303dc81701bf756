#include "paddle/pir/autodiff/backward.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/pir/autodiff/vjp_support.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/ir_mapping.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/dialect/control_flow_dialect.h"
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

// The stop_gradient set on v's defining op, if any.
std::optional<bool> ExplicitStopGradient(Value v) {
  const Operation* op = v.defining_op();
  auto flags = op ? op->attribute<ArrayAttribute>("stop_gradient") : ArrayAttribute();
  if (!flags || flags.data().size() <= v.index()) return std::nullopt;
  auto flag = flags.data()[v.index()].dyn_cast<BoolAttribute>();
  return flag ? std::optional<bool>(flag.data()) : std::nullopt;
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
      if (!depends) continue;
      for (Value r : op->results()) {
        if (ExplicitStopGradient(r) != true) reachable_.insert(r.impl());
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
    if (op.name() == "pd_op.while") return WhileVjp(const_cast<Operation&>(op), out_grads);
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
  // give wrong values, not an error. An op the gradient flows through must
  // have every dim known, or decided by the feeds (Note [Deferred
  // gradients]); a dim its values decide (masked_select's length) refuses.
  static void CheckStaticShapes(const Operation& op) {
    std::vector<Value> values = op.operands();
    for (Value v : op.results()) values.push_back(v);
    for (Value v : values) {
      PD_CHECK(!v || HasStaticShape(v.type()), Unimplemented, "[gradients] the gradient flows through ", op.name(),
               ", whose ", v.type().ToString(), " has a dim that an op's values decide when the program runs; "
               "static gradients need every dim on their path known or decided by the feeds");
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

  // Note [Gradients of pd_op.while]: the gradient of a loop is a loop that
  // runs the forward's iterations backwards. The forward body pushes the
  // values each iteration starts from onto a stack (cf.tuple_push, added to
  // the forward loop when its gradient is built); each backward iteration
  // pops them, recomputes the forward body from them (a copy of its ops) and
  // differentiates the copy. The gradients of the loop values carry to the
  // previous iteration; those of the values the body reads from outside sum
  // over the iterations. The backward loop runs while the stack has
  // elements: as often as the forward did. (A random op in the body draws
  // again when recomputed, as in pd_op.if's gradient.)
  void WhileVjp(Operation& op, const Grads& out_grads) {
    CheckStaticShapes(op);
    Block& body = op.region(0).front();
    std::vector<uint32_t> carried;  // the loop values that take gradients
    for (uint32_t i = 0; i < op.num_results(); ++i) {
      if (Differentiable(op.result(i))) carried.push_back(i);
    }
    std::vector<Value> captured;
    const std::vector<Value> operands = op.operands();
    for (Value v : InputsOf(op)) {
      const bool operand = std::find(operands.begin(), operands.end(), v) != operands.end();
      if (!operand && reachable_.count(v.impl()) && Differentiable(v) && HasStaticShape(v.type())) {
        captured.push_back(v);
      }
    }
    if (carried.empty()) return;
    Value stack = PushIterations(op);

    std::vector<Value> inits;
    for (uint32_t i : carried) {
      inits.push_back(out_grads[i].empty() || !out_grads[i][0] ? FilledLike(builder_, op.result(i), 0.0)
                                                               : out_grads[i][0]);
    }
    for (Value v : captured) inits.push_back(FilledLike(builder_, v, 0.0));
    std::vector<Value> loop_operands{builder_.Build(HasElementsOp::kName, {stack})->result(0)};
    loop_operands.insert(loop_operands.end(), inits.begin(), inits.end());
    Operation* grad_while = builder_.Create("pd_op.while", loop_operands, {}, TypesOf(inits), 1);
    Block* block = grad_while->region(0).AddBlock();
    std::vector<Value> args;
    for (Value v : inits) args.push_back(block->AddArgument(v.type()));

    Builder inside(builder_.context(), block);
    std::vector<Type> iteration_types;
    for (size_t i = 0; i < body.num_arguments(); ++i) iteration_types.push_back(body.argument(i).type());
    Operation* pop = inside.Create(TuplePopOp::kName, {stack}, {}, iteration_types);
    IrMapping copies;
    for (size_t i = 0; i < body.num_arguments(); ++i) copies.Map(body.argument(i), pop->result(i));
    for (const Operation* inner : body) {
      if (inner != body.back() && inner->name() != TuplePushOp::kName) block->push_back(inner->Clone(copies));
    }
    const Operation& yield = *body.back();
    std::vector<Value> targets, seeds, inputs;
    for (size_t k = 0; k < carried.size(); ++k) {
      targets.push_back(copies.Lookup(yield.operand(carried[k] + 1)));
      seeds.push_back(args[k]);
      inputs.push_back(pop->result(carried[k]));
    }
    inputs.insert(inputs.end(), captured.begin(), captured.end());
    std::vector<Value> grads = BackwardBuilder(block, builder_.context()).Run(targets, seeds, inputs);

    std::vector<Value> next{inside.Build(HasElementsOp::kName, {stack})->result(0)};
    for (size_t k = 0; k < carried.size(); ++k) next.push_back(grads[k] ? grads[k] : FilledLike(inside, args[k], 0.0));
    for (size_t j = 0; j < captured.size(); ++j) {
      Value sum = args[carried.size() + j];
      Value g = grads[carried.size() + j];
      next.push_back(g ? pd_op::add(inside, sum, g) : sum);
    }
    inside.Create(YieldOp::kName, next, {}, {});
    for (size_t k = 0; k < carried.size(); ++k) Accumulate(op.operand(carried[k] + 1), {grad_while->result(k)});
    for (size_t j = 0; j < captured.size(); ++j) Accumulate(captured[j], {grad_while->result(carried.size() + j)});
  }

  // A stack made before the loop, onto which its body pushes the values each
  // iteration starts from.
  Value PushIterations(Operation& loop) {
    Builder before(builder_.context(), loop.parent_block());
    before.SetInsertionPoint(&loop);
    Value stack = before.Build(StackCreateOp::kName, {})->result(0);
    Block& body = loop.region(0).front();
    std::vector<Value> pushed{stack};
    for (size_t i = 0; i < body.num_arguments(); ++i) {
      PD_CHECK(body.argument(i).type().isa<DenseTensorType>(), Unimplemented, "[gradients] pd_op.while's loop value ",
               i, " is a ", body.argument(i).type().ToString(), "; gradients flow through loops of tensors only");
      pushed.push_back(body.argument(i));
    }
    Builder start(builder_.context(), &body);
    if (body.front()) start.SetInsertionPoint(body.front());
    start.Create(TuplePushOp::kName, pushed, {}, {});
    return stack;
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

bool StopGradient(Value v) {
  std::unordered_map<const ValueImpl*, bool> known;
  std::vector<Value> pending{v};
  while (!pending.empty()) {  // depth first, without recursion: chains are long
    Value x = pending.back();
    if (known.count(x.impl())) {
      pending.pop_back();
      continue;
    }
    const Operation* op = x.defining_op();
    std::optional<bool> stop = ExplicitStopGradient(x);
    if (!stop && (!op || op->name() == "builtin.parameter")) stop = false;
    if (!stop && op->name() == "pd_op.data") stop = true;
    if (!stop) {
      bool all_known = true, all_stop = true;
      for (Value in : InputsOf(*op)) {
        auto it = known.find(in.impl());
        if (it == known.end()) {
          pending.push_back(in);
          all_known = false;
        } else {
          all_stop = all_stop && it->second;
        }
      }
      if (!all_known) continue;
      stop = all_stop;
    }
    known[x.impl()] = *stop;
    pending.pop_back();
  }
  return known.at(v.impl());
}

void SetStopGradient(Value v, bool stop) {
  Operation* op = v.defining_op();
  PD_CHECK(op != nullptr, InvalidArgument, "[stop_gradient] a block argument (a loop value) has no op to record it");
  std::vector<Attribute> flags;
  IrContext* ctx = IrContext::Instance();
  for (Value r : op->results()) flags.push_back(BoolAttribute::Get(ctx, r == v ? stop : StopGradient(r)));
  op->set_attribute("stop_gradient", ArrayAttribute::Get(ctx, flags));
}

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
