// The spatial-transformer pair (Paddle's affine_grid and grid_sample): a
// grid of normalized sampling positions from affine maps, and x sampled at
// such positions. Positions, weights and the gathered taps are all ops, so
// the rules hold for a traced value and differentiate in x and grid.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

namespace vision_detail {

// The normalized centers of `size` pixels along an axis, in [-1, 1]: -1 and
// 1 are the outer centers when align_corners, else the outer edges.
template <TensorLike T>
T PixelCenters(int64_t size, bool align_corners, DataType dtype, const Place& place) {
  T i = arange<T>(0, size, 1, dtype, place);
  if (!align_corners) return Affine(i, 2.0 / static_cast<double>(size), 1.0 / static_cast<double>(size) - 1.0);
  return size > 1 ? Affine(i, 2.0 / static_cast<double>(size - 1), -1.0) : Affine(i, 0.0, 0.0);
}

// coord mirrored into [low, high], the mirror image repeating every
// 2 (high - low).
template <TensorLike T>
T Reflect(const T& coord, double low, double high) {
  const double span = high - low;
  if (span <= 0) return Affine(coord, 0.0, low);
  T distance = abs(Affine(coord, 1.0, -low));
  T flips = floor(multiply(distance, ScalarLike(1.0 / span, distance)));
  T extra = subtract(distance, multiply(flips, ScalarLike(span, flips)));
  T even = equal(remainder(flips, ScalarLike(2, flips)), ScalarLike(0, flips));
  return where(even, Affine(extra, 1.0, low), Affine(extra, -1.0, high));
}

// Normalized positions in [-1, 1] as pixel positions along an axis of
// `size`, padded as padding_mode says.
template <TensorLike T>
T PixelPositions(const T& coord, int64_t size, const std::string& padding_mode, bool align_corners) {
  const double n = static_cast<double>(size);
  T c = align_corners ? Affine(coord, (n - 1) / 2, (n - 1) / 2) : Affine(coord, n / 2, (n - 1) / 2);
  if (padding_mode == "border") return clip(c, 0.0, n - 1);
  if (padding_mode == "reflection") {
    return align_corners ? Reflect(c, 0.0, n - 1) : clip(Reflect(c, -0.5, n - 0.5), 0.0, n - 1);
  }
  return c;
}

// c rounded to the nearest whole number, ties to even (as nearest sampling
// in Paddle and PyTorch).
template <TensorLike T>
T RoundHalfEven(const T& c) {
  T r = floor(Affine(c, 1.0, 0.5));
  T tie = logical_and(equal(subtract(r, c), ScalarLike(0.5, c)),
                      equal(remainder(r, ScalarLike(2, r)), ScalarLike(1, r)));
  return where(tie, Affine(r, 1.0, -1.0), r);
}

}  // namespace vision_detail

// affine_grid: for theta [N, k, k+1] (k = 2 or 3) and output_shape
// [N, C, spatial...], the [N, spatial..., k] grid whose last axis holds the
// (x, y[, z]) positions theta maps each output pixel's center to.
template <TensorLike T>
T AffineGrid(const T& theta, const IntArray& output_shape, bool align_corners) {
  const std::vector<int64_t>& shape = output_shape.GetData();
  const int k = static_cast<int>(shape.size()) - 2;
  const std::vector<int64_t> spatial(shape.begin() + 2, shape.end());
  std::vector<int64_t> homogeneous_shape = spatial;
  homogeneous_shape.push_back(1);
  int64_t points = 1;
  for (int64_t s : spatial) points *= s;
  // Component j of the last axis is the position along spatial axis k-1-j
  // (x runs along the last axis); a last component of 1 carries theta's shift.
  std::vector<T> components;
  for (int j = 0; j < k; ++j) {
    const int axis = k - 1 - j;
    std::vector<int64_t> view(k + 1, 1);
    view[axis] = spatial[axis];
    T centers = vision_detail::PixelCenters<T>(spatial[axis], align_corners, theta.dtype(), theta.place());
    components.push_back(expand(reshape(centers, IntArray(view)), IntArray(homogeneous_shape)));
  }
  components.push_back(full<T>(IntArray(homogeneous_shape), 1, theta.dtype(), theta.place()));
  T base = reshape(concat(components, -1), IntArray({1, points, k + 1}));
  std::vector<int64_t> grid_shape = {shape[0]};
  grid_shape.insert(grid_shape.end(), spatial.begin(), spatial.end());
  grid_shape.push_back(k);
  return reshape(matmul(base, theta, false, true), IntArray(grid_shape));
}

