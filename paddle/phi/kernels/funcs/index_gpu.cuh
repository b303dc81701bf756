// The host side of the index kernels (impl/index_kernel_impl.h) on CUDA:
// index checks run on the device and bring back one number.
#pragma once

#include <vector>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/funcs/index_walk.h"

namespace phi::funcs {

inline constexpr int kMaxIndexBounds = 16;

template <typename I>
struct BadIndexFunctor {
  const I* idx;
  IndexWalk walk;
  int64_t bounds[kMaxIndexBounds];
  int period;
  IndexRule rule;
  unsigned long long* first_bad;  // NOLINT: atomicMin's type
  __device__ void operator()(int64_t i) const {
    if (!rule.Valid(static_cast<int64_t>(idx[walk.Offset(i)]), bounds[i % period])) {
      atomicMin(first_bad, static_cast<unsigned long long>(i));  // NOLINT
    }
  }
};

template <typename I>
int64_t FindBadIndex(const GPUContext& ctx, const I* idx, const IndexWalk& walk, const std::vector<int64_t>& bounds,
                     const IndexRule& rule) {
  if (walk.numel == 0) return -1;
  PD_CHECK(bounds.size() <= kMaxIndexBounds, InvalidArgument, "indexing more than ", kMaxIndexBounds,
           " dims at once is not supported on the GPU");
  BadIndexFunctor<I> f{idx, walk, {}, static_cast<int>(bounds.size()), rule, nullptr};
  for (size_t j = 0; j < bounds.size(); ++j) f.bounds[j] = bounds[j];
  auto flag = gpu::GetGPUAllocator(ctx.device())->Allocate(sizeof(unsigned long long));  // NOLINT
  const unsigned long long none = ~0ull;  // NOLINT
  gpu::Memcpy(flag->ptr(), &none, sizeof(none), gpu::CopyKind::kHostToDevice, ctx.device());
  f.first_bad = static_cast<unsigned long long*>(flag->ptr());  // NOLINT
  LaunchForEach(ctx, walk.numel, f);
  unsigned long long found = none;  // NOLINT
  gpu::Memcpy(&found, flag->ptr(), sizeof(found), gpu::CopyKind::kDeviceToHost, ctx.device());
  return found == none ? -1 : static_cast<int64_t>(found);
}

template <typename I>
int64_t IndexValueAt(const GPUContext& ctx, const I* idx, int64_t position) {
  I value;
  gpu::Memcpy(&value, idx + position, sizeof(I), gpu::CopyKind::kDeviceToHost, ctx.device());
  return static_cast<int64_t>(value);
}

inline void CopyToHost(const GPUContext& ctx, void* dst, const void* src, size_t bytes) {
  if (bytes) gpu::Memcpy(dst, src, bytes, gpu::CopyKind::kDeviceToHost, ctx.device());
}

inline void CopyFromHost(const GPUContext& ctx, void* dst, const void* src, size_t bytes) {
  if (bytes) gpu::Memcpy(dst, src, bytes, gpu::CopyKind::kHostToDevice, ctx.device());
}

}  // namespace phi::funcs
