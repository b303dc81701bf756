// Normalization kernels on the GPU. layer_norm's forward normalizes one row
// per block: the row is read once into shared memory when it fits, its mean
// and variance are block reductions (two passes, as the CPU's Moments), and
// it is written once. The rest share the per-row functors with the CPU.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"

namespace phi::funcs {

template <typename T>
struct LayerNormRowFunctor;
template <typename T>
void LaunchLayerNormRows(const GPUContext& ctx, int64_t rows, const LayerNormRowFunctor<T>& f);

}  // namespace phi::funcs

#include "paddle/phi/kernels/impl/norm_kernel_impl.h"

namespace phi::funcs {
namespace {

constexpr int kNormThreads = 256;

// The block's sum of every thread's v, returned to all threads.
template <typename M>
__device__ M BlockSum(M v, M* scratch) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0) scratch[threadIdx.x / 32] = v;
  __syncthreads();
  M total = 0;
  for (int w = 0; w < kNormThreads / 32; ++w) total += scratch[w];
  __syncthreads();  // scratch is reused by the next reduction
  return total;
}

template <typename T, bool kCached>
__global__ void __launch_bounds__(kNormThreads) LayerNormRowsKernel(LayerNormRowFunctor<T> f, int64_t rows) {
  using M = MathType<T>;
  extern __shared__ unsigned char cache_bytes[];
  M* cache = reinterpret_cast<M*>(cache_bytes);
  __shared__ M scratch[kNormThreads / 32];
  const int64_t n = f.cols;
  for (int64_t r = blockIdx.x; r < rows; r += gridDim.x) {
    const T* xr = f.x + r * n;
    auto value = [&](int64_t k) { return kCached ? cache[k] : static_cast<M>(xr[k]); };
    M local = 0;
    for (int64_t k = threadIdx.x; k < n; k += kNormThreads) {
      const M v = static_cast<M>(xr[k]);
      if (kCached) cache[k] = v;
      local += v;
    }
    const M mu = BlockSum(local, scratch) / static_cast<M>(n);
    M squares = 0;
    for (int64_t k = threadIdx.x; k < n; k += kNormThreads) {
      const M d = value(k) - mu;
      squares += d * d;
    }
    const M rstd = M(1) / std::sqrt(BlockSum(squares, scratch) / static_cast<M>(n) + f.epsilon);
    T* o = f.out + r * n;
    for (int64_t k = threadIdx.x; k < n; k += kNormThreads) {
      o[k] = static_cast<T>((value(k) - mu) * rstd * static_cast<M>(f.scale[k]) + static_cast<M>(f.bias[k]));
    }
    if (threadIdx.x == 0) {
      f.mean[r] = static_cast<T>(mu);
      f.rstd[r] = static_cast<T>(rstd);
    }
  }
}

}  // namespace

template <typename T>
void LaunchLayerNormRows(const GPUContext& ctx, int64_t rows, const LayerNormRowFunctor<T>& f) {
  using M = MathType<T>;
  gpu::DeviceGuard guard(ctx.device());
  const unsigned blocks = static_cast<unsigned>(std::min<int64_t>(rows, 65535 * 8));
  const size_t cache = static_cast<size_t>(f.cols) * sizeof(M);
  // The default shared-memory limit covers the dynamic cache and the
  // kernel's own reduction scratch together.
  if (cache + sizeof(M) * (kNormThreads / 32) <= 48 * 1024) {
    LayerNormRowsKernel<T, true><<<blocks, kNormThreads, cache, ctx.stream()>>>(f, rows);
  } else {
    LayerNormRowsKernel<T, false><<<blocks, kNormThreads, 0, ctx.stream()>>>(f, rows);
  }
  PD_CUDA_CHECK(cudaGetLastError());
}

}  // namespace phi::funcs

PD_REGISTER_NORM_KERNELS(GPU);
