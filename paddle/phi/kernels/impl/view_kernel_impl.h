// Manipulation kernels for every backend. The view kernels (reshape,
// transpose, squeeze, unsqueeze, slice) only rewrite meta and share the
// input's memory (Note [Views] in dense_tensor.h); concat copies rows with
// the backend's Copy2D.
#pragma once

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/shape_rules.h"
#include "paddle/phi/kernels/copy.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_manipulation.h"

namespace phi {

// Shares x's memory in out, whose dims infer-meta set; the strides follow x's
// non-1 dims in order (size-1 dims never move the address, so any stride
// fits them). Valid whenever out's dims are x's with size-1 dims added or
// removed.
void ShareAsView(const DenseTensor& x, DenseTensor* out);

template <typename Context>
void ReshapeKernel(const Context& ctx, const DenseTensor& x, const IntArray&, DenseTensor* out) {
  if (x.IsContiguous()) {
    out->ShareBufferWith(x);
    out->mutable_meta()->offset = x.offset();
    return;
  }
  // A non-contiguous x is copied to row-major order first.
  DenseTensorMeta meta = out->meta();
  out->set_meta(DenseTensorMeta(x.dtype(), x.dims()));
  ctx.Alloc(out);
  StridedCopy(ctx, x, out);
  meta.offset = 0;
  out->set_meta(meta);
}

template <typename Context>
void TransposeKernel(const Context&, const DenseTensor& x, const std::vector<int64_t>& perm,
                     DenseTensor* out) {
  DenseTensorMeta* m = out->mutable_meta();
  const int rank = x.dims().size();
  for (int i = 0; i < rank; ++i) m->strides[i] = x.strides()[NormalizeAxis(perm[i], rank)];
  m->offset = x.offset();
  out->ShareBufferWith(x);
}

template <typename Context>
void SqueezeKernel(const Context&, const DenseTensor& x, const IntArray&, DenseTensor* out) {
  ShareAsView(x, out);
}

template <typename Context>
void UnsqueezeKernel(const Context&, const DenseTensor& x, const IntArray&, DenseTensor* out) {
  ShareAsView(x, out);
}

template <typename Context>
void SliceKernel(const Context&, const DenseTensor& input, const std::vector<int64_t>& axes,
                 const IntArray& starts, const IntArray& ends, DenseTensor* out) {
  DenseTensorMeta* m = out->mutable_meta();
  m->strides = input.strides();
  m->offset = input.offset();
  for (size_t i = 0; i < axes.size(); ++i) {
    int a = NormalizeAxis(axes[i], input.dims().size());
    SliceRange r = ClampSlice(starts[i], ends[i], input.dims()[a]);
    m->offset += r.start * input.strides()[a] * static_cast<int64_t>(paddle::SizeOf(input.dtype()));
  }
  out->ShareBufferWith(input);
}

template <typename Context>
void SplitKernel(const Context&, const DenseTensor& x, const std::vector<int64_t>& sections, int64_t axis,
                 const std::vector<DenseTensor*>& out) {
  const int a = NormalizeAxis(axis, x.dims().size());
  const int64_t step = x.strides()[a] * static_cast<int64_t>(paddle::SizeOf(x.dtype()));
  int64_t start = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    DenseTensorMeta* m = out[i]->mutable_meta();
    m->strides = x.strides();
    m->offset = x.offset() + start * step;
    out[i]->ShareBufferWith(x);
    start += sections[i];
  }
}

// x are contiguous (the API guarantees it); out is [outer, sum of rows].
template <typename Context>
void ConcatKernel(const Context& ctx, const std::vector<const DenseTensor*>& x, int64_t axis,
                  DenseTensor* out) {
  ctx.Alloc(out);
  const int a = NormalizeAxis(axis, out->dims().size());
  int64_t outer = 1;
  for (int i = 0; i < a; ++i) outer *= out->dims()[i];
  const size_t elem = paddle::SizeOf(out->dtype());
  const size_t out_row = static_cast<size_t>(out->numel() / std::max<int64_t>(outer, 1)) * elem;
  char* dst = static_cast<char*>(out->raw_data());
  for (const DenseTensor* t : x) {
    size_t row = static_cast<size_t>(t->numel() / std::max<int64_t>(outer, 1)) * elem;
    if (row > 0 && outer > 0) {
      Copy2D(ctx, dst, out_row, t->raw_data(), row, row, static_cast<size_t>(outer));
    }
    dst += row;
  }
}

