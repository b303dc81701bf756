#include "paddle/autograd/attention.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_helpers.h"
#include "paddle/autograd/grad_mode.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/core/kernel_factory.h"

namespace paddle::autograd {

using namespace paddle::eager;  // NOLINT: formulas read as plain op calls

namespace {

// [B, S, H, D] <-> [B, H, S, D]
Tensor Heads(const Tensor& t) { return transpose(t, {0, 2, 1, 3}); }

// Scores q k^T * scale, with -inf where causal masking hides a key.
Tensor Scores(const Tensor& qh, const Tensor& kh, bool causal, double scale) {
  Tensor s = multiply(matmul(qh, kh, false, true), ScalarLike(scale, qh));
  if (!causal) return s;
  const int64_t sq = qh.dims()[2], sk = kh.dims()[2];
  Tensor rows = api::unsqueeze(api::arange(0, sq, 1, DataType::INT64, qh.place()), {-1});
  Tensor cols = api::unsqueeze(api::arange(0, sk, 1, DataType::INT64, qh.place()), {0});
  Tensor keep = api::less_equal(api::subtract(cols, rows), api::full({}, sk - sq, DataType::INT64, qh.place()));
  return where(keep, s, ScalarLike(-std::numeric_limits<double>::infinity(), s));
}

Tensor Probabilities(const Tensor& qh, const Tensor& kh, const Tensor& lse, bool causal, float scale) {
  Tensor s = Scores(qh, kh, causal, scale);
  if (GradMode::IsEnabled()) return softmax(s, -1);
  return exp(subtract(s, unsqueeze(lse, {-1})));
}

// dS = P * (dP - rowsum(dO * O)), with dP = dO V^T: the gradient of the scores.
Tensor ScoresGrad(const Tensor& grad, const Tensor& qh, const Tensor& kh, const Tensor& v, const Tensor& out,
                  const Tensor& lse, bool causal, float scale, Tensor* p) {
  *p = Probabilities(qh, kh, lse, causal, scale);
  Tensor go = Heads(grad);
  Tensor dp = matmul(go, Heads(v), false, true);
  Tensor di = sum(multiply(go, Heads(out)), {-1}, DataType::UNDEFINED, true);
  return multiply(*p, subtract(dp, di));
}

}  // namespace

Tensor Attention(const Tensor& q, const Tensor& k, const Tensor& v, bool causal) {
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.dims()[3]));
  const phi::KernelKey key{phi::BackendOf(q.place()), phi::DataLayout::ANY, q.dtype()};
  // The GPU kernel holds a head's vectors in registers, up to 256 floats
  // (gpu/attention_kernel.cu); wider heads take the composite there.
  const bool fits = key.backend != phi::Backend::GPU || std::max(q.dims()[3], v.dims()[3]) <= 256;
  if (fits && phi::KernelFactory::Instance().Has("flash_attention", key)) {
    return std::get<0>(flash_attention(q, k, v, causal, static_cast<float>(scale)));
  }
  Tensor p = softmax(Scores(Heads(q), Heads(k), causal, scale), -1);
  return Heads(matmul(p, Heads(v), false, false));
}

std::tuple<Tensor, Tensor, Tensor> AttentionGrads(const Tensor& grad, const Tensor& q, const Tensor& k,
                                                  const Tensor& v, const Tensor& out, const Tensor& lse, bool causal,
                                                  float scale) {
  const phi::KernelKey key{phi::BackendOf(q.place()), phi::DataLayout::ANY, q.dtype()};
  if (!GradMode::IsEnabled() && phi::KernelFactory::Instance().Has("flash_attention_grad", key)) {
    return api::flash_attention_grad(q, k, v, out, lse, grad, causal, scale);
  }
  return {AttentionGradQ(grad, q, k, v, out, lse, causal, scale), AttentionGradK(grad, q, k, v, out, lse, causal, scale),
          AttentionGradV(grad, q, k, v, lse, causal, scale)};
}

Tensor AttentionGradQ(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& out,
                      const Tensor& lse, bool causal, float scale) {
  Tensor p, kh = Heads(k);
  Tensor ds = ScoresGrad(grad, Heads(q), kh, v, out, lse, causal, scale, &p);
  return Heads(multiply(matmul(ds, kh, false, false), ScalarLike(scale, q)));
}

Tensor AttentionGradK(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& out,
                      const Tensor& lse, bool causal, float scale) {
  Tensor p, qh = Heads(q);
  Tensor ds = ScoresGrad(grad, qh, Heads(k), v, out, lse, causal, scale, &p);
  return Heads(multiply(matmul(ds, qh, true, false), ScalarLike(scale, k)));
}

Tensor AttentionGradV(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& lse,
                      bool causal, float scale) {
  Tensor p = Probabilities(Heads(q), Heads(k), lse, causal, scale);
  return Heads(matmul(p, Heads(grad), true, false));
}

}  // namespace paddle::autograd
