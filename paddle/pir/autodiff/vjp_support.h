// What the generated Vjp functions (tools/codegen/gen_autodiff.py) share:
// an op's operands as Vars, and the gradients of its results with zeros
// where none flows.
#pragma once

#include <vector>

#include "paddle/pir/autodiff/var.h"
#include "paddle/pir/core/op_info.h"
#include "paddle/pir/core/operation.h"

namespace pir::autodiff {

Var Operand(const Operation& op, uint32_t index);
// The elements of a tensor-list operand (the operands of the
// builtin.combine that made it).
std::vector<Var> ListOperand(const Operation& op, uint32_t index);

// The gradient of result `slot`, or zeros shaped like the result at run
// time when none flows.
Var OutGrad(const Operation& op, const Grads& out_grads, uint32_t slot);
// The gradients of a list result's elements, zeros where none flows.
std::vector<Var> ListOutGrad(const Operation& op, const Grads& out_grads);

// Zeros (or ones) of v's dtype and of its shape when the program runs
// (a 0-D constant expanded as v: no dim needs to be known).
Value FilledLike(Builder& builder, Value v, double fill);

}  // namespace pir::autodiff
