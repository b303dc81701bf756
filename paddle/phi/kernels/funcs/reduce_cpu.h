// The CPU reduce loop over a ReducePlan's [outer, reduce, inner] view.
#pragma once

#include <omp.h>

#include <algorithm>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/reduce_plan.h"

namespace phi::funcs {

// Reduces n contiguous values with kLanes independent accumulators (256
// bytes of them: eight AVX registers), which lets the compiler vectorize,
// keeps enough loads in flight to saturate memory, and keeps float sums
// accurate (pairwise-like).
template <typename T, typename R>
typename R::Acc ReduceRow(const T* x, int64_t n, R r) {
  using Acc = typename R::Acc;
  constexpr int kLanes = 256 / sizeof(Acc) < 16 ? 16 : 256 / sizeof(Acc);
  Acc lanes[kLanes];
  for (int l = 0; l < kLanes; ++l) lanes[l] = r.Init();
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int l = 0; l < kLanes; ++l) lanes[l] = r.Combine(lanes[l], static_cast<Acc>(x[i + l]));
  }
  Acc acc = r.Init();
  for (; i < n; ++i) acc = r.Combine(acc, static_cast<Acc>(x[i]));
  for (int l = 0; l < kLanes; ++l) acc = r.Combine(acc, lanes[l]);
  return acc;
}

// out[o * inner + i] = scale * reduce_r x[(o * reduce + r) * inner + i]
template <typename T, typename R>
void LaunchReduce(const CPUContext&, const T* x, T* out, const ReducePlan& p, R r, double scale) {
  using Acc = typename R::Acc;
  const int64_t outputs = p.outer * p.inner;
  auto finish = [&](Acc v) {
    return scale == 1.0 ? static_cast<T>(v) : static_cast<T>(v * static_cast<Acc>(scale));
  };
  const bool big = outputs * p.reduce >= kParallelThreshold && omp_get_max_threads() > 1;
  if (p.inner == 1 && p.outer < omp_get_max_threads() && big) {
    // Few long rows: split each row across threads and combine the partials.
    for (int64_t o = 0; o < p.outer; ++o) {
      const T* row = x + o * p.reduce;
      std::vector<Acc> partial(omp_get_max_threads(), r.Init());
      ParallelChunks(p.reduce, [&](int64_t b, int64_t e) {
        partial[omp_get_thread_num()] = ReduceRow(row + b, e - b, r);
      });
      Acc acc = r.Init();
      for (Acc v : partial) acc = r.Combine(acc, v);
      out[o] = finish(acc);
    }
    return;
  }
  if (p.inner == 1) {
#pragma omp parallel for if (big)
    for (int64_t o = 0; o < p.outer; ++o) out[o] = finish(ReduceRow(x + o * p.reduce, p.reduce, r));
    return;
  }
#pragma omp parallel for if (big)
  for (int64_t o = 0; o < p.outer; ++o) {
    std::vector<Acc> acc(p.inner, r.Init());
    const T* block = x + o * p.reduce * p.inner;
    for (int64_t k = 0; k < p.reduce; ++k) {
      const T* row = block + k * p.inner;
      for (int64_t i = 0; i < p.inner; ++i) acc[i] = r.Combine(acc[i], static_cast<Acc>(row[i]));
    }
    for (int64_t i = 0; i < p.inner; ++i) out[o * p.inner + i] = finish(acc[i]);
  }
}

}  // namespace phi::funcs
