// Composite ops: ops the YAML defines by an expression over other eager ops
// (`composite:`), so they need no kernel and their gradients, of any order,
// come from their parts. Written here when the expression is more than a line.
#pragma once

#include "paddle/phi/api/tensor.h"
#include "paddle/phi/core/scalar.h"

namespace paddle::autograd {

// The vector p-norm of x over `axis` (all axes when empty): (sum |x|^p)^(1/p);
// p = inf / -inf give max / min |x|, p = 0 the count of non-zeros.
Tensor PNorm(const Tensor& x, float porder, const phi::IntArray& axis, bool keepdim);

}  // namespace paddle::autograd
