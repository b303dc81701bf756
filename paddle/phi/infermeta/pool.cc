#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"
#include "paddle/phi/core/pool_geometry.h"

namespace phi {

namespace {

DDim PooledDims(const Meta& x, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& strides,
                const std::vector<int64_t>& paddings, bool ceil_mode, bool adaptive) {
  const PoolGeometry g = MakePoolGeometry(x.dims, kernel_size, strides, paddings, ceil_mode, adaptive);
  std::vector<int64_t> dims = {x.dims[0], x.dims[1]};
  for (int d = 0; d < g.nd; ++d) dims.push_back(g.out[d]);
  return DDim(dims);
}

}  // namespace

void MaxPoolInferMeta(const Meta& x, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& strides,
                      const std::vector<int64_t>& paddings, bool ceil_mode, bool adaptive, Meta* out,
                      Meta* indices) {
  DDim dims = PooledDims(x, kernel_size, strides, paddings, ceil_mode, adaptive);
  *out = Meta(x.dtype, dims);
  *indices = Meta(DataType::INT64, dims);
}

void AvgPoolInferMeta(const Meta& x, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& strides,
                      const std::vector<int64_t>& paddings, bool ceil_mode, bool, bool adaptive, Meta* out) {
  *out = Meta(x.dtype, PooledDims(x, kernel_size, strides, paddings, ceil_mode, adaptive));
}

void AvgPoolGradInferMeta(const Meta& out_grad, const Meta& x, const std::vector<int64_t>& kernel_size,
                          const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings, bool ceil_mode,
                          bool, bool adaptive, Meta* x_grad) {
  DDim dims = PooledDims(x, kernel_size, strides, paddings, ceil_mode, adaptive);
  PD_CHECK(out_grad.dims == dims, InvalidArgument, "out_grad.shape ", out_grad.dims.ToString(),
           " must be the pooled shape ", dims.ToString());
  *x_grad = Meta(out_grad.dtype, x.dims);
}

void MaxPoolGradInferMeta(const Meta& out_grad, const Meta& indices, const IntArray& input_shape, Meta* x_grad) {
  PD_CHECK(indices.dims == out_grad.dims && indices.dtype == DataType::INT64, InvalidArgument,
           "indices must be int64 of out_grad's shape ", out_grad.dims.ToString(), ", but got ",
           DataTypeName(indices.dtype), indices.dims.ToString());
  const DDim in(input_shape.GetData());
  PD_CHECK(in.size() == out_grad.dims.size() && in.size() >= 3 && in[0] == out_grad.dims[0] &&
               in[1] == out_grad.dims[1],
           InvalidArgument, "input_shape ", in.ToString(), " must be [N, C, ...] with out_grad's N and C (",
           out_grad.dims.ToString(), ")");
  *x_grad = Meta(out_grad.dtype, in);
}

}  // namespace phi
