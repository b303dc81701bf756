#include "paddle/pir/dialect/pd_op_dialect.h"

#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/op_info.h"
#include "paddle/pir/dialect/generated/pd_op_families.h"
#include "paddle/pir/dialect/pd_op_support.h"

namespace pir {
namespace {

// pd_op.data: a program's input, the tensor of its shape (-1 where the
// feed decides) and dtype; the graph-only op Paddle's static.data builds.
std::vector<Type> DataTypes(IrContext* ctx, const std::vector<Type>&, const AttributeMap& attributes) {
  auto shape = pd_op::AttrOf<phi::IntArray>(attributes, "pd_op.data", "shape");
  auto dtype = pd_op::AttrOf<paddle::DataType>(attributes, "pd_op.data", "dtype");
  for (int64_t d : shape.GetData()) {
    PD_CHECK(d >= -1, InvalidArgument, "[pd_op.data] shape dims must be >= -1 (-1: decided by the feed), but got ",
             d);
  }
  return {DenseTensorType::Get(ctx, dtype, paddle::DDim(shape.GetData()))};
}

}  // namespace

void PdOpDialect::Initialize(IrContext* ctx) {
  ctx->RegisterOp({.name = "pd_op.data", .results = {"out"},
                   .attributes = {{"name", AttrKind::kStr}, {"shape", AttrKind::kIntArray},
                                  {"dtype", AttrKind::kDataType}, {"place", AttrKind::kPlace}},
                   .infer_types = DataTypes, .verify = pd_op::VerifyInferredTypes});
  pd_op::RegisterAllFamilies(ctx);
}

}  // namespace pir
