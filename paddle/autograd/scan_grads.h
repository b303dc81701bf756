// The scans' gradients (paddle/phi/ops/yaml/sort.yaml), written with eager
// ops so that they are differentiable themselves. Every one reduces to
// linear_scan, the recurrence out[j] = a[j] * out[j-1] + b[j] (out[j+1] when
// reverse), whose adjoint is the same recurrence run the other way.
#pragma once

#include "paddle/phi/api/tensor.h"
#include "paddle/phi/core/scalar.h"

namespace paddle::autograd {

// x moved `by` places along axis, toward its end when by > 0 (toward its start
// when by < 0), with `fill` in the places left empty.
Tensor ShiftAlong(const Tensor& x, int64_t axis, int64_t by, const phi::Scalar& fill);
// linear_scan's gradients with respect to its coefficients a and its inputs b.
Tensor LinearScanGradA(const Tensor& grad, const Tensor& a, const Tensor& out, int64_t axis, bool reverse);
Tensor LinearScanGradB(const Tensor& grad, const Tensor& a, int64_t axis, bool reverse);
// logcumsumexp: dx[j] = sum over the later i of grad[i] exp(x[j] - out[i]),
// as exp(x[j] - out[j]) times a linear scan whose coefficients are at most 1.
Tensor LogcumsumexpGrad(const Tensor& grad, const Tensor& x, const Tensor& out, int64_t axis, bool reverse);
// The running product: linear_scan with a = x and b = x's first element.
// Its gradient has no division, so it is exact where x has zeros.
Tensor Cumprod(const Tensor& x, int64_t axis, bool reverse);

}  // namespace paddle::autograd
