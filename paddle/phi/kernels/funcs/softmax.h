// The shape of a softmax along one axis, and the per-row arithmetic shared
// by the CPU loop (softmax_cpu.h) and the CUDA kernel (softmax_gpu.cuh).
#pragma once

#include <cmath>
#include <cstdint>

#include "paddle/common/ddim.h"
#include "paddle/common/macros.h"
#include "paddle/phi/kernels/funcs/math_type.h"

namespace phi::funcs {

struct SoftmaxShape {
  int64_t outer = 1;  // product of dims before the axis
  int64_t n = 1;      // the axis
  int64_t inner = 1;  // product of dims after the axis
};

inline SoftmaxShape MakeSoftmaxShape(const paddle::DDim& dims, int64_t axis) {
  SoftmaxShape s;
  if (dims.size() == 0) return s;
  const int a = paddle::NormalizeAxis(axis, dims.size());
  for (int i = 0; i < dims.size(); ++i) {
    if (i < a) s.outer *= dims[i];
    if (i == a) s.n = dims[i];
    if (i > a) s.inner *= dims[i];
  }
  return s;
}

// Normalizes one row: x[k * stride] for k < n, written to out likewise.
template <typename T>
PD_HOSTDEVICE void SoftmaxRow(const T* x, T* out, int64_t n, int64_t stride, bool log) {
  using M = MathType<T>;
  M max = static_cast<M>(x[0]);
  for (int64_t k = 1; k < n; ++k) {
    M v = static_cast<M>(x[k * stride]);
    max = v > max ? v : max;
  }
  M sum = 0;
  for (int64_t k = 0; k < n; ++k) sum += std::exp(static_cast<M>(x[k * stride]) - max);
  if (log) {
    const M log_sum = std::log(sum) + max;
    for (int64_t k = 0; k < n; ++k) out[k * stride] = static_cast<T>(static_cast<M>(x[k * stride]) - log_sum);
  } else {
    const M inv = M(1) / sum;
    for (int64_t k = 0; k < n; ++k) out[k * stride] = static_cast<T>(std::exp(static_cast<M>(x[k * stride]) - max) * inv);
  }
}

}  // namespace phi::funcs
