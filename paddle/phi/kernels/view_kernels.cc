#include "paddle/phi/kernels/impl/view_kernel_impl.h"

namespace phi {

void ShareAsView(const DenseTensor& x, DenseTensor* out) {
  DenseTensorMeta* m = out->mutable_meta();
  int src = 0;
  const int rank = m->dims.size();
  for (int i = 0; i < rank; ++i) {
    if (m->dims[i] == 1) continue;
    while (src < x.dims().size() && x.dims()[src] == 1) ++src;
    PD_CHECK(src < x.dims().size() && x.dims()[src] == m->dims[i], PreconditionNotMet,
             "view of shape ", m->dims.ToString(), " does not match x's shape ", x.dims().ToString());
    m->strides[i] = x.strides()[src++];
  }
  m->offset = x.offset();
  out->ShareBufferWith(x);
}

}  // namespace phi
