// Resizing by interpolation (Paddle's *_interp ops), separably, one spatial
// dim at a time: each output position gathers its source neighbours with
// index_select and mixes them with weights. Positions and weights are
// computed by ops from an arange, not on the host, so the rule holds for a
// traced value too.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/interp_geometry.h"
#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

namespace interp_detail {

// The fractional source coordinate of each of the axis' outputs (float64 [out]).
template <TensorLike T>
T SourcePositions(const phi::InterpAxis& a, const std::string& method, bool align_corners, int align_mode,
                  const Place& place) {
  T dst = arange<T>(0, a.out, 1, DataType::FLOAT64, place);
  const bool half_pixel = !align_corners && method != "nearest" && (align_mode == 0 || method == "bicubic");
  if (!half_pixel) return Affine(dst, a.ratio, 0.0);
  T src = Affine(dst, a.ratio, 0.5 * a.ratio - 0.5);
  return method == "bicubic" ? src : maximum(src, ScalarLike(0.0, src));
}

// x's slices along axis at the positions (float64, whole), clamped into [0, n).
template <TensorLike T>
T Taps(const T& x, int axis, const T& positions) {
  const double last = static_cast<double>(x.dims()[axis] - 1);
  return index_select(x, cast(clip(positions, 0.0, last), DataType::INT64), axis);
}

// weights [out] as x's dtype, shaped to broadcast along axis.
template <TensorLike T>
T AlongAxis(const T& weights, const T& x, int axis) {
  std::vector<int64_t> view(x.dims().size(), 1);
  view[axis] = weights.dims()[0];
  return reshape(cast(weights, x.dtype()), IntArray(view));
}

// Cubic convolution weights (a = -0.75, as Paddle and PyTorch) of the taps at
// -1, 0, 1, 2 around fraction t.
template <TensorLike T>
std::vector<T> CubicWeights(const T& t) {
  constexpr double a = -0.75;
  auto near = [](const T& v) {  // ((a + 2) v - (a + 3)) v^2 + 1, for |v| <= 1
    return Affine(multiply(Affine(v, a + 2, -(a + 3)), multiply(v, v)), 1.0, 1.0);
  };
  auto far = [](const T& v) {  // ((a v - 5a) v + 8a) v - 4a, for 1 < |v| < 2
    return Affine(multiply(Affine(multiply(Affine(v, a, -5 * a), v), 1.0, 8 * a), v), 1.0, -4 * a);
  };
  return {far(Affine(t, 1.0, 1.0)), near(t), near(Affine(t, -1.0, 1.0)), far(Affine(t, -1.0, 2.0))};
}

template <TensorLike T>
T ResizeAxis(const T& x, const phi::InterpAxis& a, const std::string& method, bool align_corners,
             int align_mode) {
  T src = SourcePositions<T>(a, method, align_corners, align_mode, x.place());
  if (method == "nearest") {
    return Taps(x, a.axis, floor(align_corners ? Affine(src, 1.0, 0.5) : src));
  }
  T base = floor(src);
  T frac = subtract(src, base);
  if (method == "bicubic") {
    std::vector<T> weights = CubicWeights(frac);
    T out = multiply(Taps(x, a.axis, Affine(base, 1.0, -1.0)), AlongAxis(weights[0], x, a.axis));
    for (int tap = 1; tap < 4; ++tap) {
      out = add(out, multiply(Taps(x, a.axis, Affine(base, 1.0, tap - 1.0)), AlongAxis(weights[tap], x, a.axis)));
    }
    return out;
  }
  T lo = Taps(x, a.axis, base);
  T hi = Taps(x, a.axis, Affine(base, 1.0, 1.0));
  return add(lo, multiply(subtract(hi, lo), AlongAxis(frac, x, a.axis)));
}

}  // namespace interp_detail

// The *_interp ops: x resized along each spatial dim by interp_method
// (nearest, linear, bilinear, trilinear, bicubic), Paddle's geometry.
template <TensorLike T>
T Interpolate(const T& x, const std::string& data_format, int out_d, int out_h, int out_w,
              const std::vector<double>& scale, const std::string& interp_method, bool align_corners,
              int align_mode) {
  const std::string method = interp_method == "nearest" || interp_method == "bicubic" ? interp_method : "linear";
  T out = x;
  for (const phi::InterpAxis& a :
       phi::InterpGeometry(x.dims(), data_format, out_d, out_h, out_w, scale, interp_method, align_corners)) {
    out = interp_detail::ResizeAxis(out, a, method, align_corners, align_mode);
  }
  return out;
}

}  // namespace paddle::prim
