// The fused LSTM and GRU cells (Note [Fused LSTM cell] in the op YAML): one
// pass over a time step's gates, rows split across threads. The activations
// are the elementwise kernels' (branch-free for float, so the inner loops
// vectorize; libm's are calls).
#include <algorithm>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/functors.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {

namespace {

template <typename T>
PD_FORCEINLINE T Sigmoid(T v) {
  return funcs::SigmoidFunctor<T>()(v);
}

template <typename T>
PD_FORCEINLINE T Tanh(T v) {
  return funcs::TanhFunctor<T>()(v);
}

// Rows of `width` hidden units; each thread takes whole rows.
template <typename F>
void ForEachRow(int64_t rows, int64_t width, F fn) {
  funcs::ParallelChunks(rows, fn, std::max<int64_t>(1, funcs::kParallelThreshold / std::max<int64_t>(1, width)));
}

}  // namespace

// One row of the forward pass: restrict-qualified and SIMD-annotated so that
// GCC vectorizes it (it cannot prove the pointers apart by itself).
template <typename T>
void LstmCellRow(int64_t width, const T* __restrict in, const T* __restrict prev, T* __restrict next,
                 T* __restrict h) {
#pragma omp simd
  for (int64_t j = 0; j < width; ++j) {
    const T updated = Sigmoid(in[width + j]) * prev[j] + Sigmoid(in[j]) * Tanh(in[2 * width + j]);
    next[j] = updated;
    h[j] = Sigmoid(in[3 * width + j]) * Tanh(updated);
  }
}

template <typename T>
void LstmCellGradRow(int64_t width, const T* __restrict dh, const T* __restrict dnext, const T* __restrict in,
                     const T* __restrict prev, const T* __restrict next, T* __restrict out, T* __restrict dprev) {
#pragma omp simd
  for (int64_t j = 0; j < width; ++j) {
    const T i = Sigmoid(in[j]), f = Sigmoid(in[width + j]), u = Tanh(in[2 * width + j]);
    const T o = Sigmoid(in[3 * width + j]), squashed = Tanh(next[j]);
    const T total = dnext[j] + dh[j] * o * (T(1) - squashed * squashed);
    out[j] = total * u * i * (T(1) - i);
    out[width + j] = total * prev[j] * f * (T(1) - f);
    out[2 * width + j] = total * i * (T(1) - u * u);
    out[3 * width + j] = dh[j] * squashed * o * (T(1) - o);
    dprev[j] = total * f;
  }
}

template <typename T, typename Context>
void LstmCellKernel(const Context& ctx, const DenseTensor& gates, const DenseTensor& cell, DenseTensor* hidden,
                    DenseTensor* cell_out) {
  const int64_t width = cell.dims()[1];
  const T* g = gates.data<T>();
  const T* c = cell.data<T>();
  T* h = ctx.template Alloc<T>(hidden);
  T* next = ctx.template Alloc<T>(cell_out);
  ForEachRow(cell.dims()[0], width, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b) {
      LstmCellRow(width, g + b * 4 * width, c + b * width, next + b * width, h + b * width);
    }
  });
}

template <typename T, typename Context>
void LstmCellGradKernel(const Context& ctx, const DenseTensor& hidden_grad, const DenseTensor& cell_out_grad,
                        const DenseTensor& gates, const DenseTensor& cell, const DenseTensor& cell_out,
                        DenseTensor* gates_grad, DenseTensor* cell_grad) {
  const int64_t width = cell.dims()[1];
  const T* dh = hidden_grad.data<T>();
  const T* dnext = cell_out_grad.data<T>();
  const T* g = gates.data<T>();
  const T* c = cell.data<T>();
  const T* next = cell_out.data<T>();
  T* dg = ctx.template Alloc<T>(gates_grad);
  T* dc = ctx.template Alloc<T>(cell_grad);
  ForEachRow(cell.dims()[0], width, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b) {
      const int64_t k = b * width;
      LstmCellGradRow(width, dh + k, dnext + k, g + 4 * k, c + k, next + k, dg + 4 * k, dc + k);
    }
  });
}

