// Static autodiff: the gradients of a program's values, built as ops of
// the same program from each op's Vjp interface, which instantiates the
// gradient formulas eager uses (paddle/prim) for the IR's values.
#pragma once

#include <vector>

#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_mapping.h"
#include "paddle/pir/core/program.h"
#include "paddle/pir/core/value.h"

namespace pir::autodiff {

// The gradients of sum(targets[i] * target_grads[i]) with respect to each
// of `inputs`, built at the end of `block` (which holds the targets' and
// inputs' ops). A null target gradient stands for ones; an input the
// targets do not depend on gets a null gradient. NotFound naming the op
// when a gradient must flow through an op without a gradient rule.
std::vector<Value> Gradients(Block* block, const std::vector<Value>& targets, const std::vector<Value>& target_grads,
                             const std::vector<Value>& inputs, Operation* before = nullptr);

// Note [Deferred gradients]: the gradient formulas read dims as numbers
// (Note [Static shapes for gradients]), so where a value on the gradient
// path has a dim of -1 (a batch the feed decides) the gradients cannot be
// built yet. They are then one pd_op.deferred_gradients op (operands: the
// targets, then the inputs; results: the inputs' gradients, of the inputs'
// types), which the executor expands once the feeds give every dim:
// SpecializeShapes (which gives the results the inputs' new types), then
// ExpandDeferredGradients.
inline constexpr const char* kDeferredGradients = "pd_op.deferred_gradients";

// Whether a value the gradients of `targets` w.r.t. `inputs` flow through
// has a dim of -1.
bool HasDynamicGradientPath(const Block& block, const std::vector<Value>& targets, const std::vector<Value>& inputs);

// The deferred op for these targets (seeded with ones) and inputs, at the
// end of block; its results stand for the gradients.
std::vector<Value> DeferGradients(Block* block, const std::vector<Value>& targets, const std::vector<Value>& inputs);

// Builds the gradients of every deferred op where it stands and replaces it;
// `replaced` maps each of its results to the gradient that took its place.
void ExpandDeferredGradients(Program& program, IrMapping& replaced);

}  // namespace pir::autodiff
