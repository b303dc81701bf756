// Order statistics along one axis (cummax/cummin, kthvalue, mode) over the
// sorting and scanning kernels.
#pragma once

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

}  // namespace paddle::prim
