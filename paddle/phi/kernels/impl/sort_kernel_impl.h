// Kernels along one axis for every backend, one line per work item
// (funcs/lines.h): argsort (values and positions), topk and argmax/argmin.
// NaN orders above every number; ties keep their order. The scans live in
// scan_kernel_impl.h.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/lines.h"
#include "paddle/phi/kernels/funcs/math_type.h"

namespace phi {

namespace funcs {

// Sorts each line's positions (in scratch, n per line) and writes the first
// k values and positions.
template <typename T>
struct SortLinesFunctor {
  Lines lines;
  int64_t k;
  bool descending;
  const T* x;
  int64_t* scratch;
  T* values;
  int64_t* indices;

  PD_HOSTDEVICE void operator()(int64_t line) const {
    const T* xl = x + lines.Base(line, lines.n);
    const int64_t base = lines.Base(line, k);
#ifndef __CUDA_ARCH__
    // On the host, sort (value, position) pairs copied out of the line:
    // comparisons then read contiguous memory instead of strided x.
    using M = MathType<T>;
    using Pair = std::pair<M, int64_t>;
    auto before = [this](const Pair& a, const Pair& b) {
      if (descending ? NanLast<M>::Less(b.first, a.first) : NanLast<M>::Less(a.first, b.first)) return true;
      if (descending ? NanLast<M>::Less(a.first, b.first) : NanLast<M>::Less(b.first, a.first)) return false;
      return a.second < b.second;
    };
    std::vector<Pair> pairs;
    if (k * 4 < lines.n) {
      // A heap of the k best so far, its worst on top: most elements lose to
      // the top in one comparison and are never stored.
      pairs.reserve(k);
      for (int64_t j = 0; j < k; ++j) pairs.emplace_back(static_cast<M>(xl[j * lines.inner]), j);
      std::make_heap(pairs.begin(), pairs.end(), before);
      for (int64_t j = k; j < lines.n; ++j) {
        const Pair c(static_cast<M>(xl[j * lines.inner]), j);
        if (k > 0 && before(c, pairs.front())) {
          std::pop_heap(pairs.begin(), pairs.end(), before);
          pairs.back() = c;
          std::push_heap(pairs.begin(), pairs.end(), before);
        }
      }
      std::sort_heap(pairs.begin(), pairs.end(), before);
    } else {
      pairs.resize(lines.n);
      for (int64_t j = 0; j < lines.n; ++j) pairs[j] = {static_cast<M>(xl[j * lines.inner]), j};
      if (k < lines.n) {
        std::partial_sort(pairs.begin(), pairs.begin() + k, pairs.end(), before);
      } else {
        std::sort(pairs.begin(), pairs.end(), before);
      }
    }
    for (int64_t j = 0; j < k; ++j) {
      indices[base + j * lines.inner] = pairs[j].second;
      values[base + j * lines.inner] = xl[pairs[j].second * lines.inner];
    }
#else
    int64_t* s = scratch + line * lines.n;
    for (int64_t j = 0; j < lines.n; ++j) s[j] = j;
    SortPositions(s, lines.n, k, LineOrder<T, MathType<T>>{xl, lines.inner, descending});
    for (int64_t j = 0; j < k; ++j) {
      indices[base + j * lines.inner] = s[j];
      values[base + j * lines.inner] = xl[s[j] * lines.inner];
    }
#endif
  }
};

// The position of each line's largest (or smallest) element; NaN wins, and
// among equals the first.
template <typename T, typename Out>
struct ArgExtremeFunctor {
  Lines lines;
  bool largest;
  const T* x;
  Out* out;

