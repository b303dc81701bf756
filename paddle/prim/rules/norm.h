// Decompositions of the normalizations' and softmax's fused gradient ops.
// They recompute the statistics (mean, rstd, the softmax) from the input, so
// that differentiating them again (higher orders) reaches the input through
// the statistics too; the kernels read the statistics the forward saved.
#pragma once

#include <tuple>
#include <vector>

#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

namespace norm_detail {

inline IntArray AxesFrom(int64_t begin, int rank) {
  std::vector<int64_t> axes;
  for (int64_t d = begin; d < rank; ++d) axes.push_back(d);
  return IntArray(axes);
}

// The dims of x but the channel one (1).
template <TensorLike T>
IntArray AllButChannel(const T& x) {
  std::vector<int64_t> axes;
  for (int64_t d = 0; d < x.dims().size(); ++d)
    if (d != 1) axes.push_back(d);
  return IntArray(axes);
}

// The normalized x, (x - mean) rstd over axes, and rstd.
template <TensorLike T>
std::tuple<T, T> Normalize(const T& x, float epsilon, const IntArray& axes) {
  T centered = subtract(x, mean(x, axes, true));
  T var = mean(multiply(centered, centered), axes, true);
  T rstd = rsqrt(add(var, ScalarLike(epsilon, var)));
  return {multiply(centered, rstd), rstd};
}

// d/dx of the normalization over axes, of grad scaled by `scale` (broadcast against x).
template <TensorLike T>
T NormalizeGradX(const T& grad, const T& scale, const T& xhat, const T& rstd, const IntArray& axes) {
  T g = multiply(grad, scale);
  T g_mean = mean(g, axes, true);
  T gx_mean = mean(multiply(g, xhat), axes, true);
  return multiply(rstd, subtract(subtract(g, g_mean), multiply(xhat, gx_mean)));
}

}  // namespace norm_detail

// layer_norm_grad: the gradients of x, scale and bias.
template <TensorLike T>
std::tuple<T, T, T> LayerNormGrads(const T& grad, const T& x, const T& scale, float epsilon,
                                   int64_t begin_norm_axis) {
  const IntArray axes = norm_detail::AxesFrom(begin_norm_axis, x.dims().size());
  auto [xhat, rstd] = norm_detail::Normalize(x, epsilon, axes);
  return {norm_detail::NormalizeGradX(grad, scale, xhat, rstd, axes),
          SumLeading(multiply(grad, xhat), begin_norm_axis), SumLeading(grad, begin_norm_axis)};
}

// rms_norm_grad: the gradients of x and scale.
template <TensorLike T>
std::tuple<T, T> RmsNormGrads(const T& grad, const T& x, const T& scale, float epsilon, int64_t begin_norm_axis) {
  const IntArray axes = norm_detail::AxesFrom(begin_norm_axis, x.dims().size());
  T mean_square = mean(multiply(x, x), axes, true);
  T rstd = rsqrt(add(mean_square, ScalarLike(epsilon, mean_square)));
  T xhat = multiply(x, rstd);
  T g = multiply(grad, scale);
  T gx_mean = mean(multiply(g, xhat), axes, true);
  return {multiply(rstd, subtract(g, multiply(xhat, gx_mean))), SumLeading(multiply(grad, xhat), begin_norm_axis)};
}

// batch_norm_grad: the gradients of x, scale and bias, statistics per channel (dim 1).
template <TensorLike T>
std::tuple<T, T, T> BatchNormGrads(const T& grad, const T& x, const T& scale, float epsilon) {
  const IntArray axes = norm_detail::AllButChannel(x);
  auto [xhat, rstd] = norm_detail::Normalize(x, epsilon, axes);
  std::vector<int64_t> channel_view(x.dims().size(), 1);
  channel_view[1] = x.dims()[1];
  T x_grad = norm_detail::NormalizeGradX(grad, reshape(scale, IntArray(channel_view)), xhat, rstd, axes);
  return {x_grad, sum(multiply(grad, xhat), axes, DataType::UNDEFINED, false),
          sum(grad, axes, DataType::UNDEFINED, false)};
}

// softmax_grad: softmax's (log: log_softmax's) input gradient from its output.
template <TensorLike T>
T SoftmaxGrad(const T& out, const T& grad, int64_t axis, bool log) {
  const IntArray axes({axis});
  if (log) return subtract(grad, multiply(exp(out), sum(grad, axes, DataType::UNDEFINED, true)));
  return multiply(out, subtract(grad, sum(multiply(grad, out), axes, DataType::UNDEFINED, true)));
}

// softmax_cross_entropy_grad: (softmax(logits) - onehot(label)) * grad, zero
// where label is ignore_index; the one-hot an integer comparison of the class
// positions with the labels, broadcast along axis.
template <TensorLike T>
T SoftmaxCrossEntropyGrad(const T& logits, const T& label, const T& grad, int64_t ignore_index, int64_t axis) {
  const int rank = logits.dims().size();
  const int a = rank == 0 ? 0 : NormalizeAxis(axis, rank);
  T classes = PositionsAlong<T>(rank == 0 ? 1 : logits.dims()[a], a, rank == 0 ? 1 : rank, logits.place());
  if (rank == 0) classes = reshape(classes, IntArray());
  T hot = cast(equal(classes, label), logits.dtype());
  T kept = cast(not_equal(label, full<T>(IntArray(), ignore_index, DataType::INT64, label.place())), grad.dtype());
  return multiply(subtract(softmax(logits, axis), hot), multiply(grad, kept));
}

}  // namespace paddle::prim
