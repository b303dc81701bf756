// unfold (im2col) and fold (col2im) for every backend: one output element
// per index through the backend's LaunchIndexFill. fold gathers (sums the
// columns that cover each pixel) instead of scattering, so it needs no
// atomics and is deterministic.
#pragma once

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/shape_rules.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {
namespace funcs {

struct WindowGeometry {
  int64_t channels, height, width;  // of the image
  int64_t kh, kw, sh, sw, pt, pl, dh, dw;
  int64_t oh, ow;  // windows along each dim
};

inline WindowGeometry MakeWindowGeometry(int64_t channels, int64_t height, int64_t width,
                                         const std::vector<int64_t>& k, const std::vector<int64_t>& s,
                                         const std::vector<int64_t>& p, const std::vector<int64_t>& d,
                                         int64_t oh, int64_t ow) {
  return {channels, height, width, k[0], k[1], s[0], s[1], p[0], p[1], d[0], d[1], oh, ow};
}

template <typename T>
struct UnfoldFunctor {
  const T* x;
  WindowGeometry g;
  PD_HOSTDEVICE T operator()(int64_t i) const {
    const int64_t windows = g.oh * g.ow, rows = g.channels * g.kh * g.kw;
    const int64_t l = i % windows, row = (i / windows) % rows, n = i / (windows * rows);
    const int64_t c = row / (g.kh * g.kw), ki = (row / g.kw) % g.kh, kj = row % g.kw;
    const int64_t y = (l / g.ow) * g.sh - g.pt + ki * g.dh, xx = (l % g.ow) * g.sw - g.pl + kj * g.dw;
    if (y < 0 || y >= g.height || xx < 0 || xx >= g.width) return T(0);
    return x[((n * g.channels + c) * g.height + y) * g.width + xx];
  }
};

template <typename T>
struct FoldFunctor {
  const T* cols;
  WindowGeometry g;
  PD_HOSTDEVICE T operator()(int64_t i) const {
    const int64_t xx = i % g.width, y = (i / g.width) % g.height;
    const int64_t c = (i / (g.width * g.height)) % g.channels, n = i / (g.width * g.height * g.channels);
    const int64_t windows = g.oh * g.ow, rows = g.channels * g.kh * g.kw;
    MathType<T> sum = 0;
    for (int64_t ki = 0; ki < g.kh; ++ki) {
      const int64_t ty = y + g.pt - ki * g.dh;
      if (ty < 0 || ty % g.sh != 0 || ty / g.sh >= g.oh) continue;
      for (int64_t kj = 0; kj < g.kw; ++kj) {
        const int64_t tx = xx + g.pl - kj * g.dw;
        if (tx < 0 || tx % g.sw != 0 || tx / g.sw >= g.ow) continue;
        const int64_t row = (c * g.kh + ki) * g.kw + kj, l = (ty / g.sh) * g.ow + tx / g.sw;
        sum += static_cast<MathType<T>>(cols[(n * rows + row) * windows + l]);
      }
    }
    return static_cast<T>(sum);
  }
};

}  // namespace funcs

template <typename T, typename Context>
void UnfoldKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& kernel_sizes,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                  const std::vector<int64_t>& dilations, DenseTensor* out) {
  ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  const auto& d = x.dims();
  const int64_t oh = ConvOutputSize(d[2], kernel_sizes[0], strides[0], paddings[0], paddings[2], dilations[0]);
  const int64_t ow = ConvOutputSize(d[3], kernel_sizes[1], strides[1], paddings[1], paddings[3], dilations[1]);
  auto g = funcs::MakeWindowGeometry(d[1], d[2], d[3], kernel_sizes, strides, paddings, dilations, oh, ow);
  funcs::LaunchIndexFill<T>(ctx, out, funcs::UnfoldFunctor<T>{x.data<T>(), g});
}

template <typename T, typename Context>
void FoldKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& output_sizes,
                const std::vector<int64_t>& kernel_sizes, const std::vector<int64_t>& strides,
                const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, DenseTensor* out) {
  ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  const auto& d = out->dims();
  const int64_t oh = ConvOutputSize(d[2], kernel_sizes[0], strides[0], paddings[0], paddings[2], dilations[0]);
  const int64_t ow = ConvOutputSize(d[3], kernel_sizes[1], strides[1], paddings[1], paddings[3], dilations[1]);
  auto g = funcs::MakeWindowGeometry(d[1], d[2], d[3], kernel_sizes, strides, paddings, dilations, oh, ow);
  funcs::LaunchIndexFill<T>(ctx, out, funcs::FoldFunctor<T>{x.data<T>(), g});
}

}  // namespace phi

#define PD_REGISTER_UNFOLD_KERNELS(B)                  \
  PD_REGISTER_OP_KERNEL(unfold, B, phi::UnfoldKernel); \
  PD_REGISTER_OP_KERNEL(fold, B, phi::FoldKernel)
