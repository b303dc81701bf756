#include "paddle/phi/backends/memcpy.h"

#include <cstring>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/custom/custom_context.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"

namespace phi {
namespace {

const CustomContext& CustomContextOf(const paddle::Place& place) {
  return static_cast<const CustomContext&>(GetDeviceContext(place));
}

// Whether the copy needs no host staging.
bool Direct(const paddle::Place& a, const paddle::Place& b) {
  if (a.is_host() || b.is_host()) return true;
  if (a.is_gpu() && b.is_gpu()) return true;
  return a == b;
}

}  // namespace

void CopyBytes(void* dst, const paddle::Place& dst_place, const void* src, const paddle::Place& src_place,
               size_t bytes) {
  if (bytes == 0) return;
  if (!Direct(dst_place, src_place)) {
    std::vector<char> host(bytes);
    CopyBytes(host.data(), paddle::CPUPlace(), src, src_place, bytes);
    CopyBytes(dst, dst_place, host.data(), paddle::CPUPlace(), bytes);
    return;
  }
  if (dst_place.is_host() && src_place.is_host()) {
    std::memcpy(dst, src, bytes);
  } else if (dst_place.is_gpu() && src_place.is_host()) {
    gpu::Memcpy(dst, src, bytes, gpu::CopyKind::kHostToDevice, dst_place.GetDeviceId());
  } else if (dst_place.is_host() && src_place.is_gpu()) {
    gpu::Memcpy(dst, src, bytes, gpu::CopyKind::kDeviceToHost, src_place.GetDeviceId());
  } else if (dst_place.is_gpu() && src_place.is_gpu()) {
    gpu::Memcpy(dst, src, bytes, gpu::CopyKind::kDeviceToDevice, dst_place.GetDeviceId());
  } else if (dst_place.is_custom() && src_place.is_host()) {
    const CustomContext& ctx = CustomContextOf(dst_place);
    ctx.device().CopyHostToDevice(ctx.device_id(), ctx.stream(), dst, src, bytes);
  } else if (dst_place.is_host() && src_place.is_custom()) {
    const CustomContext& ctx = CustomContextOf(src_place);
    ctx.device().CopyDeviceToHost(ctx.device_id(), ctx.stream(), dst, src, bytes);
  } else if (dst_place.is_custom() && src_place.is_custom()) {
    const CustomContext& ctx = CustomContextOf(dst_place);
    ctx.device().CopyDeviceToDevice(ctx.device_id(), ctx.stream(), dst, src, bytes);
  } else {
    PD_THROW(Unimplemented, "copy from ", src_place.ToString(), " to ", dst_place.ToString(), " is not supported");
  }
}

}  // namespace phi
