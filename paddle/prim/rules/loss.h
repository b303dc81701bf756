// The losses PaddlePaddle defines as ops, as other ops: binary cross
// entropy (on probabilities and on logits), KL divergence, Huber loss and
// the negative log likelihood.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "paddle/prim/rules/activation.h"
#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

// -(label log(input) + (1 - label) log(1 - input)), each log clamped at -100.
template <TensorLike T>
T BceLoss(const T& input, const T& label) {
  const T one = ScalarLike(1, input);
  T log_p = Clip(log(input), -100.0, INFINITY);
  T log_q = Clip(log(subtract(one, input)), -100.0, INFINITY);
  return neg(add(multiply(label, log_p), multiply(subtract(one, label), log_q)));
}

// Binary cross entropy of sigmoid(x), stably: (1 - label) x + (1 + (pos_weight
// - 1) label) log(1 + exp(-x)); 0 where label is ignore_index, and divided
// by the count of the others when normalize.
template <TensorLike T>
T SigmoidCrossEntropyWithLogits(const T& x, const T& label, const T& pos_weight, bool normalize,
                                int64_t ignore_index) {
  const T one = ScalarLike(1, x);
  T scale = add(one, multiply(subtract(pos_weight, one), label));
  T loss = add(multiply(subtract(one, label), x), multiply(scale, Softplus(neg(x), 1.0, 20.0)));
  T kept = not_equal(label, ScalarLike(static_cast<double>(ignore_index), label));
  loss = where(kept, loss, ScalarLike(0, loss));
  if (!normalize) return loss;
  T count = sum(MaskLike(kept, loss), IntArray(), DataType::UNDEFINED, false);
  return divide(loss, maximum(count, one));
}

// KL divergence of label from exp(x): label (log(label) - x), 0 where label
// is 0 (with log_target, label holds log-probabilities); reduced by
// "none", "mean", "sum" or "batchmean" (the sum over the batch size).
template <TensorLike T>
T KlDivLoss(const T& x, const T& label, const std::string& reduction, bool log_target) {
  T loss;
  if (log_target) {
    loss = multiply(exp(label), subtract(label, x));
  } else {
    T positive = greater_than(label, ScalarLike(0, label));
    T safe = where(positive, label, ScalarLike(1, label));
    loss = where(positive, multiply(label, subtract(log(safe), x)), ScalarLike(0, x));
  }
  if (reduction == "none") return loss;
  T total = sum(loss, IntArray(), DataType::UNDEFINED, false);
  if (reduction == "sum") return total;
  const double count = reduction == "batchmean" ? (x.dims().size() == 0 ? 1 : x.dims()[0]) : x.dims().numel();
  return divide(total, ScalarLike(count, total));
}

// Huber loss per element and the residual label - input: 0.5 r^2 where
// |r| <= delta, delta (|r| - 0.5 delta) elsewhere.
template <TensorLike T>
std::tuple<T, T> HuberLoss(const T& input, const T& label, double delta) {
  T residual = subtract(label, input);
  T magnitude = abs(residual);
  T quadratic = multiply(ScalarLike(0.5, residual), multiply(residual, residual));
  T linear = multiply(ScalarLike(delta, residual), subtract(magnitude, ScalarLike(0.5 * delta, residual)));
  return {where(less_equal(magnitude, ScalarLike(delta, magnitude)), quadratic, linear), residual};
}

// The negative log likelihood of log-probabilities input [N, C, ...] at the
// class indices label [N, ...], each weighted by weight[label]; 0 (and no
// weight) where label is ignore_index. Reduced by "none", "sum" or "mean"
// (divided by the total weight, the second output).
template <TensorLike T>
std::tuple<T, T> NllLoss(const T& input, const T& label, const T& weight, int64_t ignore_index,
                         const std::string& reduction) {
  const int64_t classes = input.dims()[1];
  T checked = check_labels(label, classes, ignore_index);
  T kept = not_equal(checked, full<T>(IntArray(), ignore_index, checked.dtype(), checked.place()));
  T index = unsqueeze(where(kept, checked, ScalarLike(0, checked)), IntArray({1}));
  T picked = squeeze(take_along_axis(input, index, 1), IntArray({1}));
  T w = multiply(reshape(index_select(weight, reshape(index, IntArray({-1})), 0), Shape(checked)),
                 MaskLike(kept, input));
  T loss = neg(multiply(picked, w));
  T total_weight = sum(w, IntArray(), DataType::UNDEFINED, false);
  if (reduction == "none") return {loss, total_weight};
  T summed = sum(loss, IntArray(), DataType::UNDEFINED, false);
  if (reduction == "sum") return {summed, total_weight};
  return {divide(summed, maximum(total_weight, ScalarLike(1e-12, total_weight))), total_weight};
}

}  // namespace paddle::prim
