// flash_attention and its gradients on the GPU (Note [Flash attention
// rows]): a block of kRows threads owns kRows queries (or keys) of one
// (batch, head) and streams the other side through shared memory in tiles,
// converted to float once per tile. No [seq_q, seq_k] matrix is ever held.
// dq and dk/dv are two kernels, each summing over its own rows, so the
// gradients need no atomics and are deterministic.
#include <algorithm>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/attention_rows.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {
namespace {

constexpr int kRows = 128;

// Tiles of 32 KiB per staged side: kTile rows of kD floats, two sides.
template <int kD>
constexpr int kTile = kD <= 64 ? 64 : 4096 / kD;

// Where row `pos` of one (batch, head) starts in a [batch, seq, heads, dim] tensor.
struct HeadRows {
  int64_t seq, heads, dim;
  __device__ int64_t Offset(int64_t bh, int64_t pos) const {
    return ((bh / heads * seq + pos) * heads + bh % heads) * dim;
  }
};

// Rows first .. first + kTile - 1 of `src` into tile[kTile][kD] as float,
// zero past `rows` and past `dim`. Every thread of the block takes part.
template <int kD, typename T>
__device__ void StageTile(const T* src, const HeadRows& layout, int64_t bh, int64_t first, int64_t rows,
                          float* tile) {
  for (int e = threadIdx.x; e < kTile<kD> * kD; e += blockDim.x) {
    const int r = e / kD, c = e % kD;
    const int64_t pos = first + r;
    tile[e] = pos < rows && c < layout.dim ? static_cast<float>(src[layout.Offset(bh, pos) + c]) : 0.0f;
  }
}

template <typename T, int kD>
__global__ void __launch_bounds__(kRows)
    FlashForwardKernel(const T* q, const T* k, const T* v, T* out, float* lse, int64_t sq, int64_t sk,
                       int64_t heads, funcs::AttentionShape a) {
  __shared__ float keys[kTile<kD> * kD], values[kTile<kD> * kD];
  const int64_t bh = blockIdx.x, q0 = static_cast<int64_t>(blockIdx.y) * kRows, i = q0 + threadIdx.x;
  const HeadRows q_rows{sq, heads, a.d}, k_rows{sk, heads, a.d}, v_rows{sk, heads, a.dv}, o_rows{sq, heads, a.dv};
  funcs::QueryForward<kD> row;
  if (i < sq) row.Begin(q + q_rows.Offset(bh, i), a);
  const int64_t block_end = a.VisibleEnd(std::min(q0 + kRows, sq) - 1, sk);
  const int64_t own_end = a.VisibleEnd(i, sk);
  for (int64_t k0 = 0; k0 < block_end; k0 += kTile<kD>) {
    __syncthreads();  // the previous tile is no longer read
    StageTile<kD>(k, k_rows, bh, k0, sk, keys);
    StageTile<kD>(v, v_rows, bh, k0, sk, values);
    __syncthreads();
    if (i < sq) row.Visit(keys, values, kTile<kD>, k0, own_end);
  }
  if (i < sq) row.Finish(out + o_rows.Offset(bh, i), lse + bh * sq + i, a);
}

template <typename T, int kD>
__global__ void __launch_bounds__(kRows)
    FlashQueryGradKernel(const T* q, const T* k, const T* v, const T* out, const float* lse, const T* out_grad,
                         T* q_grad, float* delta, int64_t sq, int64_t sk, int64_t heads, funcs::AttentionShape a) {
  __shared__ float keys[kTile<kD> * kD], values[kTile<kD> * kD];
  const int64_t bh = blockIdx.x, q0 = static_cast<int64_t>(blockIdx.y) * kRows, i = q0 + threadIdx.x;
  const HeadRows q_rows{sq, heads, a.d}, k_rows{sk, heads, a.d}, v_rows{sk, heads, a.dv}, o_rows{sq, heads, a.dv};
  funcs::QueryGrad<kD> row;
  if (i < sq) {
    row.Begin(q + q_rows.Offset(bh, i), out + o_rows.Offset(bh, i), out_grad + o_rows.Offset(bh, i),
              lse[bh * sq + i], a);
    delta[bh * sq + i] = row.delta;
  }
  const int64_t block_end = a.VisibleEnd(std::min(q0 + kRows, sq) - 1, sk);
  const int64_t own_end = a.VisibleEnd(i, sk);
  for (int64_t k0 = 0; k0 < block_end; k0 += kTile<kD>) {
    __syncthreads();
    StageTile<kD>(k, k_rows, bh, k0, sk, keys);
    StageTile<kD>(v, v_rows, bh, k0, sk, values);
    __syncthreads();
    if (i < sq) row.Visit(keys, values, kTile<kD>, k0, own_end);
  }
  if (i < sq) row.Finish(q_grad + q_rows.Offset(bh, i), a);
}

template <typename T, int kD>
__global__ void __launch_bounds__(kRows)
    FlashKeyGradKernel(const T* q, const T* k, const T* v, const float* lse, const T* out_grad, const float* delta,
                       T* k_grad, T* v_grad, int64_t sq, int64_t sk, int64_t heads, funcs::AttentionShape a) {
  __shared__ float queries[kTile<kD> * kD], grads[kTile<kD> * kD], tile_lse[kTile<kD>], tile_delta[kTile<kD>];
  const int64_t bh = blockIdx.x, k0 = static_cast<int64_t>(blockIdx.y) * kRows, j = k0 + threadIdx.x;
  const HeadRows q_rows{sq, heads, a.d}, k_rows{sk, heads, a.d}, v_rows{sk, heads, a.dv}, o_rows{sq, heads, a.dv};
  funcs::KeyGrad<kD> row;
  if (j < sk) row.Begin(k + k_rows.Offset(bh, j), v + v_rows.Offset(bh, j), a);
  // Query i sees key j when j <= i + shift: the block's first key is seen
  // from query k0 - shift on.
  const int64_t own_first = a.causal ? j - a.shift : 0;
  const int64_t block_first = std::max<int64_t>(a.causal ? k0 - a.shift : 0, 0);
  for (int64_t i0 = block_first / kTile<kD> * kTile<kD>; i0 < sq; i0 += kTile<kD>) {
    __syncthreads();
    StageTile<kD>(q, q_rows, bh, i0, sq, queries);
    StageTile<kD>(out_grad, o_rows, bh, i0, sq, grads);
    for (int r = threadIdx.x; r < kTile<kD>; r += blockDim.x) {
      const bool inside = i0 + r < sq;
      // Rows past the end get an lse of +inf: p = 0, so they add nothing.
      tile_lse[r] = inside ? lse[bh * sq + i0 + r] : INFINITY;
      tile_delta[r] = inside ? delta[bh * sq + i0 + r] : 0.0f;
    }
    __syncthreads();
    if (j < sk) row.Visit(queries, grads, tile_lse, tile_delta, kTile<kD>, i0, own_first);
  }
  if (j < sk) row.Finish(k_grad + k_rows.Offset(bh, j), v_grad + v_rows.Offset(bh, j), a);
}

// Calls launch(kD) with the smallest supported kD >= both head dims.
template <typename Launch>
void WithHeadDim(int64_t d, int64_t dv, Launch launch) {
  const int64_t widest = std::max(d, dv);
  PD_CHECK(widest <= 256, Unimplemented, "the GPU kernel supports head dims up to 256, but got ", d, " and ", dv);
  if (widest <= 16) return launch(std::integral_constant<int, 16>{});
  if (widest <= 32) return launch(std::integral_constant<int, 32>{});
  if (widest <= 64) return launch(std::integral_constant<int, 64>{});
  if (widest <= 128) return launch(std::integral_constant<int, 128>{});
  launch(std::integral_constant<int, 256>{});
}

struct AttentionGrid {
  dim3 blocks;
  funcs::AttentionShape shape;
  int64_t batch_heads, sq, sk, heads;
};

AttentionGrid MakeGrid(const DenseTensor& q, const DenseTensor& k, const DenseTensor& v, bool causal, double scale,
                       int64_t rows) {
  AttentionGrid g;
  g.sq = q.dims()[1];
  g.sk = k.dims()[1];
  g.heads = q.dims()[2];
  g.batch_heads = q.dims()[0] * g.heads;
  g.shape = funcs::AttentionShape{q.dims()[3], v.dims()[3], static_cast<float>(scale), causal, g.sk - g.sq};
  const int64_t row_blocks = (rows + kRows - 1) / kRows;
  PD_CHECK(g.batch_heads < (int64_t{1} << 31) && row_blocks <= 65535, OutOfRange,
           "batch * heads (", g.batch_heads, ") or the sequence (", rows, ") is too long for one launch");
  g.blocks = dim3(static_cast<unsigned>(g.batch_heads), static_cast<unsigned>(row_blocks));
  return g;
}

}  // namespace

