// Scaled dot-product attention: the composite that picks the fused
// flash_attention kernel where its backend has one, and the gradient
// formulas of flash_attention (over eager ops, differentiable themselves).
// Layout [batch, seq, heads, dim], as Paddle's.
#pragma once

#include <tuple>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

// softmax(q k^T / sqrt(dim) [causal mask]) v.
Tensor Attention(const Tensor& q, const Tensor& k, const Tensor& v, bool causal);

// The gradients of flash_attention's output with respect to q, k and v:
// the fused flash_attention_grad kernel when the backward records no graph
// and the backend has it; else the three formulas below, which rebuild the
// probabilities from the saved log-sum-exp or, when the backward records a
// graph (higher orders), from a differentiable softmax.
std::tuple<Tensor, Tensor, Tensor> AttentionGrads(const Tensor& grad, const Tensor& q, const Tensor& k,
                                                  const Tensor& v, const Tensor& out, const Tensor& lse, bool causal,
                                                  float scale);
Tensor AttentionGradQ(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& out,
                      const Tensor& lse, bool causal, float scale);
Tensor AttentionGradK(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& out,
                      const Tensor& lse, bool causal, float scale);
Tensor AttentionGradV(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& lse,
                      bool causal, float scale);

}  // namespace paddle::autograd
