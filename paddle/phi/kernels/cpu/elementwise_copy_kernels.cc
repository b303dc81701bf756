#include <cstring>

#include "paddle/phi/kernels/copy.h"
#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/impl/elementwise_kernel_impl.h"
#include "paddle/phi/kernels/impl/view_kernel_impl.h"

namespace phi {

void StridedCopy(const CPUContext& ctx, const DenseTensor& src, DenseTensor* dst) {
  PD_CHECK(src.dtype() == dst->dtype(), InvalidType, "copy needs equal dtypes, but got ",
           paddle::DataTypeName(src.dtype()), " and ", paddle::DataTypeName(dst->dtype()));
  paddle::VisitDataType(src.dtype(), "strided_copy", [&](auto tag) {
    StridedCopyKernel<typename decltype(tag)::type, CPUContext>(ctx, src, dst);
  });
}

void Copy2D(const CPUContext&, void* dst, size_t dpitch, const void* src, size_t spitch,
            size_t width, size_t height) {
  auto* d = static_cast<char*>(dst);
  const auto* s = static_cast<const char*>(src);
  for (size_t r = 0; r < height; ++r) std::memcpy(d + r * dpitch, s + r * spitch, width);
}

}  // namespace phi

PD_REGISTER_COPY_KERNELS(CPU);
PD_REGISTER_VIEW_KERNELS(CPU);