// x broadcast to out's dims without copying: broadcast dims get stride 0.
// Internal (read-only uses such as expanding an index): a write through it
// would reach one element many times.
template <typename Context>
void BroadcastViewKernel(const Context&, const DenseTensor& x, const IntArray&, DenseTensor* out) {
  DenseTensorMeta* m = out->mutable_meta();
  const int lead = m->dims.size() - x.dims().size();
  for (int i = 0; i < m->dims.size(); ++i) {
    const bool from_x = i >= lead && x.dims()[i - lead] == m->dims[i];
    m->strides[i] = from_x ? x.strides()[i - lead] : 0;
  }
  m->offset = x.offset();
  out->ShareBufferWith(x);
}

// x broadcast to out's dims as a new tensor.
template <typename Context>
void ExpandKernel(const Context& ctx, const DenseTensor& x, const IntArray&, DenseTensor* out) {
  ctx.Alloc(out);
  StridedCopy(ctx, x, out);
}

// Contiguous x's memory read with out's dims and `stride`, from element `offset` on.
template <typename Context>
void AsStridedKernel(const Context&, const DenseTensor& x, const std::vector<int64_t>&,
                     const std::vector<int64_t>& stride, int64_t offset, DenseTensor* out) {
  DenseTensorMeta* m = out->mutable_meta();
  m->strides = DDim(stride);
  m->offset = x.offset() + offset * static_cast<int64_t>(paddle::SizeOf(x.dtype()));
  out->ShareBufferWith(x);
}

// A complex tensor read as its real and imaginary parts, a last dim of 2.
template <typename Context>
void AsRealKernel(const Context&, const DenseTensor& x, DenseTensor* out) {
  DenseTensorMeta* m = out->mutable_meta();
  const int rank = x.dims().size();
  for (int i = 0; i < rank; ++i) m->strides[i] = x.strides()[i] * 2;
  m->strides[rank] = 1;
  m->offset = x.offset();
  out->ShareBufferWith(x);
}

// A contiguous real tensor with a last dim of 2 read as complex numbers.
template <typename Context>
void AsComplexKernel(const Context&, const DenseTensor& x, DenseTensor* out) {
  DenseTensorMeta* m = out->mutable_meta();
  for (int i = 0; i < m->dims.size(); ++i) m->strides[i] = x.strides()[i] / 2;
  m->offset = x.offset();
  out->ShareBufferWith(x);
}

}  // namespace phi

#define PD_REGISTER_VIEW_KERNELS(B)                                   \
  PD_REGISTER_OP_KERNEL(broadcast_view, B, phi::BroadcastViewKernel); \
  PD_REGISTER_OP_KERNEL(expand, B, phi::ExpandKernel);                \
  PD_REGISTER_OP_KERNEL(as_strided, B, phi::AsStridedKernel);         \
  PD_REGISTER_OP_KERNEL(as_real, B, phi::AsRealKernel);               \
  PD_REGISTER_OP_KERNEL(as_complex, B, phi::AsComplexKernel);         \
  PD_REGISTER_OP_KERNEL(reshape, B, phi::ReshapeKernel);              \
  PD_REGISTER_OP_KERNEL(transpose, B, phi::TransposeKernel);          \
  PD_REGISTER_OP_KERNEL(squeeze, B, phi::SqueezeKernel);              \
  PD_REGISTER_OP_KERNEL(unsqueeze, B, phi::UnsqueezeKernel);          \
  PD_REGISTER_OP_KERNEL(slice, B, phi::SliceKernel);                  \
  PD_REGISTER_OP_KERNEL(split, B, phi::SplitKernel);                  \
  PD_REGISTER_OP_KERNEL(concat, B, phi::ConcatKernel)
