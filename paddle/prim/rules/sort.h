// Order statistics along one axis (cummax/cummin, kthvalue, mode), over
// several (median, nanmedian) and of all of x (unique), over the sorting and
// scanning kernels.
#pragma once

#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

// cummax / cummin: the running extreme along axis and its position (the
// latest of ties; NaN wins), the positions in dtype.
template <TensorLike T>
std::tuple<T, T> CumExtreme(const T& x, int axis, DataType dtype, bool largest) {
  T indices = cum_arg_extreme(x, axis, largest);
  T values = x.dims().size() == 0 ? clone(x) : take_along_axis(x, indices, axis);
  return {values, cast(indices, dtype)};
}

// kthvalue: the k-th smallest (1-based) along axis, and its position.
template <TensorLike T>
std::tuple<T, T> Kthvalue(const T& x, int64_t k, int axis, bool keepdim) {
  auto [values, indices] = topk(x, k, axis, false, true);
  if (x.dims().size() == 0) return {values, indices};
  const int64_t a = NormalizeAxis(axis, x.dims().size());
  T value = slice(values, {a}, IntArray({k - 1}), IntArray({k}));
  T index = slice(indices, {a}, IntArray({k - 1}), IntArray({k}));
  if (keepdim) return {value, index};
  return {squeeze(value, IntArray({a})), squeeze(index, IntArray({a}))};
}

// mode: the most frequent value along axis (the largest of equally frequent
// ones) and its last position: counts by comparing the sorted slice with
// itself ([..., n, n]), then the position by a masked maximum.
template <TensorLike T>
std::tuple<T, T> Mode(const T& x, int axis, bool keepdim) {
  const int rank = x.dims().size();
  if (rank == 0) return {clone(x), full<T>(IntArray(), 0, DataType::INT64, x.place())};
  const int a = NormalizeAxis(axis, rank);
  std::vector<int64_t> perm;
  for (int d = 0; d < rank; ++d)
    if (d != a) perm.push_back(d);
  perm.push_back(a);
  T moved = transpose(x, perm);
  auto [sorted, order] = argsort(moved, -1, false, true);
  const int64_t n = x.dims()[a];
  T positions = arange<T>(0, n, 1, DataType::INT64, x.place());
  T same = equal(unsqueeze(sorted, IntArray({-1})), unsqueeze(sorted, IntArray({-2})));
  T counts = sum(cast(same, DataType::INT64), IntArray({-1}), DataType::INT64, false);
  T rank_of_best = add(multiply(counts, ScalarLike(n + 1, counts)), positions);  // frequency, then value
  T value = take_along_axis(sorted, argmax(rank_of_best, -1, true, false, DataType::INT64), -1);
  T last = max(where(equal(moved, value), positions, full<T>(IntArray(), -1, DataType::INT64, x.place())),
               IntArray({-1}), true);
  if (keepdim) {
    std::vector<int64_t> back(rank);
    for (int d = 0; d < rank; ++d) back[perm[d]] = d;
    return {transpose(value, back), transpose(last, back)};
  }
  return {squeeze(value, IntArray({-1})), squeeze(last, IntArray({-1}))};
}

namespace median_detail {

// x with the axes (all when empty) merged into one last dim, after the others.
template <TensorLike T>
T MergedLines(const T& x, const std::vector<bool>& reduced) {
  const int rank = x.dims().size();
  if (rank == 0) return reshape(x, IntArray({1}));
  std::vector<int64_t> perm, dims;
  int64_t line = 1;
  for (int d = 0; d < rank; ++d) {
    if (!reduced[d]) {
      perm.push_back(d);
      dims.push_back(x.dims()[d]);
    }
  }
  for (int d = 0; d < rank; ++d) {
    if (reduced[d]) {
      perm.push_back(d);
      line *= x.dims()[d];
    }
  }
  dims.push_back(line);
  return reshape(transpose(x, perm), IntArray(dims));
}

}  // namespace median_detail

