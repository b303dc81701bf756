// sum, mean, max, min for every backend, over funcs::LaunchReduce.
#pragma once

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/shape_rules.h"
#include "paddle/phi/kernels/funcs/reduce_plan.h"
#include "paddle/phi/kernels/funcs/reducers.h"
#include "paddle/phi/kernels/impl/elementwise_kernel_impl.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_reduction.h"

namespace phi {

// Reduces the contiguous x over `axis` into out (already shaped by
// infer-meta), scaling by `scale` (1/n for mean).
template <typename T, typename Context, typename Reducer>
void ReduceImpl(const Context& ctx, const DenseTensor& x, const IntArray& axis, Reducer r,
                bool mean, bool needs_elements, DenseTensor* out) {
  std::vector<bool> mask = ReducedAxesMask(axis, x.dims().size());
  funcs::ReducePlan plan = funcs::MakeReducePlan(x.dims(), mask);
  int64_t reduced_count = 1;
  for (int i = 0; i < x.dims().size(); ++i)
    if (mask[i]) reduced_count *= x.dims()[i];
  PD_CHECK(!needs_elements || reduced_count > 0 || out->numel() == 0, InvalidArgument,
           "cannot reduce over an empty dim of x with shape ", x.dims().ToString());
  ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  DenseTensor src = x;
  if (!plan.perm.empty()) {
    DenseTensorMeta view = x.meta();
    for (size_t i = 0; i < plan.perm.size(); ++i) {
      view.dims[static_cast<int>(i)] = x.dims()[static_cast<int>(plan.perm[i])];
      view.strides[static_cast<int>(i)] = x.strides()[static_cast<int>(plan.perm[i])];
    }
    DenseTensor permuted(view);
    permuted.ShareBufferWith(x);
    src = DenseTensor(DenseTensorMeta(x.dtype(), view.dims));
    ctx.template Alloc<T>(&src);
    StridedCopyKernel<T, Context>(ctx, permuted, &src);
  }
  double scale = mean ? 1.0 / static_cast<double>(reduced_count) : 1.0;
  funcs::LaunchReduce<T>(ctx, src.template data<T>(), out->template data<T>(), plan, r, scale);
}

template <typename T, typename Context>
void SumKernel(const Context& ctx, const DenseTensor& x, const IntArray& axis, DataType,
               bool, DenseTensor* out) {
  if (out->dtype() == paddle::DataTypeOf<T>) {
    ReduceImpl<T>(ctx, x, axis, funcs::SumReducer<T>(), false, false, out);
    return;
  }
  // A different output dtype (int32 -> int64, or dtype=...): cast, then sum.
  paddle::VisitDataType(out->dtype(), "sum", [&](auto tag) {
    using Out = typename decltype(tag)::type;
    DenseTensor casted(DenseTensorMeta(out->dtype(), x.dims()));
    CastKernel<T, Context>(ctx, x, out->dtype(), &casted);
    ReduceImpl<Out>(ctx, casted, axis, funcs::SumReducer<Out>(), false, false, out);
  });
}

template <typename T, typename Context>
void MeanKernel(const Context& ctx, const DenseTensor& x, const IntArray& axis, bool, DenseTensor* out) {
  ReduceImpl<T>(ctx, x, axis, funcs::SumReducer<T>(), true, false, out);
}

template <typename T, typename Context>
void MaxKernel(const Context& ctx, const DenseTensor& x, const IntArray& axis, bool, DenseTensor* out) {
  ReduceImpl<T>(ctx, x, axis, funcs::MaxReducer<T>(), false, true, out);
}

template <typename T, typename Context>
void MinKernel(const Context& ctx, const DenseTensor& x, const IntArray& axis, bool, DenseTensor* out) {
  ReduceImpl<T>(ctx, x, axis, funcs::MinReducer<T>(), false, true, out);
}

template <typename T, typename Context>
void ProdKernel(const Context& ctx, const DenseTensor& x, const IntArray& axis, bool, DenseTensor* out) {
  ReduceImpl<T>(ctx, x, axis, funcs::ProdReducer<T>(), false, false, out);
}

}  // namespace phi

#define PD_REGISTER_REDUCE_KERNELS(B)              \
  PD_REGISTER_OP_KERNEL(sum, B, phi::SumKernel);   \
  PD_REGISTER_OP_KERNEL(mean, B, phi::MeanKernel); \
  PD_REGISTER_OP_KERNEL(prod, B, phi::ProdKernel)

// The extremes, in a file of their own so that a rebuild of either list
// stays under a minute.
#define PD_REGISTER_REDUCE_EXTREME_KERNELS(B)     \
  PD_REGISTER_OP_KERNEL(max, B, phi::MaxKernel);  \
  PD_REGISTER_OP_KERNEL(min, B, phi::MinKernel);  \
  PD_REGISTER_OP_KERNEL(amax, B, phi::MaxKernel); \
  PD_REGISTER_OP_KERNEL(amin, B, phi::MinKernel)
