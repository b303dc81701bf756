// Building blocks of the gradient formulas in ops.yaml (`backward:`). They
// are written with eager ops, so a formula is itself differentiable and
// higher-order gradients come for free.
#pragma once

#include <tuple>
#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/phi/core/scalar.h"

namespace paddle::autograd {

// Sums a broadcast gradient back to the shape of `like`.
Tensor ReduceTo(const Tensor& grad, const Tensor& like);
// Broadcasts grad (shaped like x reduced over axis, keepdim or not) back to x's shape.
Tensor ExpandReduced(const Tensor& grad, const Tensor& x, const phi::IntArray& axis, bool keepdim);
// A 0-D tensor holding `value`, with like's dtype and place.
Tensor ScalarLike(const phi::Scalar& value, const Tensor& like);
// cond (a bool tensor) as 0/1 of like's dtype.
Tensor MaskLike(const Tensor& cond, const Tensor& like);
// amax/amin: grad shared evenly by the elements of x equal to the extreme out.
Tensor TiedShare(const Tensor& grad, const Tensor& x, const Tensor& out, const phi::IntArray& axis, bool keepdim);
// prod: d out / d x_i = the product of the other elements, exact where x has
// zeros (one zero: only it gets the product of the rest; two or more: 0).
Tensor ProdGrad(const Tensor& grad, const Tensor& x, const Tensor& out, const phi::IntArray& axis, bool keepdim);
// layer_norm's gradients. They read the kernel's saved mean and rstd, or,
// when the backward pass itself records a graph (higher-order gradients),
// recompute them from x with eager ops so that they are differentiable too.
// Gradients of x, scale and bias, together.
std::tuple<Tensor, Tensor, Tensor> LayerNormGrads(const Tensor& grad, const Tensor& x, const Tensor& scale,
                                                  const Tensor& mean, const Tensor& rstd, float epsilon,
                                                  int64_t begin_norm_axis);
// rms_norm's gradients of x and scale, likewise.
std::tuple<Tensor, Tensor> RmsNormGrads(const Tensor& grad, const Tensor& x, const Tensor& scale, const Tensor& rstd,
                                        float epsilon, int64_t begin_norm_axis);
// softmax's (log: log_softmax's) input gradient from its output, likewise.
Tensor SoftmaxGrads(const Tensor& grad, const Tensor& out, int64_t axis, bool log);
// softmax_cross_entropy's logits gradient, likewise.
Tensor SoftmaxCrossEntropyGrads(const Tensor& grad, const Tensor& logits, const Tensor& label, const Tensor& lse,
                                int64_t ignore_index, int64_t axis);
// The sum of grad over the dims before begin_norm_axis (bias's gradient).
Tensor SumLeading(const Tensor& grad, int64_t begin_norm_axis);
// batch_norm_train's gradients (statistics per channel, dim 1), read or
// recomputed as layer_norm's are.
Tensor BatchNormGradX(const Tensor& grad, const Tensor& x, const Tensor& scale, const Tensor& mean,
                      const Tensor& rstd, float epsilon);
Tensor BatchNormGradScale(const Tensor& grad, const Tensor& x, const Tensor& mean, const Tensor& rstd,
                          float epsilon);
Tensor SumAllButChannel(const Tensor& grad);
// max_pool_grad's gradient: x_grad_grad read at each window's maximum
// (indices: flat positions in the input plane), shaped like indices.
Tensor TakeAtPoolIndices(const Tensor& x_grad_grad, const Tensor& indices);
// t's dims as an IntArray (reads only t's metadata).
phi::IntArray Shape(const Tensor& t);
// d^2 gelu(x) / dx^2 (exact: phi(x) (2 - x^2); or of the tanh approximation), over eager ops:
// the gradient of gelu_grad with respect to x.
Tensor GeluCurvature(const Tensor& x, bool approximate);
// Zeros with like's dims, dtype and place.
Tensor ZerosLike(const Tensor& like);
// For scatters that assign: 1 (in grad's dtype) where an update is the last
// write to its target, so only the value that survives gets a gradient.
// put_along_axis: shaped like indices; put_nd: like index.shape[:-1] + the slice.
Tensor LastWriteMask(const Tensor& grad, const Tensor& indices, int64_t axis);
Tensor LastWriteMaskNd(const Tensor& grad, const Tensor& index, const Tensor& updates);
// The gradient of matmul(x, y, transpose_x, transpose_y) w.r.t. x and y.
Tensor MatmulGradX(const Tensor& x, const Tensor& y, const Tensor& grad, bool transpose_x, bool transpose_y);
Tensor MatmulGradY(const Tensor& x, const Tensor& y, const Tensor& grad, bool transpose_x, bool transpose_y);
std::vector<int64_t> InversePermutation(const std::vector<int64_t>& perm);
// The gradient of slice: grad placed into zeros shaped like input.
Tensor SliceGrad(const Tensor& grad, const Tensor& input, const std::vector<int64_t>& axes,
                 const phi::IntArray& starts, const phi::IntArray& ends);
// The gradient of concat: grad cut back into pieces shaped like x.
std::vector<Tensor> ConcatGrad(const Tensor& grad, const std::vector<Tensor>& x, int64_t axis);

}  // namespace paddle::autograd

namespace paddle::autograd {

// grad cast to like's dtype (no copy when equal).
Tensor CastLike(const Tensor& grad, const Tensor& like);
// grad reshaped to like's shape.
Tensor ReshapeLike(const Tensor& grad, const Tensor& like);
// x / |x| (0 where x is 0): the sign of a real x, the unit phase of a complex x.
Tensor Sgn(const Tensor& x);
// The complex conjugate; x itself for real dtypes (no copy).
Tensor Conj(const Tensor& x);
// value - 1, keeping complex and integer values exact.
phi::Scalar ScalarMinusOne(const phi::Scalar& value);
// How many elements of x each output of a reduction over `axis` covers.
double ReducedCount(const Tensor& x, const phi::IntArray& axis);

}  // namespace paddle::autograd
