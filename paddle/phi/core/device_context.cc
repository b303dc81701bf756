#include "paddle/phi/core/device_context.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "paddle/common/errors.h"
#include "paddle/phi/core/device_backend.h"

namespace phi {

const DeviceContext& GetDeviceContext(const Place& place) {
  static CPUContext cpu_context;
  const paddle::AllocationType type = place.GetType();
  if (type == paddle::AllocationType::CPU || type == paddle::AllocationType::GPUPINNED) {
    return cpu_context;  // host memory: CPU kernels read it
  }
  const DeviceBackend& backend = DeviceBackendOf(place);
  PD_CHECK(backend.create_context != nullptr, Unimplemented, "no device context for ", place.ToString());
  static std::mutex mu;
  static auto* contexts = new std::map<std::pair<std::string, int>, std::unique_ptr<DeviceContext>>();
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = (*contexts)[{place.ToString(), place.GetDeviceId()}];
  if (!slot) slot = backend.create_context(place);
  return *slot;
}

}  // namespace phi
