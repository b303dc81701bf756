// Gradients of the real FFTs: each is the adjoint transform, with the
// one-sided half spectrum padded back or its mirrored entries counted twice.
#pragma once

#include <string>
#include <vector>

#include "paddle/prim/rules/manipulation.h"

namespace paddle::prim {

// The normalization of the adjoint transform ("backward" <-> "forward").
inline std::string FftAdjointNormalization(const std::string& normalization) {
  if (normalization == "backward") return "forward";
  if (normalization == "forward") return "backward";
  return normalization;
}

template <TensorLike T>
T FftR2CGrad(const T& grad, const T& x, const std::vector<int64_t>& axes, const std::string& normalization,
             bool forward, bool onesided) {
  T spectrum = grad;
  if (onesided) {
    const int64_t last = NormalizeAxis(axes.back(), x.dims().size(), "axes");
    spectrum = SliceGrad(grad, x, {last}, IntArray({0}), IntArray({grad.dims()[last]}));
  }
  return CastLike(fft_c2c(spectrum, axes, FftAdjointNormalization(normalization), !forward), x);
}

template <TensorLike T>
T FftC2RGrad(const T& grad, const T& x, const std::vector<int64_t>& axes, const std::string& normalization,
             bool forward) {
  const int last = NormalizeAxis(axes.back(), x.dims().size(), "axes");
  const int64_t half = x.dims()[last], points = grad.dims()[last];
  T g = fft_r2c(grad, axes, FftAdjointNormalization(normalization), !forward, true);
  // Entries 1 .. points - half have a mirrored twin in the full spectrum.
  const int64_t twice = points - half;
  if (twice <= 0) return g;
  auto weights = [&](int64_t n, double value) { return full<T>(IntArray({n}), value, g.dtype(), g.place()); };
  std::vector<T> pieces{weights(1, 1.0), weights(twice, 2.0)};
  if (half - 1 - twice > 0) pieces.push_back(weights(half - 1 - twice, 1.0));
  std::vector<int64_t> shape(g.dims().size(), 1);
  shape[last] = half;
  return multiply(g, reshape(concat(pieces, 0), IntArray(shape)));
}

}  // namespace paddle::prim
