// MathType<T>: the type arithmetic on T is done in. Half types compute in
// float; everything else in itself.
#pragma once

#include <type_traits>

#include "paddle/common/data_type.h"

namespace phi {

template <typename T>
struct MathTypeOf {
  using type = T;
};
template <>
struct MathTypeOf<paddle::float16> {
  using type = float;
};
template <>
struct MathTypeOf<paddle::bfloat16> {
  using type = float;
};
template <typename T>
using MathType = typename MathTypeOf<T>::type;

template <typename T>
inline constexpr bool kIsComplex =
    std::is_same_v<T, paddle::complex64> || std::is_same_v<T, paddle::complex128>;

// The real type of a complex type; T itself otherwise.
template <typename T>
struct RealTypeOf {
  using type = T;
};
template <typename R>
struct RealTypeOf<paddle::complex<R>> {
  using type = R;
};
template <typename T>
using RealType = typename RealTypeOf<T>::type;

}  // namespace phi
