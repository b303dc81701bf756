// The GPU overloads of the copy primitives declared in kernels/copy.h. Every
// .cu that instantiates impl/view_kernel_impl.h includes this first, so that
// the templates find these overloads for GPUContext.
#pragma once

#include <cstddef>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/copy.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/impl/elementwise_kernel_impl.h"

namespace phi {

// Copies src, broadcast to dst's dims, into dst's memory honouring dst's
// strides, on ctx's stream.
inline void StridedCopy(const GPUContext& ctx, const DenseTensor& src, DenseTensor* dst) {
  PD_CHECK(src.dtype() == dst->dtype(), InvalidType, "copy needs equal dtypes, but got ",
           paddle::DataTypeName(src.dtype()), " and ", paddle::DataTypeName(dst->dtype()));
  paddle::VisitDataType(src.dtype(), "strided_copy", [&](auto tag) {
    StridedCopyKernel<typename decltype(tag)::type, GPUContext>(ctx, src, dst);
  });
}

// `height` rows of `width` bytes from src (row pitch spitch) to dst (dpitch),
// both in ctx's device memory; queued on ctx's stream.
inline void Copy2D(const GPUContext& ctx, void* dst, size_t dpitch, const void* src, size_t spitch,
                   size_t width, size_t height) {
  gpu::DeviceGuard guard(ctx.device());
  PD_CUDA_CHECK(cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, cudaMemcpyDeviceToDevice,
                                  ctx.stream()));
}

}  // namespace phi
