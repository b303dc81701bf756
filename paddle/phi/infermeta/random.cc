#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

void RandomInferMeta(const IntArray& shape, DataType dtype, Meta* out) {
  CreateInferMeta(shape, Scalar(0), dtype, out);
}

void RandintInferMeta(int64_t low, int64_t high, const IntArray& shape, DataType dtype, Meta* out) {
  PD_CHECK(low < high, InvalidArgument, "low (", low, ") must be less than high (", high, ")");
  PD_CHECK(dtype == DataType::INT32 || dtype == DataType::INT64, InvalidType,
           "dtype must be int32 or int64, but got ", DataTypeName(dtype));
  PD_CHECK(dtype == DataType::INT64 || (low >= INT32_MIN && high - 1 <= INT32_MAX), InvalidArgument,
           "low and high must lie within int32's range for an int32 result, but [low, high) is [", low, ", ", high,
           ")");
  CreateInferMeta(shape, Scalar(0), dtype, out);
}

void DropoutInferMeta(const Meta& x, const Scalar& p, int64_t seed, Meta* out, Meta* mask) {
  PD_CHECK(p.real() >= 0.0 && p.real() <= 1.0, InvalidArgument, "p must be in [0, 1], but got ", p.ToString());
  *out = Meta(x.dtype, x.dims);
  *mask = Meta(x.dtype, x.dims);
}

void PoissonInferMeta(const Meta& x, Meta* out) {
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be floating point, but got ", DataTypeName(x.dtype));
  *out = Meta(x.dtype, x.dims);
}

}  // namespace phi
