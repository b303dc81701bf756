// Byte- and element-copy primitives that several kernels share; each backend
// defines its overloads (CPU: cpu/copy_kernels.cc, GPU: gpu/copy.cuh).
#pragma once

#include <cstddef>

#include "paddle/phi/core/device_context.h"

namespace phi {

// Copies src, broadcast to dst's dims, into dst's memory honouring dst's
// strides. Both on the context's device; dtypes must match.
void StridedCopy(const CPUContext& ctx, const DenseTensor& src, DenseTensor* dst);

// `height` rows of `width` bytes from src (row pitch spitch) to dst (dpitch).
void Copy2D(const CPUContext& ctx, void* dst, size_t dpitch, const void* src, size_t spitch,
            size_t width, size_t height);

}  // namespace phi
