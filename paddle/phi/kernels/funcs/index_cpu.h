// The host side of the index kernels (impl/index_kernel_impl.h) on the CPU.
#pragma once

#include <cstring>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/index_walk.h"

namespace phi::funcs {

// The first position along `walk` whose index the rule rejects (bound =
// bounds[position % bounds.size()]), or -1.
template <typename I>
int64_t FindBadIndex(const CPUContext&, const I* idx, const IndexWalk& walk, const std::vector<int64_t>& bounds,
                     const IndexRule& rule) {
  const int64_t period = static_cast<int64_t>(bounds.size());
  for (int64_t i = 0; i < walk.numel; ++i) {
    if (!rule.Valid(static_cast<int64_t>(idx[walk.Offset(i)]), bounds[i % period])) return i;
  }
  return -1;
}

template <typename I>
int64_t IndexValueAt(const CPUContext&, const I* idx, int64_t position) {
  return static_cast<int64_t>(idx[position]);
}

inline void CopyToHost(const CPUContext&, void* dst, const void* src, size_t bytes) {
  if (bytes) std::memcpy(dst, src, bytes);
}

inline void CopyFromHost(const CPUContext&, void* dst, const void* src, size_t bytes) {
  if (bytes) std::memcpy(dst, src, bytes);
}

}  // namespace phi::funcs