  PD_HOSTDEVICE void operator()(int64_t line) const {
    const T* xl = x + lines.Base(line, lines.n);
    using M = MathType<T>;
    int64_t best = 0;
    M best_value = static_cast<M>(xl[0]);
    for (int64_t j = 1; j < lines.n; ++j) {
      const M v = static_cast<M>(xl[j * lines.inner]);
      if (best_value != best_value) break;  // a NaN is final
      const bool better = v != v || (largest ? best_value < v : v < best_value);
      if (better) {
        best = j;
        best_value = v;
      }
    }
    out[line] = static_cast<Out>(best);
  }
};

}  // namespace funcs

template <typename T, typename Context>
void TopkImpl(const Context& ctx, const DenseTensor& x, int64_t k, int64_t axis, bool largest, DenseTensor* out,
              DenseTensor* indices) {
  T* v = ctx.template Alloc<T>(out);
  int64_t* i = ctx.template Alloc<int64_t>(indices);
  if (out->numel() == 0) return;
  const int rank = x.dims().size();
  const funcs::Lines lines = rank == 0 ? funcs::Lines{} : funcs::Lines::Around(x.dims(), NormalizeAxis(axis, rank));
  // Positions to sort in place, n per line, for the device sort (the host one
  // sorts pairs it copies out: see SortLinesFunctor).
  const bool host = std::is_same_v<Context, CPUContext>;
  DenseTensor scratch(DenseTensorMeta(DataType::INT64, DDim({host ? 0 : lines.count() * lines.n})));
  int64_t* s = host ? nullptr : ctx.template Alloc<int64_t>(&scratch);
  funcs::LaunchForEach(ctx, lines.count(),
                       funcs::SortLinesFunctor<T>{lines, k, largest, x.data<T>(), s, v, i}, 1);
}

template <typename T, typename Context>
void ArgsortKernel(const Context& ctx, const DenseTensor& x, int64_t axis, bool descending, bool, DenseTensor* out,
                   DenseTensor* indices) {
  const int rank = x.dims().size();
  TopkImpl<T>(ctx, x, rank == 0 ? 1 : x.dims()[NormalizeAxis(axis, rank)], axis, descending, out, indices);
}

template <typename T, typename Context>
void TopkKernel(const Context& ctx, const DenseTensor& x, int64_t k, int64_t axis, bool largest, bool,
                DenseTensor* out, DenseTensor* indices) {
  TopkImpl<T>(ctx, x, k, axis, largest, out, indices);
}

template <typename T, typename Context>
void ArgExtremeImpl(const Context& ctx, const DenseTensor& x, int64_t axis, bool flatten, DataType dtype,
                    bool largest, DenseTensor* out) {
  const int rank = x.dims().size();
  const funcs::Lines lines = flatten || rank == 0 ? funcs::Lines{1, x.numel(), 1}
                                                 : funcs::Lines::Around(x.dims(), NormalizeAxis(axis, rank));
  paddle::VisitDataType(dtype, "argmax", [&](auto tag) {
    using Out = typename decltype(tag)::type;
    if constexpr (std::is_same_v<Out, int32_t> || std::is_same_v<Out, int64_t>) {
      Out* o = ctx.template Alloc<Out>(out);
      if (out->numel() == 0) return;
      funcs::LaunchForEach(ctx, lines.count(), funcs::ArgExtremeFunctor<T, Out>{lines, largest, x.data<T>(), o}, 1);
    }
  });
}

template <typename T, typename Context>
void ArgmaxKernel(const Context& ctx, const DenseTensor& x, int64_t axis, bool, bool flatten, DataType dtype,
                  DenseTensor* out) {
  ArgExtremeImpl<T>(ctx, x, axis, flatten, dtype, true, out);
}

template <typename T, typename Context>
void ArgminKernel(const Context& ctx, const DenseTensor& x, int64_t axis, bool, bool flatten, DataType dtype,
                  DenseTensor* out) {
  ArgExtremeImpl<T>(ctx, x, axis, flatten, dtype, false, out);
}

}  // namespace phi

#define PD_REGISTER_SORT_KERNELS(B)                                                                 \
  PD_REGISTER_KERNEL(argsort, B, phi::ArgsortKernel, PD_REAL_TYPES);                                \
  PD_REGISTER_KERNEL(topk, B, phi::TopkKernel, PD_REAL_TYPES);                                      \
  PD_REGISTER_KERNEL(argmax, B, phi::ArgmaxKernel, PD_REAL_TYPES);                                  \
  PD_REGISTER_KERNEL(argmin, B, phi::ArgminKernel, PD_REAL_TYPES)
