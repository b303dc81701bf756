// The building blocks of gradient formulas and decompositions: constants
// shaped like a tensor, casts, and the sums that undo broadcasting. Templates
// over the tensor type (Note [Rules over any tensor] in
// tools/codegen/gen_prim.py).
#pragma once

#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/shape_rules.h"
#include "paddle/prim/generated/prim_ops.h"

namespace paddle::prim {

// t's dims as an IntArray (reads only t's metadata).
template <TensorLike T>
IntArray Shape(const T& t) {
  return IntArray(t.dims().ToVector());
}

// A 0-D tensor holding `value`, with like's dtype and place.
template <TensorLike T>
T ScalarLike(const Scalar& value, const T& like) {
  return full<T>(IntArray(), value, like.dtype(), like.place());
}

// Paddle's scale: x * factor + bias, or (x + bias) * factor.
template <TensorLike T>
T Scale(const T& x, const Scalar& factor, double bias, bool bias_after_scale) {
  const T s = ScalarLike(factor, x), b = ScalarLike(bias, x);
  return bias_after_scale ? add(multiply(x, s), b) : multiply(add(x, b), s);
}

// t * a + b, a and b constants of t's dtype.
template <TensorLike T>
T Affine(const T& t, double a, double b) {
  return add(multiply(t, ScalarLike(a, t)), ScalarLike(b, t));
}

// Zeros with like's dims, dtype and place.
template <TensorLike T>
T ZerosLike(const T& like) {
  return full<T>(Shape(like), 0, like.dtype(), like.place());
}

// cond (a bool tensor) as 0/1 of like's dtype.
template <TensorLike T>
T MaskLike(const T& cond, const T& like) {
  return cast(cond, like.dtype());
}

// grad cast to like's dtype (no copy when equal).
template <TensorLike T>
T CastLike(const T& grad, const T& like) {
  return grad.dtype() == like.dtype() ? grad : cast(grad, like.dtype());
}

// grad reshaped to like's shape.
template <TensorLike T>
T ReshapeLike(const T& grad, const T& like) {
  return reshape(grad, Shape(like));
}

// The complex conjugate; x itself for real dtypes (no copy).
template <TensorLike T>
T Conj(const T& x) {
  return IsComplex(x.dtype()) ? conj(x) : x;
}

// x / |x| (0 where x is 0): the sign of a real x, the unit phase of a complex x.
template <TensorLike T>
T Sgn(const T& x) {
  if (IsComplex(x.dtype())) {
    T magnitude = abs(x);
    T is_zero = cast(equal(magnitude, ScalarLike(0, magnitude)), magnitude.dtype());
    return divide(x, cast(add(magnitude, is_zero), x.dtype()));
  }
  T zero = ScalarLike(0, x);
  return subtract(MaskLike(greater_than(x, zero), x), MaskLike(less_than(x, zero), x));
}

// value - 1, keeping complex and integer values exact.
inline Scalar ScalarMinusOne(const Scalar& value) {
  if (value.dtype() == DataType::COMPLEX128) {
    auto c = value.to<complex128>();
    return Scalar(complex128(c.real - 1, c.imag));
  }
  if (value.dtype() == DataType::INT64) return Scalar(value.to<int64_t>() - 1);
  return Scalar(value.real() - 1);
}

// How many elements of x each output of a reduction over `axis` covers.
template <TensorLike T>
double ReducedCount(const T& x, const IntArray& axis) {
  std::vector<bool> mask = phi::ReducedAxesMask(axis, x.dims().size());
  double count = 1;
  for (int i = 0; i < x.dims().size(); ++i)
    if (mask[i]) count *= static_cast<double>(x.dims()[i]);
  return count;
}

inline std::vector<int64_t> InversePermutation(const std::vector<int64_t>& perm) {
  std::vector<int64_t> inverse(perm.size());
  const int rank = static_cast<int>(perm.size());
  for (int i = 0; i < rank; ++i) inverse[NormalizeAxis(perm[i], rank)] = i;
  return inverse;
}

// Sums a broadcast gradient back to the shape of `like`.
template <TensorLike T>
T ReduceTo(const T& grad, const T& like) {
  const DDim& g = grad.dims();
  const DDim& t = like.dims();
  if (g == t) return grad;
  std::vector<int64_t> axes;
  const int lead = g.size() - t.size();
  for (int i = 0; i < g.size(); ++i) {
    if (i < lead || (t[i - lead] == 1 && g[i] != 1)) axes.push_back(i);
  }
  T summed = axes.empty() ? grad : sum(grad, IntArray(axes), DataType::UNDEFINED, true);
  return reshape(summed, Shape(like));
}

// Broadcasts grad (shaped like x reduced over axis, keepdim or not) back to x's shape.
template <TensorLike T>
T ExpandReduced(const T& grad, const T& x, const IntArray& axis, bool keepdim) {
  std::vector<int64_t> kept = x.dims().ToVector();
  std::vector<bool> mask = phi::ReducedAxesMask(axis, x.dims().size());
  for (size_t i = 0; i < kept.size(); ++i)
    if (mask[i]) kept[i] = 1;
  return expand(keepdim ? grad : reshape(grad, IntArray(kept)), Shape(x));
}

// The sum of grad over the dims before `begin` (a norm's bias gradient).
template <TensorLike T>
T SumLeading(const T& grad, int64_t begin) {
  std::vector<int64_t> leading;
  for (int64_t d = 0; d < begin; ++d) leading.push_back(d);
  return leading.empty() ? grad : sum(grad, IntArray(leading), DataType::UNDEFINED, false);
}

// 0, 1, ..., n-1 laid along `axis` of a rank-`rank` tensor (size 1 elsewhere).
template <TensorLike T>
T PositionsAlong(int64_t n, int axis, int rank, const Place& place) {
  T line = arange<T>(0, n, 1, DataType::INT64, place);
  std::vector<int64_t> others;
  for (int d = 0; d < rank; ++d)
    if (d != axis) others.push_back(d);
  return others.empty() ? line : unsqueeze(line, IntArray(others));
}

// The n x n identity in like's dtype and place.
template <TensorLike T>
T Eye(int64_t n, const T& like) {
  T rows = PositionsAlong<T>(n, 0, 2, like.place());
  T cols = PositionsAlong<T>(n, 1, 2, like.place());
  return cast(equal(rows, cols), like.dtype());
}

}  // namespace paddle::prim
