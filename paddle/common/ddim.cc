#include "paddle/common/ddim.h"

namespace paddle {

std::string DDim::ToString() const {
  std::string s = "[";
  for (int i = 0; i < rank_; ++i) {
    if (i) s += ", ";
    s += std::to_string(d_[i]);
  }
  return s + "]";
}

int64_t DDim::CheckedNumel(int64_t element_bytes) const {
  // The other dims must fit even when one is 0 (as NumPy requires), so that
  // an empty tensor's shape stays meaningful to everything that reads it.
  int64_t n = 1;
  bool empty = false;
  for (int i = 0; i < rank_; ++i) {
    if (d_[i] == 0) {
      empty = true;
      continue;
    }
    PD_CHECK(!__builtin_mul_overflow(n, d_[i], &n), InvalidArgument, "a tensor of shape ", ToString(),
             " has more elements than fit in int64");
  }
  int64_t bytes = 0;
  PD_CHECK(!__builtin_mul_overflow(n, element_bytes, &bytes), InvalidArgument, "a tensor of shape ", ToString(),
           " with ", element_bytes, "-byte elements has more bytes than fit in int64");
  return empty ? 0 : n;
}

DDim ContiguousStrides(const DDim& dims) {
  DDim strides = dims;
  int64_t stride = 1;
  for (int i = dims.size() - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= dims[i] > 0 ? dims[i] : 1;
  }
  return strides;
}

int NormalizeAxis(int64_t axis, int rank, const char* arg) {
  int64_t lo = rank == 0 ? -1 : -rank, hi = rank == 0 ? 0 : rank - 1;
  PD_CHECK(axis >= lo && axis <= hi, OutOfRange, arg, " (", axis, ") must be in [", lo, ", ", hi,
           "] for a tensor of rank ", rank);
  return static_cast<int>(axis < 0 ? axis + (rank == 0 ? 1 : rank) : axis);
}

}  // namespace paddle
