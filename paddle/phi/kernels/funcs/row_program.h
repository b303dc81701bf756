// Row programs: kernels that reduce and rewrite one row at a time (softmax,
// layer_norm, rms_norm and their gradients), written once over a small set
// of collective steps so that every backend runs the same arithmetic.
//
// Note [Row programs]
// A program is a struct with `using Math` (its accumulation type),
// `kStaged` (how many input rows it reads more than once) and
//   template <class Row> PD_HOSTDEVICE void operator()(Row& row, int64_t r) const;
// which handles row r through `row`:
//   row.n, row.At(k)       the row's length and the offset of its element k,
//   row.Stage(p)           an accessor v(k) -> Math for input p's row,
//   row.ForEach(f)         f(k) for every k,
//   row.Sum(f), row.Max(f) a reduction of f(k) over k, known to the whole row,
//   row.Sums(f)            two sums at once (f returns a SumPair),
//   row.Once(f)            f() by one thread, for the row's own results.
// SerialRow walks a row with one thread: the CPU's loops (they vectorize
// when the stride is Unit) and the GPU's strided rows. The GPU's BlockRow
// (row_program_gpu.cuh) spreads a contiguous row over a block, with the
// staged rows in shared memory, so the GPU differs from the tested CPU path
// only in how the steps are spread over threads. A thread handles the same k
// in every step, so a program may read back in ForEach what it wrote in Sum.
// The steps' lambdas capture by value ([=, *this]): a float captured by
// reference might alias the float output, and GCC then runs the loop
// without vectors (softmax took 1.3x as long).
#pragma once

#include <cmath>
#include <cstdint>

#include "paddle/common/macros.h"

namespace phi::funcs {

template <typename M>
struct SumPair {
  M a, b;
};

// A compile-time stride of 1, so that contiguous rows vectorize.
struct Unit {
  PD_HOSTDEVICE constexpr operator int64_t() const { return 1; }
};

// The rows of a tensor viewed as [outer, n, inner] along one axis: row r is
// line (r / inner, r % inner), its elements `inner` apart.
struct RowShape {
  int64_t outer = 1, n = 1, inner = 1;
  PD_HOSTDEVICE int64_t rows() const { return outer * inner; }
  PD_HOSTDEVICE int64_t Base(int64_t r) const { return (r / inner) * n * inner + r % inner; }
};

template <typename M, typename T, typename Stride>
struct RowReader {
  const T* p;
  Stride stride;
  PD_HOSTDEVICE PD_FORCEINLINE M operator()(int64_t k) const { return static_cast<M>(p[k * stride]); }
};

template <typename M, typename Stride>
struct SerialRow {
  int64_t n, base;
  Stride stride;

  PD_HOSTDEVICE PD_FORCEINLINE int64_t At(int64_t k) const { return base + k * stride; }

  template <typename T>
  PD_HOSTDEVICE PD_FORCEINLINE RowReader<M, T, Stride> Stage(const T* p) const {
    return {p + base, stride};
  }
  template <typename F>
  PD_HOSTDEVICE PD_FORCEINLINE void ForEach(F f) const {
    for (int64_t k = 0; k < n; ++k) f(k);
  }
  template <typename F>
  PD_HOSTDEVICE PD_FORCEINLINE void Once(F f) const {
    f();
  }
  template <typename F>
  PD_HOSTDEVICE PD_FORCEINLINE M Sum(F f) const {
    M s = 0;
    PD_SIMD_REDUCTION(+, s)
    for (int64_t k = 0; k < n; ++k) s += f(k);
    return s;
  }
  template <typename F>
  PD_HOSTDEVICE PD_FORCEINLINE M Max(F f) const {
    M m = -static_cast<M>(INFINITY);
    PD_SIMD_REDUCTION(max, m)
    for (int64_t k = 0; k < n; ++k) {
      const M v = f(k);
      m = v > m ? v : m;
    }
    return m;
  }
  template <typename F>
  PD_HOSTDEVICE PD_FORCEINLINE SumPair<M> Sums(F f) const {
    M a = 0, b = 0;
    PD_SIMD_REDUCTION(+, a, b)
    for (int64_t k = 0; k < n; ++k) {
      const SumPair<M> v = f(k);
      a += v.a;
      b += v.b;
    }
    return {a, b};
  }
};

// Runs program p on row r of shape s with one thread.
template <typename Program>
PD_HOSTDEVICE PD_FORCEINLINE void RunSerialRow(const Program& p, const RowShape& s, int64_t r) {
  using M = typename Program::Math;
  if (s.inner == 1) {
    SerialRow<M, Unit> row{s.n, r * s.n, Unit{}};
    p(row, r);
  } else {
    SerialRow<M, int64_t> row{s.n, s.Base(r), s.inner};
    p(row, r);
  }
}

}  // namespace phi::funcs
