#include "paddle/phi/core/interp_geometry.h"

#include <cmath>

#include "paddle/common/errors.h"

namespace phi {

std::vector<InterpAxis> InterpGeometry(const DDim& x, const std::string& data_format, int out_d, int out_h,
                                       int out_w, const std::vector<double>& scale, const std::string& method,
                                       bool align_corners) {
  const bool single_reads_first = method != "linear" && method != "trilinear";
  const int rank = x.size();
  PD_CHECK(rank >= 3 && rank <= 5, InvalidArgument, "x must be 3-D, 4-D or 5-D, but got shape ", x.ToString());
  static const char* kChannelFirst[] = {"NCW", "NCHW", "NCDHW"};
  static const char* kChannelLast[] = {"NWC", "NHWC", "NDHWC"};
  const int spatial = rank - 2;
  const bool channel_last = data_format == kChannelLast[spatial - 1];
  PD_CHECK(channel_last || data_format == kChannelFirst[spatial - 1], InvalidArgument, "data_format must be ",
           kChannelFirst[spatial - 1], " or ", kChannelLast[spatial - 1], " for a ", rank, "-D x, but got ",
           data_format);
  PD_CHECK(scale.empty() || scale.size() == 1 || static_cast<int>(scale.size()) == spatial, InvalidArgument,
           "scale must hold one factor or one per spatial dim (", spatial, "), but got ", scale.size());
  const int sizes[] = {out_d, out_h, out_w};
  std::vector<InterpAxis> axes;
  for (int i = 0; i < spatial; ++i) {
    InterpAxis a;
    a.axis = channel_last ? 1 + i : 2 + i;
    a.in = x[a.axis];
    const double s = scale.empty() ? 0.0 : scale[scale.size() == 1 ? 0 : i];
    PD_CHECK(std::isfinite(s) && s >= 0, InvalidArgument, "scale must hold finite factors > 0, but got ", s);
    const int size = sizes[3 - spatial + i];
    if (size > 0) {
      a.out = size;
    } else {
      PD_CHECK(s > 0 && a.in * s < 9.2e18, InvalidArgument, "the output size of spatial dim ", i,
               " needs out_d/out_h/out_w > 0 or a scale that fits int64, but got ", size, " and ", s);
      a.out = static_cast<int64_t>(a.in * s);
    }
    PD_CHECK(a.out > 0, InvalidArgument, "the output size of spatial dim ", i, " must be positive, but got ",
             a.out);
    if (a.out <= 1 && (align_corners || single_reads_first)) {
      a.ratio = 0.0;
    } else if (align_corners) {
      a.ratio = static_cast<double>(a.in - 1) / static_cast<double>(a.out - 1);
    } else {
      a.ratio = s > 0 ? 1.0 / s : static_cast<double>(a.in) / static_cast<double>(a.out);
    }
    axes.push_back(a);
  }
  return axes;
}

}  // namespace phi
