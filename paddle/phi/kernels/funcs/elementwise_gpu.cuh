// The CUDA kernels behind every elementwise kernel: out[i] = f(in0[i], ...)
// with the semantics of CpuElementwise (elementwise_cpu.h): out may be a
// strided view, inputs broadcast to out's dims.
#pragma once

#include <algorithm>
#include <array>
#include <utility>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/strided_layout.h"

namespace phi::funcs {

inline constexpr int kElementwiseThreads = 256;
// Enough blocks to fill any current GPU many times over; the kernels loop
// (grid-stride) over whatever lies beyond.
inline constexpr int64_t kMaxElementwiseBlocks = 65535 * 4;

inline unsigned ElementwiseBlocks(int64_t numel) {
  return static_cast<unsigned>(
      std::min((numel + kElementwiseThreads - 1) / kElementwiseThreads, kMaxElementwiseBlocks));
}

// One `const DenseTensor&` per input type, so inputs form a parameter pack.
template <typename>
using GpuInputTensor = const DenseTensor&;

// An input of the contiguous path: either numel elements or one value
// broadcast to all (stride 0).
template <typename T>
struct FlatOperand {
  const T* ptr;
  int64_t stride;  // 1, or 0 for a broadcast scalar
};

template <typename OutT, typename F, typename... InT>
__global__ void ElementwiseContiguousKernel(int64_t numel, F f, OutT* out,
                                            FlatOperand<InT>... ins) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < numel;
       i += step) {
    out[i] = f(ins.ptr[i * ins.stride]...);
  }
}

template <typename F, size_t... I, typename... InT>
__device__ __forceinline__ auto ApplyAtOffsets(F f, const int64_t* off, std::index_sequence<I...>,
                                               const InT*... ins) {
  return f(ins[off[I + 1]]...);
}

// Each thread decomposes its linear index over the layout's dims (innermost
// first) into every operand's element offset.
template <int N, typename OutT, typename F, typename... InT>
__global__ void ElementwiseStridedKernel(StridedLayout<N> layout, F f, OutT* out,
                                         const InT*... ins) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < layout.numel;
       i += step) {
    int64_t off[N] = {};
    int64_t rest = i;
    for (int d = 0; d < layout.rank; ++d) {
      const int64_t idx = rest % layout.dims[d];
      rest /= layout.dims[d];
#pragma unroll
      for (int k = 0; k < N; ++k) off[k] += idx * layout.strides[k][d];
    }
    out[off[0]] = ApplyAtOffsets(f, off, std::index_sequence_for<InT...>{}, ins...);
  }
}

// Runs f elementwise on ctx's stream; `out` must already be allocated (it may
// be a strided view, as for setitem). Inputs broadcast to out's dims.
template <typename OutT, typename... InT, typename F>
void LaunchElementwise(const GPUContext& ctx, DenseTensor* out, F f, GpuInputTensor<InT>... ins) {
  constexpr int N = sizeof...(InT) + 1;
  static_assert(sizeof...(InT) == sizeof...(ins));
  const int64_t numel = out->numel();
  if (numel == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  const unsigned blocks = ElementwiseBlocks(numel);
  OutT* o = out->data<OutT>();
  const bool flat = out->IsContiguous() &&
                    ((ins.IsContiguous() && (ins.numel() == numel || ins.numel() == 1)) && ...);
  if (flat) {
    ElementwiseContiguousKernel<OutT, F, InT...><<<blocks, kElementwiseThreads, 0, ctx.stream()>>>(
        numel, f, o,
        FlatOperand<InT>{ins.template data<InT>(), ins.numel() == 1 && numel != 1 ? 0 : 1}...);
  } else {
    StridedLayout<N> layout = MakeStridedLayout<N>(*out, {&ins...});
    ElementwiseStridedKernel<N, OutT, F, InT...><<<blocks, kElementwiseThreads, 0, ctx.stream()>>>(
        layout, f, o, ins.template data<InT>()...);
  }
  PD_CUDA_CHECK(cudaGetLastError());
}

template <typename T, typename F>
__global__ void IndexFillKernel(int64_t numel, F f, T* out) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < numel;
       i += step) {
    out[i] = f(i);
  }
}

// out[i] = f(i) over the contiguous, allocated out.
template <typename T, typename F>
void LaunchIndexFill(const GPUContext& ctx, DenseTensor* out, F f) {
  const int64_t numel = out->numel();
  if (numel == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  IndexFillKernel<T, F><<<ElementwiseBlocks(numel), kElementwiseThreads, 0, ctx.stream()>>>(
      numel, f, out->data<T>());
  PD_CUDA_CHECK(cudaGetLastError());
}

template <typename F>
__global__ void ForEachKernel(int64_t n, F f) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step) {
    f(i);
  }
}

// f(i) for every i in [0, n) on ctx's stream (see the CPU LaunchForEach).
template <typename F>
void LaunchForEach(const GPUContext& ctx, int64_t n, F f, int64_t /*threshold*/ = 0) {
  if (n == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  ForEachKernel<F><<<ElementwiseBlocks(n), kElementwiseThreads, 0, ctx.stream()>>>(n, f);
  PD_CUDA_CHECK(cudaGetLastError());
}

}  // namespace phi::funcs
