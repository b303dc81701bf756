// PD_REGISTER_KERNEL: registers a kernel function template for a backend and
// a list of dtypes.
//
//   PD_REGISTER_KERNEL(add, CPU, phi::AddKernel, float, double, int64_t)
//
// instantiates phi::AddKernel<T, phi::CPUContext> for each T and records it
// under ("add", {CPU, ANY, dtype of T}). PD_REGISTER_KERNEL_ANY_DTYPE
// registers a function (not templated on T) for every dtype, for kernels that
// only move metadata or bytes. A YAML op's kernels register with
// PD_REGISTER_OP_KERNEL below, whose dtypes come from the YAML; these two
// serve kernels outside it (tests, strided_copy).
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

// Registers the kernel of a YAML op for the dtypes its YAML lists
// (Note [Kernel dtypes] in tools/codegen/gen_kernels.py); the kernel file
// includes the op family's paddle/phi/kernels/generated/kernel_dtypes_*.h.
#define PD_REGISTER_OP_KERNEL(op, backend, kernel_fn) PD_REGISTER_OP_KERNEL_##op##_##backend(kernel_fn)
