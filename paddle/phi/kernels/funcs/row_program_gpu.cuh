// Row programs on the GPU (Note [Row programs]). A contiguous row goes to one
// block: its elements are spread over the threads, the staged input rows are
// read once into shared memory when they fit, and Sum/Max are block
// reductions (warp shuffles, then one value per warp). Strided rows, whose
// elements lie `inner` apart, go one to a thread, as on the CPU.
#pragma once

#include <algorithm>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/row_program.h"

namespace phi::funcs {

inline constexpr int kRowThreads = 256;
inline constexpr int kRowWarps = kRowThreads / 32;

// A staged row: from shared memory when it fitted, else from global memory.
template <typename M, typename T>
struct StagedRow {
  const M* cached;
  const T* global;
  __device__ __forceinline__ M operator()(int64_t k) const {
    return cached != nullptr ? cached[k] : static_cast<M>(global[k]);
  }
};

template <typename M>
struct BlockRow {
  int64_t n, base;
  M* cache;            // shared memory left for staged rows
  int64_t cache_left;  // in elements
  M* scratch;          // 2 * kRowWarps values

  __device__ __forceinline__ int64_t At(int64_t k) const { return base + k; }

  template <typename F>
  __device__ __forceinline__ void ForEach(F f) const {
    for (int64_t k = threadIdx.x; k < n; k += kRowThreads) f(k);
  }
  template <typename F>
  __device__ __forceinline__ void Once(F f) const {
    if (threadIdx.x == 0) f();
  }

  template <typename T>
  __device__ StagedRow<M, T> Stage(const T* p) {
    const T* row = p + base;
    if (cache_left < n) return {nullptr, row};
    M* slot = cache;
    cache += n;
    cache_left -= n;
    ForEach([&](int64_t k) { slot[k] = static_cast<M>(row[k]); });
    __syncthreads();
    return {slot, row};
  }

  template <typename F>
  __device__ M Sum(F f) const {
    M s = 0;
    ForEach([&](int64_t k) { s += f(k); });
    return Reduce(s, [](M a, M b) { return a + b; }, scratch);
  }
  template <typename F>
  __device__ M Max(F f) const {
    M m = -static_cast<M>(INFINITY);
    ForEach([&](int64_t k) {
      const M v = f(k);
      m = v > m ? v : m;
    });
    return Reduce(m, [](M a, M b) { return b > a ? b : a; }, scratch);
  }
  template <typename F>
  __device__ SumPair<M> Sums(F f) const {
    M a = 0, b = 0;
    ForEach([&](int64_t k) {
      const SumPair<M> v = f(k);
      a += v.a;
      b += v.b;
    });
    auto add = [](M x, M y) { return x + y; };
    // Two scratch halves, so both reductions share one pair of barriers.
    return {Reduce(a, add, scratch, false), Reduce(b, add, scratch + kRowWarps)};
  }

 private:
  // Every thread's v combined by op, returned to all threads. `sync_after`
  // false leaves the barrier that guards reuse of `slots` to a later call.
  template <typename Op>
  __device__ static M Reduce(M v, Op op, M* slots, bool sync_after = true) {
    for (int offset = 16; offset > 0; offset /= 2) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
    if (threadIdx.x % 32 == 0) slots[threadIdx.x / 32] = v;
    __syncthreads();
    M total = slots[0];
    for (int w = 1; w < kRowWarps; ++w) total = op(total, slots[w]);
    if (sync_after) __syncthreads();
    return total;
  }
};

template <typename Program>
__global__ void __launch_bounds__(kRowThreads)
    RowBlocksKernel(Program p, int64_t rows, int64_t n, int64_t cache_len) {
  using M = typename Program::Math;
  extern __shared__ __align__(16) unsigned char cache_bytes[];
  __shared__ M scratch[2 * kRowWarps];
  for (int64_t r = blockIdx.x; r < rows; r += gridDim.x) {
    __syncthreads();  // the previous row's last reads of the cache are done
    BlockRow<M> row{n, r * n, reinterpret_cast<M*>(cache_bytes), cache_len, scratch};
    p(row, r);
  }
}

template <typename Program>
__global__ void SerialRowsKernel(Program p, RowShape s) {
  const int64_t rows = s.rows();
  for (int64_t r = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; r < rows;
       r += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    RunSerialRow(p, s, r);
  }
}

template <typename Program>
void LaunchRowPrograms(const GPUContext& ctx, const RowShape& s, const Program& p) {
  using M = typename Program::Math;
  const int64_t rows = s.rows();
  if (rows == 0 || s.n == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  if (s.inner == 1) {
    // The default 48 KiB of shared memory holds the scratch and as many
    // whole staged rows as fit.
    const int64_t fit = (48 * 1024 - static_cast<int64_t>(sizeof(M)) * 2 * kRowWarps) / (s.n * sizeof(M));
    const int64_t staged = std::min<int64_t>(Program::kStaged, fit);
    const size_t bytes = static_cast<size_t>(staged * s.n) * sizeof(M);
    const unsigned blocks = static_cast<unsigned>(std::min<int64_t>(rows, 65535 * 8));
    RowBlocksKernel<Program><<<blocks, kRowThreads, bytes, ctx.stream()>>>(p, rows, s.n, staged * s.n);
  } else {
    const unsigned blocks = static_cast<unsigned>(std::min<int64_t>((rows + 255) / 256, 65535 * 4));
    SerialRowsKernel<Program><<<blocks, 256, 0, ctx.stream()>>>(p, s);
  }
  PD_CUDA_CHECK(cudaGetLastError());
}

}  // namespace phi::funcs
