#include "paddle/phi/api/transfer.h"

#include "paddle/common/errors.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/api/kernel_launch.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/backends/memcpy.h"
#include "paddle/phi/core/device_context.h"

namespace paddle::api {

Tensor CopyTo(const Tensor& t, const Place& place, bool force_copy, bool blocking) {
  PD_CHECK(t.defined(), InvalidArgument, "cannot copy an undefined tensor");
  Place target = ResolvePlace(place);
  Tensor src = t.dense().IsContiguous() ? t : contiguous(t);
  if (src.place() == target && !force_copy) return src;
  auto out = std::make_shared<phi::DenseTensor>(phi::DenseTensorMeta(src.dtype(), src.dims()));
  out->AllocateStorage(target);
  const size_t bytes = static_cast<size_t>(src.numel()) * SizeOf(src.dtype());
  if (!blocking && src.place().is_gpu_pinned() && target.is_gpu()) {
    phi::gpu::CopyFromPinnedAsync(out->raw_data(), src.dense().raw_data(), bytes, target.GetDeviceId(),
                                  src.dense().Holder()->ptr());
  } else {
    phi::CopyBytes(out->raw_data(), target, src.dense().raw_data(), src.place(), bytes);
  }
  Tensor result(std::move(out));
  result.set_stop_gradient(t.stop_gradient());
  return result;
}

Tensor FromHostBuffer(const void* data, DataType dtype, const DDim& dims, const Place& place) {
  Place target = ResolvePlace(place);
  auto out = std::make_shared<phi::DenseTensor>(phi::DenseTensorMeta(dtype, dims));
  out->AllocateStorage(target);
  phi::CopyBytes(out->raw_data(), target, data, CPUPlace(), static_cast<size_t>(dims.numel()) * SizeOf(dtype));
  return Tensor(std::move(out));
}

void ToHostBuffer(const Tensor& t, void* dst) {
  Tensor src = t.dense().IsContiguous() ? t : contiguous(t);
  phi::CopyBytes(dst, CPUPlace(), src.dense().raw_data(), src.place(),
                 static_cast<size_t>(src.numel()) * SizeOf(src.dtype()));
}

}  // namespace paddle::api

namespace paddle::api {

void CopyInto(const Tensor& src_in, const Tensor& dst) {
  // A source sharing the destination's memory (x[1:] = x[:-1]) is read from
  // a copy: the kernel would otherwise read what it has just written.
  const bool overlaps = src_in.dense().Holder() == dst.dense().Holder();
  // The value moves to the tensor's place (a device value into a host
  // tensor, or the reverse).
  const Tensor src = overlaps || src_in.place() != dst.place() ? CopyTo(src_in, dst.place(), /*force_copy=*/true)
                                                              : src_in;
  PD_CHECK(src.dtype() == dst.dtype(), InvalidType, "the value has dtype ", DataTypeName(src.dtype()),
           " but the tensor has dtype ", DataTypeName(dst.dtype()));
  const DDim& s = src.dims();
  const DDim& d = dst.dims();
  bool fits = s.size() <= d.size();
  for (int i = 1; fits && i <= s.size(); ++i) {
    fits = s[s.size() - i] == 1 || s[s.size() - i] == d[d.size() - i];
  }
  PD_CHECK(fits, InvalidArgument, "a value of shape ", s.ToString(),
           " cannot be assigned to a slice of shape ", d.ToString());
  KernelLaunch launch("strided_copy", {phi::BackendOf(dst.place()), phi::DataLayout::ANY, dst.dtype()},
                      dst.place());
  launch.kernel<void(const phi::DeviceContext&, const phi::DenseTensor&, phi::DenseTensor*)>()(
      launch.context(), launch.In(src.dense()), launch.InOut(&dst.dense()));
  launch.Finish();
  dst.dense().Holder()->BumpVersion();
}

}  // namespace paddle::api
