#include "paddle/common/errors.h"
#include "paddle/phi/core/interp_geometry.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

void InterpInferMeta(const Meta& x, const std::string& data_format, int out_d, int out_h, int out_w,
                     const std::vector<double>& scale, const std::string& interp_method, bool align_corners,
                     int align_mode, Meta* output) {
  const int rank = x.dims.size();
  const int needed_rank = interp_method == "linear"      ? 3
                          : interp_method == "bilinear"  ? 4
                          : interp_method == "bicubic"   ? 4
                          : interp_method == "trilinear" ? 5
                                                         : 0;
  PD_CHECK(needed_rank > 0 || interp_method == "nearest", InvalidArgument,
           "interp_method must be nearest, linear, bilinear, bicubic or trilinear, but got ", interp_method);
  PD_CHECK(needed_rank == 0 || rank == needed_rank, InvalidArgument, "interp_method ", interp_method, " needs a ",
           needed_rank, "-D x, but got shape ", x.dims.ToString());
  PD_CHECK(interp_method == "nearest" || IsFloating(x.dtype), InvalidType, interp_method,
           " interpolation needs a floating-point x, but got ", DataTypeName(x.dtype));
  PD_CHECK(align_mode == 0 || align_mode == 1, InvalidArgument, "align_mode must be 0 or 1, but got ", align_mode);
  std::vector<int64_t> dims = x.dims.ToVector();
  for (const InterpAxis& a : InterpGeometry(x.dims, data_format, out_d, out_h, out_w, scale, interp_method,
                                                       align_corners)) {
    dims[a.axis] = a.out;
  }
  *output = Meta(x.dtype, DDim(dims));
}

void AffineGridInferMeta(const Meta& input, const IntArray& output_shape, bool align_corners, Meta* output) {
  const std::vector<int64_t>& shape = output_shape.GetData();
  const int64_t k = static_cast<int64_t>(shape.size()) - 2;
  PD_CHECK((k == 2 || k == 3) && input.dims == DDim({shape[0], k, k + 1}), InvalidArgument,
           "theta must be [N, 2, 3] with out_shape [N, C, H, W] (or [N, 3, 4] with [N, C, D, H, W]), but got theta ",
           input.dims.ToString(), " and out_shape ", DDim(shape).ToString());
  PD_CHECK(IsFloating(input.dtype), InvalidType, "theta must be a floating-point tensor, but got ",
           DataTypeName(input.dtype));
  std::vector<int64_t> dims(shape.begin() + 2, shape.end());
  dims.insert(dims.begin(), shape[0]);
  dims.push_back(k);
  *output = Meta(input.dtype, DDim(dims));
}

void GridSampleInferMeta(const Meta& x, const Meta& grid, const std::string& mode, const std::string& padding_mode,
                         bool align_corners, Meta* out) {
  PD_CHECK(mode == "bilinear" || mode == "nearest", InvalidArgument,
           "mode must be 'bilinear' or 'nearest', but got '", mode, "'");
  PD_CHECK(padding_mode == "zeros" || padding_mode == "border" || padding_mode == "reflection", InvalidArgument,
           "padding_mode must be 'zeros', 'border' or 'reflection', but got '", padding_mode, "'");
  const int k = x.dims.size() - 2;
  PD_CHECK((k == 2 || k == 3) && grid.dims.size() == k + 2 && grid.dims[0] == x.dims[0] && grid.dims[k + 1] == k,
           InvalidArgument, "x must be [N, C, H, W] with grid [N, Ho, Wo, 2] (or 5-D with a last dim of 3), but got x ",
           x.dims.ToString(), " and grid ", grid.dims.ToString());
  PD_CHECK(x.dtype == grid.dtype, InvalidType, "x and grid must have one dtype, but got ", DataTypeName(x.dtype),
           " and ", DataTypeName(grid.dtype));
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be a floating-point tensor, but got ", DataTypeName(x.dtype));
  std::vector<int64_t> dims = {x.dims[0], x.dims[1]};
  for (int d = 1; d <= k; ++d) dims.push_back(grid.dims[d]);
  *out = Meta(x.dtype, DDim(dims));
}

}  // namespace phi
