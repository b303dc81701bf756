#include "paddle/pir/dialect/pd_op_support.h"

#include "paddle/common/errors.h"
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

template <>
bool AttrOf<bool>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<BoolAttribute>(a, op, name).data();
}
template <>
int AttrOf<int>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<Int32Attribute>(a, op, name).data();
}
template <>
int64_t AttrOf<int64_t>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<Int64Attribute>(a, op, name).data();
}
template <>
float AttrOf<float>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<FloatAttribute>(a, op, name).data();
}
template <>
double AttrOf<double>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<DoubleAttribute>(a, op, name).data();
}
template <>
std::string AttrOf<std::string>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<StrAttribute>(a, op, name).data();
}
template <>
paddle::DataType AttrOf<paddle::DataType>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<DataTypeAttribute>(a, op, name).data();
}
template <>
paddle::Place AttrOf<paddle::Place>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<PlaceAttribute>(a, op, name).data();
}
template <>
phi::IntArray AttrOf<phi::IntArray>(const AttributeMap& a, const char* op, const char* name) {
  return phi::IntArray(Expect<IntArrayAttribute>(a, op, name).data());
}
template <>
phi::Scalar AttrOf<phi::Scalar>(const AttributeMap& a, const char* op, const char* name) {
  return Expect<ScalarAttribute>(a, op, name).data();
}
template <>
std::vector<int64_t> AttrOf<std::vector<int64_t>>(const AttributeMap& a, const char* op, const char* name) {
  return Elements<Int64Attribute>(a, op, name);
}
template <>
std::vector<double> AttrOf<std::vector<double>>(const AttributeMap& a, const char* op, const char* name) {
  return Elements<DoubleAttribute>(a, op, name);
}

Attribute AttrFrom(IrContext* ctx, bool v) { return BoolAttribute::Get(ctx, v); }
Attribute AttrFrom(IrContext* ctx, int v) { return Int32Attribute::Get(ctx, v); }
Attribute AttrFrom(IrContext* ctx, int64_t v) { return Int64Attribute::Get(ctx, v); }
Attribute AttrFrom(IrContext* ctx, float v) { return FloatAttribute::Get(ctx, v); }
Attribute AttrFrom(IrContext* ctx, double v) { return DoubleAttribute::Get(ctx, v); }
Attribute AttrFrom(IrContext* ctx, const std::string& v) { return StrAttribute::Get(ctx, v); }
Attribute AttrFrom(IrContext* ctx, paddle::DataType v) { return DataTypeAttribute::Get(ctx, v); }
Attribute AttrFrom(IrContext* ctx, const paddle::Place& v) { return PlaceAttribute::Get(ctx, v); }
Attribute AttrFrom(IrContext* ctx, const phi::IntArray& v) { return IntArrayAttribute::Get(ctx, v.GetData()); }
Attribute AttrFrom(IrContext* ctx, const phi::Scalar& v) { return ScalarAttribute::Get(ctx, v); }

Attribute AttrFrom(IrContext* ctx, const std::vector<int64_t>& v) {
  std::vector<Attribute> elements;
  for (int64_t e : v) elements.push_back(Int64Attribute::Get(ctx, e));
  return ArrayAttribute::Get(ctx, elements);
}

Attribute AttrFrom(IrContext* ctx, const std::vector<double>& v) {
  std::vector<Attribute> elements;
  for (double e : v) elements.push_back(DoubleAttribute::Get(ctx, e));
  return ArrayAttribute::Get(ctx, elements);
}

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
