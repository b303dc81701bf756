#include "paddle/common/place.h"

#include <cctype>
#include <deque>
#include <mutex>

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"

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

namespace {

struct CustomTypeRegistry {
  std::mutex mu;
  std::deque<std::string> names;  // a deque: references to names survive growth
};

CustomTypeRegistry& CustomTypes() {
  static auto* registry = new CustomTypeRegistry();  // read during static destruction
  return *registry;
}

}  // namespace

int RegisterCustomDeviceType(const std::string& type) {
  CustomTypeRegistry& r = CustomTypes();
  std::lock_guard<std::mutex> lock(r.mu);
  for (size_t i = 0; i < r.names.size(); ++i) {
    if (r.names[i] == type) return static_cast<int>(i);
  }
  bool valid = !type.empty() && type != "cpu" && type != "gpu";
  for (char c : type) valid = valid && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  PD_CHECK(valid, InvalidArgument, "custom device type '", type,
           "' is not a valid name: expected letters, digits and '_', other than 'cpu' and 'gpu'");
  PD_CHECK(r.names.size() < 200, ResourceExhausted, "too many custom device types (", r.names.size(), ")");
  r.names.push_back(type);
  return static_cast<int>(r.names.size() - 1);
}

int CustomDeviceTypeIndex(const std::string& type) {
  CustomTypeRegistry& r = CustomTypes();
  std::lock_guard<std::mutex> lock(r.mu);
  for (size_t i = 0; i < r.names.size(); ++i) {
    if (r.names[i] == type) return static_cast<int>(i);
  }
  return -1;
}

const std::string& CustomDeviceTypeName(int index) {
  CustomTypeRegistry& r = CustomTypes();
  std::lock_guard<std::mutex> lock(r.mu);
  PD_CHECK(index >= 0 && index < static_cast<int>(r.names.size()), OutOfRange,
           "no custom device type has index ", index);
  return r.names[index];
}

std::vector<std::string> CustomDeviceTypes() {
  CustomTypeRegistry& r = CustomTypes();
  std::lock_guard<std::mutex> lock(r.mu);
  return {r.names.begin(), r.names.end()};
}

namespace {

// The GPU "gpu" names: the first of FLAGS_selected_gpus, else 0.
int DefaultGpuId() {
  std::string selected;
  try {
    selected = flags::GetFlag("selected_gpus").value;
  } catch (const common::Error&) {
    return 0;  // a build without the GPU flags
  }
  if (selected.empty()) return 0;
  const std::string first = selected.substr(0, selected.find(','));
  bool numeric = !first.empty() && first.size() < 4;
  for (char c : first) numeric = numeric && std::isdigit(static_cast<unsigned char>(c));
  PD_CHECK(numeric, InvalidArgument, "[set_device] FLAGS_selected_gpus must list GPU ids such as '0,1', but is '",
           selected, "'");
  return std::stoi(first);
}

}  // namespace

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
  if (kind == "gpu") return GPUPlace(colon == std::string::npos ? DefaultGpuId() : id);
  if (CustomDeviceTypeIndex(kind) >= 0) return CustomPlace(kind, id);
  std::string expected = "'cpu', 'gpu' or 'gpu:N'";
  for (const std::string& type : CustomDeviceTypes()) expected += ", '" + type + "' or '" + type + ":N'";
  PD_THROW(InvalidArgument, "[set_device] argument 'device': expected ", expected, ", but got '", device, "'");
}

}  // namespace paddle
