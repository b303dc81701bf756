// softmax, log_softmax, hard-label cross entropy and their fused gradients for every backend: each
// [outer, n, inner] row along the axis is one row program (funcs/softmax.h)
// that the backend's LaunchRowPrograms spreads over its threads.
#pragma once

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/index_check.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_elementwise.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {

template <typename T, typename Context>
void SoftmaxKernel(const Context& ctx, const DenseTensor& x, int64_t axis, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  funcs::LaunchRowPrograms(ctx, funcs::SoftmaxRows(x.dims(), axis), funcs::SoftmaxProgram<T>{x.data<T>(), o, false});
}

template <typename T, typename Context>
void LogSoftmaxKernel(const Context& ctx, const DenseTensor& x, int64_t axis, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  funcs::LaunchRowPrograms(ctx, funcs::SoftmaxRows(x.dims(), axis), funcs::SoftmaxProgram<T>{x.data<T>(), o, true});
}

template <typename T, typename Context>
void SoftmaxGradKernel(const Context& ctx, const DenseTensor& forward_out, const DenseTensor& out_grad, int64_t axis,
                       bool log, DenseTensor* x_grad) {
  T* xg = ctx.template Alloc<T>(x_grad);
  if (x_grad->numel() == 0) return;
  funcs::LaunchRowPrograms(ctx, funcs::SoftmaxRows(forward_out.dims(), axis),
                           funcs::SoftmaxGradProgram<T>{forward_out.data<T>(), out_grad.data<T>(), xg, log});
}

template <typename T, typename Context>
void SoftmaxCrossEntropyKernel(const Context& ctx, const DenseTensor& logits, const DenseTensor& label,
                               int64_t ignore_index, int64_t axis, DenseTensor* loss, DenseTensor* lse) {
  T* l = ctx.template Alloc<T>(loss);
  MathType<T>* s = ctx.template Alloc<MathType<T>>(lse);
  if (logits.numel() == 0) return;
  const int rank = logits.dims().size();
  const int64_t classes = rank == 0 ? 1 : logits.dims()[paddle::NormalizeAxis(axis, rank)];
  funcs::CheckIndices<int64_t>(ctx, label, {classes}, "label",
                               {.negative_ok = false, .has_ignored = true, .ignored = ignore_index});
  funcs::LaunchRowPrograms(ctx, funcs::SoftmaxRows(logits.dims(), axis),
                           funcs::CrossEntropyProgram<T>{logits.data<T>(), label.data<int64_t>(), ignore_index, l, s});
}

template <typename T, typename Context>
void SoftmaxCrossEntropyGradKernel(const Context& ctx, const DenseTensor& logits, const DenseTensor& label,
                                   const DenseTensor& lse, const DenseTensor& loss_grad, int64_t ignore_index,
                                   int64_t axis, DenseTensor* logits_grad) {
  T* g = ctx.template Alloc<T>(logits_grad);
  if (logits.numel() == 0) return;
  funcs::LaunchRowPrograms(ctx, funcs::SoftmaxRows(logits.dims(), axis),
                           funcs::CrossEntropyGradProgram<T>{logits.data<T>(), label.data<int64_t>(),
                                                             lse.data<MathType<T>>(), loss_grad.data<T>(),
                                                             ignore_index, g});
}

}  // namespace phi

#define PD_REGISTER_SOFTMAX_KERNELS(B)                                             \
  PD_REGISTER_OP_KERNEL(softmax, B, phi::SoftmaxKernel);                           \
  PD_REGISTER_OP_KERNEL(log_softmax, B, phi::LogSoftmaxKernel);                    \
  PD_REGISTER_OP_KERNEL(softmax_grad, B, phi::SoftmaxGradKernel);                  \
  PD_REGISTER_OP_KERNEL(softmax_cross_entropy, B, phi::SoftmaxCrossEntropyKernel); \
  PD_REGISTER_OP_KERNEL(softmax_cross_entropy_grad, B, phi::SoftmaxCrossEntropyGradKernel)
