// The program text, as PaddlePaddle 3.x prints a program:
//
//   {
//       (%0) = "pd_op.data" () {dtype:float32,name:"x",...} : () -> tensor<-1x4xf32>
//       (%1) = "pd_op.relu" (%0) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
//   }
//
// Values are numbered in print order (%N for results, %arg_N for block
// arguments); attributes print in name order (Note [Attribute text]); a
// region follows its op's line in braces, a second one after `else`, and a
// block with arguments starts with `^%arg_0: type, ...`. ir_parser.h reads
// it back.
#pragma once

#include <ostream>
#include <string>

#include "paddle/pir/core/operation.h"
#include "paddle/pir/core/program.h"

namespace pir {

void PrintProgram(std::ostream& os, const Program& program);
// The op's one line with the program's value names: for error messages.
std::string DescribeOperation(const Operation& op);

}  // namespace pir
