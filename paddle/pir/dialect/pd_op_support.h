// What the generated pd_op infos (tools/codegen/gen_pir.py) share: reading
// an op's operand types as the metas infer-meta takes, its attributes as
// the C++ values infer-meta takes, and the checks every pd_op's verifier
// makes.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/infermeta/infermeta.h"
#include "paddle/pir/core/attribute.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/operation.h"
#include "paddle/pir/core/type.h"
#include "paddle/pir/core/verifier.h"

namespace pir::pd_op {

// The meta of a tensor operand: its dtype and dims (-1 where unknown).
phi::Meta MetaOf(const std::vector<Type>& operands, size_t index, const char* op, const char* name);

// The metas of a tensor-list operand (a vec type), kept alive for the
// pointers infer-meta takes.
struct ListMetas {
  std::vector<phi::Meta> metas;
  std::vector<const phi::Meta*> pointers() const;
};
ListMetas ListMetasOf(const std::vector<Type>& operands, size_t index, const char* op, const char* name);

Type TypeOf(IrContext* ctx, const phi::Meta& meta);
Type ListTypeOf(IrContext* ctx, const std::vector<phi::Meta>& metas);

// The value of attribute `name` as infer-meta takes it: bool, int, int64_t,
// float, double, std::string, DataType, Place, IntArray, Scalar,
// std::vector<int64_t> or std::vector<double>. InvalidArgument naming the op
// when it is missing or of another kind.
template <typename T>
T AttrOf(const AttributeMap& attributes, const char* op, const char* name);

// The attribute holding a builder's argument of type T, one of the types
// AttrOf reads (int64_t[] as an Array of Int64, double[] of Double).
template <typename T>
Attribute AttrFrom(IrContext* ctx, const T& v);

// The dtype the eager API promotes these tensors (and lists' elements) to.
paddle::DataType PromotedDtype(std::initializer_list<Value> values,
                               std::initializer_list<const std::vector<Value>*> lists);
// v, or pd_op.cast of v when its dtype is not `dtype`.
Value CastTo(Builder& builder, Value v, paddle::DataType dtype);
// v in the default float dtype when it holds integers or bools, as the eager
// API computes such inputs (Note [Integer inputs] in tools/codegen/op_spec.py).
Value IntegersToFloat(Builder& builder, Value v);
// The default float dtype for an integer or bool dtype; dtype otherwise (the eager API's FloatIfInteger).
paddle::DataType FloatIfInteger(paddle::DataType dtype);
std::vector<Value> CastTo(Builder& builder, const std::vector<Value>& values, paddle::DataType dtype);
// builtin.combine of the values; builtin.split of a list.
Value Combine(Builder& builder, const std::vector<Value>& values);
std::vector<Value> SplitList(Builder& builder, Value list);

// The checks of a pd_op's verifier (with pir::VerifyInferredTypes):
// operands of tensor (or, where is_list, vec) types; the operands in
// `same_dtype` of one dtype (the builder casts them, as the eager API
// promotes; a vec operand's elements all count).
void VerifyOperandKinds(const Operation& op, const std::vector<bool>& is_list);
void VerifySameDtype(const Operation& op, const std::vector<size_t>& same_dtype);

}  // namespace pir::pd_op
