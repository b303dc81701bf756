// max_pool, avg_pool and avg_pool's adjoint (avg_pool_grad) for every
// backend over PoolGeometry: one output element per work item (one
// input element for the adjoint, which gathers the windows covering it, so
// no two items write one element).
#pragma once

#include <algorithm>
#include <type_traits>
#include <vector>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/scalar.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/core/pool_geometry.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {

namespace funcs {

// Calls f(flat input position) for every input element of output o's window.
template <typename F>
PD_HOSTDEVICE void ForWindow(const PoolGeometry& g, const int64_t* oc, F f) {
  int64_t lo[kMaxPoolDims] = {0, 0, 0}, hi[kMaxPoolDims] = {1, 1, 1};
  for (int d = 0; d < g.nd; ++d) {
    int64_t s, e;
    g.Window(d, oc[d], &s, &e);
    lo[d] = s < 0 ? 0 : s;
    hi[d] = e > g.in[d] ? g.in[d] : e;
  }
  const int64_t in1 = g.nd > 1 ? g.in[1] : 1, in2 = g.nd > 2 ? g.in[2] : 1;
  for (int64_t a = lo[0]; a < hi[0]; ++a)
    for (int64_t b = lo[1]; b < hi[1]; ++b)
      for (int64_t c = lo[2]; c < hi[2]; ++c) f((a * in1 + b) * in2 + c);
}

// The number of elements avg_pool divides output o's sum by.
PD_HOSTDEVICE inline int64_t WindowCount(const PoolGeometry& g, const int64_t* oc, bool exclusive) {
  int64_t count = 1;
  for (int d = 0; d < g.nd; ++d) {
    int64_t s, e;
    g.Window(d, oc[d], &s, &e);
    if (exclusive || g.adaptive) {
      s = s < 0 ? 0 : s;
      e = e > g.in[d] ? g.in[d] : e;
    }
    count *= e - s;
  }
  return count;
}

// Whether v takes over from the best value of a max_pool window so far:
// larger, or the first NaN (a NaN stays). Windows are visited in row-major
// order, so ties keep the first position.
template <typename M>
PD_HOSTDEVICE PD_FORCEINLINE bool TakesOver(M v, M best) {
  return best == best && !(v <= best);
}

template <typename T>
struct MaxPoolFunctor {
  PoolGeometry g;
  const T* x;
  T* out;
  int64_t* indices;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    using M = MathType<T>;
    int64_t oc[kMaxPoolDims];
    const T* xp = x + g.Output(i, oc);
    M best = M(0);
    int64_t best_at = -1;
    ForWindow(g, oc, [&](int64_t p) {
      const M v = static_cast<M>(xp[p]);
      if (best_at < 0 || TakesOver(v, best)) {
        best = v;
        best_at = p;
      }
    });
    out[i] = static_cast<T>(best);
    indices[i] = best_at;
  }
};

template <typename T>
struct AvgPoolFunctor {
  PoolGeometry g;
  bool exclusive;
  const T* x;
  T* out;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    using M = MathType<T>;
    int64_t oc[kMaxPoolDims];
    const T* xp = x + g.Output(i, oc);
    M sum = M(0);
    ForWindow(g, oc, [&](int64_t p) { sum += static_cast<M>(xp[p]); });
    const int64_t count = WindowCount(g, oc, exclusive);
    out[i] = static_cast<T>(count > 0 ? sum / static_cast<M>(count) : M(0));
  }
};

// The host's max_pool over one whole NC plane of a regular 2-D pooling,
// row by row: the output columns whose windows lie inside the row (all but
// a few at the edges) take each window element in turn as a select over
// the whole row of outputs, with no branch per element, which the compiler
// vectorizes; the edge columns take their clipped windows one by one. Both
// visit a window in row-major order and replace the best only where TakesOver
// says, so results (ties, NaN) equal MaxPoolFunctor's.
template <typename T>
struct MaxPool2dPlaneFunctor {
  PoolGeometry g;
  const T* x;
  T* out;
  int64_t* indices;

