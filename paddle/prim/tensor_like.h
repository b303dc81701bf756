// The tensor types the op rules are written for (Note [Rules over any tensor]
// in tools/codegen/gen_prim.py): the eager paddle::Tensor today, the IR's
// value next. A rule reads a tensor's dims, dtype and place and nothing else;
// everything it computes goes through the op templates of prim_ops.h.
#pragma once

#include <concepts>

#include "paddle/common/data_type.h"
#include "paddle/common/ddim.h"
#include "paddle/common/place.h"
#include "paddle/phi/core/scalar.h"

namespace paddle::prim {

template <typename T>
concept TensorLike = requires(const T& t) {
  { t.dims() } -> std::convertible_to<DDim>;
  { t.dtype() } -> std::convertible_to<DataType>;
  { t.place() } -> std::convertible_to<Place>;
};

using phi::IntArray;
using phi::Scalar;

}  // namespace paddle::prim
