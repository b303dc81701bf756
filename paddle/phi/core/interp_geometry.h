// The geometry of a resize by interpolation (Paddle's *_interp ops), which
// infer-meta and the decomposition share: the spatial axes, each output size
// and the source step per output step.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/common/ddim.h"

namespace phi {

using paddle::DDim;

struct InterpAxis {
  int axis;           // the dim of x
  int64_t in, out;    // its input and output sizes
  double ratio;       // source coordinate per output step (0 for a single output)
};

// The spatial axes of a 3-D to 5-D x in data_format (channel-first NCW,
// NCHW, NCDHW or channel-last NWC, NHWC, NDHWC); each output size is the
// last spatial-count of out_d, out_h, out_w when > 0, else int(in * scale)
// (one scale per spatial dim, or one for all). The ratio is Paddle's:
// (in - 1) / (out - 1) with align_corners, else 1 / scale when a scale is
// given, else in / out; for a single output position it is 0 (the first
// element) in Paddle's nearest, bilinear and bicubic kernels, but not in its
// linear and trilinear ones (they read the center). InvalidArgument names
// what does not fit.
std::vector<InterpAxis> InterpGeometry(const DDim& x, const std::string& data_format, int out_d, int out_h,
                                       int out_w, const std::vector<double>& scale, const std::string& method,
                                       bool align_corners);

}  // namespace phi
