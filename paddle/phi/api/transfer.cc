#include "paddle/phi/api/transfer.h"

#include <cstring>

#include "paddle/common/errors.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_factory.h"

namespace paddle::api {
namespace {

// Copies `bytes` between two places, at least one of them the host.
void RawCopy(void* dst, const Place& dst_place, const void* src, const Place& src_place,
             size_t bytes) {
  if (bytes == 0) return;
  if (dst_place.is_cpu() && src_place.is_cpu()) {
    std::memcpy(dst, src, bytes);
  } else if (dst_place.is_gpu() && src_place.is_cpu()) {
    phi::gpu::Memcpy(dst, src, bytes, phi::gpu::CopyKind::kHostToDevice, dst_place.GetDeviceId());
  } else if (dst_place.is_cpu() && src_place.is_gpu()) {
    phi::gpu::Memcpy(dst, src, bytes, phi::gpu::CopyKind::kDeviceToHost, src_place.GetDeviceId());
  } else if (dst_place.is_gpu() && src_place.is_gpu()) {
    phi::gpu::Memcpy(dst, src, bytes, phi::gpu::CopyKind::kDeviceToDevice, dst_place.GetDeviceId());
  } else {
    PD_THROW(Unimplemented, "copy from ", src_place.ToString(), " to ", dst_place.ToString(),
             " is not supported");
  }
}

}  // namespace

Tensor CopyTo(const Tensor& t, const Place& place, bool force_copy) {
  PD_CHECK(t.defined(), InvalidArgument, "cannot copy an undefined tensor");
  Place target = ResolvePlace(place);
  Tensor src = t.dense().IsContiguous() ? t : contiguous(t);
  if (src.place() == target && !force_copy) return src;
  auto out = std::make_shared<phi::DenseTensor>(phi::DenseTensorMeta(src.dtype(), src.dims()));
  out->AllocateStorage(target);
  RawCopy(out->raw_data(), target, src.dense().raw_data(), src.place(),
          static_cast<size_t>(src.numel()) * SizeOf(src.dtype()));
  Tensor result(std::move(out));
  result.set_stop_gradient(t.stop_gradient());
  return result;
}

Tensor FromHostBuffer(const void* data, DataType dtype, const DDim& dims, const Place& place) {
  Place target = ResolvePlace(place);
  auto out = std::make_shared<phi::DenseTensor>(phi::DenseTensorMeta(dtype, dims));
  out->AllocateStorage(target);
  RawCopy(out->raw_data(), target, data, CPUPlace(), static_cast<size_t>(dims.numel()) * SizeOf(dtype));
  return Tensor(std::move(out));
}

void ToHostBuffer(const Tensor& t, void* dst) {
  Tensor src = t.dense().IsContiguous() ? t : contiguous(t);
  RawCopy(dst, CPUPlace(), src.dense().raw_data(), src.place(),
          static_cast<size_t>(src.numel()) * SizeOf(src.dtype()));
}

}  // namespace paddle::api

namespace paddle::api {

void CopyInto(const Tensor& src_in, const Tensor& dst) {
  // A source sharing the destination's memory (x[1:] = x[:-1]) is read from
  // a copy: the kernel would otherwise read what it has just written.
  const bool overlaps = src_in.dense().Holder() == dst.dense().Holder();
  const Tensor src = overlaps ? CopyTo(src_in, src_in.place(), /*force_copy=*/true) : src_in;
  PD_CHECK(src.place() == dst.place(), InvalidArgument, "the value is on ", src.place().ToString(),
           " but the tensor is on ", dst.place().ToString());
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
  const phi::Kernel& kernel = phi::KernelFactory::Instance().Select(
      "strided_copy", {phi::BackendOf(dst.place()), phi::DataLayout::ANY, dst.dtype()});
  kernel.Get<void(const phi::DeviceContext&, const phi::DenseTensor&, phi::DenseTensor*)>(
      "strided_copy")(phi::GetDeviceContext(dst.place()), src.dense(), dst.impl().get());
  dst.dense().Holder()->BumpVersion();
}

}  // namespace paddle::api