// grid_sample: x [N, C, spatial...] at the normalized positions of grid
// [N, out spatial..., k] ((x, y[, z]) per point), by bilinear (trilinear) or
// nearest interpolation; positions outside read zeros, the border, or the
// mirror image (padding_mode). Each corner of the interpolation cell is one
// take_along_axis over x's flattened pixels, weighted (0 outside x).
template <TensorLike T>
T GridSample(const T& x, const T& grid, const std::string& mode, const std::string& padding_mode,
             bool align_corners) {
  const int k = x.dims().size() - 2;
  const int64_t n = x.dims()[0], c = x.dims()[1];
  std::vector<int64_t> spatial, out_spatial;
  int64_t pixels = 1, points = 1;
  for (int d = 0; d < k; ++d) {
    spatial.push_back(x.dims()[2 + d]);
    pixels *= spatial.back();
    out_spatial.push_back(grid.dims()[1 + d]);
    points *= out_spatial.back();
  }
  std::vector<int64_t> out_shape = {n, c};
  out_shape.insert(out_shape.end(), out_spatial.begin(), out_spatial.end());
  // An empty x has no pixel to read: every point lies outside and reads 0.
  if (pixels == 0) return full<T>(IntArray(out_shape), 0.0, x.dtype(), x.place());
  T flat = reshape(grid, IntArray({n, points, k}));
  // Per axis of x, the candidate pixel positions of every point ([N, P]) with
  // their weights (none for nearest).
  std::vector<std::vector<std::pair<T, std::optional<T>>>> choices(k);
  for (int axis = 0; axis < k; ++axis) {
    T component = reshape(index_select(flat, full<T>(IntArray({1}), k - 1 - axis, DataType::INT64, x.place()), 2),
                          IntArray({n, points}));
    T position = vision_detail::PixelPositions(component, spatial[axis], padding_mode, align_corners);
    if (mode == "nearest") {
      choices[axis].emplace_back(vision_detail::RoundHalfEven(position), std::nullopt);
    } else {
      T low = floor(position);
      T frac = subtract(position, low);
      choices[axis].emplace_back(low, Affine(frac, -1.0, 1.0));
      choices[axis].emplace_back(Affine(low, 1.0, 1.0), frac);
    }
  }
  T x_flat = reshape(x, IntArray({n, c, pixels}));
  const int corners = 1 << (mode == "nearest" ? 0 : k);
  std::optional<T> out;
  for (int corner = 0; corner < corners; ++corner) {
    std::optional<T> weight, index;
    int64_t stride = pixels;
    for (int axis = 0; axis < k; ++axis) {
      const auto& [position, w] = choices[axis][choices[axis].size() == 1 ? 0 : (corner >> axis) & 1];
      const double last = static_cast<double>(spatial[axis] - 1);
      T inside = cast(logical_and(greater_equal(position, ScalarLike(0, position)),
                                  less_equal(position, ScalarLike(last, position))),
                      x.dtype());
      T axis_weight = w ? multiply(*w, inside) : inside;
      weight = weight ? multiply(*weight, axis_weight) : axis_weight;
      stride /= spatial[axis];
      T term = cast(clip(position, 0.0, last), DataType::INT64);
      if (stride != 1) term = multiply(term, ScalarLike(stride, term));
      index = index ? add(*index, term) : term;
    }
    T picked = take_along_axis(x_flat, expand(unsqueeze(*index, IntArray({1})), IntArray({n, c, points})), 2);
    T contribution = multiply(picked, unsqueeze(*weight, IntArray({1})));
    out = out ? add(*out, contribution) : contribution;
  }
  return reshape(*out, IntArray(out_shape));
}

}  // namespace paddle::prim
