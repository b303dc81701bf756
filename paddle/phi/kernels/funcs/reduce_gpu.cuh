// The CUDA reduce kernels over a ReducePlan's [outer, reduce, inner] view,
// with the semantics of reduce_cpu.h:
//   out[o * inner + i] = scale * reduce over k of x[(o * reduce + k) * inner + i]
// accumulated in R::Acc.
#pragma once

#include <algorithm>
#include <cstring>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/funcs/reduce_plan.h"

namespace phi::funcs {

inline constexpr int kReduceThreads = 256;
inline constexpr int kWarpSize = 32;
inline constexpr int64_t kMaxReduceBlocks = 65535 * 4;
// Enough resident blocks to fill an H200 (132 SMs x 8 blocks of 256).
inline constexpr int64_t kTargetReduceBlocks = 1024;
// The fewest elements a block reduces when a row is split across blocks, so
// that the second pass stays small.
inline constexpr int64_t kMinReduceChunk = kReduceThreads * 16;
// Threads worth running for the column kernel before it stops splitting the
// reduced axis.
inline constexpr int64_t kTargetReduceThreads = 1 << 18;

inline int64_t NextPow2(int64_t n) {
  int64_t p = 1;
  while (p < n) p *= 2;
  return p;
}

// __shfl_down_sync for any trivially copyable type (complex, int8_t, ...),
// moved as 32-bit words.
template <typename T>
__device__ __forceinline__ T ShuffleDown(T v, int delta) {
  constexpr int kWords = (sizeof(T) + 3) / 4;
  unsigned words[kWords] = {};
  memcpy(words, &v, sizeof(T));
#pragma unroll
  for (int w = 0; w < kWords; ++w) words[w] = __shfl_down_sync(0xffffffffu, words[w], delta);
  memcpy(&v, words, sizeof(T));
  return v;
}

// Lane 0 ends with the combination of the warp's 32 values.
template <typename Acc, typename R>
__device__ __forceinline__ Acc WarpReduce(Acc v, R r) {
#pragma unroll
  for (int delta = kWarpSize / 2; delta > 0; delta /= 2) v = r.Combine(v, ShuffleDown(v, delta));
  return v;
}

template <typename Out, typename Acc>
__device__ __forceinline__ Out FinishReduce(Acc v, double scale) {
  return scale == 1.0 ? static_cast<Out>(v) : static_cast<Out>(v * static_cast<Acc>(scale));
}

// Shared memory as raw bytes: a __shared__ variable cannot have a
// constructor that does anything, and complex's default one zeroes it.
template <typename Acc, int kCount>
__device__ __forceinline__ Acc* SharedAccs() {
  __shared__ alignas(alignof(Acc)) unsigned char bytes[kCount * sizeof(Acc)];
  return reinterpret_cast<Acc*>(bytes);
}

// Contiguous rows: each block reduces one segment (a row, or a chunk of it)
// per iteration: its threads stride over the segment, then combine through
// warp shuffles and one value per warp in shared memory. Segment s is chunk
// s % chunks of row s / chunks, and its result goes to out[s].
template <typename In, typename Out, typename R>
__global__ void ReduceRowsKernel(const In* x, Out* out, int64_t rows, int64_t len, int64_t chunks,
                                 R r, double scale) {
  using Acc = typename R::Acc;
  Acc* warp_results = SharedAccs<Acc, kReduceThreads / kWarpSize>();
  const int lane = threadIdx.x % kWarpSize, warp = threadIdx.x / kWarpSize;
  const int warps = blockDim.x / kWarpSize;
  const int64_t chunk_len = (len + chunks - 1) / chunks;
  for (int64_t s = blockIdx.x; s < rows * chunks; s += gridDim.x) {
    const In* row = x + (s / chunks) * len;
    const int64_t begin = (s % chunks) * chunk_len;
    const int64_t end = min(len, begin + chunk_len);
    Acc acc = r.Init();
    for (int64_t k = begin + threadIdx.x; k < end; k += blockDim.x) {
      acc = r.Combine(acc, static_cast<Acc>(row[k]));
    }
    acc = WarpReduce(acc, r);
    if (lane == 0) warp_results[warp] = acc;
    __syncthreads();
    if (warp == 0) {
      acc = WarpReduce(lane < warps ? warp_results[lane] : r.Init(), r);
      if (lane == 0) out[s] = FinishReduce<Out>(acc, scale);
    }
    // warp_results is rewritten by the next segment.
    __syncthreads();
  }
}

// One output per x-thread (outputs are flattened (o, i), so adjacent threads
// read adjacent i and loads coalesce); the block's y-threads split the
// reduced axis and combine through shared memory.
template <typename T, typename R>
__global__ void ReduceColumnsKernel(const T* x, T* out, int64_t outputs, int64_t len, int64_t inner,
                                    R r, double scale) {
  using Acc = typename R::Acc;
  Acc* partial = SharedAccs<Acc, kReduceThreads>();
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  // The loop bound is the same for the whole block, so every thread reaches
  // the barriers.
  for (int64_t first = static_cast<int64_t>(blockIdx.x) * blockDim.x; first < outputs;
       first += step) {
    const int64_t j = first + threadIdx.x;
    Acc acc = r.Init();
    if (j < outputs) {
      const T* column = x + (j / inner) * len * inner + j % inner;
      for (int64_t k = threadIdx.y; k < len; k += blockDim.y) {
        acc = r.Combine(acc, static_cast<Acc>(column[k * inner]));
      }
    }
    partial[tid] = acc;
    __syncthreads();
    for (int half = blockDim.y / 2; half > 0; half /= 2) {
      if (threadIdx.y < half) {
        partial[tid] = r.Combine(partial[tid], partial[tid + half * blockDim.x]);
      }
      __syncthreads();
    }
    if (threadIdx.y == 0 && j < outputs) out[j] = FinishReduce<T>(partial[threadIdx.x], scale);
    __syncthreads();
  }
}

template <typename T, typename R>
void LaunchReduceRows(const GPUContext& ctx, const T* x, T* out, const ReducePlan& p, R r,
                      double scale) {
  using Acc = typename R::Acc;
  const int threads =
      static_cast<int>(std::clamp<int64_t>(NextPow2(p.reduce), kWarpSize, kReduceThreads));
  // Few long rows (a full reduction above all) would leave most SMs idle
  // with a block per row: split the rows across blocks, then reduce the
  // per-chunk results in a second pass.
  int64_t chunks = 1;
  if (p.outer < kTargetReduceBlocks) {
    chunks = std::max<int64_t>(
        1, std::min((kTargetReduceBlocks + p.outer - 1) / p.outer, p.reduce / kMinReduceChunk));
  }
  if (chunks == 1) {
    ReduceRowsKernel<T, T, R><<<std::min(p.outer, kMaxReduceBlocks), threads, 0, ctx.stream()>>>(
        x, out, p.outer, p.reduce, 1, r, scale);
    return;
  }
  // The temporary goes back to the cache when this returns, before the
  // kernels run; that is safe because all of the device's work, including
  // any later user of the block, runs in order on ctx's stream.
  std::shared_ptr<Allocation> tmp =
      GetAllocator(ctx.GetPlace())->Allocate(static_cast<size_t>(p.outer * chunks) * sizeof(Acc));
  Acc* partial = static_cast<Acc*>(tmp->ptr());
  ReduceRowsKernel<T, Acc, R>
      <<<std::min(p.outer * chunks, kMaxReduceBlocks), threads, 0, ctx.stream()>>>(
          x, partial, p.outer, p.reduce, chunks, r, 1.0);
  PD_CUDA_CHECK(cudaGetLastError());
  const int second_threads =
      static_cast<int>(std::clamp<int64_t>(NextPow2(chunks), kWarpSize, kReduceThreads));
  ReduceRowsKernel<Acc, T, R>
      <<<std::min(p.outer, kMaxReduceBlocks), second_threads, 0, ctx.stream()>>>(
          partial, out, p.outer, chunks, 1, r, scale);
}

template <typename T, typename R>
void LaunchReduceColumns(const GPUContext& ctx, const T* x, T* out, const ReducePlan& p, R r,
                         double scale) {
  const int64_t outputs = p.outer * p.inner;
  // Keep up to a warp of adjacent i in each row of threads, so that loads
  // along the inner axis coalesce; the rest of the block splits the reduced
  // axis until enough threads run.
  const int64_t min_x = p.inner == 1 ? 1 : std::min<int64_t>(kWarpSize, NextPow2(p.inner));
  int64_t y = NextPow2((kTargetReduceThreads + outputs - 1) / outputs);
  y = std::min({y, NextPow2(p.reduce), kReduceThreads / min_x});
  const dim3 block(static_cast<unsigned>(kReduceThreads / y), static_cast<unsigned>(y));
  const int64_t blocks = std::min((outputs + block.x - 1) / block.x, kMaxReduceBlocks);
  ReduceColumnsKernel<T, R>
      <<<blocks, block, 0, ctx.stream()>>>(x, out, outputs, p.reduce, p.inner, r, scale);
}

// Reduces the contiguous x on ctx's stream. Contiguous rows of at least two
// warps' worth take the row kernel; everything else the column kernel.
template <typename T, typename R>
void LaunchReduce(const GPUContext& ctx, const T* x, T* out, const ReducePlan& p, R r,
                  double scale) {
  if (p.outer * p.inner == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  if (p.inner == 1 && p.reduce >= 2 * kWarpSize) {
    LaunchReduceRows(ctx, x, out, p, r, scale);
  } else {
    LaunchReduceColumns(ctx, x, out, p, r, scale);
  }
  PD_CUDA_CHECK(cudaGetLastError());
}

}  // namespace phi::funcs