  void operator()(int64_t plane) const {
    using M = MathType<T>;
    const T* xp = x + plane * g.in_plane;
    T* op = out + plane * g.out_plane;
    int64_t* ip = indices + plane * g.out_plane;
    const int64_t width = g.in[1], out_width = g.out[1];
    const int64_t kw = g.kernel[1], sw = g.stride[1], pw = g.pad_before[1];
    // The interior columns [lo, hi): window start ow * sw - pw >= 0 and end <= width.
    const int64_t lo = std::min(out_width, (pw + sw - 1) / sw);
    const int64_t hi = std::max(lo, std::min(out_width, width - kw + pw >= 0 ? (width - kw + pw) / sw + 1 : 0));
    std::vector<M> best(out_width);
    for (int64_t oh = 0; oh < g.out[0]; ++oh) {
      int64_t hs, he;
      g.Window(0, oh, &hs, &he);
      hs = hs < 0 ? 0 : hs;
      he = he > g.in[0] ? g.in[0] : he;
      int64_t* at = ip + oh * out_width;
      for (int64_t ow = 0; ow < out_width; ++ow) {
        if (ow == lo) ow = hi;
        if (ow >= out_width) break;
        int64_t ws, we;
        g.Window(1, ow, &ws, &we);
        ws = ws < 0 ? 0 : ws;
        we = we > width ? width : we;
        M b = M(0);
        int64_t b_at = -1;
        for (int64_t h = hs; h < he; ++h) {
          for (int64_t w = ws; w < we; ++w) {
            const M v = static_cast<M>(xp[h * width + w]);
            if (b_at < 0 || TakesOver(v, b)) {
              b = v;
              b_at = h * width + w;
            }
          }
        }
        best[ow] = b;
        at[ow] = b_at;
      }
      if (hs >= he) {  // a window all padding: as MaxPoolFunctor, 0 at no position
        std::fill(best.begin() + lo, best.begin() + hi, M(0));
        std::fill(at + lo, at + hi, int64_t{-1});
      } else if (lo < hi) {
        for (int64_t ow = lo; ow < hi; ++ow) {
          best[ow] = static_cast<M>(xp[hs * width + ow * sw - pw]);
          at[ow] = hs * width + ow * sw - pw;
        }
        for (int64_t h = hs; h < he; ++h) {
          for (int64_t k = (h == hs ? 1 : 0); k < kw; ++k) {
            const T* row = xp + h * width + k - pw;
            const int64_t base = h * width + k - pw;
            M* __restrict bp = best.data();
            int64_t* __restrict ap = at;
            for (int64_t ow = lo; ow < hi; ++ow) {
              const M v = static_cast<M>(row[ow * sw]);
              const bool take = TakesOver(v, bp[ow]);
              bp[ow] = take ? v : bp[ow];
              ap[ow] = take ? base + ow * sw : ap[ow];
            }
          }
        }
      }
      for (int64_t ow = 0; ow < out_width; ++ow) op[oh * out_width + ow] = static_cast<T>(best[ow]);
    }
  }
};

// max_pool's gradient over one NC plane: zeros, then each output's gradient
// added where its maximum was. A plane per work item keeps overlapping
// windows (stride < kernel) from racing.
template <typename T>
struct MaxPoolGradPlaneFunctor {
  int64_t in_plane, out_plane;
  const T* out_grad;
  const int64_t* indices;
  T* x_grad;

  PD_HOSTDEVICE void operator()(int64_t plane) const {
    T* xg = x_grad + plane * in_plane;
    for (int64_t i = 0; i < in_plane; ++i) xg[i] = T(0);
    const T* g = out_grad + plane * out_plane;
    const int64_t* at = indices + plane * out_plane;
    for (int64_t o = 0; o < out_plane; ++o) {
      if (at[o] >= 0) xg[at[o]] = static_cast<T>(static_cast<MathType<T>>(xg[at[o]]) + static_cast<MathType<T>>(g[o]));
    }
  }
};

