// Rules of the activations: clipping, the leaky and smooth rectifiers, and
// gelu's second derivative.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

// x limited to [min, max]; an infinite bound does not apply.
template <TensorLike T>
T Clip(const T& x, double min, double max) {
  PD_CHECK(!(min > max), InvalidArgument, "min (", min, ") must not exceed max (", max, ")");
  T out = x;
  if (!std::isinf(min)) out = maximum(out, ScalarLike(min, x));
  if (!std::isinf(max)) out = minimum(out, ScalarLike(max, x));
  return out;
}

// x where x > 0, negative_slope * x elsewhere.
template <TensorLike T>
T LeakyRelu(const T& x, double negative_slope) {
  T positive = MaskLike(greater_than(x, ScalarLike(0, x)), x);
  T slope = add(positive, multiply(subtract(ScalarLike(1, x), positive), ScalarLike(negative_slope, x)));
  return multiply(x, slope);
}

// log(1 + exp(beta x)) / beta, and x where beta x > threshold.
template <TensorLike T>
T Softplus(const T& x, double beta, double threshold) {
  T scaled = multiply(x, ScalarLike(beta, x));
  // Where beta x is large the function is x itself; elsewhere
  // max(z, 0) + log(1 + exp(-|z|)), whose exp never overflows (float16).
  T stable = add(relu(scaled), log(add(ScalarLike(1, x), exp(neg(abs(scaled))))));
  T smooth = divide(stable, ScalarLike(beta, x));
  return where(greater_than(scaled, ScalarLike(threshold, x)), x, smooth);
}

// x Phi(x) (exact, with erf), or its tanh approximation.
template <TensorLike T>
T Gelu(const T& x, bool approximate) {
  const T half_x = multiply(ScalarLike(0.5, x), x), one = ScalarLike(1, x);
  if (approximate) {  // 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
    T inner = multiply(ScalarLike(0.7978845608028654, x),
                       add(x, multiply(ScalarLike(0.044715, x), multiply(x, multiply(x, x)))));
    return multiply(half_x, add(one, tanh(inner)));
  }
  return multiply(half_x, add(one, erf(multiply(x, ScalarLike(0.7071067811865476, x)))));
}

// d^2 gelu(x) / dx^2 (exact: phi(x) (2 - x^2); or of the tanh
// approximation): the gradient of gelu_grad with respect to x.
template <TensorLike T>
T GeluCurvature(const T& x, bool approximate) {
  const T half = ScalarLike(0.5, x), one = ScalarLike(1, x);
  T x2 = multiply(x, x);
  if (approximate) {  // u = c (x + a x^3), t = tanh u: (1 - t^2) (u' + 0.5 x (u'' - 2 t u'^2))
    const T c = ScalarLike(0.7978845608028654, x);
    T u = multiply(c, add(x, multiply(ScalarLike(0.044715, x), multiply(x2, x))));
    T du = multiply(c, add(one, multiply(ScalarLike(0.134145, x), x2)));
    T ddu = multiply(ScalarLike(0.7978845608028654 * 0.26829, x), x);
    T t = tanh(u);
    T inner = subtract(ddu, multiply(ScalarLike(2, x), multiply(t, multiply(du, du))));
    return multiply(subtract(one, multiply(t, t)), add(du, multiply(multiply(half, x), inner)));
  }
  // phi(x) (2 - x^2)
  T pdf = multiply(ScalarLike(0.3989422804014327, x), exp(multiply(ScalarLike(-0.5, x), x2)));
  return multiply(pdf, subtract(ScalarLike(2, x), x2));
}

// log(x / (1 - x)), x clipped to [eps, 1 - eps] first when eps > 0.
template <TensorLike T>
T Logit(const T& x, double eps) {
  T p = eps > 0 ? Clip(x, eps, 1.0 - eps) : x;
  return log(divide(p, subtract(ScalarLike(1, p), p)));
}

// |x - y| <= atol + rtol |y| (equal infinities too; NaNs equal when equal_nan).
template <TensorLike T>
T IsClose(const T& x, const T& y, const Scalar& rtol, const Scalar& atol, bool equal_nan) {
  T bound = add(ScalarLike(atol, y), multiply(ScalarLike(rtol, y), abs(y)));
  T close = logical_or(less_equal(abs(subtract(x, y)), bound), equal(x, y));
  return equal_nan ? logical_or(close, logical_and(isnan(x), isnan(y))) : close;
}

// x where x > 0, alpha x elsewhere; alpha one value ("all"), one per channel
// ("channel": dim 1 when data_format is N C ..., else the last) or one per element.
template <TensorLike T>
T Prelu(const T& x, const T& alpha, const std::string& data_format, const std::string& mode) {
  T slope = alpha;
  if (mode == "channel" && x.dims().size() > 1) {
    std::vector<int64_t> view(x.dims().size(), 1);
    const int c = data_format.size() > 1 && data_format[1] == 'C' ? 1 : x.dims().size() - 1;
    view[c] = x.dims()[c];
    slope = reshape(alpha, IntArray(view));
  } else if (mode == "all") {
    slope = reshape(alpha, IntArray());
  } else {
    slope = reshape(alpha, Shape(x));
  }
  return where(greater_than(x, ScalarLike(0, x)), x, multiply(slope, x));
}

}  // namespace paddle::prim
