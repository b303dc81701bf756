// The nms kernel for every backend: the suppression runs on the host
// (funcs/nms.h); a GPU copies the boxes over and the kept positions back,
// one sync, as nonzero's count does.
#pragma once

#include <vector>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/nms.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_index.h"

namespace phi {

template <typename T, typename Context>
void NmsKernel(const Context& ctx, const DenseTensor& x, float threshold, DenseTensor* out) {
  const int64_t count = x.dims()[0];
  std::vector<T> boxes(static_cast<size_t>(count) * 4);
  funcs::CopyToHost(ctx, boxes.data(), x.data<T>(), boxes.size() * sizeof(T));
  const std::vector<int64_t> kept = funcs::GreedyNms(boxes.data(), count, static_cast<T>(threshold));
  *out->mutable_meta() = DenseTensorMeta(DataType::INT64, DDim({static_cast<int64_t>(kept.size())}));
  int64_t* o = ctx.template Alloc<int64_t>(out);
  funcs::CopyFromHost(ctx, o, kept.data(), kept.size() * sizeof(int64_t));
}

}  // namespace phi

#define PD_REGISTER_NMS_KERNELS(B) PD_REGISTER_OP_KERNEL(nms, B, phi::NmsKernel)
