// DeviceContext: what a kernel needs from its device: the place, an
// allocator for outputs and (per backend subclass) streams and library
// handles. Kernels take the concrete subclass (CPUContext, GPUContext).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

class DeviceContext {
 public:
  explicit DeviceContext(Place place) : place_(std::move(place)) {}
  virtual ~DeviceContext() = default;
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  const Place& GetPlace() const { return place_; }

  // Allocates `out`'s storage for the dims and dtype infer-meta set.
  void* Alloc(DenseTensor* out) const { return out->AllocateStorage(place_); }
  template <typename T>
  T* Alloc(DenseTensor* out) const {
    return static_cast<T*>(Alloc(out));
  }

  // Waits until all work queued on this context has finished.
  virtual void Wait() const {}

 private:
  Place place_;
};

class CPUContext final : public DeviceContext {
 public:
  CPUContext() : DeviceContext(paddle::CPUPlace()) {}
};

// The context for `place`, created on first use and kept for the process.
const DeviceContext& GetDeviceContext(const Place& place);

}  // namespace phi
