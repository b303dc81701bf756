// Place: where a tensor's memory lives.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace paddle {

enum class AllocationType : int8_t { UNDEFINED = 0, CPU, GPU, GPUPINNED, CUSTOM };

class Place {
 public:
  Place() = default;
  explicit Place(AllocationType type, int8_t device = 0, std::string custom_type = {})
      : type_(type), device_(device), custom_type_(std::move(custom_type)) {}

  AllocationType GetType() const { return type_; }
  int8_t GetDeviceId() const { return device_; }
  const std::string& GetCustomDeviceType() const { return custom_type_; }

  bool is_cpu() const { return type_ == AllocationType::CPU; }
  bool is_gpu() const { return type_ == AllocationType::GPU; }
  bool is_custom() const { return type_ == AllocationType::CUSTOM; }
  bool is_gpu_pinned() const { return type_ == AllocationType::GPUPINNED; }
  // Host memory: CPU kernels read it directly (page-locked memory included).
  bool is_host() const { return type_ == AllocationType::CPU || type_ == AllocationType::GPUPINNED; }

  // "Place(cpu)", "Place(gpu:0)", "Place(custom_cpu:0)": the form Paddle prints.
  std::string ToString() const;
  // "cpu", "gpu:0": the form paddle.device.get_device() returns.
  std::string DeviceString() const;

  bool operator==(const Place& o) const {
    return type_ == o.type_ && (type_ == AllocationType::CPU || device_ == o.device_) &&
           custom_type_ == o.custom_type_;
  }
  bool operator!=(const Place& o) const { return !(*this == o); }

 private:
  AllocationType type_ = AllocationType::UNDEFINED;
  int8_t device_ = 0;
  std::string custom_type_;
};

inline Place CPUPlace() { return Place(AllocationType::CPU); }
// Page-locked host memory, from which copies to a GPU can run asynchronously.
inline Place GPUPinnedPlace() { return Place(AllocationType::GPUPINNED); }
inline Place GPUPlace(int device = 0) { return Place(AllocationType::GPU, static_cast<int8_t>(device)); }
inline Place CustomPlace(std::string type, int device = 0) {
  return Place(AllocationType::CUSTOM, static_cast<int8_t>(device), std::move(type));
}

// Parses "cpu", "gpu", "gpu:1", and "<type>" or "<type>:N" for a registered
// custom device type; throws InvalidArgument otherwise.
Place PlaceFromDeviceString(const std::string& device);

// Custom device types (plugin devices, phi/backends/custom), in the order
// their plugins were loaded. A type's index also numbers its kernel backend.
// Registering a name twice returns the first index.
int RegisterCustomDeviceType(const std::string& type);
// The type's index, or -1 when no plugin registered it.
int CustomDeviceTypeIndex(const std::string& type);
// The name registered at `index`; the reference stays valid for the process.
const std::string& CustomDeviceTypeName(int index);
std::vector<std::string> CustomDeviceTypes();

}  // namespace paddle
