// The host side of the index kernels (impl/index_kernel_impl.h) on CUDA:
// index checks run on the device and report at the next wait for it.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "paddle/phi/backends/gpu/deferred_errors.h"
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
  gpu::BadIndexSlot* slot;
  __device__ void operator()(int64_t i) const {
    if (!rule.Valid(static_cast<int64_t>(idx[walk.Offset(i)]), bounds[i % period])) {
      atomicMin(&slot->first_bad, static_cast<unsigned long long>(i));  // NOLINT
    }
  }
};

// After BadIndexFunctor: the value at the first rejected position.
template <typename I>
struct BadIndexValueFunctor {
  const I* idx;
  IndexWalk walk;
  gpu::BadIndexSlot* slot;
  __device__ void operator()(int64_t) const {
    if (slot->first_bad != gpu::kNoBadIndex) slot->value = static_cast<long long>(idx[walk.Offset(slot->first_bad)]);
  }
};

// Queues the check and returns: the host hears of a rejected index at its
// next wait for the device (Note [Deferred index errors]).
template <typename I>
void CheckIndexWalk(const GPUContext& ctx, const I* idx, const IndexWalk& walk, const std::vector<int64_t>& bounds,
                    const IndexRule& rule, paddle::common::ErrorCode code, std::function<std::string(int64_t, int64_t)> describe) {
  PD_CHECK(bounds.size() <= kMaxIndexBounds, InvalidArgument, "indexing more than ", kMaxIndexBounds,
           " dims at once is not supported on the GPU");
  BadIndexFunctor<I> f{idx, walk, {}, static_cast<int>(bounds.size()), rule, nullptr};
  for (size_t j = 0; j < bounds.size(); ++j) f.bounds[j] = bounds[j];
  gpu::DeferIndexCheck(ctx.device(), {code, std::move(describe)}, [&](gpu::BadIndexSlot* slot) {
    f.slot = slot;
    LaunchForEach(ctx, walk.numel, f);
    LaunchForEach(ctx, 1, BadIndexValueFunctor<I>{idx, walk, slot});
  });
}

inline void CopyToHost(const GPUContext& ctx, void* dst, const void* src, size_t bytes) {
  if (bytes) gpu::Memcpy(dst, src, bytes, gpu::CopyKind::kDeviceToHost, ctx.device());
}

inline void CopyFromHost(const GPUContext& ctx, void* dst, const void* src, size_t bytes) {
  if (bytes) gpu::Memcpy(dst, src, bytes, gpu::CopyKind::kHostToDevice, ctx.device());
}

}  // namespace phi::funcs
