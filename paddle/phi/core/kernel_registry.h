// PD_REGISTER_KERNEL: registers a kernel function template for a backend and
// a list of dtypes.
//
//   PD_REGISTER_KERNEL(add, CPU, phi::AddKernel, float, double, int64_t)
//
// instantiates phi::AddKernel<T, phi::CPUContext> for each T and records it
// under ("add", {CPU, ANY, dtype of T}). PD_REGISTER_KERNEL_ANY_DTYPE
// registers a function (not templated on T) for every dtype, for kernels that
// only move metadata or bytes.
#pragma once

#include "paddle/common/macros.h"
#include "paddle/phi/core/kernel_factory.h"

namespace phi {

template <auto fn>
struct KernelAdapter;

template <typename Context, typename... Args, void (*fn)(const Context&, Args...)>
struct KernelAdapter<fn> {
  using Signature = void(const DeviceContext&, Args...);
  static void Call(const DeviceContext& ctx, Args... args) {
    fn(static_cast<const Context&>(ctx), std::forward<Args>(args)...);
  }
};

template <auto fn>
Kernel MakeKernel() {
  using Adapter = KernelAdapter<fn>;
  return Kernel(reinterpret_cast<void*>(&Adapter::Call),
                std::type_index(typeid(typename Adapter::Signature)));
}

template <typename... Ts, typename Maker>
bool RegisterKernels(const char* op, Backend backend, Maker maker) {
  (KernelFactory::Instance().Register(op, KernelKey{backend, DataLayout::ANY, paddle::DataTypeOf<Ts>},
                                      maker.template operator()<Ts>()),
   ...);
  return true;
}

}  // namespace phi

#define PD_REGISTER_KERNEL(op, backend, kernel_fn, ...)                                  \
  static const bool PD_UNIQUE_NAME(pd_kernel_registrar_##op##_) =                        \
      ::phi::RegisterKernels<__VA_ARGS__>(#op, ::phi::Backend::backend, []<typename T>() { \
        return ::phi::MakeKernel<&kernel_fn<T, ::phi::backend##Context>>();              \
      })

#define PD_REGISTER_KERNEL_ANY_DTYPE(op, backend, kernel_fn)                        \
  static const bool PD_UNIQUE_NAME(pd_kernel_registrar_##op##_) =                   \
      (::phi::KernelFactory::Instance().Register(                                   \
           #op, ::phi::KernelKey{::phi::Backend::backend},                          \
           ::phi::MakeKernel<&kernel_fn<::phi::backend##Context>>()),               \
       true)

// dtype lists shared by many registrations.
#define PD_FLOATING_TYPES float, double, ::paddle::float16, ::paddle::bfloat16
#define PD_INTEGRAL_TYPES uint8_t, int8_t, int16_t, int32_t, int64_t
#define PD_COMPLEX_TYPES ::paddle::complex64, ::paddle::complex128
#define PD_REAL_TYPES PD_FLOATING_TYPES, PD_INTEGRAL_TYPES
#define PD_ALL_TYPES bool, PD_REAL_TYPES, PD_COMPLEX_TYPES
