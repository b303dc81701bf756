// One handle of a CUDA library (cuSOLVER, cuDNN) per device: made on first
// use with the device current, bound to the context's current stream on
// every call.
#pragma once

#include <map>
#include <mutex>

#include "paddle/phi/backends/gpu/gpu_context.h"

namespace phi::gpu {

// `create(&handle)` makes a handle, `bind(handle, stream)` sets its stream;
// each caller (each library) has its own handles, as the lambdas' types
// differ.
template <typename Handle, typename Create, typename Bind>
Handle LibraryHandle(const GPUContext& ctx, Create create, Bind bind) {
  static std::mutex mu;
  static auto* handles = new std::map<int, Handle>();  // kept until exit, like the contexts
  std::lock_guard<std::mutex> lock(mu);
  Handle& handle = (*handles)[ctx.device()];
  if (handle == nullptr) {
    DeviceGuard guard(ctx.device());
    create(&handle);
  }
  bind(handle, ctx.stream());
  return handle;
}

}  // namespace phi::gpu