template <typename T, typename Context>
void FlashAttentionKernel(const Context& ctx, const DenseTensor& q, const DenseTensor& k, const DenseTensor& v,
                          bool causal, double scale, DenseTensor* out, DenseTensor* lse) {
  T* o = ctx.template Alloc<T>(out);
  float* l = ctx.template Alloc<float>(lse);
  if (out->numel() == 0) return;
  const AttentionGrid g = MakeGrid(q, k, v, causal, scale, q.dims()[1]);
  gpu::DeviceGuard guard(ctx.device());
  WithHeadDim(g.shape.d, g.shape.dv, [&](auto dim) {
    FlashForwardKernel<T, decltype(dim)::value><<<g.blocks, kRows, 0, ctx.stream()>>>(
        q.data<T>(), k.data<T>(), v.data<T>(), o, l, g.sq, g.sk, g.heads, g.shape);
  });
  PD_CUDA_CHECK(cudaGetLastError());
}

template <typename T, typename Context>
void FlashAttentionGradKernel(const Context& ctx, const DenseTensor& q, const DenseTensor& k, const DenseTensor& v,
                              const DenseTensor& out, const DenseTensor& lse, const DenseTensor& out_grad,
                              bool causal, double scale, DenseTensor* q_grad, DenseTensor* k_grad,
                              DenseTensor* v_grad) {
  T* dq = ctx.template Alloc<T>(q_grad);
  T* dk = ctx.template Alloc<T>(k_grad);
  T* dv = ctx.template Alloc<T>(v_grad);
  if (q.dims()[0] * q.dims()[2] == 0 || (q.dims()[1] == 0 && k.dims()[1] == 0)) return;
  DenseTensor delta(DenseTensorMeta(DataType::FLOAT32, lse.dims()));
  float* dl = ctx.template Alloc<float>(&delta);
  const AttentionGrid by_query = MakeGrid(q, k, v, causal, scale, q.dims()[1]);
  const AttentionGrid by_key = MakeGrid(q, k, v, causal, scale, k.dims()[1]);
  gpu::DeviceGuard guard(ctx.device());
  WithHeadDim(by_query.shape.d, by_query.shape.dv, [&](auto dim) {
    constexpr int kD = decltype(dim)::value;
    const AttentionGrid& g = by_query;
    if (g.sq > 0) {
      FlashQueryGradKernel<T, kD><<<g.blocks, kRows, 0, ctx.stream()>>>(
          q.data<T>(), k.data<T>(), v.data<T>(), out.data<T>(), lse.data<float>(), out_grad.data<T>(), dq, dl, g.sq,
          g.sk, g.heads, g.shape);
    }
    if (g.sk > 0) {
      FlashKeyGradKernel<T, kD><<<by_key.blocks, kRows, 0, ctx.stream()>>>(
          q.data<T>(), k.data<T>(), v.data<T>(), lse.data<float>(), out_grad.data<T>(), dl, dk, dv, g.sq, g.sk,
          g.heads, g.shape);
    }
  });
  PD_CUDA_CHECK(cudaGetLastError());
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(flash_attention, GPU, phi::FlashAttentionKernel);
PD_REGISTER_OP_KERNEL(flash_attention_grad, GPU, phi::FlashAttentionGradKernel);

namespace {

// Note [Kernel limits]: wider heads run as the op's decomposition.
bool HeadsFitRegisters(const std::vector<const phi::DenseTensorMeta*>& inputs) {
  const phi::DenseTensorMeta& q = *inputs[0];
  const phi::DenseTensorMeta& v = *inputs[2];
  return q.dims.size() != 4 || v.dims.size() != 4 || std::max(q.dims[3], v.dims[3]) <= 256;
}

const bool kHeadLimits = [] {
  phi::KernelFactory::Instance().SetLimit("flash_attention", phi::Backend::GPU, HeadsFitRegisters);
  phi::KernelFactory::Instance().SetLimit("flash_attention_grad", phi::Backend::GPU, HeadsFitRegisters);
  return true;
}();

}  // namespace
