// softmax and log_softmax for every backend over the backend's
// LaunchSoftmax, which normalizes each of the [outer, n, inner] rows of a
// contiguous x along n.
#pragma once

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {

template <typename T, typename Context>
void SoftmaxKernel(const Context& ctx, const DenseTensor& x, int64_t axis, DenseTensor* out) {
  ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  funcs::LaunchSoftmax<T>(ctx, x.data<T>(), out->template data<T>(), funcs::MakeSoftmaxShape(x.dims(), axis),
                          /*log=*/false);
}

template <typename T, typename Context>
void LogSoftmaxKernel(const Context& ctx, const DenseTensor& x, int64_t axis, DenseTensor* out) {
  ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  funcs::LaunchSoftmax<T>(ctx, x.data<T>(), out->template data<T>(), funcs::MakeSoftmaxShape(x.dims(), axis),
                          /*log=*/true);
}

}  // namespace phi

#define PD_REGISTER_SOFTMAX_KERNELS(B)                                       \
  PD_REGISTER_KERNEL(softmax, B, phi::SoftmaxKernel, PD_FLOATING_TYPES);     \
  PD_REGISTER_KERNEL(log_softmax, B, phi::LogSoftmaxKernel, PD_FLOATING_TYPES)
