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

}  // namespace phi::funcs
