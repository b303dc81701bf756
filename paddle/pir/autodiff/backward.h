// Static autodiff: the gradients of a program's values, built as ops of
// the same program from each op's Vjp interface, which instantiates the
// gradient formulas eager uses (paddle/prim) for the IR's values.
#pragma once

#include <vector>

#include "paddle/pir/core/block.h"
#include "paddle/pir/core/value.h"

namespace pir::autodiff {

// The gradients of sum(targets[i] * target_grads[i]) with respect to each
// of `inputs`, built at the end of `block` (which holds the targets' and
// inputs' ops). A null target gradient stands for ones; an input the
// targets do not depend on gets a null gradient. NotFound naming the op
// when a gradient must flow through an op without a gradient rule.
std::vector<Value> Gradients(Block* block, const std::vector<Value>& targets, const std::vector<Value>& target_grads,
                             const std::vector<Value>& inputs);

}  // namespace pir::autodiff
