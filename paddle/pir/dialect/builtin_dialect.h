// The builtin dialect: the module, parameters, constants, outputs, and the
// ops that pack tensors into a list and unpack them (builtin.combine and
// builtin.split, as PaddlePaddle 3.x has them).
#pragma once

#include "paddle/pir/core/dialect.h"

namespace pir {

struct ModuleOp {
  static constexpr const char* kName = "builtin.module";
};
// (%w) = "builtin.parameter" () {parameter_name:"linear_0.w_0"} : () -> tensor<4x3xf32>
struct ParameterOp {
  static constexpr const char* kName = "builtin.parameter";
};
// () = "builtin.set_parameter" (%w) {parameter_name:"linear_0.w_0"}: a startup program's initializer.
struct SetParameterOp {
  static constexpr const char* kName = "builtin.set_parameter";
};
// () = "builtin.shadow_output" (%y) {output_name:"out"}: names a value the executor fetches.
struct ShadowOutputOp {
  static constexpr const char* kName = "builtin.shadow_output";
};
// (%c) = "builtin.constant" () {value:...}: a value known when the program is built.
struct ConstantOp {
  static constexpr const char* kName = "builtin.constant";
};
// (%v) = "builtin.combine" (%a, %b): the list [a, b], of type vec[A,B].
struct CombineOp {
  static constexpr const char* kName = "builtin.combine";
};
// (%a, %b) = "builtin.split" (%v): a list's elements.
struct SplitOp {
  static constexpr const char* kName = "builtin.split";
};
// (%b) = "builtin.slice" (%v) {index:1}: one element of a list.
struct SliceOp {
  static constexpr const char* kName = "builtin.slice";
};

class BuiltinDialect : public Dialect {
 public:
  static constexpr const char* kName = "builtin";
  void Initialize(IrContext* ctx) override;
};

}  // namespace pir
