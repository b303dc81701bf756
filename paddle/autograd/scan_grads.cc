#include "paddle/autograd/scan_grads.h"

#include <cstdlib>
#include <vector>

#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_helpers.h"
#include "paddle/phi/api/generated/api.h"

namespace paddle::autograd {

using namespace paddle::eager;  // NOLINT: formulas read as plain op calls

namespace {

// +1 when the scan runs toward the end of the axis, -1 when reverse.
int64_t Direction(bool reverse) { return reverse ? -1 : 1; }

}  // namespace

Tensor ShiftAlong(const Tensor& x, int64_t axis, int64_t by, const phi::Scalar& fill) {
  const int rank = x.dims().size();
  auto filled = [&](int64_t n, int a) {
    std::vector<int64_t> shape = x.dims().ToVector();
    if (rank > 0) shape[a] = n;
    return api::full(phi::IntArray(shape), fill, x.dtype(), x.place());
  };
  if (rank == 0) return by == 0 ? x : filled(1, 0);
  const int a = NormalizeAxis(axis, rank);
  const int64_t n = x.dims()[a];
  if (by == 0 || n == 0) return x;
  if (std::abs(by) >= n) return filled(n, a);
  if (by > 0) return concat({filled(by, a), slice(x, {a}, {0}, {n - by})}, a);
  return concat({slice(x, {a}, {-by}, {n}), filled(-by, a)}, a);
}

Tensor LinearScanGradB(const Tensor& grad, const Tensor& a, int64_t axis, bool reverse) {
  // The adjoint runs the other way, each step weighted by the coefficient of
  // the step it came back from.
  const Tensor next_a = ShiftAlong(Conj(a), axis, -Direction(reverse), 0);
  return linear_scan(next_a, grad, axis, !reverse);
}

Tensor LinearScanGradA(const Tensor& grad, const Tensor& a, const Tensor& out, int64_t axis, bool reverse) {
  const Tensor previous_out = ShiftAlong(Conj(out), axis, Direction(reverse), 0);
  return multiply(LinearScanGradB(grad, a, axis, reverse), previous_out);
}

Tensor LogcumsumexpGrad(const Tensor& grad, const Tensor& x, const Tensor& out, int64_t axis, bool reverse) {
  // Coefficient exp(out[j] - out[j+1]) <= 1; the last one meets +inf and is 0.
  const Tensor next_out = ShiftAlong(out, axis, -Direction(reverse), INFINITY);
  const Tensor later_sum = linear_scan(exp(subtract(out, next_out)), grad, axis, !reverse);
  return multiply(exp(subtract(x, out)), later_sum);
}

Tensor Cumprod(const Tensor& x, int64_t axis, bool reverse) {
  const Tensor first = ShiftAlong(ZerosLike(x), axis, Direction(reverse), 1);
  return linear_scan(x, multiply(x, first), axis, reverse);
}

}  // namespace paddle::autograd
