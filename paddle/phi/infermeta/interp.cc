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

}  // namespace phi
