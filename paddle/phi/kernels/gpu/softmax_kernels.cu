// softmax and log_softmax on the GPU. Along the last axis (contiguous rows,
// the case of attention and classifiers) one block normalizes one row: the
// row is read once into shared memory when it fits, its maximum and sum are
// block reductions, and it is written once. Other axes run one thread per
// (outer, inner) line with the per-row arithmetic the CPU uses.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi::funcs {

template <typename T>
__global__ void SoftmaxRowsKernel(const T* x, T* out, SoftmaxShape s, bool log) {
  const int64_t rows = s.outer * s.inner;
  for (int64_t r = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; r < rows;
       r += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t base = (r / s.inner) * s.n * s.inner + r % s.inner;
    SoftmaxRow(x + base, out + base, s.n, s.inner, log);
  }
}

constexpr int kRowThreads = 256;

struct MaxOp {
  template <typename M>
  __device__ M operator()(M a, M b) const {
    return b > a ? b : a;
  }
};
struct SumOp {
  template <typename M>
  __device__ M operator()(M a, M b) const {
    return a + b;
  }
};

// The reduction of every thread's `v` over the block, returned to all
// threads. `scratch` holds one value per warp.
template <typename M, typename Op>
__device__ M BlockReduce(M v, Op op, M* scratch) {
  for (int offset = 16; offset > 0; offset /= 2) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  M total = scratch[0];
  for (int w = 1; w < kRowThreads / 32; ++w) total = op(total, scratch[w]);
  __syncthreads();  // scratch is reused by the next reduction
  return total;
}

// kCached: the row is kept in shared memory (as M) between the passes;
// otherwise each pass reads it again from global memory (through L2).
template <typename T, bool kCached>
__global__ void __launch_bounds__(kRowThreads) SoftmaxLastAxisKernel(const T* x, T* out, int64_t rows, int64_t n,
                                                                     bool log) {
  using M = MathType<T>;
  extern __shared__ unsigned char cache_bytes[];
  M* cache = reinterpret_cast<M*>(cache_bytes);
  __shared__ M scratch[kRowThreads / 32];
  for (int64_t r = blockIdx.x; r < rows; r += gridDim.x) {
    const T* xr = x + r * n;
    T* yr = out + r * n;
    auto value = [&](int64_t k) { return kCached ? cache[k] : static_cast<M>(xr[k]); };
    M local_max = -INFINITY;
    for (int64_t k = threadIdx.x; k < n; k += kRowThreads) {
      const M v = static_cast<M>(xr[k]);
      if (kCached) cache[k] = v;
      local_max = v > local_max ? v : local_max;
    }
    const M row_max = BlockReduce(local_max, MaxOp(), scratch);
    M local_sum = 0;
    for (int64_t k = threadIdx.x; k < n; k += kRowThreads) local_sum += ExpShifted<M>(value(k) - row_max);
    const M sum = BlockReduce(local_sum, SumOp(), scratch);
    if (log) {
      const M log_sum = std::log(sum) + row_max;
      for (int64_t k = threadIdx.x; k < n; k += kRowThreads) yr[k] = static_cast<T>(value(k) - log_sum);
    } else {
      const M inv = M(1) / sum;
      for (int64_t k = threadIdx.x; k < n; k += kRowThreads) {
        yr[k] = static_cast<T>(ExpShifted<M>(value(k) - row_max) * inv);
      }
    }
  }
}

template <typename T>
void LaunchSoftmax(const GPUContext& ctx, const T* x, T* out, const SoftmaxShape& s, bool log) {
  gpu::DeviceGuard guard(ctx.device());
  if (s.inner == 1 && s.n > 0) {
    using M = MathType<T>;
    const int64_t rows = s.outer;
    const unsigned blocks = static_cast<unsigned>(std::min<int64_t>(rows, 65535 * 8));
    const size_t cache = static_cast<size_t>(s.n) * sizeof(M);
    // The default shared-memory limit covers the dynamic cache and the
    // kernel's own reduction scratch together.
    if (cache + sizeof(M) * (kRowThreads / 32) <= 48 * 1024) {
      SoftmaxLastAxisKernel<T, true><<<blocks, kRowThreads, cache, ctx.stream()>>>(x, out, rows, s.n, log);
    } else {
      SoftmaxLastAxisKernel<T, false><<<blocks, kRowThreads, 0, ctx.stream()>>>(x, out, rows, s.n, log);
    }
    PD_CUDA_CHECK(cudaGetLastError());
    return;
  }
  const int64_t rows = s.outer * s.inner;
  const int threads = 256;
  const unsigned blocks = static_cast<unsigned>(std::min<int64_t>((rows + threads - 1) / threads, 65535 * 4));
  SoftmaxRowsKernel<T><<<blocks, threads, 0, ctx.stream()>>>(x, out, s, log);
  PD_CUDA_CHECK(cudaGetLastError());
}

}  // namespace phi::funcs

#include "paddle/phi/kernels/impl/softmax_kernel_impl.h"

PD_REGISTER_SOFTMAX_KERNELS(GPU);
