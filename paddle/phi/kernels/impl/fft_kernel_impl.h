// FFTs over any set of axes, for every backend. The backend supplies one
// primitive, funcs::FftLines(ctx, data, lines, forward): the unnormalized
// complex transform of every line of a contiguous complex buffer viewed as
// [outer, n, inner] (our own plan on the CPU, cuFFT on the GPU). Everything
// else (the normalization, real input, the one-sided half spectrum and its
// Hermitian extension) is elementwise work shared by both.
//
// The normalization is scaled into the first copy of the input: every later
// step is linear.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "paddle/common/complex.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/lines.h"

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

// The first half = n / 2 + 1 entries of every line of a full spectrum.
template <typename R>
struct FftOnesidedFunctor {
  const paddle::complex<R>* full;
  paddle::complex<R>* half;
  int64_t n, h, inner;
  PD_HOSTDEVICE void operator()(int64_t i) const {
    const int64_t k = (i / inner) % h, outer = i / (h * inner);
    half[i] = full[(outer * n + k) * inner + i % inner];
  }
};

// A full line of n entries from its first half: entry k >= half is the
// conjugate of entry n - k, as in the spectrum of a real signal.
template <typename R>
struct FftHermitianFunctor {
  const paddle::complex<R>* half;
  paddle::complex<R>* full;
  int64_t n, h, inner;
  PD_HOSTDEVICE void operator()(int64_t i) const {
    const int64_t k = (i / inner) % n, outer = i / (n * inner);
    const bool mirrored = k >= h;
    const paddle::complex<R> v = half[(outer * h + (mirrored ? n - k : k)) * inner + i % inner];
    full[i] = mirrored ? paddle::complex<R>(v.real, -v.imag) : v;
  }
};

template <typename R>
struct FftRealPartFunctor {
  const paddle::complex<R>* in;
  R* out;
  PD_HOSTDEVICE void operator()(int64_t i) const { out[i] = in[i].real; }
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
  DenseTensor full(DenseTensorMeta(out->dtype(), x.dims()));
  C* f = funcs::FftScaledCopy<T, T>(ctx, x, scale, &full);
  C* o = ctx.template Alloc<C>(out);
  if (out->numel() == 0) return;
  funcs::FftAxes(ctx, f, x.dims(), axes, forward);
  const int last = NormalizeAxis(axes.back(), x.dims().size());
  const funcs::Lines lines = funcs::Lines::Around(x.dims(), last);
  funcs::LaunchForEach(ctx, out->numel(),
                       funcs::FftOnesidedFunctor<T>{f, o, lines.n, out->dims()[last], lines.inner});
}

template <typename T, typename Context>
void FftC2RKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& axes,
                  const std::string& normalization, bool forward, int64_t last_dim_size, DenseTensor* out) {
  using R = typename funcs::ComplexParts<T>::Real;
  const double scale = funcs::FftScale(normalization, forward, funcs::FftPoints(out->dims(), axes));
  DenseTensor half(DenseTensorMeta(x.dtype(), x.dims()));
  paddle::complex<R>* hp = funcs::FftScaledCopy<T, R>(ctx, x, scale, &half);
  R* o = ctx.template Alloc<R>(out);
  if (out->numel() == 0) return;
  // The other axes first, so that the last one's lines are one-sided spectra of real signals.
  funcs::FftAxes(ctx, hp, x.dims(), std::vector<int64_t>(axes.begin(), axes.end() - 1), forward);
  const int last = NormalizeAxis(axes.back(), x.dims().size());
  DenseTensor full(DenseTensorMeta(x.dtype(), out->dims()));
  paddle::complex<R>* f = ctx.template Alloc<paddle::complex<R>>(&full);
  const funcs::Lines lines = funcs::Lines::Around(out->dims(), last);
  funcs::LaunchForEach(ctx, full.numel(), funcs::FftHermitianFunctor<R>{hp, f, lines.n, x.dims()[last], lines.inner});
  funcs::FftLines(ctx, f, lines, forward);
  funcs::LaunchForEach(ctx, out->numel(), funcs::FftRealPartFunctor<R>{f, o});
}

}  // namespace phi

#define PD_REGISTER_FFT_KERNELS(B)                                            \
  PD_REGISTER_KERNEL(fft_c2c, B, phi::FftC2CKernel, PD_COMPLEX_TYPES);        \
  PD_REGISTER_KERNEL(fft_r2c, B, phi::FftR2CKernel, float, double);           \
  PD_REGISTER_KERNEL(fft_c2r, B, phi::FftC2RKernel, PD_COMPLEX_TYPES)
