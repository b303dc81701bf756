// The backends' entries in the core's device table (Note [Device backends
// register themselves] in phi/core/device_backend.h), made when the library
// loads: GPUs and their pinned host memory through gpu_runtime.h (CUDA's
// implementation or the stand-ins of a build without it), plugin devices
// through custom_device.h.
#include "paddle/phi/backends/custom/custom_device.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/device_backend.h"
#include "paddle/phi/core/device_context.h"

namespace phi {
namespace {

const bool kRegistered = [] {
  RegisterDeviceBackend(paddle::AllocationType::GPU,
                        {[](const Place& place) { return gpu::CreateGPUContext(place.GetDeviceId()); },
                         [](const Place& place) { return gpu::GetGPUAllocator(place.GetDeviceId()); }});
  RegisterDeviceBackend(paddle::AllocationType::GPUPINNED,
                        {nullptr, [](const Place&) { return gpu::GetPinnedAllocator(); }});
  RegisterDeviceBackend(paddle::AllocationType::CUSTOM, {custom::CreateContext, custom::GetAllocator});
  return true;
}();

}  // namespace
}  // namespace phi
