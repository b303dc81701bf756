// Registering a plugin device's kernels (C++; the runtime itself is the C ABI
// of device_ext.h).
//
//   PD_REGISTER_PLUGIN_KERNEL(relu, "custom_cpu", my::ReluKernel, float, double)
//
// instantiates my::ReluKernel<T, phi::CustomContext> for each T and registers
// it for the device type's backend when the plugin library is loaded. The
// kernel contract is the core's (paddle/phi/core/kernel_registry.h): outputs
// arrive with their meta set by infer-meta and are allocated with ctx.Alloc;
// inputs of ops marked `strided` in the op YAML may be views. Ops without a
// plugin kernel run on the CPU kernel (Note [Kernel fallback]).
#pragma once

#include "paddle/phi/backends/custom/custom_context.h"
#include "paddle/phi/core/kernel_registry.h"

#define PD_REGISTER_PLUGIN_KERNEL(op, device_type, kernel_fn, ...)                                      \
  static const bool PD_UNIQUE_NAME(pd_plugin_kernel_registrar_##op##_) = ::phi::RegisterKernels<__VA_ARGS__>( \
      #op, ::phi::CustomBackend(device_type),                                                           \
      []<typename T>() { return ::phi::MakeKernel<&kernel_fn<T, ::phi::CustomContext>>(); })
