// layer_norm, rms_norm and batch_norm for every backend. The first two
// normalize each row (the dims from begin_norm_axis on) by its own
// statistics, in MathType precision, as one row program; batch_norm one
// channel per work item.
#pragma once

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/funcs/row_program.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

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

// One row of layer_norm (centered) or rms_norm (not: the mean is taken as 0
// and there is no bias), a row program (Note [Row programs]):
// out = (x - mean) rstd scale + bias, rstd = 1 / sqrt(mean((x - mean)^2) + epsilon).
template <typename T>
struct NormRowProgram {
  using Math = MathType<T>;
  static constexpr int kStaged = 1;
  Math epsilon;
  const T* x;
  const T* scale;
  const T* bias;  // layer_norm only
  T* mean;        // layer_norm only
  T* rstd;
  T* out;

  template <typename Row>
  PD_HOSTDEVICE PD_FORCEINLINE void operator()(Row& row, int64_t r) const {
    using M = Math;
    const auto v = row.Stage(x);
    const M n = static_cast<M>(row.n);
    const bool centered = mean != nullptr;
    const M mu = centered ? row.Sum([=, *this](int64_t k) { return v(k); }) / n : M(0);
    const M squares = row.Sum([=, *this](int64_t k) {
      const M d = v(k) - mu;
      return d * d;
    });
    const M rs = M(1) / std::sqrt(squares / n + epsilon);
    if (centered) {
      row.ForEach([=, *this](int64_t k) {
        out[row.At(k)] = static_cast<T>((v(k) - mu) * rs * static_cast<M>(scale[k]) + static_cast<M>(bias[k]));
      });
    } else {
      row.ForEach([=, *this](int64_t k) { out[row.At(k)] = static_cast<T>(v(k) * rs * static_cast<M>(scale[k])); });
    }
    row.Once([=, *this] {
      if (centered) mean[r] = static_cast<T>(mu);
      rstd[r] = static_cast<T>(rs);
    });
  }
};

// The input gradient of one row of NormRowProgram, from the saved
// statistics: with xhat = (x - mean) rstd and g = out_grad * scale,
// x_grad = rstd (g - mean(g) - xhat mean(g xhat)); rms_norm drops mean(g).
template <typename T>
struct NormGradRowProgram {
  using Math = MathType<T>;
  static constexpr int kStaged = 2;
  const T* out_grad;
  const T* x;
  const T* scale;
  const T* mean;  // layer_norm only
  const T* rstd;
  T* x_grad;

  template <typename Row>
  PD_HOSTDEVICE PD_FORCEINLINE void operator()(Row& row, int64_t r) const {
    using M = Math;
    const auto g = row.Stage(out_grad);
    const auto v = row.Stage(x);
    const M n = static_cast<M>(row.n);
    const bool centered = mean != nullptr;
    const M mu = centered ? static_cast<M>(mean[r]) : M(0), rs = static_cast<M>(rstd[r]);
    const SumPair<M> sums = row.Sums([=, *this](int64_t k) {
      const M gs = g(k) * static_cast<M>(scale[k]);
      return SumPair<M>{gs, gs * (v(k) - mu) * rs};
    });
    const M g_mean = centered ? sums.a / n : M(0), gx_mean = sums.b / n;
    row.ForEach([=, *this](int64_t k) {
      const M gs = g(k) * static_cast<M>(scale[k]);
      x_grad[row.At(k)] = static_cast<T>(rs * (gs - g_mean - (v(k) - mu) * rs * gx_mean));
    });
  }
};

// The scale (and, for layer_norm, bias) gradients are column sums over the
// rows, of out_grad * xhat (and of out_grad). A work item sums a chunk of
// kRowChunk rows for a block of kColumns columns (each row's block one cache
// line) into `partial` [chunks, 2, cols], so there are enough items for a
// GPU; NormParamTotalFunctor then adds the chunks up per column.
template <typename T>
struct NormParamPartialFunctor {
  static constexpr int64_t kColumns = 16, kRowChunk = 256;
  int64_t rows, cols, col_blocks;
  const T* out_grad;
  const T* x;
  const T* mean;  // layer_norm only
  const T* rstd;
  MathType<T>* partial;

