// CustomContext: what a plugin device's kernels need from the core: the
// device, and the stream their work goes to.
#pragma once

#include <atomic>

#include "paddle/phi/backends/custom/custom_device.h"
#include "paddle/phi/core/device_context.h"

namespace phi {

class CustomContext final : public DeviceContext {
 public:
  CustomContext(const Place& place, const custom::CustomDevice& device);

  const custom::CustomDevice& device() const { return device_; }
  int device_id() const { return GetPlace().GetDeviceId(); }
  // The stream kernels and copies of this device are queued on now: the
  // context's own, or the one a `paddle.device.stream_guard` selected.
  C_Stream stream() const { return stream_.load(); }
  C_Stream default_stream() const { return default_stream_; }
  // Contexts are shared and handed out const; the current stream is the one
  // piece of state that user code switches.
  void SetStream(C_Stream stream) const { stream_.store(stream); }

  void Wait() const override;

 private:
  const custom::CustomDevice& device_;
  C_Stream default_stream_ = nullptr;
  mutable std::atomic<C_Stream> stream_{nullptr};
};

}  // namespace phi
