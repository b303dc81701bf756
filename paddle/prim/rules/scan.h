// Rules of the scans: shifting a tensor along an axis, the adjoint of
// linear_scan (the same recurrence run backward), logcumsumexp's gradient,
// and cumprod as a linear scan.
#pragma once

#include <cmath>
#include <cstdlib>
#include <vector>

#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

namespace scan_detail {

// +1 when the scan runs toward the end of the axis, -1 when reverse.
inline int64_t Direction(bool reverse) { return reverse ? -1 : 1; }

}  // namespace scan_detail

// x moved `by` positions along axis (toward the end when positive), the
// vacated positions holding `fill`.
template <TensorLike T>
T ShiftAlong(const T& x, int64_t axis, int64_t by, const Scalar& fill) {
  const int rank = x.dims().size();
  auto filled = [&](int64_t n, int a) {
    std::vector<int64_t> shape = x.dims().ToVector();
    if (rank > 0) shape[a] = n;
    return full<T>(IntArray(shape), fill, x.dtype(), x.place());
  };
  if (rank == 0) return by == 0 ? x : filled(1, 0);
  const int a = NormalizeAxis(axis, rank);
  const int64_t n = x.dims()[a];
  if (by == 0 || n == 0) return x;
  if (std::abs(by) >= n) return filled(n, a);
  if (by > 0) return concat<T>({filled(by, a), slice(x, {a}, {0}, {n - by})}, a);
  return concat<T>({slice(x, {a}, {-by}, {n}), filled(-by, a)}, a);
}

// linear_scan's gradient of b: the adjoint runs the other way, each step
// weighted by the coefficient of the step it came back from.
template <TensorLike T>
T LinearScanGradB(const T& grad, const T& a, int64_t axis, bool reverse) {
  const T next_a = ShiftAlong(Conj(a), axis, -scan_detail::Direction(reverse), 0);
  return linear_scan(next_a, grad, axis, !reverse);
}

template <TensorLike T>
T LinearScanGradA(const T& grad, const T& a, const T& out, int64_t axis, bool reverse) {
  const T previous_out = ShiftAlong(Conj(out), axis, scan_detail::Direction(reverse), 0);
  return multiply(LinearScanGradB(grad, a, axis, reverse), previous_out);
}

template <TensorLike T>
T LogcumsumexpGrad(const T& grad, const T& x, const T& out, int64_t axis, bool reverse) {
  // Coefficient exp(out[j] - out[j+1]) <= 1; the last one meets +inf and is 0.
  const T next_out = ShiftAlong(out, axis, -scan_detail::Direction(reverse), INFINITY);
  const T later_sum = linear_scan(exp(subtract(out, next_out)), grad, axis, !reverse);
  return multiply(exp(subtract(x, out)), later_sum);
}

// Running products: out[j] = x[j] out[j-1], started from x[0].
template <TensorLike T>
T Cumprod(const T& x, int64_t axis, bool reverse) {
  const T first = ShiftAlong(ZerosLike(x), axis, scan_detail::Direction(reverse), 1);
  return linear_scan(x, multiply(x, first), axis, reverse);
}

}  // namespace paddle::prim
