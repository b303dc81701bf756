// flash_attention on the CPU: softmax(q k^T * scale) v without the
// [seq_q, seq_k] score matrix. Each work item takes a block of query rows of
// one (batch, head) and walks the keys in blocks, keeping a running maximum
// and sum per row (the online softmax of Milakov & Gimelshein, as in
// FlashAttention); memory is O(block^2) per thread. The block products are
// oneDNN's SGEMM, single-threaded inside the parallel region: at these
// shapes (256 x 512 x 64) it packs less than OpenBLAS and took the call from
// 93 to 82 ms on one thread. flash_attention_grad walks the same blocks.
#include <dnnl.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/fast_math.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {

namespace {

constexpr int64_t kQueryBlock = 256;
constexpr int64_t kKeyBlock = 512;

}  // namespace

template <typename T, typename Context>
void FlashAttentionKernel(const Context& ctx, const DenseTensor& q, const DenseTensor& k, const DenseTensor& v,
                          bool causal, double scale, DenseTensor* out, DenseTensor* lse) {
  float* o = ctx.template Alloc<float>(out);
  float* l = ctx.template Alloc<float>(lse);
  const int64_t batch = q.dims()[0], sq = q.dims()[1], heads = q.dims()[2], d = q.dims()[3];
  const int64_t sk = k.dims()[1], dv = v.dims()[3];
  if (out->numel() == 0) return;
  const float* qp = q.data<float>();
  const float* kp = k.data<float>();
  const float* vp = v.data<float>();
  const int64_t q_blocks = (sq + kQueryBlock - 1) / kQueryBlock;
  // Rows of q, k, v and out are (batch, position, head) triples: row pitch heads * dim.
  const int64_t qs = heads * d, ks = heads * d, vs = heads * dv, os = heads * dv;
  const int64_t shift = sk - sq;  // causal: query i sees keys j <= i + shift
#pragma omp parallel
  {
    std::vector<float> scores(kQueryBlock * kKeyBlock), acc(kQueryBlock * dv), row_max(kQueryBlock),
        row_sum(kQueryBlock);
#pragma omp for schedule(dynamic)
    for (int64_t item = 0; item < batch * heads * q_blocks; ++item) {
      const int64_t b = item / (heads * q_blocks), h = item / q_blocks % heads, qb = item % q_blocks;
      const int64_t q0 = qb * kQueryBlock, rows = std::min(kQueryBlock, sq - q0);
      const float* qblk = qp + (b * sq + q0) * qs + h * d;
      std::fill(acc.begin(), acc.begin() + rows * dv, 0.0f);
      std::fill(row_max.begin(), row_max.end(), -std::numeric_limits<float>::infinity());
      std::fill(row_sum.begin(), row_sum.end(), 0.0f);
      const int64_t k_end = causal ? std::min(sk, q0 + rows + shift) : sk;
      for (int64_t k0 = 0; k0 < k_end; k0 += kKeyBlock) {
        const int64_t cols = std::min(kKeyBlock, k_end - k0);
        const float* kblk = kp + (b * sk + k0) * ks + h * d;
        const float* vblk = vp + (b * sk + k0) * vs + h * dv;
        dnnl_sgemm('N', 'T', rows, cols, d, scale, qblk, qs, kblk, ks, 0.0f, scores.data(), cols);
        for (int64_t i = 0; i < rows; ++i) {
          float* s = scores.data() + i * cols;
          const int64_t visible = causal ? std::min(cols, q0 + i + shift + 1 - k0) : cols;
          float m = row_max[i];
          PD_SIMD_REDUCTION(max, m)
          for (int64_t j = 0; j < visible; ++j) m = s[j] > m ? s[j] : m;
          const float correction = row_max[i] == m ? 1.0f : funcs::ExpOnRange(row_max[i] - m);
          float sum = 0.0f;
          PD_SIMD_REDUCTION(+, sum)
          for (int64_t j = 0; j < visible; ++j) {
            s[j] = funcs::ExpOnRange(s[j] - m);
            sum += s[j];
          }
          for (int64_t j = std::max<int64_t>(visible, 0); j < cols; ++j) s[j] = 0.0f;
          row_sum[i] = row_sum[i] * correction + sum;
          row_max[i] = m;
          float* a = acc.data() + i * dv;
          if (correction != 1.0f)
            for (int64_t c = 0; c < dv; ++c) a[c] *= correction;
        }
        dnnl_sgemm('N', 'N', rows, dv, cols, 1.0f, scores.data(), cols, vblk, vs, 1.0f, acc.data(), dv);
      }
      for (int64_t i = 0; i < rows; ++i) {
        float* orow = o + (b * sq + q0 + i) * os + h * dv;
        const float inv = row_sum[i] > 0 ? 1.0f / row_sum[i] : 0.0f;
        for (int64_t c = 0; c < dv; ++c) orow[c] = acc[i * dv + c] * inv;
        l[(b * heads + h) * sq + q0 + i] = row_max[i] + std::log(row_sum[i]);
      }
    }
  }
}

