// KernelKey: what selects one kernel among those registered for an op.
#pragma once

#include <string>

#include "paddle/common/data_type.h"
#include "paddle/common/place.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {

enum class Backend : uint8_t { UNDEFINED = 0, CPU, GPU, CUSTOM };

const char* BackendName(Backend backend);
Backend BackendOf(const Place& place);

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
