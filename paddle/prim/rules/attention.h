// Scaled dot-product attention as matmul + softmax, [batch, seq, heads, dim]
// as Paddle lays it out: the decompositions of flash_attention and
// flash_attention_grad, which the kernels compute blockwise.
#pragma once

#include <limits>
#include <tuple>

#include "paddle/prim/rules/basics.h"
#include "paddle/prim/rules/reduction.h"

namespace paddle::prim {

namespace attention_detail {

// [B, S, H, D] <-> [B, H, S, D]
template <TensorLike T>
T Heads(const T& t) {
  return transpose(t, {0, 2, 1, 3});
}

// Scores q k^T * scale [B, H, Sq, Sk], -inf where causal masking hides a key
// (query i sees keys up to i + Sk - Sq).
template <TensorLike T>
T Scores(const T& qh, const T& kh, bool causal, double scale) {
  T s = multiply(matmul(qh, kh, false, true), ScalarLike(scale, qh));
  if (!causal) return s;
  const int64_t sq = qh.dims()[2], sk = kh.dims()[2];
  T rows = PositionsAlong<T>(sq, 0, 2, qh.place());
  T cols = PositionsAlong<T>(sk, 1, 2, qh.place());
  T keep = less_equal(subtract(cols, rows), full<T>(IntArray(), sk - sq, DataType::INT64, qh.place()));
  return where(keep, s, ScalarLike(-std::numeric_limits<double>::infinity(), s));
}

}  // namespace attention_detail

// flash_attention: softmax(q k^T scale) v, and each row's log-sum-exp
// [B, H, Sq] (float32 for the half types, as the kernels keep it).
template <TensorLike T>
std::tuple<T, T> Attention(const T& q, const T& k, const T& v, bool causal, double scale) {
  using namespace attention_detail;  // NOLINT
  T s = Scores(Heads(q), Heads(k), causal, scale);
  T out = Heads(matmul(softmax(s, -1), Heads(v), false, false));
  const DataType lse_dtype = q.dtype() == DataType::FLOAT64 ? DataType::FLOAT64 : DataType::FLOAT32;
  return {out, cast(LogSumExp(s, IntArray({-1}), false), lse_dtype)};
}

// flash_attention_grad: the gradients of q, k and v from the probabilities
// rebuilt by a softmax; with P = softmax(S), dS = P * (dO V^T - rowsum(dO * O)).
template <TensorLike T>
std::tuple<T, T, T> AttentionGrads(const T& q, const T& k, const T& v, const T& out, const T& out_grad, bool causal,
                                   double scale) {
  using namespace attention_detail;  // NOLINT
  T qh = Heads(q), kh = Heads(k), vh = Heads(v), go = Heads(out_grad);
  T p = softmax(Scores(qh, kh, causal, scale), -1);
  T dp = matmul(go, vh, false, true);
  T di = sum(multiply(go, Heads(out)), IntArray({-1}), DataType::UNDEFINED, true);
  T ds = multiply(p, subtract(dp, di));
  T dq = Heads(multiply(matmul(ds, kh, false, false), ScalarLike(scale, q)));
  T dk = Heads(multiply(matmul(ds, qh, true, false), ScalarLike(scale, k)));
  T dv = Heads(matmul(p, go, true, false));
  return {dq, dk, dv};
}

}  // namespace paddle::prim
