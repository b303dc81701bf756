// sparse_dense_matmul for every backend: out = A y for the sparse A given as
// (row, col, value) entries. Each item owns a band of out's columns and runs
// through every entry, so no two items write one element and the sums
// follow the entries' order (deterministic, no atomics). On the CPU a band
// is a cache line of columns, which the inner loop fills with vector FMAs;
// on a GPU one column.
#pragma once

#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/index_check.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_linalg.h"

namespace phi {
namespace funcs {

// The columns an item owns: a cache line's worth on the CPU, one on a GPU.
template <typename T, typename Context>
constexpr int64_t SparseMatmulBand() {
  if constexpr (std::is_same_v<Context, CPUContext>) {
    return 64 / sizeof(T);
  } else {
    return 1;
  }
}

template <typename T>
struct SparseDenseMatmulFunctor {
  const int64_t* row;
  const int64_t* col;
  const T* values;
  const T* y;
  T* out;
  int64_t entries, rows, n, band;

  PD_HOSTDEVICE void operator()(int64_t item) const {
    const int64_t first = item * band, last = first + band < n ? first + band : n;
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = first; j < last; ++j) out[r * n + j] = T(0);
    }
    for (int64_t e = 0; e < entries; ++e) {
      const T v = values[e];
      const T* y_row = y + col[e] * n;
      T* out_row = out + row[e] * n;
      for (int64_t j = first; j < last; ++j) out_row[j] += v * y_row[j];
    }
  }
};

}  // namespace funcs

template <typename T, typename Context>
void SparseDenseMatmulKernel(const Context& ctx, const DenseTensor& row, const DenseTensor& col,
                             const DenseTensor& values, const DenseTensor& y, int64_t rows, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const int64_t n = y.dims()[1];
  if (out->numel() == 0) return;
  funcs::CheckIndices<int64_t>(ctx, row, {rows}, "row", {.negative_ok = false});
  funcs::CheckIndices<int64_t>(ctx, col, {y.dims()[0]}, "col", {.negative_ok = false});
  const int64_t band = funcs::SparseMatmulBand<T, Context>();
  funcs::LaunchForEach(ctx, (n + band - 1) / band,
                       funcs::SparseDenseMatmulFunctor<T>{row.data<int64_t>(), col.data<int64_t>(), values.data<T>(),
                                                          y.data<T>(), o, values.numel(), rows, n, band},
                       1);
}

}  // namespace phi

#define PD_REGISTER_SPARSE_MATMUL_KERNELS(B) \
  PD_REGISTER_OP_KERNEL(sparse_dense_matmul, B, phi::SparseDenseMatmulKernel)
