// The shape of a softmax along one axis, and the per-row arithmetic shared
// by the CPU loop (softmax_cpu.h) and the CUDA kernel (softmax_gpu.cuh).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "paddle/common/ddim.h"
#include "paddle/common/macros.h"
#include "paddle/phi/kernels/funcs/fast_math.h"
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

// e^x for x <= 0 (x minus the row's maximum): the vectorizable polynomial
// for float (below -87 it gives ~1e-38 instead of 0, far under float's
// resolution of the row sum), libm otherwise.
template <typename M>
PD_HOSTDEVICE inline M ExpShifted(M x) {
  if constexpr (std::is_same_v<M, float>) {
    return ExpOnRange(x);
  } else {
    return std::exp(x);
  }
}

// Normalizes one row: x[k * stride] for k < n, written to out likewise.
template <typename T>
PD_HOSTDEVICE PD_FORCEINLINE void SoftmaxRow(const T* x, T* out, int64_t n, int64_t stride, bool log) {
  using M = MathType<T>;
  M max = static_cast<M>(x[0]);
  PD_SIMD_REDUCTION(max, max)
  for (int64_t k = 1; k < n; ++k) {
    M v = static_cast<M>(x[k * stride]);
    max = v > max ? v : max;
  }
  M sum = 0;
  if (log) {
    PD_SIMD_REDUCTION(+, sum)
    for (int64_t k = 0; k < n; ++k) sum += ExpShifted<M>(static_cast<M>(x[k * stride]) - max);
    const M log_sum = std::log(sum) + max;
    for (int64_t k = 0; k < n; ++k) out[k * stride] = static_cast<T>(static_cast<M>(x[k * stride]) - log_sum);
    return;
  }
  if constexpr (std::is_same_v<T, M>) {  // keep e^(x - max) in out, then scale it
    PD_SIMD_REDUCTION(+, sum)
    for (int64_t k = 0; k < n; ++k) {
      const M e = ExpShifted<M>(static_cast<M>(x[k * stride]) - max);
      out[k * stride] = e;
      sum += e;
    }
    const M inv = M(1) / sum;
    for (int64_t k = 0; k < n; ++k) out[k * stride] *= inv;
  } else {  // half types: recompute rather than round twice
    PD_SIMD_REDUCTION(+, sum)
    for (int64_t k = 0; k < n; ++k) sum += ExpShifted<M>(static_cast<M>(x[k * stride]) - max);
    const M inv = M(1) / sum;
    for (int64_t k = 0; k < n; ++k) {
      out[k * stride] = static_cast<T>(ExpShifted<M>(static_cast<M>(x[k * stride]) - max) * inv);
    }
  }
}

}  // namespace phi::funcs
