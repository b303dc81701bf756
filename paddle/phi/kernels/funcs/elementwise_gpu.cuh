// The CUDA kernels behind every elementwise kernel: out[i] = f(in0[i], ...)
// with the semantics of CpuElementwise (elementwise_cpu.h): out may be a
// strided view, inputs broadcast to out's dims.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
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

// Vectorized loads: each thread moves `kLanes` neighbouring elements of every
// operand with one 16-byte (or narrower, for the narrower types) access, as
// memory-bound kernels need to reach the DRAM bandwidth.
template <typename... T>
constexpr int LanesOf() {
  size_t widest = 1;
  ((widest = sizeof(T) > widest ? sizeof(T) : widest), ...);
  return widest >= 16 ? 1 : static_cast<int>(16 / widest);
}

template <typename... T>
inline constexpr int kLanes = LanesOf<T...>();

template <typename T, int V>
struct alignas(sizeof(T) * V) Lanes {
  T v[V];
};

template <int V, typename T>
__device__ __forceinline__ Lanes<T, V> LoadLanes(FlatOperand<T> in, int64_t pack) {
  if (in.stride != 0) return reinterpret_cast<const Lanes<T, V>*>(in.ptr)[pack];
  Lanes<T, V> r;
#pragma unroll
  for (int k = 0; k < V; ++k) r.v[k] = in.ptr[0];
  return r;
}

template <int V, typename OutT, typename F, typename... InT>
__device__ __forceinline__ Lanes<OutT, V> ApplyLanes(F f, const Lanes<InT, V>&... in) {
  Lanes<OutT, V> r;
#pragma unroll
  for (int k = 0; k < V; ++k) r.v[k] = f(in.v[k]...);
  return r;
}

// The packs of kLanes elements, then the tail of numel % kLanes elements.
template <typename OutT, typename F, typename... InT>
__global__ void ElementwiseVectorKernel(int64_t numel, F f, OutT* out, FlatOperand<InT>... ins) {
  constexpr int V = kLanes<OutT, InT...>;
  const int64_t packs = numel / V;
  const int64_t first = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  auto* out_packs = reinterpret_cast<Lanes<OutT, V>*>(out);
  for (int64_t p = first; p < packs; p += step) {
    out_packs[p] = ApplyLanes<V, OutT>(f, LoadLanes<V>(ins, p)...);
  }
  for (int64_t i = packs * V + first; i < numel; i += step) out[i] = f(ins.ptr[i * ins.stride]...);
}

// True when every operand of the contiguous path may be read in packs of
// `lanes` elements: whole operands start on a pack boundary.
template <typename OutT, typename... InT>
bool PackAligned(int lanes, const OutT* out, FlatOperand<InT>... ins) {
  auto aligned = [lanes](const auto* ptr, int64_t stride, size_t size) {
    return stride == 0 || reinterpret_cast<uintptr_t>(ptr) % (size * lanes) == 0;
  };
  return aligned(out, 1, sizeof(OutT)) && (aligned(ins.ptr, ins.stride, sizeof(InT)) && ...);
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

template <typename T>
FlatOperand<T> FlatOf(const DenseTensor& t, int64_t numel) {
  return {t.data<T>(), t.numel() == 1 && numel != 1 ? 0 : 1};
}

template <typename OutT, typename F, typename... InT>
void LaunchFlat(const GPUContext& ctx, int64_t numel, F f, OutT* out, FlatOperand<InT>... ins) {
  constexpr int V = kLanes<OutT, InT...>;
  if (V > 1 && numel >= V && PackAligned(V, out, ins...)) {
    ElementwiseVectorKernel<OutT, F, InT...>
        <<<ElementwiseBlocks((numel + V - 1) / V), kElementwiseThreads, 0, ctx.stream()>>>(numel, f, out,
                                                                                          ins...);
  } else {
    ElementwiseContiguousKernel<OutT, F, InT...>
        <<<ElementwiseBlocks(numel), kElementwiseThreads, 0, ctx.stream()>>>(numel, f, out, ins...);
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
    LaunchFlat(ctx, numel, f, o, FlatOf<InT>(ins, numel)...);
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
