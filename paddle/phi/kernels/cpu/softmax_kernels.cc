#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi::funcs {

template <typename T>
void LaunchSoftmax(const CPUContext&, const T* x, T* out, const SoftmaxShape& s, bool log) {
  const int64_t rows = s.outer * s.inner;
  ParallelChunks(rows * s.n, [&](int64_t b, int64_t e) {
    // Chunks are cut in elements; each thread takes the rows starting in it.
    for (int64_t r = (b + s.n - 1) / s.n; r < rows && r * s.n < e; ++r) {
      const int64_t o = r / s.inner, i = r % s.inner;
      const int64_t base = o * s.n * s.inner + i;
      if (s.inner == 1) {  // a constant stride lets the row loops vectorize
        SoftmaxRow(x + base, out + base, s.n, 1, log);
      } else {
        SoftmaxRow(x + base, out + base, s.n, s.inner, log);
      }
    }
  });
}

}  // namespace phi::funcs

#include "paddle/phi/kernels/impl/softmax_kernel_impl.h"

PD_REGISTER_SOFTMAX_KERNELS(CPU);
