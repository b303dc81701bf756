// Copying bytes between places: the one function that knows every backend's
// copy primitives.
#pragma once

#include <cstddef>

#include "paddle/common/place.h"

namespace phi {

// Copies `bytes` from src (on src_place) to dst (on dst_place) and returns
// when the copy is done. Copies between two different devices go through
// host memory.
void CopyBytes(void* dst, const paddle::Place& dst_place, const void* src, const paddle::Place& src_place,
               size_t bytes);

}  // namespace phi
