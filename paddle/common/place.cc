#include "paddle/common/place.h"

#include <cctype>

#include "paddle/common/errors.h"

namespace paddle {

std::string Place::DeviceString() const {
  switch (type_) {
    case AllocationType::CPU: return "cpu";
    case AllocationType::GPU: return "gpu:" + std::to_string(device_);
    case AllocationType::GPUPINNED: return "gpu_pinned";
    case AllocationType::CUSTOM: return custom_type_ + ":" + std::to_string(device_);
    case AllocationType::UNDEFINED: break;
  }
  return "undefined";
}

std::string Place::ToString() const { return "Place(" + DeviceString() + ")"; }

Place PlaceFromDeviceString(const std::string& device) {
  std::string kind = device;
  int id = 0;
  auto colon = device.find(':');
  if (colon != std::string::npos) {
    kind = device.substr(0, colon);
    std::string digits = device.substr(colon + 1);
    bool numeric = !digits.empty() && digits.size() < 4;
    for (char c : digits) numeric = numeric && std::isdigit(static_cast<unsigned char>(c));
    PD_CHECK_ARG(numeric, InvalidArgument, "set_device", "device", "'gpu:N' with an integer N",
                 "'" + device + "'");
    id = std::stoi(digits);
  }
  if (kind == "cpu" && colon == std::string::npos) return CPUPlace();
  if (kind == "gpu") return GPUPlace(id);
  PD_THROW(InvalidArgument, "[set_device] argument 'device': expected 'cpu', 'gpu' or 'gpu:N', but got '",
           device, "'");
}

}  // namespace paddle
