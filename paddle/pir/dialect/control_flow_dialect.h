// The control-flow dialect: cf.yield passes a region's results to the op
// that holds it (pd_op.if's branches, pd_op.while's body), and a stack of
// tensor tuples carries a loop's values from its forward to its gradient
// (Note [Gradients of pd_op.while] in autodiff/backward.cc):
//   (%s) = "cf.stack_create" () : () -> cf.stack
//   "cf.tuple_push" (%s, %x, %y)            each forward iteration
//   (%x, %y) = "cf.tuple_pop" (%s)          each gradient iteration, last first
//   (%c) = "cf.has_elements" (%s) -> tensor<1xb>
// The stack ops read and write the stack: none is pure.
#pragma once

#include "paddle/pir/core/dialect.h"

namespace pir {

struct YieldOp {
  static constexpr const char* kName = "cf.yield";
};
struct StackCreateOp {
  static constexpr const char* kName = "cf.stack_create";
};
struct TuplePushOp {
  static constexpr const char* kName = "cf.tuple_push";
};
struct TuplePopOp {
  static constexpr const char* kName = "cf.tuple_pop";
};
struct HasElementsOp {
  static constexpr const char* kName = "cf.has_elements";
};

class ControlFlowDialect : public Dialect {
 public:
  static constexpr const char* kName = "cf";
  void Initialize(IrContext* ctx) override;
};

}  // namespace pir
