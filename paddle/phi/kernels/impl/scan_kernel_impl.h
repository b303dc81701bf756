// Scans along one axis for every backend, one line per work item
// (funcs/lines.h): running sums, the first-order linear recurrence that
// cumprod and the scans' gradients are built from, running log-sum-exp, and
// the positions of running maxima/minima.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/lines.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_sort.h"

namespace phi {

namespace funcs {

// Walks each line in order (from its end when reverse), handing `step` the
// offset of every element; the step carries the running state.
template <typename Step>
struct ScanLinesFunctor {
  Lines lines;
  bool reverse;
  Step step;

  PD_HOSTDEVICE void operator()(int64_t line) const {
    const int64_t base = lines.Base(line, lines.n);
    auto state = step.Init();
    for (int64_t k = 0; k < lines.n; ++k) {
      const int64_t j = reverse ? lines.n - 1 - k : k;
      step(state, k, base + j * lines.inner);
    }
  }
};

template <typename T>
struct SumStep {  // out[j] = x[j] + out[j-1]
  const T* x;
  T* out;
  PD_HOSTDEVICE MathType<T> Init() const { return MathType<T>(0); }
  PD_HOSTDEVICE void operator()(MathType<T>& acc, int64_t, int64_t at) const {
    acc = acc + static_cast<MathType<T>>(x[at]);
    out[at] = static_cast<T>(acc);
  }
};

template <typename T>
struct LinearStep {  // out[j] = a[j] * out[j-1] + b[j], out[-1] = 0
  const T* a;
  const T* b;
  T* out;
  PD_HOSTDEVICE MathType<T> Init() const { return MathType<T>(0); }
  PD_HOSTDEVICE void operator()(MathType<T>& acc, int64_t, int64_t at) const {
    acc = static_cast<MathType<T>>(a[at]) * acc + static_cast<MathType<T>>(b[at]);
    out[at] = static_cast<T>(acc);
  }
};

// log(exp(a) + exp(b)) without overflow; exact at infinities.
template <typename M>
PD_HOSTDEVICE M LogAddExp(M a, M b) {
  if (a != a || b != b) return a + b;
  if (a == b) return a + M(0.6931471805599453);
  const M hi = a > b ? a : b, lo = a > b ? b : a;
  return hi + std::log1p(std::exp(lo - hi));
}

template <typename T>
struct LogAddExpStep {  // out[j] = log(exp(out[j-1]) + exp(x[j])), out[-1] = -inf
  const T* x;
  T* out;
  PD_HOSTDEVICE MathType<T> Init() const { return -std::numeric_limits<MathType<T>>::infinity(); }
  PD_HOSTDEVICE void operator()(MathType<T>& acc, int64_t, int64_t at) const {
    acc = LogAddExp(acc, static_cast<MathType<T>>(x[at]));
    out[at] = static_cast<T>(acc);
  }
};

// The position of the running maximum (minimum when !largest): the latest of
// ties, and a NaN, once seen, stays the extreme (its latest position wins).
template <typename T>
struct ArgExtremeStep {
  struct State {
    MathType<T> best;
    int64_t index;
  };
  const T* x;
  int64_t* out;
  bool largest;
  PD_HOSTDEVICE State Init() const { return {MathType<T>(0), -1}; }
  PD_HOSTDEVICE void operator()(State& s, int64_t k, int64_t at) const {
    const MathType<T> v = static_cast<MathType<T>>(x[at]);
    const bool best_is_nan = s.best != s.best;
    if (s.index < 0 || v != v || (!best_is_nan && (largest ? !(v < s.best) : !(s.best < v)))) {
      s.best = v;
      s.index = k;
    }
    out[at] = s.index;
  }
};

inline Lines LinesOf(const DenseTensor& x, int64_t axis) {
  const int rank = x.dims().size();
  return rank == 0 ? Lines{} : Lines::Around(x.dims(), NormalizeAxis(axis, rank));
}

}  // namespace funcs

// Runs `step` (which holds the op's pointers) along every line around axis.
template <typename Step, typename Context>
void ScanLines(const Context& ctx, const DenseTensor& x, int64_t axis, bool reverse, const Step& step) {
  if (x.numel() == 0) return;
  const funcs::Lines lines = funcs::LinesOf(x, axis);
  funcs::LaunchForEach(ctx, lines.count(), funcs::ScanLinesFunctor<Step>{lines, reverse, step}, 64);
}

template <typename T, typename Context>
void CumsumKernel(const Context& ctx, const DenseTensor& x, int64_t axis, bool reverse, DenseTensor* out) {
  ScanLines(ctx, x, axis, reverse, funcs::SumStep<T>{x.data<T>(), ctx.template Alloc<T>(out)});
}

template <typename T, typename Context>
void LinearScanKernel(const Context& ctx, const DenseTensor& a, const DenseTensor& b, int64_t axis, bool reverse,
                      DenseTensor* out) {
  ScanLines(ctx, b, axis, reverse, funcs::LinearStep<T>{a.data<T>(), b.data<T>(), ctx.template Alloc<T>(out)});
}

template <typename T, typename Context>
void LogcumsumexpKernel(const Context& ctx, const DenseTensor& x, int64_t axis, bool reverse, DenseTensor* out) {
  ScanLines(ctx, x, axis, reverse, funcs::LogAddExpStep<T>{x.data<T>(), ctx.template Alloc<T>(out)});
}

template <typename T, typename Context>
void CumArgExtremeKernel(const Context& ctx, const DenseTensor& x, int64_t axis, bool largest, DenseTensor* out) {
  ScanLines(ctx, x, axis, false, funcs::ArgExtremeStep<T>{x.data<T>(), ctx.template Alloc<int64_t>(out), largest});
}

}  // namespace phi

#define PD_REGISTER_SCAN_KERNELS(B)                                \
  PD_REGISTER_OP_KERNEL(cumsum, B, phi::CumsumKernel);             \
  PD_REGISTER_OP_KERNEL(linear_scan, B, phi::LinearScanKernel);    \
  PD_REGISTER_OP_KERNEL(logcumsumexp, B, phi::LogcumsumexpKernel); \
  PD_REGISTER_OP_KERNEL(cum_arg_extreme, B, phi::CumArgExtremeKernel)
