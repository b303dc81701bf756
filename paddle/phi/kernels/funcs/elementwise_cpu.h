// The CPU loop behind every elementwise kernel: out[i] = f(in0[i], in1[i], ...)
// over a StridedLayout, split across OpenMP threads when the work is large.
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/strided_layout.h"

namespace phi::funcs {

// One `const DenseTensor&` per input type, so inputs form a parameter pack.
template <typename>
using InputTensor = const DenseTensor&;

// Below this many elements a single thread wins: starting threads costs more.
inline constexpr int64_t kParallelThreshold = 1 << 16;

// Calls fn(begin, end) over [0, n): on one thread when n is small, else on
// one contiguous chunk per OpenMP thread.
template <typename F>
void ParallelChunks(int64_t n, F fn, int64_t threshold = kParallelThreshold) {
  if (n < threshold || omp_get_max_threads() == 1) {
    if (n > 0) fn(int64_t{0}, n);
    return;
  }
#pragma omp parallel
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    int64_t chunk = (n + nt - 1) / nt;
    int64_t b = std::min<int64_t>(n, t * chunk), e = std::min<int64_t>(n, b + chunk);
    if (b < e) fn(b, e);
  }
}

template <typename OutT, typename... InT, typename F, size_t... I>
inline void CpuElementwiseContiguous(OutT* out, const std::tuple<const InT*...>& ins,
                                     const std::array<bool, sizeof...(InT)>& scalar, int64_t begin,
                                     int64_t end, F f, std::index_sequence<I...>) {
  // Separate loops for "all full" and "some broadcast scalar" keep the common
  // case free of multiplications so the compiler vectorizes it.
  if (!(scalar[I] || ...)) {
    for (int64_t i = begin; i < end; ++i) out[i] = f(std::get<I>(ins)[i]...);
  } else {
    for (int64_t i = begin; i < end; ++i) out[i] = f(std::get<I>(ins)[scalar[I] ? 0 : i]...);
  }
}

template <typename OutT, typename... InT, typename F, size_t... I>
inline void CpuElementwiseStrided(const StridedLayout<sizeof...(InT) + 1>& L, OutT* out,
                                  const std::tuple<const InT*...>& ins, int64_t begin, int64_t end,
                                  F f, std::index_sequence<I...>) {
  constexpr int N = sizeof...(InT) + 1;
  // Decompose `begin` into a multi-index and the operands' offsets, then walk.
  int64_t idx[DDim::kMaxRank] = {};
  int64_t off[N] = {};
  int64_t rest = begin;
  for (int d = 0; d < L.rank; ++d) {
    idx[d] = rest % L.dims[d];
    rest /= L.dims[d];
    for (int k = 0; k < N; ++k) off[k] += idx[d] * L.strides[k][d];
  }
  const int64_t n0 = L.dims[0];
  int64_t i = begin;
  while (i < end) {
    int64_t run = std::min(n0 - idx[0], end - i);
    const int64_t s_out = L.strides[0][0];
    for (int64_t j = 0; j < run; ++j) {
      out[off[0] + j * s_out] = f(std::get<I>(ins)[off[I + 1] + j * L.strides[I + 1][0]]...);
    }
    i += run;
    for (int k = 0; k < N; ++k) off[k] += run * L.strides[k][0];
    idx[0] += run;
    // Carry into outer dims.
    for (int d = 0; d + 1 < L.rank && idx[d] == L.dims[d]; ++d) {
      idx[d] = 0;
      ++idx[d + 1];
      for (int k = 0; k < N; ++k) {
        off[k] += L.strides[k][d + 1] - L.dims[d] * L.strides[k][d];
      }
    }
  }
}

// Runs f elementwise; `out` must already be allocated (it may be a strided
// view, as for setitem). Inputs broadcast to out's dims.
template <typename OutT, typename... InT, typename F>
void CpuElementwise(DenseTensor* out, F f, InputTensor<InT>... ins) {
  constexpr int N = sizeof...(InT) + 1;
  static_assert(sizeof...(InT) == sizeof...(ins));
  const int64_t numel = out->numel();
  if (numel == 0) return;
  OutT* o = out->data<OutT>();
  std::tuple<const InT*...> in_ptrs(ins.template data<InT>()...);
  auto seq = std::index_sequence_for<InT...>{};
  bool flat = out->IsContiguous() &&
              ((ins.IsContiguous() && (ins.numel() == numel || ins.numel() == 1)) && ...);
  if (flat) {
    std::array<bool, sizeof...(InT)> scalar{(ins.numel() == 1 && numel != 1)...};
    ParallelChunks(numel, [&](int64_t b, int64_t e) {
      CpuElementwiseContiguous<OutT, InT...>(o, in_ptrs, scalar, b, e, f, seq);
    });
    return;
  }
  StridedLayout<N> layout = MakeStridedLayout<N>(*out, {&ins...});
  ParallelChunks(numel, [&](int64_t b, int64_t e) {
    CpuElementwiseStrided<OutT, InT...>(layout, o, in_ptrs, b, e, f, seq);
  });
}

// out[i] = f(i) over a freshly allocated contiguous out.
template <typename T, typename F>
void LaunchIndexFill(const CPUContext&, DenseTensor* out, F f) {
  T* o = out->data<T>();
  ParallelChunks(out->numel(), [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) o[i] = f(i);
  });
}

// f(i) for every i in [0, n), in parallel; for kernels whose items write
// their own outputs (random blocks, gathers, scatters without conflicts).
// `threshold`: the n below which one thread does it all.
// A functor with ForRange(b, e) takes each thread's chunk whole (to
// vectorize across its elements).
template <typename F>
void LaunchForEach(const CPUContext&, int64_t n, F f, int64_t threshold = kParallelThreshold) {
  ParallelChunks(
      n, [&](int64_t b, int64_t e) {
        if constexpr (requires { f.ForRange(b, e); }) {
          f.ForRange(b, e);
        } else {
          for (int64_t i = b; i < e; ++i) f(i);
        }
      },
      threshold);
}

template <typename OutT, typename... InT, typename F>
void LaunchElementwise(const CPUContext&, DenseTensor* out, F f, InputTensor<InT>... ins) {
  CpuElementwise<OutT, InT...>(out, f, ins...);
}

}  // namespace phi::funcs
