// Kernels along one axis for every backend, one line per work item
// (funcs/lines.h): argsort (values and positions), topk and argmax/argmin.
// NaN orders above every number; ties keep their order. The scans live in
// scan_kernel_impl.h.
#pragma once

#include <algorithm>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/lines.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/funcs/radix_sort.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_sort.h"

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

  // Writes the first k of the sorted positions, position(j) giving the j-th.
  template <typename Position>
  PD_HOSTDEVICE void Write(const T* xl, int64_t base, const Position& position) const {
    for (int64_t j = 0; j < k; ++j) {
      const int64_t at = position(j);
      indices[base + j * lines.inner] = at;
      values[base + j * lines.inner] = xl[at * lines.inner];
    }
  }

  // On the host every comparison is of integer keys (funcs/radix_sort.h).
  using Key = typename OrderKey<T>::Key;
  using Keyed = std::pair<Key, int64_t>;  // (key, position)

  void HostSort(const T* xl, int64_t base) const {
    if (k == 0) return;
    if (k * 4 < lines.n) {
      if (lines.inner == 1) {
        descending ? HostTopK<true, true>(xl, base) : HostTopK<true, false>(xl, base);
      } else {
        descending ? HostTopK<false, true>(xl, base) : HostTopK<false, false>(xl, base);
      }
    } else if constexpr (sizeof(Key) == 4) {
      thread_local std::vector<uint32_t> keys, key_buffer;
      thread_local std::vector<int64_t> order, order_buffer;
      keys.resize(lines.n);
      for (int64_t j = 0; j < lines.n; ++j) keys[j] = static_cast<uint32_t>(OrderKey<T>::Of(xl[j * lines.inner]));
      RadixSortPositions(&keys, descending, &key_buffer, &order, &order_buffer);
      Write(xl, base, [&](int64_t j) { return order[j]; });
    } else {
      thread_local std::vector<Keyed> keyed;
      keyed.resize(lines.n);
      for (int64_t j = 0; j < lines.n; ++j) keyed[j] = {OrderKey<T>::Of(xl[j * lines.inner]), j};
      SortKeyed(keyed.data(), lines.n);
      Write(xl, base, [&](int64_t j) { return keyed[j].second; });
    }
  }

  // The first k of n (key, position) pairs, in order.
  void SortKeyed(Keyed* first, int64_t n) const {
    auto before = [this](const Keyed& a, const Keyed& b) {
      return a.first != b.first ? (descending ? b.first < a.first : a.first < b.first) : a.second < b.second;
    };
    if (k < n) {
      std::partial_sort(first, first + k, first + n, before);
    } else {
      std::sort(first, first + n, before);
    }
  }

  // The k first of a long line. Cut into 4k groups, the line has at least
  // k elements whose keys reach the k-th best of the groups' best keys, so
  // only those are candidates to sort: a small share of a line, found by
  // passes that vectorize. Every element left out is worse than every
  // candidate.
  template <bool kContiguous, bool kDescending>
  void HostTopK(const T* xl, int64_t base) const {
    const int64_t stride = kContiguous ? 1 : lines.inner;
    const int64_t groups = 4 * k;
    thread_local std::vector<Key> group_best;
    group_best.resize(groups);
    for (int64_t g = 0; g < groups; ++g) {
      Key best = kDescending ? std::numeric_limits<Key>::lowest() : std::numeric_limits<Key>::max();
      for (int64_t j = g * lines.n / groups; j < (g + 1) * lines.n / groups; ++j) {
        const Key key = OrderKey<T>::Of(xl[j * stride]);
        best = kDescending ? std::max(best, key) : std::min(best, key);
      }
      group_best[g] = best;
    }
    const auto kth = group_best.begin() + (k - 1);
    if (kDescending) {
      std::nth_element(group_best.begin(), kth, group_best.end(), std::greater<Key>());
    } else {
      std::nth_element(group_best.begin(), kth, group_best.end());
    }
    const Key bound = *kth;
    thread_local std::vector<Keyed> storage;
    if (static_cast<int64_t>(storage.size()) < lines.n) storage.resize(lines.n);
    Keyed* candidates = storage.data();
    auto reaches = [bound](Key key) -> int { return kDescending ? key >= bound : key <= bound; };
    int64_t count = 0;
    constexpr int64_t kBlock = 16;
    for (int64_t start = 0; start < lines.n; start += kBlock) {
      const int64_t stop = std::min(start + kBlock, lines.n);
      int hits = 0;  // most blocks have none: this count vectorizes
      for (int64_t j = start; j < stop; ++j) hits += reaches(OrderKey<T>::Of(xl[j * stride]));
      if (hits == 0) continue;
      for (int64_t j = start; j < stop; ++j) {  // branch-free: every element is written, candidates kept
        const Key key = OrderKey<T>::Of(xl[j * stride]);
        candidates[count] = Keyed(key, j);
        count += reaches(key);
      }
    }
    SortKeyed(candidates, count);
    Write(xl, base, [&](int64_t j) { return candidates[j].second; });
  }

  PD_HOSTDEVICE void operator()(int64_t line) const {
    const T* xl = x + lines.Base(line, lines.n);
    const int64_t base = lines.Base(line, k);
#ifndef __CUDA_ARCH__
    HostSort(xl, base);
#else
    int64_t* s = scratch + line * lines.n;
    for (int64_t j = 0; j < lines.n; ++j) s[j] = j;
    SortPositions(s, lines.n, k, LineOrder<T, MathType<T>>{xl, lines.inner, descending});
    Write(xl, base, [s](int64_t j) { return s[j]; });
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

#define PD_REGISTER_SORT_KERNELS(B)                      \
  PD_REGISTER_OP_KERNEL(argsort, B, phi::ArgsortKernel); \
  PD_REGISTER_OP_KERNEL(topk, B, phi::TopkKernel);       \
  PD_REGISTER_OP_KERNEL(argmax, B, phi::ArgmaxKernel);   \
  PD_REGISTER_OP_KERNEL(argmin, B, phi::ArgminKernel)
