// Gradient formulas of the linear-algebra ops (paddle/phi/ops/yaml/linalg.yaml),
// written with eager ops so that they are differentiable themselves. Matrices
// are the last two dims; real dtypes.
#pragma once

#include <string>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

// x with its last two dims swapped.
Tensor MT(const Tensor& x);
// The inverse of every matrix of x (by solving against the identity).
Tensor Inverse(const Tensor& x);
// Lower (or, upper = true, upper) triangle of each matrix, diagonal included; the rest 0.
Tensor Triangle(const Tensor& x, bool upper, int64_t diagonal = 0);
// slogdet: d log|det x| / dx = x^-T, times the gradient.
Tensor SlogdetGrad(const Tensor& grad, const Tensor& x);
// cholesky (x = L L^T, out = L or, upper, L^T).
Tensor CholeskyGrad(const Tensor& grad, const Tensor& out, bool upper);
// eigh (x = V diag(w) V^T): from the gradients of w and V.
Tensor EighGrad(const Tensor& w_grad, const Tensor& v_grad, const Tensor& w, const Tensor& v);
// svd (x = U diag(s) Vh, reduced): from the gradients of U, s and Vh.
Tensor SvdGrad(const Tensor& u_grad, const Tensor& s_grad, const Tensor& vh_grad, const Tensor& u, const Tensor& s,
               const Tensor& vh, bool full_matrices);
// qr (x = Q R, reduced, rows >= cols): from the gradients of Q and R.
Tensor QrGrad(const Tensor& q_grad, const Tensor& r_grad, const Tensor& q, const Tensor& r, const std::string& mode);

}  // namespace paddle::autograd
