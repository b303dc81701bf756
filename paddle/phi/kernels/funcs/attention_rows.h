// The per-thread arithmetic of the GPU's flash attention.
//
// Note [Flash attention rows]
// The GPU kernels (gpu/attention_kernel.cu) give one query (forward, dq) or
// one key (dk, dv) to each thread: its vectors stay in registers, kD floats
// each (the head dims rounded up, zero beyond them), while the block streams
// tiles of the other side through shared memory. Everything a thread
// computes is in the structs below, which read a tile as `count` rows of kD
// floats, so that the CPU test (test/cpp/phi/attention_rows_test.cc) runs the
// very same code over tiled sequences against a direct computation.
//
// Scores are s = scale * q.k, probabilities p = exp(s - lse) where lse is a
// query's log-sum-exp over its visible keys; with causal masking, key j is
// visible to query i when j <= i + shift (shift = keys - queries: the mask is
// aligned to the last query, as the CPU kernel and the composite do).
#pragma once

#include <cmath>
#include <cstdint>

#include "paddle/common/macros.h"

namespace phi::funcs {

struct AttentionShape {
  int64_t d, dv;  // head dims of q/k and of v
  float scale;
  bool causal;
  int64_t shift;
  // One past the last key query i sees, clipped to `keys`.
  PD_HOSTDEVICE int64_t VisibleEnd(int64_t i, int64_t keys) const {
    const int64_t end = causal ? i + shift + 1 : keys;
    return end < keys ? (end < 0 ? 0 : end) : keys;
  }
};

template <int kD>
PD_HOSTDEVICE PD_FORCEINLINE float Dot(const float* a, const float* b) {
  float s = 0.0f;
#pragma unroll
  for (int c = 0; c < kD; ++c) s += a[c] * b[c];
  return s;
}

template <int kD, typename T>
PD_HOSTDEVICE PD_FORCEINLINE void LoadRow(const T* src, int64_t n, float* dst) {
#pragma unroll
  for (int c = 0; c < kD; ++c) dst[c] = c < n ? static_cast<float>(src[c]) : 0.0f;
}

// Forward for query i: the online softmax over the keys seen so far.
template <int kD>
struct QueryForward {
  float q[kD], o[kD], m, l;

  template <typename T>
  PD_HOSTDEVICE void Begin(const T* q_row, const AttentionShape& a) {
    LoadRow<kD>(q_row, a.d, q);
#pragma unroll
    for (int c = 0; c < kD; ++c) {
      q[c] *= a.scale;
      o[c] = 0.0f;
    }
    m = -INFINITY;
    l = 0.0f;
  }

  // Keys first .. first + count - 1, of which those before visible_end count.
  PD_HOSTDEVICE void Visit(const float* keys, const float* values, int64_t count, int64_t first,
                           int64_t visible_end) {
    const int64_t n = visible_end - first < count ? visible_end - first : count;
    for (int64_t j = 0; j < n; ++j) {
      const float s = Dot<kD>(q, keys + j * kD);
      if (s > m) {  // a new maximum rescales what was summed under the old one
        const float c = std::exp(m - s);
        l *= c;
#pragma unroll
        for (int d = 0; d < kD; ++d) o[d] *= c;
        m = s;
      }
      const float p = std::exp(s - m);
      l += p;
      const float* v = values + j * kD;
#pragma unroll
      for (int d = 0; d < kD; ++d) o[d] += p * v[d];
    }
  }

  // A query that saw no key gets zeros and lse -inf.
  template <typename T>
  PD_HOSTDEVICE void Finish(T* out_row, float* lse, const AttentionShape& a) const {
    const float inv = l > 0.0f ? 1.0f / l : 0.0f;
#pragma unroll
    for (int c = 0; c < kD; ++c)
      if (c < a.dv) out_row[c] = static_cast<T>(o[c] * inv);
    *lse = l > 0.0f ? m + std::log(l) : -INFINITY;
  }
};

// dq for query i: dq = scale * sum_j ds_ij k_j with ds = p (dO.v_j - delta),
// delta = dO.o (the row's own output).
template <int kD>
struct QueryGrad {
  float q[kD], g[kD], dq[kD], lse, delta;

  template <typename T>
  PD_HOSTDEVICE void Begin(const T* q_row, const T* out_row, const T* out_grad_row, float row_lse,
                           const AttentionShape& a) {
    float o[kD];
    LoadRow<kD>(q_row, a.d, q);
    LoadRow<kD>(out_grad_row, a.dv, g);
    LoadRow<kD>(out_row, a.dv, o);
    delta = Dot<kD>(g, o);
    lse = row_lse;
#pragma unroll
    for (int c = 0; c < kD; ++c) {
      q[c] *= a.scale;
      dq[c] = 0.0f;
    }
  }

  PD_HOSTDEVICE void Visit(const float* keys, const float* values, int64_t count, int64_t first,
                           int64_t visible_end) {
    const int64_t n = visible_end - first < count ? visible_end - first : count;
    for (int64_t j = 0; j < n; ++j) {
      const float* k = keys + j * kD;
      const float p = std::exp(Dot<kD>(q, k) - lse);
      const float ds = p * (Dot<kD>(g, values + j * kD) - delta);
#pragma unroll
      for (int c = 0; c < kD; ++c) dq[c] += ds * k[c];
    }
  }

  template <typename T>
  PD_HOSTDEVICE void Finish(T* q_grad_row, const AttentionShape& a) const {
#pragma unroll
    for (int c = 0; c < kD; ++c)
      if (c < a.d) q_grad_row[c] = static_cast<T>(dq[c] * a.scale);
  }
};

// dk and dv for key j: dv = sum_i p_ij dO_i, dk = scale * sum_i ds_ij q_i,
// over the queries that see key j; each query comes with its lse and delta.
template <int kD>
struct KeyGrad {
  float k[kD], v[kD], dk[kD], dv[kD];

  template <typename T>
  PD_HOSTDEVICE void Begin(const T* k_row, const T* v_row, const AttentionShape& a) {
    LoadRow<kD>(k_row, a.d, k);
    LoadRow<kD>(v_row, a.dv, v);
#pragma unroll
    for (int c = 0; c < kD; ++c) {
      k[c] *= a.scale;
      dk[c] = 0.0f;
      dv[c] = 0.0f;
    }
  }

  // Queries first .. first + count - 1; those before first_visible do not see this key.
  PD_HOSTDEVICE void Visit(const float* queries, const float* out_grads, const float* lse, const float* delta,
                           int64_t count, int64_t first, int64_t first_visible) {
    for (int64_t i = first_visible > first ? first_visible - first : 0; i < count; ++i) {
      const float* q = queries + i * kD;
      const float* g = out_grads + i * kD;
      const float p = std::exp(Dot<kD>(q, k) - lse[i]);
      const float ds = p * (Dot<kD>(g, v) - delta[i]);
#pragma unroll
      for (int c = 0; c < kD; ++c) {
        dv[c] += p * g[c];
        dk[c] += ds * q[c];
      }
    }
  }

  template <typename T>
  PD_HOSTDEVICE void Finish(T* k_grad_row, T* v_grad_row, const AttentionShape& a) const {
#pragma unroll
    for (int c = 0; c < kD; ++c) {
      if (c < a.d) k_grad_row[c] = static_cast<T>(dk[c] * a.scale);
      if (c < a.dv) v_grad_row[c] = static_cast<T>(dv[c]);
    }
  }
};

}  // namespace phi::funcs
