#include <cmath>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

void CreateInferMeta(const IntArray& shape, const Scalar&, DataType dtype, Meta* out) {
  for (int64_t d : shape.GetData()) {
    PD_CHECK(d >= 0, InvalidArgument, "every dim of shape must be >= 0, but got ",
             DDim(shape.GetData()).ToString());
  }
  DDim dims(shape.GetData());
  dims.CheckedNumel();
  *out = Meta(dtype, dims);
}

void AssignValueInferMeta(const IntArray& shape, DataType dtype, const std::vector<double>& values, Meta* out) {
  CreateInferMeta(shape, Scalar(0), dtype, out);
  PD_CHECK(static_cast<int64_t>(values.size()) == out->dims.numel(), InvalidArgument, "values has ", values.size(),
           " elements, but shape ", out->dims.ToString(), " needs ", out->dims.numel());
}

void FullIntArrayInferMeta(const std::vector<int64_t>& value, DataType dtype, Meta* out) {
  *out = Meta(dtype, DDim({static_cast<int64_t>(value.size())}));
}

void ArangeInferMeta(const Scalar& start, const Scalar& end, const Scalar& step, DataType dtype,
                     Meta* out) {
  PD_CHECK(step.real() != 0, InvalidArgument, "step must not be 0");
  double n = std::ceil((end.real() - start.real()) / step.real());
  PD_CHECK(std::isfinite(n) && n < 9.2e18, InvalidArgument,
           "start, end and step must be finite and give fewer than 2^63 values, but got ",
           start.ToString(), ", ", end.ToString(), ", ", step.ToString());
  *out = Meta(dtype, DDim({n > 0 ? static_cast<int64_t>(n) : 0}));
}

}  // namespace phi
