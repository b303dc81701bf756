#include "paddle/pir/dialect/pd_op_dialect.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/operation.h"
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

const Operation* Yield(const Operation& op, const Block& block, const char* what) {
  const Operation* last = block.back();
  PD_CHECK(last != nullptr && last->name() == "cf.yield", InvalidArgument, "[", op.name(), "] its ", what,
           " must end with cf.yield");
  return last;
}

void CheckTypes(const Operation& op, const std::vector<Type>& expected, const std::vector<Value>& got,
                const char* what) {
  bool same = expected.size() == got.size();
  for (size_t i = 0; same && i < got.size(); ++i) same = got[i] && got[i].type() == expected[i];
  if (same) return;
  std::string want, have;
  for (Type t : expected) want += (want.empty() ? "" : ", ") + (t ? t.ToString() : std::string("<<NULL TYPE>>"));
  for (Value v : got) have += (have.empty() ? "" : ", ") + (v ? v.type().ToString() : std::string("<<NULL VALUE>>"));
  PD_THROW(InvalidArgument, "[", op.name(), "] ", what, " must be (", want, "), but got (", have, ")");
}

void CheckCondition(const Operation& op, Value cond) {
  PD_CHECK(bool(cond), InvalidArgument, "[", op.name(), "] its condition is a null value");
  PD_CHECK(pd_op::IsCondition(cond.type()), InvalidArgument, "[", op.name(),
           "] its condition must be a bool tensor of one element, but got ", cond.type().ToString());
}

// (%r...) = pd_op.if (%cond) {then: ... cf.yield(%a...)} else {... cf.yield(%b...)}: both
// branches yield the results' types.
void VerifyIf(IrContext*, const Operation& op) {
  CheckCondition(op, op.operand(0));
  for (uint32_t r = 0; r < 2; ++r) {
    PD_CHECK(op.region(r).size() == 1, InvalidArgument, "[pd_op.if] each branch is one block");
    const Operation* yield = Yield(op, op.region(r).front(), r == 0 ? "true branch" : "false branch");
    CheckTypes(op, TypesOf(op.results()), yield->operands(), r == 0 ? "the true branch's yield" : "the false branch's yield");
  }
}

// (%r...) = pd_op.while (%cond, %x...) {^%arg...: ... cf.yield(%next_cond, %next_x...)}: the body's
// arguments, its yield after the condition, and the results all have the loop values' types.
void VerifyWhile(IrContext*, const Operation& op) {
  PD_CHECK(op.num_operands() >= 1, InvalidArgument, "[pd_op.while] needs a condition operand");
  CheckCondition(op, op.operand(0));
  const std::vector<Value> operands = op.operands();
  const std::vector<Type> types = TypesOf({operands.begin() + 1, operands.end()});
  CheckTypes(op, types, op.results(), "the results");
  PD_CHECK(op.region(0).size() == 1, InvalidArgument, "[pd_op.while] its body is one block");
  const Block& body = op.region(0).front();
  std::vector<Value> args;
  for (size_t i = 0; i < body.num_arguments(); ++i) args.push_back(body.argument(i));
  CheckTypes(op, types, args, "the body's arguments");
  const Operation* yield = Yield(op, body, "body");
  PD_CHECK(yield->num_operands() >= 1, InvalidArgument, "[pd_op.while] the body yields the next condition first");
  CheckCondition(op, yield->operand(0));
  const std::vector<Value> yielded = yield->operands();
  const std::vector<Value> next(yielded.begin() + 1, yielded.end());
  CheckTypes(op, types, next, "the body's yield after the condition");
}

// A transfer's result is its operand, on the other side.
std::vector<Type> SameTypes(IrContext*, const std::vector<Type>& operands, const AttributeMap&) { return operands; }

// The gradient passes through, printed where the phase asks for it.
Grads PrintVjp(Builder& builder, const Operation& op, const Grads& out_grads) {
  Value grad = out_grads.empty() || out_grads[0].empty() ? Value() : out_grads[0][0];
  if (!grad) return {{}};
  const pd_op::PrintOptions options = pd_op::PrintOptionsOf(op);
  if (options.print_phase == "FORWARD") return {{grad}};
  return {{pd_op::print(builder, grad, options, /*is_forward=*/false)}};
}

}  // namespace

