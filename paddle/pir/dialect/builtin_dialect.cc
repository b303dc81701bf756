#include "paddle/pir/dialect/builtin_dialect.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/op_info.h"
#include "paddle/pir/core/operation.h"
#include "paddle/pir/core/verifier.h"

namespace pir {
namespace {

std::vector<Type> CombineTypes(IrContext* ctx, const std::vector<Type>& operands, const AttributeMap&) {
  return {VectorType::Get(ctx, operands)};
}

VectorType ListOperand(const std::string& op, const std::vector<Type>& operands) {
  PD_CHECK(operands.size() == 1 && operands[0].isa<VectorType>(), InvalidArgument, "[", op,
           "] expects one operand of a vec type, but got ", operands.size() == 1 ? operands[0].ToString()
                                                                                  : std::to_string(operands.size()) +
                                                                                        " operands");
  return operands[0].dyn_cast<VectorType>();
}

std::vector<Type> SplitTypes(IrContext*, const std::vector<Type>& operands, const AttributeMap&) {
  return ListOperand(SplitOp::kName, operands).elements();
}

int64_t SliceIndex(const AttributeMap& attributes) {
  auto it = attributes.find("index");
  PD_CHECK(it != attributes.end() && it->second.isa<Int32Attribute>(), InvalidArgument,
           "[builtin.slice] needs an Int32 attribute 'index'");
  return it->second.dyn_cast<Int32Attribute>().data();
}

std::vector<Type> SliceTypes(IrContext*, const std::vector<Type>& operands, const AttributeMap& attributes) {
  VectorType list = ListOperand(SliceOp::kName, operands);
  int64_t index = SliceIndex(attributes);
  PD_CHECK(index >= 0 && index < static_cast<int64_t>(list.size()), OutOfRange, "[builtin.slice] index ", index,
           " is out of range for ", list.ToString());
  return {list.elements()[index]};
}

}  // namespace

void BuiltinDialect::Initialize(IrContext* ctx) {
  ctx->RegisterOp({.name = ModuleOp::kName, .num_regions = 1, .traits = kIsolatedFromAbove});
  ctx->RegisterOp({.name = ParameterOp::kName, .results = {"out"},
                   .attributes = {{"parameter_name", AttrKind::kStr}}});
  ctx->RegisterOp({.name = SetParameterOp::kName, .operands = {"x"},
                   .attributes = {{"parameter_name", AttrKind::kStr}}});
  ctx->RegisterOp({.name = ShadowOutputOp::kName, .operands = {"x"},
                   .attributes = {{"output_name", AttrKind::kStr}}});
  ctx->RegisterOp({.name = ConstantOp::kName, .results = {"out"}, .attributes = {{"value", AttrKind::kAny}},
                   .traits = kPure});
  ctx->RegisterOp({.name = CombineOp::kName, .results = {"out"}, .variadic_operands = true, .traits = kPure,
                   .infer_types = CombineTypes, .verify = VerifyInferredTypes});
  ctx->RegisterOp({.name = SplitOp::kName, .operands = {"x"}, .variadic_results = true, .traits = kPure,
                   .infer_types = SplitTypes, .verify = VerifyInferredTypes});
  ctx->RegisterOp({.name = SliceOp::kName, .operands = {"x"}, .results = {"out"},
                   .attributes = {{"index", AttrKind::kInt32}}, .traits = kPure, .infer_types = SliceTypes,
                   .verify = VerifyInferredTypes});
}

}  // namespace pir
