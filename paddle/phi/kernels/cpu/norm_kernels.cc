#include <algorithm>

#include "paddle/phi/kernels/funcs/elementwise_cpu.h"

namespace phi::funcs {

// layer_norm's rows, one work item each, in parallel chunks of about 32K
// elements.
template <typename RowFunctor>
void LaunchLayerNormRows(const CPUContext& ctx, int64_t rows, const RowFunctor& f) {
  LaunchForEach(ctx, rows, f, std::max<int64_t>(1, (1 << 15) / std::max<int64_t>(f.cols, 1)));
}

}  // namespace phi::funcs

#include "paddle/phi/kernels/impl/norm_kernel_impl.h"

PD_REGISTER_NORM_KERNELS(CPU);
