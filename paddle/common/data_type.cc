#include "paddle/common/data_type.h"

#include <algorithm>

#include "paddle/common/errors.h"

namespace paddle {

size_t SizeOf(DataType dtype) {
  switch (dtype) {
#define PD_SIZE_CASE(cpp_type, enumerator, name) \
  case DataType::enumerator:                     \
    return sizeof(cpp_type);
    PD_FOR_EACH_DATA_TYPE(PD_SIZE_CASE)
#undef PD_SIZE_CASE
    default:
      return 0;
  }
}

const char* DataTypeName(DataType dtype) {
  switch (dtype) {
#define PD_NAME_CASE(cpp_type, enumerator, name) \
  case DataType::enumerator:                     \
    return name;
    PD_FOR_EACH_DATA_TYPE(PD_NAME_CASE)
#undef PD_NAME_CASE
    default:
      return "undefined";
  }
}

DataType DataTypeFromName(const std::string& name) {
#define PD_PARSE_CASE(cpp_type, enumerator, type_name) \
  if (name == type_name) return DataType::enumerator;
  PD_FOR_EACH_DATA_TYPE(PD_PARSE_CASE)
#undef PD_PARSE_CASE
  // Paddle's name for bfloat16's bits, which NumPy holds as uint16.
  if (name == "uint16") return DataType::BFLOAT16;
  PD_THROW(InvalidType, "unknown dtype '", name,
           "'; expected one of bool, uint8, int8, int16, int32, int64, float16, bfloat16, "
           "float32, float64, complex64, complex128");
}

void ThrowUndefinedDataType(const char* what) {
  PD_THROW(InvalidType, what, ": the tensor has no dtype (undefined)");
}

namespace {

int Category(DataType t) {
  if (t == DataType::BOOL) return 0;
  if (IsInteger(t)) return 1;
  if (IsFloating(t)) return 2;
  return 3;
}

}  // namespace

DataType PromoteTypes(DataType a, DataType b) {
  if (a == b) return a;
  int ca = Category(a), cb = Category(b);
  if (ca != cb) {
    DataType wide = ca > cb ? a : b;
    DataType narrow = ca > cb ? b : a;
    // complex absorbs float64 into complex128.
    if (wide == DataType::COMPLEX64 && narrow == DataType::FLOAT64) return DataType::COMPLEX128;
    return wide;
  }
  if (ca == 1) {
    bool a_unsigned = a == DataType::UINT8, b_unsigned = b == DataType::UINT8;
    if (a_unsigned || b_unsigned) {
      DataType other = a_unsigned ? b : a;
      return other == DataType::INT8 ? DataType::INT16 : other;
    }
  }
  if ((a == DataType::FLOAT16 && b == DataType::BFLOAT16) ||
      (a == DataType::BFLOAT16 && b == DataType::FLOAT16)) {
    return DataType::FLOAT32;
  }
  return std::max(a, b);
}

}  // namespace paddle
