// KernelKey: what selects one kernel among those registered for an op.
#pragma once

#include <string>

#include "paddle/common/data_type.h"
#include "paddle/common/place.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// Plugin device types (backends/custom) get backends CUSTOM, CUSTOM + 1, ...
// in the order their types were registered (paddle::CustomDeviceTypeIndex).
enum class Backend : uint8_t { UNDEFINED = 0, CPU, GPU, CUSTOM };

// "CPU", "GPU", or a custom device's type name ("custom_cpu").
const char* BackendName(Backend backend);
Backend BackendOf(const Place& place);
// The backend of a custom device type, registering the type if it is new
// (a plugin's kernels may be registered before its runtime is loaded).
Backend CustomBackend(const std::string& device_type);
inline bool IsCustomBackend(Backend backend) { return backend >= Backend::CUSTOM; }

struct KernelKey {
  Backend backend = Backend::UNDEFINED;
  DataLayout layout = DataLayout::ANY;
  DataType dtype = DataType::UNDEFINED;  // UNDEFINED: a kernel for every dtype

  bool operator==(const KernelKey& o) const {
    return backend == o.backend && layout == o.layout && dtype == o.dtype;
  }
  std::string ToString() const;  // "(CPU, float32)"
};

}  // namespace phi
