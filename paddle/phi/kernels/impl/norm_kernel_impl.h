// layer_norm for every backend: each row (the dims from begin_norm_axis on)
// is normalized by its own mean and variance, in MathType precision, one row
// per work item.
#pragma once

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/math_type.h"

namespace phi {

namespace funcs {

// The mean and 1 / sqrt(variance + epsilon) of `blocks` runs of `len`
// elements, `step` apart: two passes over data that stays in cache.
template <typename T>
PD_HOSTDEVICE PD_FORCEINLINE void Moments(const T* x, int64_t blocks, int64_t len, int64_t step, MathType<T> epsilon,
                           MathType<T>* mean, MathType<T>* rstd) {
  using M = MathType<T>;
  M sum = 0;
  for (int64_t b = 0; b < blocks; ++b) {
    PD_SIMD_REDUCTION(+, sum)
    for (int64_t i = 0; i < len; ++i) sum += static_cast<M>(x[b * step + i]);
  }
  const M count = static_cast<M>(blocks * len);
  const M mu = sum / count;
  M squares = 0;
  for (int64_t b = 0; b < blocks; ++b) {
    PD_SIMD_REDUCTION(+, squares)
    for (int64_t i = 0; i < len; ++i) {
      const M d = static_cast<M>(x[b * step + i]) - mu;
      squares += d * d;
    }
  }
  *mean = mu;
  *rstd = M(1) / std::sqrt(squares / count + epsilon);
}

template <typename T>
struct LayerNormRowFunctor {
  int64_t cols;
  MathType<T> epsilon;
  const T* x;
  const T* scale;
  const T* bias;
  T* out;
  T* mean;
  T* rstd;

  PD_HOSTDEVICE void operator()(int64_t row) const {
    using M = MathType<T>;
    const T* xr = x + row * cols;
    M mu, r;
    Moments(xr, 1, cols, cols, epsilon, &mu, &r);
    T* o = out + row * cols;
    for (int64_t j = 0; j < cols; ++j) {
      o[j] = static_cast<T>((static_cast<M>(xr[j]) - mu) * r * static_cast<M>(scale[j]) + static_cast<M>(bias[j]));
    }
    mean[row] = static_cast<T>(mu);
    rstd[row] = static_cast<T>(r);
  }
};

// layer_norm's input gradient for one row, from the saved statistics:
// with xhat = (x - mean) rstd and g = out_grad * scale,
// x_grad = rstd (g - mean(g) - xhat mean(g xhat)).
template <typename T>
struct LayerNormGradRowFunctor {
  int64_t cols;
  const T* out_grad;
  const T* x;
  const T* scale;
  const T* mean;
  const T* rstd;
  T* x_grad;

  PD_HOSTDEVICE void operator()(int64_t row) const {
    using M = MathType<T>;
    const T* gr = out_grad + row * cols;
    const T* xr = x + row * cols;
    const M mu = static_cast<M>(mean[row]), r = static_cast<M>(rstd[row]);
    M g_sum = 0, gx_sum = 0;
    PD_SIMD_REDUCTION(+, g_sum, gx_sum)
    for (int64_t j = 0; j < cols; ++j) {
      const M g = static_cast<M>(gr[j]) * static_cast<M>(scale[j]);
      g_sum += g;
      gx_sum += g * (static_cast<M>(xr[j]) - mu) * r;
    }
    const M g_mean = g_sum / static_cast<M>(cols), gx_mean = gx_sum / static_cast<M>(cols);
    T* out = x_grad + row * cols;
    for (int64_t j = 0; j < cols; ++j) {
      const M g = static_cast<M>(gr[j]) * static_cast<M>(scale[j]);
      const M xhat = (static_cast<M>(xr[j]) - mu) * r;
      out[j] = static_cast<T>(r * (g - g_mean - xhat * gx_mean));
    }
  }
};

// layer_norm's scale and bias gradients for a block of kColumns columns:
// sums over the rows of out_grad * xhat and of out_grad, each row's block
// one cache line.
template <typename T>
struct LayerNormParamGradFunctor {
  static constexpr int64_t kColumns = 16;
  int64_t rows, cols;
  const T* out_grad;
  const T* x;
  const T* mean;
  const T* rstd;
  T* scale_grad;
  T* bias_grad;

  PD_HOSTDEVICE void operator()(int64_t block) const {
    using M = MathType<T>;
    const int64_t c0 = block * kColumns, width = cols - c0 < kColumns ? cols - c0 : kColumns;
    M scale_sum[kColumns] = {}, bias_sum[kColumns] = {};
    for (int64_t r = 0; r < rows; ++r) {
      const T* gr = out_grad + r * cols + c0;
      const T* xr = x + r * cols + c0;
      const M mu = static_cast<M>(mean[r]), rs = static_cast<M>(rstd[r]);
      for (int64_t j = 0; j < width; ++j) {
        const M g = static_cast<M>(gr[j]);
        scale_sum[j] += g * (static_cast<M>(xr[j]) - mu) * rs;
        bias_sum[j] += g;
      }
    }
    for (int64_t j = 0; j < width; ++j) {
      scale_grad[c0 + j] = static_cast<T>(scale_sum[j]);
      bias_grad[c0 + j] = static_cast<T>(bias_sum[j]);
    }
  }
};

// One channel of an [N, C, inner] x: its mean and variance over N and inner,
// then the normalized output.
template <typename T>
struct BatchNormChannelFunctor {
  int64_t n, channels, inner;
  MathType<T> epsilon;
  const T* x;
  const T* scale;
  const T* bias;
  T* out;
  T* mean;
  T* rstd;

