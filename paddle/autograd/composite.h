// Composite ops: ops the YAML defines by an expression over other eager ops
// (`composite:`), so they need no kernel and their gradients, of any order,
// come from their parts. Written here when the expression is more than a line.
#pragma once

#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/phi/core/scalar.h"

namespace paddle::autograd {

// The vector p-norm of x over `axis` (all axes when empty): (sum |x|^p)^(1/p);
// p = inf / -inf give max / min |x|, p = 0 the count of non-zeros.
Tensor PNorm(const Tensor& x, float porder, const phi::IntArray& axis, bool keepdim);

// x limited to [min, max]; an infinite bound does not apply.
Tensor Clip(const Tensor& x, double min, double max);
// x where x > 0, negative_slope * x elsewhere.
Tensor LeakyRelu(const Tensor& x, double negative_slope);
// log(sum(exp(x))) over axis, with the max subtracted first.
Tensor LogSumExp(const Tensor& x, const phi::IntArray& axis, bool keepdim);
// mean((x - mean(x))^2) over axis, times n / (n - 1) when unbiased.
Tensor Variance(const Tensor& x, const phi::IntArray& axis, bool unbiased, bool keepdim);

// Tensors of one shape joined along a new axis.
Tensor Stack(const std::vector<Tensor>& x, int64_t axis);
// x with dims start_axis..stop_axis merged into one.
Tensor Flatten(const Tensor& x, int64_t start_axis, int64_t stop_axis);
// x broadcast to shape (-1 keeps x's dim), as a new tensor.
Tensor BroadcastTo(const Tensor& x, const phi::IntArray& shape);
// A 1-D index laid along `axis` of a tensor shaped like x except for that
// axis (of index.numel()), as a stride-0 view: the indices take_along_axis
// needs to act as index_select.
Tensor IndexAlongAxis(const Tensor& index, const Tensor& x, int64_t axis);
// log(1 + exp(beta x)) / beta, and x where beta x > threshold.
Tensor Softplus(const Tensor& x, double beta, double threshold);

// NCHW convolution with weight [OC, C / groups, kh, kw]: unfold x into
// columns and multiply each group's weights with its columns.
Tensor Conv2D(const Tensor& x, const Tensor& weight, const std::vector<int64_t>& strides,
              const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups);

}  // namespace paddle::autograd
