#include "paddle/phi/kernels/funcs/elementwise_cpu.h"

namespace phi::funcs {

template <typename T, typename F>
void LaunchIndexFill(const CPUContext&, DenseTensor* out, F f) {
  T* o = out->data<T>();
  ParallelChunks(out->numel(), [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) o[i] = f(i);
  });
}

}  // namespace phi::funcs

#include "paddle/phi/kernels/impl/fill_kernel_impl.h"

PD_REGISTER_FILL_KERNELS(CPU);
