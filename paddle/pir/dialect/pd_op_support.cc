#include "paddle/pir/dialect/pd_op_support.h"

#include "paddle/common/errors.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/pir/core/ir_context.h"

namespace pir::pd_op {
namespace {

std::string Describe(Type t) { return t ? t.ToString() : "<<NULL TYPE>>"; }

Type OperandType(const std::vector<Type>& operands, size_t index, const char* op, const char* name) {
  PD_CHECK(index < operands.size(), InvalidArgument, "[", op, "] needs operand ", index, " (", name, "), but got ",
           operands.size(), " operands");
  return operands[index];
}

template <typename A>
A Expect(const AttributeMap& attributes, const char* op, const char* name) {
  auto it = attributes.find(name);
  PD_CHECK(it != attributes.end(), InvalidArgument, "[", op, "] needs the attribute '", name, "' (",
           AttrKindName(A::kKind), ")");
  PD_CHECK(it->second.isa<A>(), InvalidArgument, "[", op, "] attribute '", name, "' must be ",
           AttrKindName(A::kKind), ", but got ", it->second.TaggedText());
  return it->second.dyn_cast<A>();
}

template <typename A>
std::vector<typename A::ValueType> Elements(const AttributeMap& attributes, const char* op, const char* name) {
  std::vector<typename A::ValueType> values;
  for (Attribute element : Expect<ArrayAttribute>(attributes, op, name).data()) {
    PD_CHECK(element.isa<A>(), InvalidArgument, "[", op, "] attribute '", name, "' must be an array of ",
             AttrKindName(A::kKind), ", but has the element ", element.TaggedText());
    values.push_back(element.dyn_cast<A>().data());
  }
  return values;
}

}  // namespace

phi::Meta MetaOf(const std::vector<Type>& operands, size_t index, const char* op, const char* name) {
  Type t = OperandType(operands, index, op, name);
  auto tensor = t.dyn_cast<DenseTensorType>();
  PD_CHECK(bool(tensor), InvalidArgument, "[", op, "] operand ", name, " must be a tensor, but got ", Describe(t));
  return phi::Meta(tensor.dtype(), tensor.dims());
}

std::vector<const phi::Meta*> ListMetas::pointers() const {
  std::vector<const phi::Meta*> out;
  for (const phi::Meta& m : metas) out.push_back(&m);
  return out;
}

ListMetas ListMetasOf(const std::vector<Type>& operands, size_t index, const char* op, const char* name) {
  Type t = OperandType(operands, index, op, name);
  auto list = t.dyn_cast<VectorType>();
  PD_CHECK(bool(list), InvalidArgument, "[", op, "] operand ", name,
           " must be a tensor list (vec[...], from builtin.combine), but got ", Describe(t));
  ListMetas out;
  for (Type element : list.elements()) {
    auto tensor = element.dyn_cast<DenseTensorType>();
    PD_CHECK(bool(tensor), InvalidArgument, "[", op, "] operand ", name, " must hold tensors, but holds ",
             Describe(element));
    out.metas.emplace_back(tensor.dtype(), tensor.dims());
  }
  return out;
}

Type TypeOf(IrContext* ctx, const phi::Meta& meta) { return DenseTensorType::Get(ctx, meta.dtype, meta.dims); }

Type ListTypeOf(IrContext* ctx, const std::vector<phi::Meta>& metas) {
  std::vector<Type> elements;
  for (const phi::Meta& m : metas) elements.push_back(TypeOf(ctx, m));
  return VectorType::Get(ctx, elements);
}

// The attribute class holding each C++ value type directly.
template <typename T>
struct AttributeFor;
template <> struct AttributeFor<bool> { using type = BoolAttribute; };
template <> struct AttributeFor<int> { using type = Int32Attribute; };
template <> struct AttributeFor<int64_t> { using type = Int64Attribute; };
template <> struct AttributeFor<float> { using type = FloatAttribute; };
template <> struct AttributeFor<double> { using type = DoubleAttribute; };
template <> struct AttributeFor<std::string> { using type = StrAttribute; };
template <> struct AttributeFor<paddle::DataType> { using type = DataTypeAttribute; };
template <> struct AttributeFor<paddle::Place> { using type = PlaceAttribute; };
template <> struct AttributeFor<phi::Scalar> { using type = ScalarAttribute; };

template <typename T>
T AttrOf(const AttributeMap& a, const char* op, const char* name) {
  return Expect<typename AttributeFor<T>::type>(a, op, name).data();
}
template <>
phi::IntArray AttrOf<phi::IntArray>(const AttributeMap& a, const char* op, const char* name) {
  return phi::IntArray(Expect<IntArrayAttribute>(a, op, name).data());
}
template <>
std::vector<int64_t> AttrOf<std::vector<int64_t>>(const AttributeMap& a, const char* op, const char* name) {
  return Elements<Int64Attribute>(a, op, name);
}
template <>
std::vector<double> AttrOf<std::vector<double>>(const AttributeMap& a, const char* op, const char* name) {
  return Elements<DoubleAttribute>(a, op, name);
}

template <typename T>
Attribute AttrFrom(IrContext* ctx, const T& v) {
  return AttributeFor<T>::type::Get(ctx, v);
}
template <>
Attribute AttrFrom<phi::IntArray>(IrContext* ctx, const phi::IntArray& v) {
  return IntArrayAttribute::Get(ctx, v.GetData());
}
template <>
Attribute AttrFrom<std::vector<int64_t>>(IrContext* ctx, const std::vector<int64_t>& v) {
  std::vector<Attribute> elements;
  for (int64_t e : v) elements.push_back(Int64Attribute::Get(ctx, e));
  return ArrayAttribute::Get(ctx, elements);
}
template <>
Attribute AttrFrom<std::vector<double>>(IrContext* ctx, const std::vector<double>& v) {
  std::vector<Attribute> elements;
  for (double e : v) elements.push_back(DoubleAttribute::Get(ctx, e));
  return ArrayAttribute::Get(ctx, elements);
}

#define PIR_PD_OP_ATTRIBUTE_VALUE(T)                                           \
  template T AttrOf<T>(const AttributeMap& a, const char* op, const char* name); \
  template Attribute AttrFrom<T>(IrContext * ctx, const T& v);
PIR_PD_OP_ATTRIBUTE_VALUE(bool)
PIR_PD_OP_ATTRIBUTE_VALUE(int)
PIR_PD_OP_ATTRIBUTE_VALUE(int64_t)
PIR_PD_OP_ATTRIBUTE_VALUE(float)
PIR_PD_OP_ATTRIBUTE_VALUE(double)
PIR_PD_OP_ATTRIBUTE_VALUE(std::string)
PIR_PD_OP_ATTRIBUTE_VALUE(paddle::DataType)
PIR_PD_OP_ATTRIBUTE_VALUE(paddle::Place)
PIR_PD_OP_ATTRIBUTE_VALUE(phi::Scalar)
#undef PIR_PD_OP_ATTRIBUTE_VALUE

paddle::DataType PromotedDtype(std::initializer_list<Value> values,
                               std::initializer_list<const std::vector<Value>*> lists) {
  paddle::DataType result = paddle::DataType::UNDEFINED;
  auto add = [&](Value v) {
    auto t = v ? v.type().dyn_cast<DenseTensorType>() : DenseTensorType();
    PD_CHECK(bool(t), InvalidArgument, "[pd_op] an operand must be a tensor value, but got ",
             v ? Describe(v.type()) : "<<NULL VALUE>>");
    result = result == paddle::DataType::UNDEFINED ? t.dtype() : paddle::PromoteTypes(result, t.dtype());
  };
  for (Value v : values) add(v);
  for (const auto* list : lists) {
    for (Value v : *list) add(v);
  }
  return result;
}

Value CastTo(Builder& builder, Value v, paddle::DataType dtype) {
  if (v.type().dyn_cast<DenseTensorType>().dtype() == dtype) return v;
  return builder.Build("pd_op.cast", {v}, {{"dtype", AttrFrom(builder.context(), dtype)}})->result(0);
}

Value IntegersToFloat(Builder& builder, Value v) {
  const paddle::DataType dtype = v.type().dyn_cast<DenseTensorType>().dtype();
  const bool integral = paddle::IsInteger(dtype) || dtype == paddle::DataType::BOOL;
  return integral ? CastTo(builder, v, paddle::api::GetDefaultFloatType()) : v;
}

paddle::DataType FloatIfInteger(paddle::DataType dtype) { return paddle::api::FloatIfInteger(dtype); }

std::vector<Value> CastTo(Builder& builder, const std::vector<Value>& values, paddle::DataType dtype) {
  std::vector<Value> out;
  for (Value v : values) out.push_back(CastTo(builder, v, dtype));
  return out;
}

Value Combine(Builder& builder, const std::vector<Value>& values) {
  return builder.Build("builtin.combine", values)->result(0);
}

std::vector<Value> SplitList(Builder& builder, Value list) {
  return builder.Build("builtin.split", {list})->results();
}

void VerifyOperandKinds(const Operation& op, const std::vector<bool>& is_list) {
  for (uint32_t i = 0; i < op.num_operands(); ++i) {
    Type t = op.operand(i) ? op.operand(i).type() : Type();
    bool ok = is_list[i] ? t.isa<VectorType>() : t.isa<DenseTensorType>();
    PD_CHECK(ok, InvalidArgument, "[", op.name(), "] operand ", op.info().operands[i], " must be ",
             is_list[i] ? "a tensor list (vec[...])" : "a tensor", ", but got ", Describe(t));
  }
}

void VerifySameDtype(const Operation& op, const std::vector<size_t>& same_dtype) {
  std::string first_name;
  paddle::DataType first = paddle::DataType::UNDEFINED;
  for (size_t i : same_dtype) {
    Type t = op.operand(i).type();
    std::vector<Type> tensors = t.isa<VectorType>() ? t.dyn_cast<VectorType>().elements() : std::vector<Type>{t};
    for (Type element : tensors) {
      paddle::DataType dtype = element.dyn_cast<DenseTensorType>().dtype();
      if (first_name.empty()) {
        first_name = op.info().operands[i];
        first = dtype;
      }
      PD_CHECK(dtype == first, InvalidArgument, "[", op.name(), "] operands ", first_name, " and ",
               op.info().operands[i], " must have one dtype (a program casts them first), but got ",
               paddle::DataTypeName(first), " and ", paddle::DataTypeName(dtype));
    }
  }
}

}  // namespace pir::pd_op
