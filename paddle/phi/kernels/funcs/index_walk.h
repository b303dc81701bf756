// IndexWalk: the distinct elements of a (possibly strided, broadcast) index
// tensor in row-major order, for the index range checks.
#pragma once

#include <cstdint>

#include "paddle/common/ddim.h"
#include "paddle/common/macros.h"

namespace phi::funcs {

struct IndexWalk {
  int rank = 0;
  int64_t dims[DDim::kMaxRank] = {};
  int64_t strides[DDim::kMaxRank] = {};  // in elements
  int64_t numel = 0;

  // The element offset of position i.
  PD_HOSTDEVICE int64_t Offset(int64_t i) const {
    int64_t off = 0;
    for (int d = rank - 1; d >= 0; --d) {
      off += (i % dims[d]) * strides[d];
      i /= dims[d];
    }
    return off;
  }
};

// Which index values are valid against a bound: [-bound, bound) (Python's
// negative indices), or [0, bound) unless negative_ok; `ignored`, when set,
// passes whatever its value (cross entropy's ignore_index).
struct IndexRule {
  bool negative_ok = true;
  bool has_ignored = false;
  int64_t ignored = 0;

  PD_HOSTDEVICE bool Valid(int64_t v, int64_t bound) const {
    return (has_ignored && v == ignored) || (v >= (negative_ok ? -bound : 0) && v < bound);
  }
};

}  // namespace phi::funcs
