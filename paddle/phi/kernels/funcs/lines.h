// Lines: x viewed as [outer, n, inner] around one axis, so that kernels
// working along that axis (sort, topk, arg-reductions, scans) handle one
// line per work item: element j of line l sits at Base(l) + j * inner.
#pragma once

#include <algorithm>
#include <cstdint>

#include "paddle/common/ddim.h"
#include "paddle/common/macros.h"

namespace phi::funcs {

struct Lines {
  int64_t outer = 1, n = 1, inner = 1;

  static Lines Around(const DDim& dims, int axis) {
    Lines l;
    for (int d = 0; d < dims.size(); ++d) {
      if (d < axis) l.outer *= dims[d];
      if (d == axis) l.n = dims[d];
      if (d > axis) l.inner *= dims[d];
    }
    return l;
  }
  int64_t count() const { return outer * inner; }
  // The offset of line l's first element in a tensor whose axis has `len` elements.
  PD_HOSTDEVICE int64_t Base(int64_t line, int64_t len) const {
    return (line / inner) * len * inner + line % inner;
  }
};

// Ordering with NaN above every number (as NumPy sorts), ties broken by
// position so every sort is deterministic (and stable).
template <typename M>
struct NanLast {
  PD_HOSTDEVICE static bool Less(M a, M b) { return (!(a != a) && b != b) || a < b; }
};

template <typename T, typename M>
struct LineOrder {
  const T* line;  // element j at line[j * stride]
  int64_t stride;
  bool descending;
  PD_HOSTDEVICE bool operator()(int64_t a, int64_t b) const {
    const M va = static_cast<M>(line[a * stride]), vb = static_cast<M>(line[b * stride]);
    if (descending ? NanLast<M>::Less(vb, va) : NanLast<M>::Less(va, vb)) return true;
    if (descending ? NanLast<M>::Less(va, vb) : NanLast<M>::Less(vb, va)) return false;
    return a < b;
  }
};

// Orders positions [first, last) by `before` so that the first k are the
// k first in that order, sorted. std::partial_sort on the host; heap sort
// in a CUDA thread.
template <typename Order>
PD_HOSTDEVICE void SortPositions(int64_t* first, int64_t n, int64_t k, const Order& before) {
#ifdef __CUDA_ARCH__
  // Max-heap by `before` (the root is the last in order), then pop to the back.
  auto sift = [&](int64_t root, int64_t size) {
    while (true) {
      int64_t child = 2 * root + 1;
      if (child >= size) return;
      if (child + 1 < size && before(first[child], first[child + 1])) ++child;
      if (!before(first[root], first[child])) return;
      const int64_t t = first[root];
      first[root] = first[child];
      first[child] = t;
      root = child;
    }
  };
  for (int64_t i = n / 2 - 1; i >= 0; --i) sift(i, n);
  for (int64_t end = n - 1; end > 0; --end) {
    const int64_t t = first[0];
    first[0] = first[end];
    first[end] = t;
    sift(0, end);
  }
  (void)k;
#else
  if (k < n) {
    std::partial_sort(first, first + k, first + n, before);
  } else {
    std::sort(first, first + n, before);
  }
#endif
}

}  // namespace phi::funcs
