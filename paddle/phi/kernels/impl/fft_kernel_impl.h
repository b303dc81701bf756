// FFTs over any set of axes, for every backend. The backend supplies three
// primitives over the lines of a contiguous buffer viewed as [outer, n,
// inner] (our own plans on the CPU, cuFFT on the GPU):
// - funcs::FftLines(ctx, data, lines, forward): the unnormalized complex
//   transform of every line, in place;
// - funcs::FftRealForward(ctx, x, lines, scale, forward, half): the first
//   n / 2 + 1 points of the transforms of real lines, times scale;
// - funcs::FftRealInverse(ctx, half, lines, scale, forward, out): the real
//   lines whose spectra begin with those of half, times scale.
// Real transforms run along the last of the axes, so that the other axes
// transform the half spectrum only. The normalization is one scale, applied
// in the first step: every later step is linear.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "paddle/common/complex.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/lines.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_fft.h"

namespace phi {

namespace funcs {

template <typename C>
struct ComplexParts;
template <typename R>
struct ComplexParts<paddle::complex<R>> {
  using Real = R;
};

// The factor a transform of n points is scaled by: "backward" scales the
// inverse by 1/n, "forward" the forward one, "ortho" both by 1/sqrt(n).
inline double FftScale(const std::string& normalization, bool forward, int64_t n) {
  if (normalization == "ortho") return 1.0 / std::sqrt(static_cast<double>(n));
  return (normalization == "forward") == forward ? 1.0 / static_cast<double>(n) : 1.0;
}

template <typename In, typename R>
struct FftScaledCopyFunctor {  // real or complex in -> complex out, times scale
  const In* in;
  paddle::complex<R>* out;
  R scale;
  PD_HOSTDEVICE void operator()(int64_t i) const {
    const paddle::complex<R> v(in[i]);
    out[i] = paddle::complex<R>(v.real * scale, v.imag * scale);
  }
};

inline int64_t FftPoints(const DDim& dims, const std::vector<int64_t>& axes) {
  int64_t n = 1;
  for (int64_t axis : axes) n *= dims[NormalizeAxis(axis, dims.size())];
  return n;
}

// data (dims) times scale, as complex, into out (allocated here).
template <typename In, typename R, typename Context>
paddle::complex<R>* FftScaledCopy(const Context& ctx, const DenseTensor& x, double scale, DenseTensor* out) {
  paddle::complex<R>* o = ctx.template Alloc<paddle::complex<R>>(out);
  LaunchForEach(ctx, x.numel(), FftScaledCopyFunctor<In, R>{x.data<In>(), o, static_cast<R>(scale)});
  return o;
}

template <typename R, typename Context>
void FftAxes(const Context& ctx, paddle::complex<R>* data, const DDim& dims, const std::vector<int64_t>& axes,
             bool forward) {
  for (int64_t axis : axes) FftLines(ctx, data, Lines::Around(dims, NormalizeAxis(axis, dims.size())), forward);
}

}  // namespace funcs

template <typename T, typename Context>
void FftC2CKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& axes,
                  const std::string& normalization, bool forward, DenseTensor* out) {
  using R = typename funcs::ComplexParts<T>::Real;
  const double scale = funcs::FftScale(normalization, forward, funcs::FftPoints(x.dims(), axes));
  paddle::complex<R>* o = funcs::FftScaledCopy<T, R>(ctx, x, scale, out);
  if (x.numel() > 0) funcs::FftAxes(ctx, o, x.dims(), axes, forward);
}

template <typename T, typename Context>
void FftR2CKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& axes,
                  const std::string& normalization, bool forward, bool onesided, DenseTensor* out) {
  using C = paddle::complex<T>;
  const double scale = funcs::FftScale(normalization, forward, funcs::FftPoints(x.dims(), axes));
  if (!onesided) {
    C* o = funcs::FftScaledCopy<T, T>(ctx, x, scale, out);
    if (x.numel() > 0) funcs::FftAxes(ctx, o, x.dims(), axes, forward);
    return;
  }
  C* o = ctx.template Alloc<C>(out);
  if (out->numel() == 0) return;
  const int last = NormalizeAxis(axes.back(), x.dims().size());
  funcs::FftRealForward(ctx, x.data<T>(), funcs::Lines::Around(x.dims(), last), scale, forward, o);
  funcs::FftAxes(ctx, o, out->dims(), std::vector<int64_t>(axes.begin(), axes.end() - 1), forward);
}

template <typename T, typename Context>
void FftC2RKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& axes,
                  const std::string& normalization, bool forward, int64_t last_dim_size, DenseTensor* out) {
  using R = typename funcs::ComplexParts<T>::Real;
  const double scale = funcs::FftScale(normalization, forward, funcs::FftPoints(out->dims(), axes));
  R* o = ctx.template Alloc<R>(out);
  if (out->numel() == 0) return;
  const funcs::Lines lines = funcs::Lines::Around(out->dims(), NormalizeAxis(axes.back(), out->dims().size()));
  if (axes.size() == 1) {
    funcs::FftRealInverse(ctx, x.data<T>(), lines, scale, forward, o);
    return;
  }
  // The other axes first, so that the last one's lines are one-sided spectra of real signals.
  DenseTensor half(DenseTensorMeta(x.dtype(), x.dims()));
  paddle::complex<R>* h = funcs::FftScaledCopy<T, R>(ctx, x, scale, &half);
  funcs::FftAxes(ctx, h, x.dims(), std::vector<int64_t>(axes.begin(), axes.end() - 1), forward);
  funcs::FftRealInverse(ctx, h, lines, 1.0, forward, o);
}

}  // namespace phi

#define PD_REGISTER_FFT_KERNELS(B)                      \
  PD_REGISTER_OP_KERNEL(fft_c2c, B, phi::FftC2CKernel); \
  PD_REGISTER_OP_KERNEL(fft_r2c, B, phi::FftR2CKernel); \
  PD_REGISTER_OP_KERNEL(fft_c2r, B, phi::FftC2RKernel)
