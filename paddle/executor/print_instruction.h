// pd_op.print's instruction (paddle.static.Print): the tensor passes through
// and is printed to stdout as PaddlePaddle 3.x prints it.
#pragma once

#include <string>

#include "paddle/executor/instruction.h"
#include "paddle/pir/dialect/pd_op_dialect.h"

namespace paddle::executor {

// The text Print writes for t: "Variable: var", the message, "lod: {}",
// place, shape, layout, dtype (each as the options ask) and the first
// `summarize` elements (all for -1), each as %f.
std::string PrintText(const Tensor& t, const pir::pd_op::PrintOptions& options);

Instruction PrintInstruction(const pir::Operation& op, const SlotMap& slots);

}  // namespace paddle::executor
