// DataType: the element types a tensor can hold, their C++ types, sizes,
// names and the promotion rule for mixed-dtype arithmetic.
#pragma once

#include <cstdint>
#include <string>

#include "paddle/common/bfloat16.h"
#include "paddle/common/complex.h"
#include "paddle/common/float16.h"

namespace paddle {

enum class DataType : uint8_t {
  UNDEFINED = 0,
  BOOL,
  UINT8,
  INT8,
  INT16,
  INT32,
  INT64,
  FLOAT16,
  BFLOAT16,
  FLOAT32,
  FLOAT64,
  COMPLEX64,
  COMPLEX128,
  NUM_DATA_TYPES,
};

// X(cpp type, DataType enumerator, name); the single list of dtypes.
#define PD_FOR_EACH_DATA_TYPE(X)           \
  X(bool, BOOL, "bool")                    \
  X(uint8_t, UINT8, "uint8")               \
  X(int8_t, INT8, "int8")                  \
  X(int16_t, INT16, "int16")               \
  X(int32_t, INT32, "int32")               \
  X(int64_t, INT64, "int64")               \
  X(::paddle::float16, FLOAT16, "float16") \
  X(::paddle::bfloat16, BFLOAT16, "bfloat16") \
  X(float, FLOAT32, "float32")             \
  X(double, FLOAT64, "float64")            \
  X(::paddle::complex64, COMPLEX64, "complex64") \
  X(::paddle::complex128, COMPLEX128, "complex128")

size_t SizeOf(DataType dtype);
const char* DataTypeName(DataType dtype);  // "float32"
// Parses "float32", "fp32"-style aliases are not accepted; throws on unknown.
DataType DataTypeFromName(const std::string& name);

inline bool IsComplex(DataType t) { return t == DataType::COMPLEX64 || t == DataType::COMPLEX128; }
inline bool IsFloating(DataType t) {
  return t == DataType::FLOAT16 || t == DataType::BFLOAT16 || t == DataType::FLOAT32 ||
         t == DataType::FLOAT64;
}
inline bool IsInteger(DataType t) { return t >= DataType::UINT8 && t <= DataType::INT64; }
// The dtype of a complex dtype's parts; any other dtype itself.
inline DataType ToReal(DataType t) {
  return t == DataType::COMPLEX64 ? DataType::FLOAT32 : t == DataType::COMPLEX128 ? DataType::FLOAT64 : t;
}

// Result dtype of an arithmetic op on two tensors of these dtypes: the
// "wider" category wins (bool < integer < floating < complex); within a
// category the larger type wins; float16 with bfloat16 gives float32; uint8
// with a signed int gives the signed type that holds both.
DataType PromoteTypes(DataType a, DataType b);

template <typename T>
struct CppTypeToDataType;
#define PD_DECLARE_CPP_TYPE_TO_DATA_TYPE(cpp_type, enumerator, name) \
  template <>                                                        \
  struct CppTypeToDataType<cpp_type> {                               \
    static constexpr DataType value = DataType::enumerator;          \
  };
PD_FOR_EACH_DATA_TYPE(PD_DECLARE_CPP_TYPE_TO_DATA_TYPE)
#undef PD_DECLARE_CPP_TYPE_TO_DATA_TYPE

template <typename T>
inline constexpr DataType DataTypeOf = CppTypeToDataType<T>::value;

[[noreturn]] void ThrowUndefinedDataType(const char* what);


template <typename T>
struct TypeTag {
  using type = T;
};

// Calls f(TypeTag<T>{}) with the C++ type T of `dtype`; `what` names the
// caller in the error raised for an undefined dtype.
template <typename F>
decltype(auto) VisitDataType(DataType dtype, const char* what, F&& f) {
  switch (dtype) {
#define PD_VISIT_CASE(cpp_type, enumerator, name) \
  case DataType::enumerator:                      \
    return f(TypeTag<cpp_type>{});
    PD_FOR_EACH_DATA_TYPE(PD_VISIT_CASE)
#undef PD_VISIT_CASE
    default:
      break;
  }
  ThrowUndefinedDataType(what);
}

}  // namespace paddle