// median / nanmedian (ignore_nan) over axis (all of x when empty): the middle
// of each line's sorted values, the mean of the two middle ones for an even
// count (mode avg) or the lower one (mode min); and their positions in the
// line ([..., 2] for avg: lower, upper). A line holding NaN has median NaN at
// its first NaN; nanmedian skips NaNs, and a line of NaNs only is NaN.
template <TensorLike T>
std::tuple<T, T> Median(const T& x, const IntArray& axis, bool keepdim, const std::string& mode, bool ignore_nan) {
  const int rank = x.dims().size();
  const std::vector<bool> reduced = phi::ReducedAxesMask(axis, rank);
  T lines = median_detail::MergedLines(x, reduced);
  const int64_t n = lines.dims()[lines.dims().size() - 1];
  auto [sorted, order] = argsort(lines, -1, false, true);  // NaNs last
  T nan_count = sum(cast(isnan(lines), DataType::INT64), IntArray({-1}), DataType::UNDEFINED, true);
  T count = ignore_nan ? subtract(full<T>(IntArray({1}), n, DataType::INT64, x.place()), nan_count)
                       : full<T>(IntArray({1}), n, DataType::INT64, x.place());
  auto position = [&](int64_t offset) {  // (count - 1 + offset) // 2, at least 0
    T p = floor_divide(add(count, ScalarLike(offset - 1, count)), ScalarLike(2, count));
    return ignore_nan ? maximum(p, ScalarLike(0, p)) : expand(p, Shape(nan_count));
  };
  T lo = position(0);
  T hi = mode == "avg" ? position(1) : lo;
  T a = take_along_axis(sorted, lo, -1);
  T value = a;
  if (mode == "avg") {
    T sum_ab = add(a, take_along_axis(sorted, hi, -1));
    // Integer lines keep their dtype, as Paddle's: the mean rounds down.
    value = IsFloating(a.dtype()) ? multiply(sum_ab, ScalarLike(0.5, a)) : floor_divide(sum_ab, ScalarLike(2, a));
  }
  T index = mode == "avg" ? concat(std::vector<T>{take_along_axis(order, lo, -1), take_along_axis(order, hi, -1)}, -1)
                          : take_along_axis(order, lo, -1);
  if (!ignore_nan && IsFloating(x.dtype())) {
    // The median of a line holding NaN is NaN, at the first NaN's position.
    T has_nan = greater_than(nan_count, ScalarLike(0, nan_count));
    T first_nan_at = clip(subtract(ScalarLike(n, nan_count), nan_count), 0.0, static_cast<double>(n - 1));
    T first_nan = take_along_axis(order, first_nan_at, -1);
    value = where(has_nan, full<T>(IntArray(), NAN, value.dtype(), x.place()), value);
    index = where(has_nan, expand(first_nan, Shape(index)), index);
  }
  // Back to x's dims: the reduced ones kept as 1 or dropped.
  std::vector<int64_t> out_dims;
  for (int d = 0; d < rank; ++d) {
    if (!reduced[d]) out_dims.push_back(x.dims()[d]);
    else if (keepdim) out_dims.push_back(1);
  }
  std::vector<int64_t> index_dims = out_dims;
  if (mode == "avg") index_dims.push_back(2);
  return {reshape(value, IntArray(out_dims)), reshape(index, IntArray(index_dims))};
}

// unique over the flattened x: its sorted distinct values and, where asked
// for (in dtype; empty otherwise), each one's first position in x, every
// element's index among them (flattened, as Paddle's), and their counts. The
// lengths depend on x's values: the distinct values are the sorted ones that
// differ from their predecessor (a masked_select).
template <TensorLike T>
std::tuple<T, T, T, T> Unique(const T& x, bool return_index, bool return_inverse, bool return_counts,
                              DataType dtype) {
  const int64_t n = x.dims().numel();
  T flat = reshape(x, IntArray({n}));
  T none = full<T>(IntArray({0}), 0, dtype, x.place());
  if (n == 0) return {flat, none, none, none};
  auto [values, order] = argsort(flat, 0, false, true);
  T differs = not_equal(slice(values, {0}, IntArray({1}), IntArray({n})),
                        slice(values, {0}, IntArray({0}), IntArray({n - 1})));
  T first = concat(std::vector<T>{full<T>(IntArray({1}), true, DataType::BOOL, x.place()), differs}, 0);
  T distinct = masked_select(values, first);
  T starts = reshape(nonzero(first), IntArray({-1}));
  T index = return_index ? cast(gather_nd(order, unsqueeze(starts, IntArray({1}))), dtype) : none;
  T inverse = none;
  if (return_inverse) {
    T group = add(cumsum(cast(first, DataType::INT64), 0, false), ScalarLike(-1, starts));
    inverse = cast(put_along_axis(full<T>(IntArray({n}), 0, DataType::INT64, x.place()), order, group, 0, "assign"),
                   dtype);
  }
  T counts = none;
  if (return_counts) {
    T ends = concat(std::vector<T>{slice(starts, {0}, IntArray({1}), IntArray({starts.dims()[0]})),
                                   full<T>(IntArray({1}), n, DataType::INT64, x.place())},
                    0);
    counts = cast(subtract(ends, starts), dtype);
  }
  return {distinct, index, inverse, counts};
}

}  // namespace paddle::prim
