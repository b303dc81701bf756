// Static autodiff: the gradients of a program's values, built as ops of
// the same program from each op's Vjp interface, which instantiates the
// gradient formulas eager uses (paddle/prim) for the IR's values.
#pragma once

#include <map>
#include <memory>
#include <string>
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

// Note [stop_gradient]: as in PaddlePaddle 3.x, a value's stop_gradient is
// its defining op's `stop_gradient` attribute (a bool per result). Set to
// true, no gradient flows through the value (unless it is one of the inputs
// asked for). Unset, it is true for inputs (pd_op.data), false for
// parameters and loop values, and for other results true when every value
// the op reads stops gradients.
bool StopGradient(Value v);
void SetStopGradient(Value v, bool stop);

// Note [Deferred gradients]: the gradient formulas read dims as numbers
// (Note [Static shapes for gradients]), so where a value on the gradient
// path has a dim of -1 that the feeds decide (a batch), the gradients
// cannot be built yet. They are then one pd_op.deferred_gradients op
// (operands: the targets, then the inputs; results: the inputs' gradients,
// of the inputs' types), which SpecializeForFeeds expands once the feeds
// give every dim. A -1 an op's values decide (masked_select's length) is not
// deferred: no feed makes it known.

// Gradients (above), or deferred ones where the path has -1 dims that the
// feeds decide and every target gradient is ones.
std::vector<Value> GradientsOrDeferred(Program& program, const std::vector<Value>& targets,
                                       const std::vector<Value>& target_grads, const std::vector<Value>& inputs);

bool HasDeferredGradients(const Program& program);

// A copy of program with its inputs' dims those of feed_dims (by pd_op.data
// name; Note [Shape specialization]) and its deferred gradients built where
// they stood; mapping takes each value of program to its copy (a deferred
// gradient to the gradient built).
std::unique_ptr<Program> SpecializeForFeeds(const Program& program,
                                            const std::map<std::string, std::vector<int64_t>>& feed_dims,
                                            IrMapping& mapping);

}  // namespace pir::autodiff