// x_grad[i] = sum over the windows o containing i of out_grad[o] / count(o).
template <typename T>
struct AvgPoolGradFunctor {
  PoolGeometry g;
  bool exclusive;
  const T* out_grad;
  T* x_grad;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    using M = MathType<T>;
    const int64_t plane = i / g.in_plane;
    int64_t ic[kMaxPoolDims];
    g.Coords(i % g.in_plane, g.in, ic);
    // Per dim, the outputs whose window may hold ic[d].
    int64_t lo[kMaxPoolDims] = {0, 0, 0}, hi[kMaxPoolDims] = {1, 1, 1};
    for (int d = 0; d < g.nd; ++d) {
      if (g.adaptive) {
        lo[d] = ic[d] * g.out[d] / g.in[d];
        hi[d] = ((ic[d] + 1) * g.out[d] + g.in[d] - 1) / g.in[d] + 1;
      } else {
        const int64_t padded = ic[d] + g.pad_before[d];
        lo[d] = padded >= g.kernel[d] ? (padded - g.kernel[d]) / g.stride[d] + 1 : 0;
        hi[d] = padded / g.stride[d] + 1;
      }
      if (hi[d] > g.out[d]) hi[d] = g.out[d];
    }
    const T* gp = out_grad + plane * g.out_plane;
    M sum = M(0);
    int64_t oc[kMaxPoolDims] = {0, 0, 0};
    for (oc[0] = lo[0]; oc[0] < hi[0]; ++oc[0])
      for (oc[1] = lo[1]; oc[1] < hi[1]; ++oc[1])
        for (oc[2] = lo[2]; oc[2] < hi[2]; ++oc[2]) {
          bool inside = true;
          for (int d = 0; d < g.nd; ++d) {
            int64_t s, e;
            g.Window(d, oc[d], &s, &e);
            inside = inside && s <= ic[d] && ic[d] < e;
          }
          if (!inside) continue;
          const int64_t o = g.nd == 1 ? oc[0] : g.nd == 2 ? oc[0] * g.out[1] + oc[1]
                                                          : (oc[0] * g.out[1] + oc[1]) * g.out[2] + oc[2];
          sum += static_cast<M>(gp[o]) / static_cast<M>(WindowCount(g, oc, exclusive));
        }
    x_grad[i] = static_cast<T>(sum);
  }
};

}  // namespace funcs

template <typename T, typename Context>
void MaxPoolKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& kernel_size,
                   const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings, bool ceil_mode,
                   bool adaptive, DenseTensor* out, DenseTensor* indices) {
  T* o = ctx.template Alloc<T>(out);
  int64_t* idx = ctx.template Alloc<int64_t>(indices);
  const auto g = MakePoolGeometry(x.dims(), kernel_size, strides, paddings, ceil_mode, adaptive);
  if constexpr (std::is_same_v<Context, CPUContext>) {
    if (g.nd == 2 && !g.adaptive && g.out_plane > 0) {
      const int64_t planes = out->numel() / g.out_plane;
      funcs::LaunchForEach(ctx, planes, funcs::MaxPool2dPlaneFunctor<T>{g, x.data<T>(), o, idx},
                           /*threshold=*/(int64_t{1} << 16) / g.out_plane + 1);
      return;
    }
  }
  funcs::LaunchForEach(ctx, out->numel(), funcs::MaxPoolFunctor<T>{g, x.data<T>(), o, idx});
}

template <typename T, typename Context>
void MaxPoolGradKernel(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& indices,
                       const IntArray& input_shape, DenseTensor* x_grad) {
  T* xg = ctx.template Alloc<T>(x_grad);
  const int64_t planes = x_grad->dims()[0] * x_grad->dims()[1];
  if (planes == 0 || x_grad->numel() == 0) return;
  const int64_t in_plane = x_grad->numel() / planes, out_plane = out_grad.numel() / planes;
  funcs::LaunchForEach(ctx, planes,
                       funcs::MaxPoolGradPlaneFunctor<T>{in_plane, out_plane, out_grad.data<T>(),
                                                        indices.data<int64_t>(), xg},
                       /*threshold=*/(int64_t{1} << 16) / (in_plane + 1) + 1);
}

template <typename T, typename Context>
void AvgPoolKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& kernel_size,
                   const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings, bool ceil_mode,
                   bool exclusive, bool adaptive, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const auto g = MakePoolGeometry(x.dims(), kernel_size, strides, paddings, ceil_mode, adaptive);
  funcs::LaunchForEach(ctx, out->numel(), funcs::AvgPoolFunctor<T>{g, exclusive, x.data<T>(), o});
}

template <typename T, typename Context>
void AvgPoolGradKernel(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& x,
                       const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& strides,
                       const std::vector<int64_t>& paddings, bool ceil_mode, bool exclusive, bool adaptive,
                       DenseTensor* x_grad) {
  T* o = ctx.template Alloc<T>(x_grad);
  const auto g = MakePoolGeometry(x.dims(), kernel_size, strides, paddings, ceil_mode, adaptive);
  funcs::LaunchForEach(ctx, x_grad->numel(), funcs::AvgPoolGradFunctor<T>{g, exclusive, out_grad.data<T>(), o});
}

}  // namespace phi

#define PD_REGISTER_POOL_KERNELS(B)                                \
  PD_REGISTER_OP_KERNEL(max_pool, B, phi::MaxPoolKernel);          \
  PD_REGISTER_OP_KERNEL(max_pool_grad, B, phi::MaxPoolGradKernel); \
  PD_REGISTER_OP_KERNEL(avg_pool, B, phi::AvgPoolKernel);          \
  PD_REGISTER_OP_KERNEL(avg_pool_grad, B, phi::AvgPoolGradKernel)