  PD_HOSTDEVICE void operator()(int64_t c) const {
    using M = MathType<T>;
    M mu, r;
    Moments(x + c * inner, n, inner, channels * inner, epsilon, &mu, &r);
    const M a = r * static_cast<M>(scale[c]), shift = static_cast<M>(bias[c]) - mu * a;
    for (int64_t b = 0; b < n; ++b) {
      const T* xs = x + (b * channels + c) * inner;
      T* os = out + (b * channels + c) * inner;
      for (int64_t i = 0; i < inner; ++i) os[i] = static_cast<T>(static_cast<M>(xs[i]) * a + shift);
    }
    mean[c] = static_cast<T>(mu);
    rstd[c] = static_cast<T>(r);
  }
};

}  // namespace funcs

template <typename T, typename Context>
void BatchNormTrainKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& scale, const DenseTensor& bias,
                          float epsilon, DenseTensor* out, DenseTensor* mean, DenseTensor* rstd) {
  T* o = ctx.template Alloc<T>(out);
  T* m = ctx.template Alloc<T>(mean);
  T* r = ctx.template Alloc<T>(rstd);
  const int64_t n = x.dims()[0], channels = x.dims()[1];
  const int64_t inner = channels == 0 || n == 0 ? 0 : x.numel() / (n * channels);
  funcs::LaunchForEach(ctx, channels,
                       funcs::BatchNormChannelFunctor<T>{n, channels, inner, static_cast<MathType<T>>(epsilon),
                                                         x.data<T>(), scale.data<T>(), bias.data<T>(), o, m, r},
                       1);
}

template <typename T, typename Context>
void LayerNormKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& scale, const DenseTensor& bias,
                     float epsilon, int64_t begin_norm_axis, DenseTensor* out, DenseTensor* mean,
                     DenseTensor* rstd) {
  T* o = ctx.template Alloc<T>(out);
  T* m = ctx.template Alloc<T>(mean);
  T* r = ctx.template Alloc<T>(rstd);
  const int64_t rows = mean->numel();
  if (rows == 0 || x.numel() == 0) return;
  const int64_t cols = x.numel() / rows;
  // Each backend's row launcher (cpu/norm_kernels.cc, gpu/norm_kernels.cu).
  funcs::LaunchLayerNormRows(ctx, rows,
                             funcs::LayerNormRowFunctor<T>{cols, static_cast<MathType<T>>(epsilon), x.data<T>(),
                                                           scale.data<T>(), bias.data<T>(), o, m, r});
}

template <typename T, typename Context>
void LayerNormGradKernel(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& x,
                         const DenseTensor& scale, const DenseTensor& mean, const DenseTensor& rstd,
                         DenseTensor* x_grad, DenseTensor* scale_grad, DenseTensor* bias_grad) {
  T* xg = ctx.template Alloc<T>(x_grad);
  T* sg = ctx.template Alloc<T>(scale_grad);
  T* bg = ctx.template Alloc<T>(bias_grad);
  const int64_t rows = mean.numel();
  if (rows == 0 || x.numel() == 0) return;
  const int64_t cols = x.numel() / rows;
  funcs::LaunchForEach(ctx, rows,
                       funcs::LayerNormGradRowFunctor<T>{cols, out_grad.data<T>(), x.data<T>(), scale.data<T>(),
                                                         mean.data<T>(), rstd.data<T>(), xg},
                       std::max<int64_t>(1, (1 << 15) / std::max<int64_t>(cols, 1)));
  using Params = funcs::LayerNormParamGradFunctor<T>;
  const int64_t blocks = (cols + Params::kColumns - 1) / Params::kColumns;
  funcs::LaunchForEach(ctx, blocks,
                       Params{rows, cols, out_grad.data<T>(), x.data<T>(), mean.data<T>(), rstd.data<T>(), sg, bg},
                       std::max<int64_t>(1, (1 << 15) / std::max<int64_t>(rows * Params::kColumns, 1)));
}

}  // namespace phi

#define PD_REGISTER_NORM_KERNELS(B)                                         \
  PD_REGISTER_KERNEL(layer_norm, B, phi::LayerNormKernel, PD_FLOATING_TYPES); \
  PD_REGISTER_KERNEL(layer_norm_grad, B, phi::LayerNormGradKernel, PD_FLOATING_TYPES); \
  PD_REGISTER_KERNEL(batch_norm_train, B, phi::BatchNormTrainKernel, PD_FLOATING_TYPES)
