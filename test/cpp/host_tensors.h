// Host values in and out of tensors, for the C++ tests' hand-computed checks.
#pragma once

#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/phi/api/transfer.h"

namespace paddle::test {

// A CPU tensor of these dims holding v (row-major).
template <typename T>
Tensor Make(std::vector<T> v, DDim dims) {
  return api::FromHostBuffer(v.data(), DataTypeOf<T>, dims, CPUPlace());
}

// t's values, row-major, on the host.
template <typename T>
std::vector<T> Values(const Tensor& t) {
  std::vector<T> v(static_cast<size_t>(t.numel()));
  api::ToHostBuffer(t, v.data());
  return v;
}

}  // namespace paddle::test
