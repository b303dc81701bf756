#include "paddle/pir/dialect/control_flow_dialect.h"

#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/op_info.h"

namespace pir {

void ControlFlowDialect::Initialize(IrContext* ctx) {
  ctx->RegisterOp({.name = YieldOp::kName, .variadic_operands = true, .traits = kTerminator});
}

}  // namespace pir
