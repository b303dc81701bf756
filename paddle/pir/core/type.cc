#include "paddle/pir/core/type.h"

#include <memory>

#include "paddle/common/errors.h"
#include "paddle/pir/core/ir_context.h"

PIR_DEFINE_TYPE_ID(pir::DenseTensorType)
PIR_DEFINE_TYPE_ID(pir::VectorType)
PIR_DEFINE_TYPE_ID(pir::StackType)

namespace pir {
namespace {

struct DenseTensorStorage : Storage {
  DenseTensorStorage(std::string text, paddle::DataType dtype, paddle::DDim dims)
      : Storage(TypeId::Of<DenseTensorType>(), std::move(text)), dtype(dtype), dims(dims) {}
  const paddle::DataType dtype;
  const paddle::DDim dims;
};

struct VectorStorage : Storage {
  VectorStorage(std::string text, std::vector<Type> elements)
      : Storage(TypeId::Of<VectorType>(), std::move(text)), elements(std::move(elements)) {}
  const std::vector<Type> elements;
};

struct ElementName {
  paddle::DataType dtype;
  const char* name;
};

constexpr ElementName kElementNames[] = {
    {paddle::DataType::BOOL, "b"},        {paddle::DataType::UINT8, "u8"},
    {paddle::DataType::INT8, "i8"},       {paddle::DataType::INT16, "i16"},
    {paddle::DataType::INT32, "i32"},     {paddle::DataType::INT64, "i64"},
    {paddle::DataType::FLOAT16, "f16"},   {paddle::DataType::BFLOAT16, "bf16"},
    {paddle::DataType::FLOAT32, "f32"},   {paddle::DataType::FLOAT64, "f64"},
    {paddle::DataType::COMPLEX64, "c64"}, {paddle::DataType::COMPLEX128, "c128"},
};

}  // namespace

const char* ElementTypeName(paddle::DataType dtype) {
  for (const auto& e : kElementNames) {
    if (e.dtype == dtype) return e.name;
  }
  return "undefined";
}

paddle::DataType ElementTypeFromName(const std::string& name) {
  for (const auto& e : kElementNames) {
    if (name == e.name) return e.dtype;
  }
  return paddle::DataType::UNDEFINED;
}

DenseTensorType DenseTensorType::Get(IrContext* ctx, paddle::DataType dtype, const paddle::DDim& dims) {
  for (int i = 0; i < dims.size(); ++i) {
    PD_CHECK(dims[i] >= -1, InvalidArgument, "[pir] a tensor type's dims must be >= -1 (unknown), but got ",
             dims.ToString());
  }
  std::string text = "tensor<";
  for (int i = 0; i < dims.size(); ++i) text += std::to_string(dims[i]) + "x";
  text += ElementTypeName(dtype);
  text += ">";
  return DenseTensorType(ctx->Unique("tensor", text, [&] {
    return std::make_unique<DenseTensorStorage>(text, dtype, dims);
  }));
}

paddle::DataType DenseTensorType::dtype() const { return As<DenseTensorStorage>().dtype; }
const paddle::DDim& DenseTensorType::dims() const { return As<DenseTensorStorage>().dims; }

VectorType VectorType::Get(IrContext* ctx, const std::vector<Type>& elements) {
  std::string text = "vec[";
  for (size_t i = 0; i < elements.size(); ++i) {
    PD_CHECK(bool(elements[i]), InvalidArgument, "[pir] element ", i, " of a vec type is null");
    text += (i ? "," : "") + elements[i].ToString();
  }
  text += "]";
  return VectorType(ctx->Unique("vec", text, [&] { return std::make_unique<VectorStorage>(text, elements); }));
}

const std::vector<Type>& VectorType::elements() const { return As<VectorStorage>().elements; }

StackType StackType::Get(IrContext* ctx) {
  static const std::string kText = "cf.stack";
  return StackType(ctx->Unique("stack", kText, [] { return std::make_unique<Storage>(TypeId::Of<StackType>(), kText); }));
}

bool HasStaticShape(Type t) {
  if (auto list = t.dyn_cast<VectorType>()) {
    for (Type element : list.elements()) {
      if (!HasStaticShape(element)) return false;
    }
    return true;
  }
  auto tensor = t.dyn_cast<DenseTensorType>();
  for (int d = 0; tensor && d < tensor.dims().size(); ++d) {
    if (tensor.dims()[d] < 0) return false;
  }
  return true;
}

}  // namespace pir