  PD_HOSTDEVICE void operator()(int64_t item) const {
    using M = MathType<T>;
    const int64_t chunk = item / col_blocks, c0 = item % col_blocks * kColumns;
    const int64_t width = cols - c0 < kColumns ? cols - c0 : kColumns;
    const int64_t r0 = chunk * kRowChunk, r1 = rows - r0 < kRowChunk ? rows : r0 + kRowChunk;
    M scale_sum[kColumns] = {}, bias_sum[kColumns] = {};
    for (int64_t r = r0; r < r1; ++r) {
      const T* gr = out_grad + r * cols + c0;
      const T* xr = x + r * cols + c0;
      const M mu = mean != nullptr ? static_cast<M>(mean[r]) : M(0), rs = static_cast<M>(rstd[r]);
      for (int64_t j = 0; j < width; ++j) {
        const M g = static_cast<M>(gr[j]);
        scale_sum[j] += g * (static_cast<M>(xr[j]) - mu) * rs;
        bias_sum[j] += g;
      }
    }
    M* out = partial + chunk * 2 * cols + c0;
    for (int64_t j = 0; j < width; ++j) {
      out[j] = scale_sum[j];
      out[cols + j] = bias_sum[j];
    }
  }
};

template <typename T>
struct NormParamTotalFunctor {
  int64_t chunks, cols;
  const MathType<T>* partial;
  T* scale_grad;
  T* bias_grad;  // layer_norm only

