// Rules of the reductions: the gradients of amax/amin and prod, and the
// decompositions of logsumexp, var, p_norm and histogram.
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

// histogram: weight's entries summed into `bins` equal bins over [min, max]
// by input's values (those outside count nothing; max falls in the last
// bin). With min = max = 0 the range is input's own, found by reductions in
// the program rather than read back; an empty range widens by 0.5 each way.
// density divides by the total and the bin width (float32, as Paddle).
template <TensorLike T>
T Histogram(const T& input, const T& weight, int64_t bins, float min, float max, bool density) {
  const int64_t numel = input.dims().numel();
  T flat = cast(reshape(input, IntArray({numel})), DataType::FLOAT64);
  T lo = ScalarLike(static_cast<double>(min), flat), hi = ScalarLike(static_cast<double>(max), flat);
  if (min == 0 && max == 0 && numel > 0) {
    lo = prim::min(flat, IntArray(), false);
    hi = prim::max(flat, IntArray(), false);
  }
  T empty = equal(lo, hi);
  lo = where(empty, add(lo, ScalarLike(-0.5, lo)), lo);
  hi = where(empty, add(hi, ScalarLike(0.5, hi)), hi);
  T width = subtract(hi, lo);
  T inside = logical_and(greater_equal(flat, lo), less_equal(flat, hi));
  T bin = floor(multiply(divide(subtract(flat, lo), width), ScalarLike(static_cast<double>(bins), flat)));
  T index = cast(clip(bin, 0.0, static_cast<double>(bins - 1)), DataType::INT64);
  T values = where(inside, reshape(weight, IntArray({numel})), ScalarLike(0, weight));
  T counts = put_along_axis(full<T>(IntArray({bins}), 0, weight.dtype(), weight.place()), index, values, 0, "add");
  if (!density) return counts;
  T total = cast(counts, DataType::FLOAT32);
  T bin_width = cast(divide(width, ScalarLike(static_cast<double>(bins), width)), DataType::FLOAT32);
  return divide(total, multiply(sum(total, IntArray(), DataType::UNDEFINED, false), bin_width));
}

}  // namespace paddle::prim
