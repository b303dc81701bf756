#include "paddle/phi/core/device_backend.h"

#include <map>
#include <mutex>

#include "paddle/common/errors.h"

namespace phi {
namespace {

std::map<paddle::AllocationType, DeviceBackend>& Backends() {
  static auto* backends = new std::map<paddle::AllocationType, DeviceBackend>();
  return *backends;
}

std::mutex& Mutex() {
  static std::mutex mu;
  return mu;
}

}  // namespace

void RegisterDeviceBackend(paddle::AllocationType type, DeviceBackend backend) {
  std::lock_guard<std::mutex> lock(Mutex());
  Backends()[type] = backend;
}

const DeviceBackend& DeviceBackendOf(const Place& place) {
  std::lock_guard<std::mutex> lock(Mutex());
  auto it = Backends().find(place.GetType());
  PD_CHECK(it != Backends().end(), Unimplemented, "no device backend is registered for ", place.ToString());
  return it->second;
}

}  // namespace phi
