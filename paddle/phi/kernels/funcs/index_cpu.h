// The host side of the index kernels (impl/index_kernel_impl.h) on the CPU.
#pragma once

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "paddle/common/errors.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/index_walk.h"

namespace phi::funcs {

// Raises the first rejected index of the walk at once (Note [Deferred index
// errors] says why the GPU waits).
template <typename I>
void CheckIndexWalk(const CPUContext&, const I* idx, const IndexWalk& walk, const std::vector<int64_t>& bounds,
                    const IndexRule& rule, paddle::common::ErrorCode code,
                    const std::function<std::string(int64_t, int64_t)>& describe) {
  const int64_t period = static_cast<int64_t>(bounds.size());
  for (int64_t i = 0; i < walk.numel; ++i) {
    const int64_t value = static_cast<int64_t>(idx[walk.Offset(i)]);
    if (!rule.Valid(value, bounds[i % period])) throw paddle::common::Error(code, describe(i, value));
  }
}

inline void CopyToHost(const CPUContext&, void* dst, const void* src, size_t bytes) {
  if (bytes) std::memcpy(dst, src, bytes);
}

inline void CopyFromHost(const CPUContext&, void* dst, const void* src, size_t bytes) {
  if (bytes) std::memcpy(dst, src, bytes);
}

}  // namespace phi::funcs
