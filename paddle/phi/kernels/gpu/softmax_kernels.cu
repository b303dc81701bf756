// softmax on the GPU: one thread per row (correct for any axis; a fused,
// warp-per-row kernel for the last axis is issue 6's work).
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

template <typename T>
void LaunchSoftmax(const GPUContext& ctx, const T* x, T* out, const SoftmaxShape& s, bool log) {
  gpu::DeviceGuard guard(ctx.device());
  const int64_t rows = s.outer * s.inner;
  const int threads = 256;
  const unsigned blocks = static_cast<unsigned>(std::min<int64_t>((rows + threads - 1) / threads, 65535 * 4));
  SoftmaxRowsKernel<T><<<blocks, threads, 0, ctx.stream()>>>(x, out, s, log);
  PD_CUDA_CHECK(cudaGetLastError());
}

}  // namespace phi::funcs

#include "paddle/phi/kernels/impl/softmax_kernel_impl.h"

PD_REGISTER_SOFTMAX_KERNELS(GPU);