  PD_HOSTDEVICE void operator()(int64_t c) const {
    MathType<T> scale_sum = 0, bias_sum = 0;
    for (int64_t k = 0; k < chunks; ++k) {
      scale_sum += partial[k * 2 * cols + c];
      bias_sum += partial[(k * 2 + 1) * cols + c];
    }
    scale_grad[c] = static_cast<T>(scale_sum);
    if (bias_grad != nullptr) bias_grad[c] = static_cast<T>(bias_sum);
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

// One channel of batch_norm's gradients from the saved statistics:
// bias_grad = sum(g), scale_grad = sum(g xhat), and
// x_grad = rstd scale (g - mean(g) - xhat mean(g xhat)), xhat = (x - mean) rstd.
template <typename T>
struct BatchNormGradChannelFunctor {
  int64_t n, channels, inner;
  const T* out_grad;
  const T* x;
  const T* scale;
  const T* mean;
  const T* rstd;
  T* x_grad;
  T* scale_grad;
  T* bias_grad;

  PD_HOSTDEVICE void operator()(int64_t c) const {
    using M = MathType<T>;
    const M mu = static_cast<M>(mean[c]), r = static_cast<M>(rstd[c]);
    M sum_g = 0, sum_gx = 0;
    for (int64_t b = 0; b < n; ++b) {
      const T* gs = out_grad + (b * channels + c) * inner;
      const T* xs = x + (b * channels + c) * inner;
      PD_SIMD_REDUCTION(+, sum_g, sum_gx)
      for (int64_t i = 0; i < inner; ++i) {
        const M g = static_cast<M>(gs[i]);
        sum_g += g;
        sum_gx += g * (static_cast<M>(xs[i]) - mu);
      }
    }
    sum_gx *= r;  // sum(g xhat)
    const M count = static_cast<M>(n * inner);
    const M a = r * static_cast<M>(scale[c]);
    const M g_mean = sum_g / count, gx_mean = sum_gx / count;
    for (int64_t b = 0; b < n; ++b) {
      const T* gs = out_grad + (b * channels + c) * inner;
      const T* xs = x + (b * channels + c) * inner;
      T* dx = x_grad + (b * channels + c) * inner;
      for (int64_t i = 0; i < inner; ++i) {
        const M xhat = (static_cast<M>(xs[i]) - mu) * r;
        dx[i] = static_cast<T>(a * (static_cast<M>(gs[i]) - g_mean - xhat * gx_mean));
      }
    }
    scale_grad[c] = static_cast<T>(sum_gx);
    bias_grad[c] = static_cast<T>(sum_g);
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
void BatchNormGradKernel(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& x,
                         const DenseTensor& scale, const DenseTensor& mean, const DenseTensor& rstd, float epsilon,
                         DenseTensor* x_grad, DenseTensor* scale_grad, DenseTensor* bias_grad) {
  T* xg = ctx.template Alloc<T>(x_grad);
  T* sg = ctx.template Alloc<T>(scale_grad);
  T* bg = ctx.template Alloc<T>(bias_grad);
  const int64_t n = x.dims()[0], channels = x.dims()[1];
  const int64_t inner = channels == 0 || n == 0 ? 0 : x.numel() / (n * channels);
  funcs::LaunchForEach(ctx, channels,
                       funcs::BatchNormGradChannelFunctor<T>{n, channels, inner, out_grad.data<T>(), x.data<T>(),
                                                             scale.data<T>(), mean.data<T>(), rstd.data<T>(), xg, sg,
                                                             bg},
                       1);
}

namespace funcs {

// Both norms' rows and gradients, with mean and bias null for rms_norm.
template <typename T, typename Context>
void NormRows(const Context& ctx, const DenseTensor& x, const T* scale, const T* bias, float epsilon, T* mean,
              T* rstd, T* out, int64_t rows) {
  if (rows == 0 || x.numel() == 0) return;
  LaunchRowPrograms(ctx, RowShape{rows, x.numel() / rows, 1},
                    NormRowProgram<T>{static_cast<MathType<T>>(epsilon), x.data<T>(), scale, bias, mean, rstd, out});
}

template <typename T, typename Context>
void NormGrads(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& x, int64_t cols, const T* scale,
               const T* mean, const T* rstd, int64_t rows, T* x_grad, T* scale_grad, T* bias_grad) {
  if (cols == 0) return;
  if (rows > 0) {
    LaunchRowPrograms(ctx, RowShape{rows, cols, 1},
                      NormGradRowProgram<T>{out_grad.data<T>(), x.data<T>(), scale, mean, rstd, x_grad});
  }
  using Partial = NormParamPartialFunctor<T>;
  const int64_t chunks = (rows + Partial::kRowChunk - 1) / Partial::kRowChunk;
  const int64_t col_blocks = (cols + Partial::kColumns - 1) / Partial::kColumns;
  DenseTensor partial(DenseTensorMeta(paddle::DataTypeOf<MathType<T>>, DDim({chunks * 2 * cols})));
  MathType<T>* p = ctx.template Alloc<MathType<T>>(&partial);
  LaunchForEach(ctx, chunks * col_blocks,
                Partial{rows, cols, col_blocks, out_grad.data<T>(), x.data<T>(), mean, rstd, p},
                (1 << 15) / (Partial::kRowChunk * Partial::kColumns));
  LaunchForEach(ctx, cols, NormParamTotalFunctor<T>{chunks, cols, p, scale_grad, bias_grad});
}

}  // namespace funcs

template <typename T, typename Context>
void LayerNormKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& scale, const DenseTensor& bias,
                     float epsilon, int64_t begin_norm_axis, DenseTensor* out, DenseTensor* mean,
                     DenseTensor* rstd) {
  T* o = ctx.template Alloc<T>(out);
  T* m = ctx.template Alloc<T>(mean);
  T* r = ctx.template Alloc<T>(rstd);
  funcs::NormRows<T>(ctx, x, scale.data<T>(), bias.data<T>(), epsilon, m, r, o, mean->numel());
}

// epsilon and begin_norm_axis serve the decomposition, which recomputes the
// statistics; the kernel reads the saved ones.
template <typename T, typename Context>
void LayerNormGradKernel(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& x,
                         const DenseTensor& scale, const DenseTensor& mean, const DenseTensor& rstd, float epsilon,
                         int64_t begin_norm_axis, DenseTensor* x_grad, DenseTensor* scale_grad,
                         DenseTensor* bias_grad) {
  T* xg = ctx.template Alloc<T>(x_grad);
  T* sg = ctx.template Alloc<T>(scale_grad);
  T* bg = ctx.template Alloc<T>(bias_grad);
  funcs::NormGrads<T>(ctx, out_grad, x, scale.numel(), scale.data<T>(), mean.data<T>(), rstd.data<T>(), mean.numel(), xg,
                      sg, bg);
}

template <typename T, typename Context>
void RmsNormKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& scale, float epsilon,
                   int64_t begin_norm_axis, DenseTensor* out, DenseTensor* rstd) {
  T* o = ctx.template Alloc<T>(out);
  T* r = ctx.template Alloc<T>(rstd);
  funcs::NormRows<T>(ctx, x, scale.data<T>(), nullptr, epsilon, nullptr, r, o, rstd->numel());
}

template <typename T, typename Context>
void RmsNormGradKernel(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& x,
                       const DenseTensor& scale, const DenseTensor& rstd, float epsilon, int64_t begin_norm_axis,
                       DenseTensor* x_grad, DenseTensor* scale_grad) {
  T* xg = ctx.template Alloc<T>(x_grad);
  T* sg = ctx.template Alloc<T>(scale_grad);
  funcs::NormGrads<T>(ctx, out_grad, x, scale.numel(), scale.data<T>(), nullptr, rstd.data<T>(), rstd.numel(), xg, sg,
                      nullptr);
}

}  // namespace phi

#define PD_REGISTER_NORM_KERNELS(B)                                      \
  PD_REGISTER_OP_KERNEL(layer_norm, B, phi::LayerNormKernel);            \
  PD_REGISTER_OP_KERNEL(layer_norm_grad, B, phi::LayerNormGradKernel);   \
  PD_REGISTER_OP_KERNEL(rms_norm, B, phi::RmsNormKernel);                \
  PD_REGISTER_OP_KERNEL(rms_norm_grad, B, phi::RmsNormGradKernel);       \
  PD_REGISTER_OP_KERNEL(batch_norm_train, B, phi::BatchNormTrainKernel); \
  PD_REGISTER_OP_KERNEL(batch_norm_grad, B, phi::BatchNormGradKernel)
