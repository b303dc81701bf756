// Rules of the reductions: the gradients of amax/amin and prod, and the
// decompositions of logsumexp, var and p_norm.
#pragma once

#include <cmath>
#include <limits>

#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

// amax/amin: grad shared evenly by the elements of x equal to the extreme out.
template <TensorLike T>
T TiedShare(const T& grad, const T& x, const T& out, const IntArray& axis, bool keepdim) {
  T tied = MaskLike(equal(x, ExpandReduced(out, x, axis, keepdim)), x);
  T count = ExpandReduced(sum(tied, axis, DataType::UNDEFINED, keepdim), x, axis, keepdim);
  return divide(multiply(ExpandReduced(grad, x, axis, keepdim), tied), count);
}

// prod: d out / d x_i = the product of the other elements, exact where x has
// zeros (one zero: only it gets the product of the rest; two or more: 0).
template <TensorLike T>
T ProdGrad(const T& grad, const T& x, const T& out, const IntArray& axis, bool keepdim) {
  T zero = ScalarLike(0, x), one = ScalarLike(1, x);
  T is_zero = equal(x, zero);
  T zeros_in_line = ExpandReduced(sum(MaskLike(is_zero, x), axis, DataType::UNDEFINED, keepdim), x, axis, keepdim);
  T safe_x = where(is_zero, one, x);
  T others = ExpandReduced(prod(safe_x, axis, keepdim), x, axis, keepdim);
  // Where x has no zero in its line: out / x. At a line's only zero: the
  // product of the others. Elsewhere (other elements of a line with zeros): 0.
  T no_zero = divide(ExpandReduced(out, x, axis, keepdim), safe_x);
  T value = where(equal(zeros_in_line, zero), no_zero,
                  where(logical_and(is_zero, equal(zeros_in_line, one)), others, zero));
  return multiply(ExpandReduced(grad, x, axis, keepdim), Conj(value));
}

// log(sum(exp(x))) over axis, with the max subtracted first. The shift's
// own gradient terms cancel exactly; it is clamped to finite values so that
// a row of -inf gives -inf rather than NaN.
template <TensorLike T>
T LogSumExp(const T& x, const IntArray& axis, bool keepdim) {
  const double largest = x.dtype() == DataType::FLOAT64   ? std::numeric_limits<double>::max()
                         : x.dtype() == DataType::FLOAT16 ? 65504.0
                                                          : 3.38e38;
  T shift = max(x, axis, true);
  T finite_shift = maximum(minimum(shift, ScalarLike(largest, shift)), ScalarLike(-largest, shift));
  T summed = sum(exp(subtract(x, finite_shift)), axis, DataType::UNDEFINED, true);
  T out = add(log(summed), finite_shift);
  return keepdim ? out : squeeze(out, axis.empty() ? IntArray() : axis);
}

// mean((x - mean(x))^2) over axis, times n / (n - 1) when unbiased.
template <TensorLike T>
T Variance(const T& x, const IntArray& axis, bool unbiased, bool keepdim) {
  T centered = subtract(x, mean(x, axis, true));
  T var = mean(multiply(centered, centered), axis, keepdim);
  if (!unbiased) return var;
  const double n = ReducedCount(x, axis);
  return multiply(var, ScalarLike(n / (n - 1), var));
}

// The vector p-norm of x over `axis` (all axes when empty): (sum |x|^p)^(1/p);
// p = inf / -inf give max / min |x|, p = 0 the count of non-zeros.
template <TensorLike T>
T PNorm(const T& x, float porder, const IntArray& axis, bool keepdim) {
  PD_CHECK(!std::isnan(porder), InvalidArgument, "porder must be a number, but got nan");
  const DataType real = ToReal(x.dtype());
  PD_CHECK(IsFloating(real), InvalidType, "x must be floating point or complex, but got ", DataTypeName(x.dtype()));
  const T magnitude = abs(x);
  if (std::isinf(porder)) return porder > 0 ? max(magnitude, axis, keepdim) : min(magnitude, axis, keepdim);
  if (porder == 0) {
    T nonzero = cast(not_equal(magnitude, ScalarLike(0, magnitude)), real);
    return sum(nonzero, axis, DataType::UNDEFINED, keepdim);
  }
  if (porder == 2) {  // the common case, without pow's logs
    return sqrt(sum(multiply(magnitude, magnitude), axis, DataType::UNDEFINED, keepdim));
  }
  T powered = sum(pow(magnitude, static_cast<double>(porder)), axis, DataType::UNDEFINED, keepdim);
  return pow(powered, 1.0 / static_cast<double>(porder));
}

}  // namespace paddle::prim
