#include <omp.h>

#include "paddle/phi/kernels/funcs/elementwise_cpu.h"

namespace phi::funcs {

template <typename T, typename F>
void LaunchIndexFill(const CPUContext&, DenseTensor* out, F f) {
  T* o = out->data<T>();
  const int64_t n = out->numel();
#pragma omp parallel for if (n >= kParallelThreshold)
  for (int64_t i = 0; i < n; ++i) o[i] = f(i);
}

}  // namespace phi::funcs

#include "paddle/phi/kernels/impl/fill_kernel_impl.h"

PD_REGISTER_FILL_KERNELS(CPU);
