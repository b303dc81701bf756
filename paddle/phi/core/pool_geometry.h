// PoolGeometry: the windows of an N-d pooling (the shape rule infer-meta and
// the kernels share) over NC<spatial> tensors
// (1 to 3 spatial dims), regular (kernel, stride, padding) or adaptive
// (window o of n outputs over m inputs spans [floor(o*m/n), ceil((o+1)*m/n))).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/common/ddim.h"
#include "paddle/common/macros.h"

namespace phi {

using paddle::DDim;

inline constexpr int kMaxPoolDims = 3;

struct PoolGeometry {
  int nd = 0;
  bool adaptive = false;
  int64_t in[kMaxPoolDims] = {}, out[kMaxPoolDims] = {};
  int64_t kernel[kMaxPoolDims] = {}, stride[kMaxPoolDims] = {};
  int64_t pad_before[kMaxPoolDims] = {}, pad_after[kMaxPoolDims] = {};
  int64_t in_plane = 1, out_plane = 1;  // spatial sizes

  // The window of output position o along dim d: [start, end) in padded
  // input coordinates (they may reach into the padding).
  PD_HOSTDEVICE void Window(int d, int64_t o, int64_t* start, int64_t* end) const {
    if (adaptive) {
      *start = o * in[d] / out[d];
      *end = ((o + 1) * in[d] + out[d] - 1) / out[d];
      return;
    }
    *start = o * stride[d] - pad_before[d];
    const int64_t limit = in[d] + pad_after[d];
    *end = *start + kernel[d] < limit ? *start + kernel[d] : limit;
  }

  // Output element i (over N*C planes): its spatial coordinates in oc, and
  // the offset of its input plane.
  PD_HOSTDEVICE int64_t Output(int64_t i, int64_t* oc) const {
    Coords(i % out_plane, out, oc);
    return (i / out_plane) * in_plane;
  }

  // The spatial coordinates of flat position p of a plane with dims `dims`.
  PD_HOSTDEVICE void Coords(int64_t p, const int64_t* dims, int64_t* c) const {
    for (int d = nd - 1; d >= 0; --d) {
      c[d] = p % dims[d];
      p /= dims[d];
    }
  }
};

// Builds the geometry of x (N, C, spatial...) and checks the attributes;
// paddings are [before, after] per spatial dim. For adaptive pooling,
// kernel_size holds the output size.
PoolGeometry MakePoolGeometry(const DDim& x, const std::vector<int64_t>& kernel_size,
                              const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                              bool ceil_mode, bool adaptive);

}  // namespace phi
