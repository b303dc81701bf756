// Attributes: the constant arguments of an op (transpose_x:false,
// shape:[2,3], dtype:float32), uniqued like types (Note [Uniqued by their
// text]). Each kind is one instantiation of ValueAttribute.
//
// Note [Attribute text]: attributes print as PaddlePaddle 3.x prints them,
// untagged: `1`, `1.5`, `"x"`, `[2,3]`, `float32`, `Place(cpu)`; a float
// 1.0 prints `1`, as Paddle prints it. Text alone cannot tell Int32 from
// Int64, so the parser types a value by the op's declared attribute kind
// (OpInfo::attributes) and otherwise by its form (the natural kinds: Bool,
// Int64, Double with a point or exponent, Str, DataType, Place, Array). A
// value of any other kind, or a Double that reads as an integer, prints with
// its kind first, `(Int32)1`, `(Double)1`, so that parse(print(p)) is p.
// Scalars keep the point (`1.0`): their dtype is part of the value. A kernel
// key prints as Paddle's `<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>`.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "paddle/common/data_type.h"
#include "paddle/common/place.h"
#include "paddle/phi/core/scalar.h"
#include "paddle/pir/core/storage.h"

namespace phi {
struct KernelKey;
}  // namespace phi

namespace pir {

class IrContext;

enum class AttrKind : uint8_t {
  kAny,  // in a declaration: whatever the value's form says
  kBool,
  kInt32,
  kInt64,
  kFloat,
  kDouble,
  kStr,
  kDataType,
  kPlace,
  kIntArray,
  kScalar,
  kArray,
  kKernelKey,  // the kernel a pd_kernel op runs (kernel_key.h)
};

// "Int32", ...: the tag of Note [Attribute text].
const char* AttrKindName(AttrKind kind);
// The kind a tag names; kAny for an unknown tag.
AttrKind AttrKindFromName(const std::string& name);
// Whether a value of this kind parses back untagged without a declaration.
bool IsNaturalKind(AttrKind kind);

class Attribute : public StorageHandle<Attribute> {
 public:
  using StorageHandle::StorageHandle;
  AttrKind kind() const;
  // The text with its tag where its form alone would parse as another kind.
  std::string TaggedText() const;
};

struct AttributeStorage : Storage {
  AttributeStorage(TypeId id, std::string text, AttrKind kind) : Storage(id, std::move(text)), kind(kind) {}
  const AttrKind kind;
};

template <AttrKind K, typename T>
class ValueAttribute : public Attribute {
 public:
  using Attribute::Attribute;
  using ValueType = T;
  static constexpr AttrKind kKind = K;

  static ValueAttribute Get(IrContext* ctx, const T& value);
  const T& data() const;
};

using BoolAttribute = ValueAttribute<AttrKind::kBool, bool>;
using Int32Attribute = ValueAttribute<AttrKind::kInt32, int32_t>;
using Int64Attribute = ValueAttribute<AttrKind::kInt64, int64_t>;
using FloatAttribute = ValueAttribute<AttrKind::kFloat, float>;
using DoubleAttribute = ValueAttribute<AttrKind::kDouble, double>;
using StrAttribute = ValueAttribute<AttrKind::kStr, std::string>;
using DataTypeAttribute = ValueAttribute<AttrKind::kDataType, paddle::DataType>;
using PlaceAttribute = ValueAttribute<AttrKind::kPlace, paddle::Place>;
using IntArrayAttribute = ValueAttribute<AttrKind::kIntArray, std::vector<int64_t>>;
using ScalarAttribute = ValueAttribute<AttrKind::kScalar, phi::Scalar>;
using ArrayAttribute = ValueAttribute<AttrKind::kArray, std::vector<Attribute>>;
using KernelKeyAttribute = ValueAttribute<AttrKind::kKernelKey, phi::KernelKey>;

// An op's attributes by name, in the sorted order they print in.
using AttributeMap = std::map<std::string, Attribute>;

// The printed forms of the values, shared with the parser's tests:
// shortest round-trip decimals, with ".0" added to an integral value when
// with_point.
std::string FormatFloat(double value, bool single, bool with_point);
std::string FormatPlace(const paddle::Place& place);
// The place of a printed "cpu", "gpu:0", "undefined:0"; InvalidArgument
// otherwise.
paddle::Place ParsePlace(const std::string& device);
// Paddle's dtype names, with "Undefined" for UNDEFINED.
std::string FormatDataType(paddle::DataType dtype);
// The key of `<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>`'s
// body (without the angle brackets); InvalidArgument naming the part that
// does not read.
phi::KernelKey ParseKernelKey(const std::string& body);

}  // namespace pir

PIR_DECLARE_TYPE_ID(pir::BoolAttribute)
PIR_DECLARE_TYPE_ID(pir::Int32Attribute)
PIR_DECLARE_TYPE_ID(pir::Int64Attribute)
PIR_DECLARE_TYPE_ID(pir::FloatAttribute)
PIR_DECLARE_TYPE_ID(pir::DoubleAttribute)
PIR_DECLARE_TYPE_ID(pir::StrAttribute)
PIR_DECLARE_TYPE_ID(pir::DataTypeAttribute)
PIR_DECLARE_TYPE_ID(pir::PlaceAttribute)
PIR_DECLARE_TYPE_ID(pir::IntArrayAttribute)
PIR_DECLARE_TYPE_ID(pir::ScalarAttribute)
PIR_DECLARE_TYPE_ID(pir::ArrayAttribute)
PIR_DECLARE_TYPE_ID(pir::KernelKeyAttribute)

template <>
struct std::hash<pir::Attribute> {
  size_t operator()(const pir::Attribute& a) const { return std::hash<const void*>()(a.storage()); }
};
