// Reducers for every backend: Init() is the identity, Combine folds two
// partial results. Acc is the accumulation type (float for half types).
#pragma once

#include <limits>

#include "paddle/common/macros.h"
#include "paddle/phi/kernels/funcs/functors.h"

namespace phi::funcs {

template <typename T>
struct SumReducer {
  using Acc = std::conditional_t<std::is_same_v<T, bool>, int64_t, MathType<T>>;
  PD_HOSTDEVICE Acc Init() const { return Acc(0); }
  PD_HOSTDEVICE Acc Combine(Acc a, Acc b) const { return a + b; }
};

template <typename T>
struct MaxReducer {
  using Acc = MathType<T>;
  // -inf for floats, so that a row of -inf reduces to -inf, not -FLT_MAX.
  PD_HOSTDEVICE Acc Init() const {
    if constexpr (std::numeric_limits<Acc>::has_infinity) {
      return -std::numeric_limits<Acc>::infinity();
    } else {
      return std::numeric_limits<Acc>::lowest();
    }
  }
  PD_HOSTDEVICE Acc Combine(Acc a, Acc b) const { return MaximumFunctor<Acc>()(a, b); }
};

template <typename T>
struct MinReducer {
  using Acc = MathType<T>;
  PD_HOSTDEVICE Acc Init() const {
    if constexpr (std::numeric_limits<Acc>::has_infinity) {
      return std::numeric_limits<Acc>::infinity();
    } else {
      return std::numeric_limits<Acc>::max();
    }
  }
  PD_HOSTDEVICE Acc Combine(Acc a, Acc b) const { return MinimumFunctor<Acc>()(a, b); }
};

template <typename T>
struct ProdReducer {
  using Acc = MathType<T>;
  PD_HOSTDEVICE Acc Init() const { return Acc(1); }
  PD_HOSTDEVICE Acc Combine(Acc a, Acc b) const { return a * b; }
};

}  // namespace phi::funcs
