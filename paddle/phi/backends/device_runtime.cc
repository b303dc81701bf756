#include "paddle/phi/backends/device_runtime.h"

#include "paddle/common/errors.h"
#include "paddle/phi/backends/custom/custom_device.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"

namespace phi {

DeviceRuntime& RuntimeOf(const paddle::Place& place) {
  if (place.is_gpu()) {
    gpu::CheckDevice(place.GetDeviceId());
    return gpu::Runtime();
  }
  if (place.is_custom()) {
    const custom::CustomDevice& device = custom::GetDevice(place.GetCustomDeviceType());
    device.CheckDevice(place.GetDeviceId());
    return device.Runtime();
  }
  PD_THROW(Unimplemented, "streams and events are for GPUs and plugin devices, but got ", place.ToString());
}

}  // namespace phi
