// Decompositions of the normalizations' and softmax's fused gradient ops.
// They recompute the statistics (mean, rstd, the softmax) from the input, so
// that differentiating them again (higher orders) reaches the input through
// the statistics too; the kernels read the statistics the forward saved.
#pragma once

#include <string>
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

// The normalized x, (x - mean) rstd over axes, with mean and rstd (dims kept).
template <TensorLike T>
std::tuple<T, T, T> Normalize(const T& x, float epsilon, const IntArray& axes) {
  T mu = mean(x, axes, true);
  T centered = subtract(x, mu);
  T var = mean(multiply(centered, centered), axes, true);
  T rstd = rsqrt(add(var, ScalarLike(epsilon, var)));
  return {multiply(centered, rstd), mu, rstd};
}

// scale [C] viewed as [1, C, 1, ...] against x.
template <TensorLike T>
T ChannelView(const T& scale, const T& x) {
  std::vector<int64_t> view(x.dims().size(), 1);
  view[1] = x.dims()[1];
  return reshape(scale, IntArray(view));
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

// layer_norm: each row (the dims from begin_norm_axis on) normalized, then
// scaled and shifted; with the rows' mean and rstd (x's dims, 1 in the row's).
template <TensorLike T>
std::tuple<T, T, T> LayerNorm(const T& x, const T& scale, const T& bias, float epsilon, int64_t begin_norm_axis) {
  auto [xhat, mu, rstd] = norm_detail::Normalize(x, epsilon, norm_detail::AxesFrom(begin_norm_axis, x.dims().size()));
  return {add(multiply(xhat, scale), bias), mu, rstd};
}

// rms_norm: each row divided by its root mean square, then scaled; with the rows' rstd.
template <TensorLike T>
std::tuple<T, T> RmsNorm(const T& x, const T& scale, float epsilon, int64_t begin_norm_axis) {
  const IntArray axes = norm_detail::AxesFrom(begin_norm_axis, x.dims().size());
  T mean_square = mean(multiply(x, x), axes, true);
  T rstd = rsqrt(add(mean_square, ScalarLike(epsilon, mean_square)));
  return {multiply(multiply(x, rstd), scale), rstd};
}

// batch_norm_train: each channel (dim 1) normalized by its batch statistics,
// then scaled and shifted; with the channels' mean and rstd [C].
template <TensorLike T>
std::tuple<T, T, T> BatchNormTrain(const T& x, const T& scale, const T& bias, float epsilon) {
  auto [xhat, mu, rstd] = norm_detail::Normalize(x, epsilon, norm_detail::AllButChannel(x));
  T out = add(multiply(xhat, norm_detail::ChannelView(scale, x)), norm_detail::ChannelView(bias, x));
  const IntArray channels({x.dims()[1]});
  return {out, reshape(mu, channels), reshape(rstd, channels)};
}

// x with its channel dim (channel_axis) moved to 1, or from 1 back (undo).
template <TensorLike T>
T ChannelFirst(const T& x, int channel_axis, bool undo = false) {
  if (channel_axis == 1) return x;
  std::vector<int64_t> perm;
  const int rank = x.dims().size();
  if (!undo) {
    perm = {0, rank - 1};
    for (int d = 1; d < rank - 1; ++d) perm.push_back(d);
  } else {
    perm = {0};
    for (int d = 2; d < rank; ++d) perm.push_back(d);
    perm.push_back(1);
  }
  return transpose(x, perm);
}

inline int ChannelAxis(const std::string& data_format, int rank) {
  return data_format == "NLC" || data_format == "NHWC" || data_format == "NDHWC" ? rank - 1 : 1;
}

// batch_norm (Paddle's op): x normalized per channel by the batch's
// statistics, or by the running ones when asked ((is_test and not
// trainable_statistics) or use_global_stats), then scaled and shifted. With
// the running statistics after the step (momentum * running + (1 - momentum)
// * batch; unchanged on the running path) and the statistics used (mean and
// inverse std; the biased batch variance updates the running one).
template <TensorLike T>
std::tuple<T, T, T, T, T> BatchNorm(const T& x, const T& mean, const T& variance, const T& scale, const T& bias,
                                    bool is_test, double momentum, double epsilon, const std::string& data_format,
                                    bool use_global_stats, bool trainable_statistics) {
  const int rank = x.dims().size();
  const int c_axis = ChannelAxis(data_format, rank);
  if ((is_test && !trainable_statistics) || use_global_stats) {
    std::vector<int64_t> view(rank, 1);
    view[c_axis] = x.dims()[c_axis];
    T rstd = rsqrt(add(variance, ScalarLike(epsilon, variance)));
    T gain = multiply(CastLike(scale, rstd), rstd);
    T shift = subtract(CastLike(bias, gain), multiply(mean, gain));
    T out = add(multiply(x, CastLike(reshape(gain, IntArray(view)), x)), CastLike(reshape(shift, IntArray(view)), x));
    return {out, mean, variance, mean, rstd};
  }
  const float train_epsilon = static_cast<float>(epsilon);  // batch_norm_train's attribute
  auto [normed, batch_mean, batch_rstd] =
      batch_norm_train(ChannelFirst(x, c_axis), CastLike(scale, x), CastLike(bias, x), train_epsilon);
  T batch_variance = subtract(reciprocal(square(batch_rstd)), ScalarLike(train_epsilon, batch_rstd));
  auto step = [momentum](const T& running, const T& batch) {
    return add(multiply(running, ScalarLike(momentum, running)),
               multiply(CastLike(batch, running), ScalarLike(1.0 - momentum, running)));
  };
  return {ChannelFirst(normed, c_axis, true), step(mean, batch_mean), step(variance, batch_variance), batch_mean,
          batch_rstd};
}

// group_norm: each sample's channels split into groups, each group
// normalized by its own mean and variance (layer_norm's kernel over
// [N, groups, rest]), then the per-channel scale and bias; with the groups'
// mean and variance [N, groups].
template <TensorLike T>
std::tuple<T, T, T> GroupNorm(const T& x, const T& scale, const T& bias, float epsilon, int groups,
                              const std::string& data_format) {
  const int rank = x.dims().size();
  const int c_axis = ChannelAxis(data_format, rank);
  T moved = ChannelFirst(x, c_axis);
  const int64_t n = x.dims()[0];
  T grouped = reshape(moved, IntArray({n, groups, -1}));
  const IntArray cols({grouped.dims()[2]});
  auto [normed, mu, rstd] = layer_norm(grouped, full<T>(cols, 1, x.dtype(), x.place()),
                                       full<T>(cols, 0, x.dtype(), x.place()), epsilon, 2);
  T y = add(multiply(reshape(normed, Shape(moved)), norm_detail::ChannelView(CastLike(scale, x), moved)),
            norm_detail::ChannelView(CastLike(bias, x), moved));
  T variance = subtract(reciprocal(square(rstd)), ScalarLike(epsilon, rstd));
  const IntArray stats({n, groups});
  return {ChannelFirst(y, c_axis, true), reshape(mu, stats), reshape(variance, stats)};
}

// instance_norm: group_norm with a group per channel, channel-first; with
// the mean and inverse std of each (sample, channel), [N * C].
template <TensorLike T>
std::tuple<T, T, T> InstanceNorm(const T& x, const T& scale, const T& bias, float epsilon) {
  const int64_t channels = x.dims()[1];
  auto [y, mu, variance] = GroupNorm(x, scale, bias, epsilon, static_cast<int>(channels), "NCHW");
  const IntArray rows({x.dims()[0] * channels});
  return {y, reshape(mu, rows), reshape(rsqrt(add(variance, ScalarLike(epsilon, variance))), rows)};
}

// softmax along axis, the row maximum subtracted first (it cancels).
template <TensorLike T>
T Softmax(const T& x, int64_t axis) {
  const IntArray axes({axis});
  T e = exp(subtract(x, max(x, axes, true)));
  return divide(e, sum(e, axes, DataType::UNDEFINED, true));
}

template <TensorLike T>
T LogSoftmax(const T& x, int64_t axis) {
  const IntArray axes({axis});
  T shifted = subtract(x, max(x, axes, true));
  return subtract(shifted, log(sum(exp(shifted), axes, DataType::UNDEFINED, true)));
}

// layer_norm_grad: the gradients of x, scale and bias.
template <TensorLike T>
std::tuple<T, T, T> LayerNormGrads(const T& grad, const T& x, const T& scale, float epsilon,
                                   int64_t begin_norm_axis) {
  const IntArray axes = norm_detail::AxesFrom(begin_norm_axis, x.dims().size());
  auto [xhat, mu, rstd] = norm_detail::Normalize(x, epsilon, axes);
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
  auto [xhat, mu, rstd] = norm_detail::Normalize(x, epsilon, axes);
  T x_grad = norm_detail::NormalizeGradX(grad, norm_detail::ChannelView(scale, x), xhat, rstd, axes);
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
