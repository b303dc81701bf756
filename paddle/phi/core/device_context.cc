#include "paddle/phi/core/device_context.h"

#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/custom/custom_device.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"

namespace phi {

const DeviceContext& GetDeviceContext(const Place& place) {
  static CPUContext cpu_context;
  switch (place.GetType()) {
    case paddle::AllocationType::CPU:
    case paddle::AllocationType::GPUPINNED:  // host memory: CPU kernels read it
      return cpu_context;
    case paddle::AllocationType::GPU: {
      static std::mutex mu;
      static std::vector<std::unique_ptr<DeviceContext>> gpu_contexts;
      int device = place.GetDeviceId();
      std::lock_guard<std::mutex> lock(mu);
      if (static_cast<int>(gpu_contexts.size()) <= device) gpu_contexts.resize(device + 1);
      if (!gpu_contexts[device]) gpu_contexts[device] = gpu::CreateGPUContext(device);
      return *gpu_contexts[device];
    }
    case paddle::AllocationType::CUSTOM: {
      static std::mutex mu;
      static std::map<std::pair<std::string, int>, std::unique_ptr<DeviceContext>> custom_contexts;
      std::lock_guard<std::mutex> lock(mu);
      auto& slot = custom_contexts[{place.GetCustomDeviceType(), place.GetDeviceId()}];
      if (!slot) slot = custom::CreateContext(place);
      return *slot;
    }
    default:
      PD_THROW(Unimplemented, "no device context for ", place.ToString());
  }
}

}  // namespace phi
