#include "paddle/pir/dialect/control_flow_dialect.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/op_info.h"
#include "paddle/pir/core/operation.h"

namespace pir {
namespace {

void CheckStackOperand(const Operation& op) {
  PD_CHECK(op.num_operands() >= 1 && op.operand(0) && op.operand(0).type().isa<StackType>(), InvalidArgument, "[",
           op.name(), "] its first operand must be a cf.stack, but got ",
           op.num_operands() && op.operand(0) ? op.operand(0).type().ToString() : std::string("none"));
}

void VerifyStackCreate(IrContext*, const Operation& op) {
  PD_CHECK(op.result(0).type().isa<StackType>(), InvalidArgument, "[cf.stack_create] its result must be a cf.stack, "
           "but got ", op.result(0).type().ToString());
}

void VerifyStackUser(IrContext*, const Operation& op) {
  CheckStackOperand(op);
  for (Value v : op.name() == TuplePushOp::kName ? op.operands() : op.results()) {
    PD_CHECK(v == op.operand(0) || v.type().isa<DenseTensorType>(), InvalidArgument, "[", op.name(),
             "] a stack holds tensors, but got ", v.type().ToString());
  }
}

std::vector<Type> StackTypes(IrContext* ctx, const std::vector<Type>&, const AttributeMap&) {
  return {StackType::Get(ctx)};
}

std::vector<Type> ConditionTypes(IrContext* ctx, const std::vector<Type>&, const AttributeMap&) {
  return {DenseTensorType::Get(ctx, paddle::DataType::BOOL, paddle::DDim({1}))};
}

void VerifyHasElements(IrContext* ctx, const Operation& op) {
  CheckStackOperand(op);
  PD_CHECK(op.result(0).type() == ConditionTypes(ctx, {}, {})[0], InvalidArgument,
           "[cf.has_elements] its result must be tensor<1xb>, but got ", op.result(0).type().ToString());
}

}  // namespace

void ControlFlowDialect::Initialize(IrContext* ctx) {
  ctx->RegisterOp({.name = YieldOp::kName, .variadic_operands = true, .traits = kTerminator});
  ctx->RegisterOp({.name = StackCreateOp::kName, .results = {"stack"}, .infer_types = StackTypes,
                   .verify = VerifyStackCreate});
  ctx->RegisterOp({.name = TuplePushOp::kName, .variadic_operands = true, .verify = VerifyStackUser});
  ctx->RegisterOp({.name = TuplePopOp::kName, .operands = {"stack"}, .variadic_results = true,
                   .verify = VerifyStackUser});
  ctx->RegisterOp({.name = HasElementsOp::kName, .operands = {"stack"}, .results = {"out"},
                   .infer_types = ConditionTypes, .verify = VerifyHasElements});
}

}  // namespace pir