void PdOpDialect::Initialize(IrContext* ctx) {
  ctx->RegisterOp({.name = "pd_op.if", .operands = {"cond"}, .variadic_results = true, .num_regions = 2,
                   .verify = VerifyIf});
  ctx->RegisterOp({.name = "pd_op.while", .variadic_operands = true, .variadic_results = true, .num_regions = 1,
                   .verify = VerifyWhile});
  ctx->RegisterOp({.name = "pd_op.data", .results = {"out"},
                   .attributes = {{"name", AttrKind::kStr}, {"shape", AttrKind::kIntArray},
                                  {"dtype", AttrKind::kDataType}, {"place", AttrKind::kPlace}},
                   .infer_types = DataTypes, .verify = VerifyInferredTypes});
  // Transfers between the device and the host (Note [Kernel selection]); PaddlePaddle 3.x's names:
  // dst_place_type 0 is the host, 1 the device.
  for (const char* name : {pd_op::kMemcpyD2H, pd_op::kMemcpyH2D}) {
    ctx->RegisterOp({.name = name, .operands = {"x"}, .results = {"out"},
                     .attributes = {{"dst_place_type", AttrKind::kInt32}}, .traits = kPure,
                     .infer_types = SameTypes, .verify = VerifyInferredTypes});
  }
  ctx->RegisterOp({.name = pd_op::kPrint, .operands = {"in"}, .results = {"out"},
                   .attributes = {{"first_n", AttrKind::kInt32}, {"message", AttrKind::kStr},
                                  {"summarize", AttrKind::kInt32}, {"print_tensor_name", AttrKind::kBool},
                                  {"print_tensor_type", AttrKind::kBool}, {"print_tensor_shape", AttrKind::kBool},
                                  {"print_tensor_layout", AttrKind::kBool}, {"print_tensor_lod", AttrKind::kBool},
                                  {"print_phase", AttrKind::kStr}, {"is_forward", AttrKind::kBool}},
                   .kernel = {.view = true},  // its result is its operand's tensor
                   .infer_types = SameTypes, .verify = VerifyInferredTypes, .vjp = PrintVjp});
  ctx->RegisterOp({.name = pd_op::kFetch, .operands = {"x"}, .results = {"out"},
                   .attributes = {{"name", AttrKind::kStr}, {"col", AttrKind::kInt32}},
                   .kernel = {.view = true},  // its result is its operand's tensor
                   .infer_types = SameTypes, .verify = VerifyInferredTypes});
  ctx->RegisterOp({.name = pd_op::kDeferredGradients, .variadic_operands = true, .variadic_results = true,
                   .attributes = {{"num_targets", AttrKind::kInt32}}});
  pd_op::RegisterAllFamilies(ctx);
}

namespace pd_op {

Value data(Builder& builder, const std::string& name, const std::vector<int64_t>& shape, paddle::DataType dtype,
           const paddle::Place& place) {
  return builder.Build("pd_op.data", {},
                       {{"name", AttrFrom(builder.context(), name)},
                        {"shape", IntArrayAttribute::Get(builder.context(), shape)},
                        {"dtype", AttrFrom(builder.context(), dtype)},
                        {"place", AttrFrom(builder.context(), place)}})
      ->result(0);
}

Value fetch(Builder& builder, Value x, const std::string& name, int32_t col) {
  return builder.Build(kFetch, {x}, {{"name", StrAttribute::Get(builder.context(), name)},
                                     {"col", Int32Attribute::Get(builder.context(), col)}})
      ->result(0);
}

PrintOptions PrintOptionsOf(const Operation& op) {
  PrintOptions o;
  o.first_n = op.attribute<Int32Attribute>("first_n").data();
  o.message = op.attribute<StrAttribute>("message").data();
  o.summarize = op.attribute<Int32Attribute>("summarize").data();
  o.print_tensor_name = op.attribute<BoolAttribute>("print_tensor_name").data();
  o.print_tensor_type = op.attribute<BoolAttribute>("print_tensor_type").data();
  o.print_tensor_shape = op.attribute<BoolAttribute>("print_tensor_shape").data();
  o.print_tensor_layout = op.attribute<BoolAttribute>("print_tensor_layout").data();
  o.print_tensor_lod = op.attribute<BoolAttribute>("print_tensor_lod").data();
  o.print_phase = op.attribute<StrAttribute>("print_phase").data();
  return o;
}

Value print(Builder& builder, Value x, const PrintOptions& o, bool is_forward) {
  IrContext* ctx = builder.context();
  return builder.Build(kPrint, {x},
                       {{"first_n", Int32Attribute::Get(ctx, o.first_n)},
                        {"message", StrAttribute::Get(ctx, o.message)},
                        {"summarize", Int32Attribute::Get(ctx, o.summarize)},
                        {"print_tensor_name", BoolAttribute::Get(ctx, o.print_tensor_name)},
                        {"print_tensor_type", BoolAttribute::Get(ctx, o.print_tensor_type)},
                        {"print_tensor_shape", BoolAttribute::Get(ctx, o.print_tensor_shape)},
                        {"print_tensor_layout", BoolAttribute::Get(ctx, o.print_tensor_layout)},
                        {"print_tensor_lod", BoolAttribute::Get(ctx, o.print_tensor_lod)},
                        {"print_phase", StrAttribute::Get(ctx, o.print_phase)},
                        {"is_forward", BoolAttribute::Get(ctx, is_forward)}})
      ->result(0);
}

bool IsCondition(Type t) {
  auto tensor = t.dyn_cast<DenseTensorType>();
  return tensor && tensor.dtype() == paddle::DataType::BOOL && tensor.dims().numel() == 1;
}

}  // namespace pd_op
}  // namespace pir
