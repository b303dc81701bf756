#include "paddle/phi/core/pool_geometry.h"

#include "paddle/common/errors.h"

namespace phi {

PoolGeometry MakePoolGeometry(const DDim& x, const std::vector<int64_t>& kernel_size,
                              const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                              bool ceil_mode, bool adaptive) {
  PoolGeometry g;
  g.nd = x.size() - 2;
  g.adaptive = adaptive;
  PD_CHECK(g.nd >= 1 && g.nd <= kMaxPoolDims, InvalidArgument, "x must be 3-D, 4-D or 5-D (N, C, spatial...), "
           "but got shape ", x.ToString());
  const size_t nd = static_cast<size_t>(g.nd);
  PD_CHECK(kernel_size.size() == nd, InvalidArgument, "kernel_size must have ", nd, " values, but got ",
           kernel_size.size());
  if (!adaptive) {
    PD_CHECK(strides.size() == nd && paddings.size() == 2 * nd, InvalidArgument, "strides must have ", nd,
             " values and paddings ", 2 * nd, ", but got ", strides.size(), " and ", paddings.size());
  }
  for (int d = 0; d < g.nd; ++d) {
    g.in[d] = x[d + 2];
    if (adaptive) {
      PD_CHECK(kernel_size[d] > 0, InvalidArgument, "output_size must be positive, but got ",
               DDim(kernel_size).ToString());
      g.out[d] = kernel_size[d];
      PD_CHECK(g.in[d] > 0 || g.in[d] == -1, InvalidArgument, "adaptive pooling needs non-empty spatial dims, but x has shape ",
               x.ToString());
    } else {
      g.kernel[d] = kernel_size[d];
      g.stride[d] = strides[d];
      g.pad_before[d] = paddings[2 * d];
      g.pad_after[d] = paddings[2 * d + 1];
      PD_CHECK(g.kernel[d] > 0 && g.stride[d] > 0, InvalidArgument, "kernel_size and stride must be positive, "
               "but got ", DDim(kernel_size).ToString(), " and ", DDim(strides).ToString());
      PD_CHECK(g.pad_before[d] >= 0 && g.pad_after[d] >= 0 && g.pad_before[d] < g.kernel[d] &&
                   g.pad_after[d] < g.kernel[d],
               InvalidArgument, "paddings must be >= 0 and smaller than the kernel, but got ",
               DDim(paddings).ToString(), " for kernel ", DDim(kernel_size).ToString());
      if (g.in[d] < 0) {  // a dim the run decides (a static program's -1)
        g.out[d] = -1;
        continue;
      }
      const int64_t span = g.in[d] + g.pad_before[d] + g.pad_after[d] - g.kernel[d];
      PD_CHECK(span >= 0, InvalidArgument, "the window (", g.kernel[d], ") is larger than the padded input (",
               g.in[d] + g.pad_before[d] + g.pad_after[d], ") along spatial dim ", d);
      int64_t out = (ceil_mode ? (span + g.stride[d] - 1) / g.stride[d] : span / g.stride[d]) + 1;
      // The last window must start inside the input or its leading padding.
      if (ceil_mode && (out - 1) * g.stride[d] >= g.in[d] + g.pad_before[d]) --out;
      g.out[d] = out;
    }
    g.in_plane *= g.in[d];
    g.out_plane *= g.out[d];
  }
  return g;
}

}  // namespace phi