template <typename T>
void GruCellRow(int64_t width, const T* __restrict x, const T* __restrict hp, const T* __restrict prev,
                T* __restrict out) {
#pragma omp simd
  for (int64_t j = 0; j < width; ++j) {
    const T r = Sigmoid(x[j] + hp[j]), z = Sigmoid(x[width + j] + hp[width + j]);
    const T c = Tanh(x[2 * width + j] + r * hp[2 * width + j]);
    out[j] = (prev[j] - c) * z + c;
  }
}

template <typename T>
void GruCellGradRow(int64_t width, const T* __restrict dh, const T* __restrict x, const T* __restrict hp,
                    const T* __restrict prev, T* __restrict dx, T* __restrict dhp, T* __restrict dprev) {
#pragma omp simd
  for (int64_t j = 0; j < width; ++j) {
    const T r = Sigmoid(x[j] + hp[j]), z = Sigmoid(x[width + j] + hp[width + j]);
    const T c = Tanh(x[2 * width + j] + r * hp[2 * width + j]);
    const T dz = dh[j] * (prev[j] - c) * z * (T(1) - z);
    const T dc = dh[j] * (T(1) - z) * (T(1) - c * c);
    const T dr = dc * hp[2 * width + j] * r * (T(1) - r);
    dx[j] = dhp[j] = dr;
    dx[width + j] = dhp[width + j] = dz;
    dx[2 * width + j] = dc;
    dhp[2 * width + j] = dc * r;
    dprev[j] = dh[j] * z;
  }
}

template <typename T, typename Context>
void GruCellKernel(const Context& ctx, const DenseTensor& x_proj, const DenseTensor& h_proj,
                   const DenseTensor& pre_hidden, DenseTensor* hidden) {
  const int64_t width = pre_hidden.dims()[1];
  const T* x = x_proj.data<T>();
  const T* hp = h_proj.data<T>();
  const T* prev = pre_hidden.data<T>();
  T* out = ctx.template Alloc<T>(hidden);
  ForEachRow(pre_hidden.dims()[0], width, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b) {
      GruCellRow(width, x + 3 * b * width, hp + 3 * b * width, prev + b * width, out + b * width);
    }
  });
}

template <typename T, typename Context>
void GruCellGradKernel(const Context& ctx, const DenseTensor& hidden_grad, const DenseTensor& x_proj,
                       const DenseTensor& h_proj, const DenseTensor& pre_hidden, DenseTensor* x_proj_grad,
                       DenseTensor* h_proj_grad, DenseTensor* pre_hidden_grad) {
  const int64_t width = pre_hidden.dims()[1];
  const T* dh = hidden_grad.data<T>();
  const T* x = x_proj.data<T>();
  const T* hp = h_proj.data<T>();
  const T* prev = pre_hidden.data<T>();
  T* dx = ctx.template Alloc<T>(x_proj_grad);
  T* dhp = ctx.template Alloc<T>(h_proj_grad);
  T* dprev = ctx.template Alloc<T>(pre_hidden_grad);
  ForEachRow(pre_hidden.dims()[0], width, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b) {
      const int64_t k = b * width;
      GruCellGradRow(width, dh + k, x + 3 * k, hp + 3 * k, prev + k, dx + 3 * k, dhp + 3 * k, dprev + k);
    }
  });
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(gru_cell, CPU, phi::GruCellKernel);
PD_REGISTER_OP_KERNEL(gru_cell_grad, CPU, phi::GruCellGradKernel);
PD_REGISTER_OP_KERNEL(lstm_cell, CPU, phi::LstmCellKernel);
PD_REGISTER_OP_KERNEL(lstm_cell_grad, CPU, phi::LstmCellGradKernel);