// The gradients, one (batch, head) per work item so that no two items write
// one row of dk or dv: per block of queries and keys, the probabilities
// P = exp(S - lse) are rebuilt from the saved log-sum-exp, then
// dV += P^T dO, dS = P (dO V^T - rowsum(dO O)), dQ += scale dS K and
// dK += scale dS^T Q, each block product an SGEMM into the strided rows.
template <typename T, typename Context>
void FlashAttentionGradKernel(const Context& ctx, const DenseTensor& q, const DenseTensor& k, const DenseTensor& v,
                              const DenseTensor& out, const DenseTensor& lse, const DenseTensor& out_grad,
                              bool causal, double scale, DenseTensor* q_grad, DenseTensor* k_grad,
                              DenseTensor* v_grad) {
  float* dq = ctx.template Alloc<float>(q_grad);
  float* dk = ctx.template Alloc<float>(k_grad);
  float* dv = ctx.template Alloc<float>(v_grad);
  const int64_t batch = q.dims()[0], sq = q.dims()[1], heads = q.dims()[2], d = q.dims()[3];
  const int64_t sk = k.dims()[1], dvh = v.dims()[3];
  const int64_t qs = heads * d, ks = heads * d, vs = heads * dvh, os = heads * dvh;
  const int64_t shift = sk - sq;
  const float* qp = q.data<float>();
  const float* kp = k.data<float>();
  const float* vp = v.data<float>();
  const float* op = out.data<float>();
  const float* gp = out_grad.data<float>();
  const float* lp = lse.data<float>();
  constexpr int64_t kRows = 128, kCols = 256;
#pragma omp parallel
  {
    std::vector<float> p(kRows * kCols), ds(kRows * kCols), delta(sq);
#pragma omp for schedule(dynamic)
    for (int64_t item = 0; item < batch * heads; ++item) {
      const int64_t b = item / heads, h = item % heads;
      for (int64_t i = 0; i < sq; ++i) {
        const float* orow = op + (b * sq + i) * os + h * dvh;
        const float* grow = gp + (b * sq + i) * os + h * dvh;
        float sum = 0.0f;
        PD_SIMD_REDUCTION(+, sum)
        for (int64_t c = 0; c < dvh; ++c) sum += orow[c] * grow[c];
        delta[i] = sum;
        std::fill(dq + (b * sq + i) * qs + h * d, dq + (b * sq + i) * qs + h * d + d, 0.0f);
      }
      for (int64_t j = 0; j < sk; ++j) {
        std::fill(dk + (b * sk + j) * ks + h * d, dk + (b * sk + j) * ks + h * d + d, 0.0f);
        std::fill(dv + (b * sk + j) * vs + h * dvh, dv + (b * sk + j) * vs + h * dvh + dvh, 0.0f);
      }
      const float* row_lse = lp + (b * heads + h) * sq;
      for (int64_t q0 = 0; q0 < sq; q0 += kRows) {
        const int64_t rows = std::min(kRows, sq - q0);
        const float* qblk = qp + (b * sq + q0) * qs + h * d;
        const float* gblk = gp + (b * sq + q0) * os + h * dvh;
        float* dqblk = dq + (b * sq + q0) * qs + h * d;
        const int64_t k_end = causal ? std::min(sk, q0 + rows + shift) : sk;
        for (int64_t k0 = 0; k0 < k_end; k0 += kCols) {
          const int64_t cols = std::min(kCols, k_end - k0);
          const float* kblk = kp + (b * sk + k0) * ks + h * d;
          const float* vblk = vp + (b * sk + k0) * vs + h * dvh;
          dnnl_sgemm('N', 'T', rows, cols, d, scale, qblk, qs, kblk, ks, 0.0f, p.data(), cols);
          for (int64_t i = 0; i < rows; ++i) {
            float* pr = p.data() + i * cols;
            const int64_t visible = causal ? std::clamp<int64_t>(q0 + i + shift + 1 - k0, 0, cols) : cols;
            const float l = row_lse[q0 + i];
            for (int64_t j = 0; j < visible; ++j) pr[j] = funcs::FastExp(pr[j] - l);
            for (int64_t j = visible; j < cols; ++j) pr[j] = 0.0f;
          }
          dnnl_sgemm('T', 'N', cols, dvh, rows, 1.0f, p.data(), cols, gblk, os, 1.0f,
                     dv + (b * sk + k0) * vs + h * dvh, vs);
          dnnl_sgemm('N', 'T', rows, cols, dvh, 1.0f, gblk, os, vblk, vs, 0.0f, ds.data(), cols);
          for (int64_t i = 0; i < rows; ++i) {
            const float* pr = p.data() + i * cols;
            float* dr = ds.data() + i * cols;
            const float di = delta[q0 + i];
            for (int64_t j = 0; j < cols; ++j) dr[j] = pr[j] * (dr[j] - di);
          }
          dnnl_sgemm('N', 'N', rows, d, cols, scale, ds.data(), cols, kblk, ks, 1.0f, dqblk, qs);
          dnnl_sgemm('T', 'N', cols, d, rows, scale, ds.data(), cols, qblk, qs, 1.0f,
                     dk + (b * sk + k0) * ks + h * d, ks);
        }
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(flash_attention, CPU, phi::FlashAttentionKernel);
PD_REGISTER_OP_KERNEL(flash_attention_grad, CPU, phi::FlashAttentionGradKernel);
