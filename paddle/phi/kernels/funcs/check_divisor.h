#pragma once

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi::funcs {

// Throws InvalidArgument if the host tensor y (any strides) holds a 0.
template <typename T>
void CheckNoZeroDivisor(const DenseTensor& y) {
  const int rank = y.dims().size();
  const T* base = y.data<T>();
  int64_t idx[DDim::kMaxRank] = {};
  for (int64_t n = 0, total = y.numel(); n < total; ++n) {
    int64_t off = 0;
    for (int d = 0; d < rank; ++d) off += idx[d] * y.strides()[d];
    PD_CHECK(base[off] != 0, InvalidArgument, "integer division by zero: y holds a 0");
    for (int d = rank - 1; d >= 0 && ++idx[d] == y.dims()[d]; --d) idx[d] = 0;
  }
}

}  // namespace phi::funcs
