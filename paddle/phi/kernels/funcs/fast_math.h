// tanh, sigmoid, erfc, and the log and sine/cosine Box-Muller needs, for
// float written without calls or branches, so that the CPU loops vectorize
// them (libm's tanhf is a scalar call and was a fifth of an MLP training
// step; logf, sinf and cosf were most of a normal sample). Accuracy, checked
// over every 7th float:
// tanh within 1 ulp of the correctly rounded result, sigmoid within 2 ulp
// for x in (-80, 80) (below that both are ~0; test/cpp/phi/fast_math_test.cc).
// Polynomial coefficients were fitted for this file by least squares on
// Chebyshev nodes (relative error).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "paddle/common/macros.h"

namespace phi::funcs {

// e^r for x = n ln2 + r with |r| <= ln2 / 2, by a degree-6 polynomial; n
// (an integer) goes to *n. (Comparisons instead of fminf/fabsf/copysignf
// in this file: GCC vectorizes those only with relaxed NaN rules.)
PD_HOSTDEVICE PD_FORCEINLINE float ExpOfReduced(float x, float* n) {
  *n = nearbyintf(x * 1.44269504088896341f);
  float r = fmaf(*n, -0.693145751953125f, x);  // ln2 split so that n * hi is exact
  r = fmaf(*n, -1.428606765330187e-06f, r);
  float p = 0.00137514085508883f;
  p = fmaf(p, r, 0.008368918672204018f);
  p = fmaf(p, r, 0.04166953265666962f);
  p = fmaf(p, r, 0.166665181517601f);
  p = fmaf(p, r, 0.49999988079071045f);
  return fmaf(p, r * r, r) + 1.0f;
}

// 2^n for n in [-126, 127], by building the exponent bits.
PD_HOSTDEVICE PD_FORCEINLINE float TwoToThe(int32_t n) {
  const int32_t bits = (n + 127) << 23;
  float scale;
  memcpy(&scale, &bits, sizeof(scale));
  return scale;
}

// e^x for x in [-87, 87] (clamped outside), for arguments known to lie there.
PD_HOSTDEVICE PD_FORCEINLINE float ExpOnRange(float x) {
  float n;
  const float p = ExpOfReduced(x < -87.0f ? -87.0f : (x > 87.0f ? 87.0f : x), &n);
  return p * TwoToThe(static_cast<int32_t>(n));
}

// e^x over all floats: 2^n applied in two halves, each a normal float, so
// that results overflow to inf above 88.72 and fall through the denormals to
// 0 below -103.9 as the correctly rounded ones do; NaN stays NaN.
PD_HOSTDEVICE PD_FORCEINLINE float FastExp(float x) {
  float n;
  const float p = ExpOfReduced(x < -110.0f ? -110.0f : (x > 89.0f ? 89.0f : x), &n);
  const int32_t whole = static_cast<int32_t>(n), half = whole / 2;
  const float e = p * TwoToThe(half) * TwoToThe(whole - half);
  return x != x ? x : e;
}

PD_HOSTDEVICE PD_FORCEINLINE float FastTanh(float x) {
  const float a = x < 0.0f ? -x : x;
  // Small |x|: odd polynomial x + x^3 P(x^2); else 1 - 2 / (e^{2|x|} + 1).
  const float z = x * x;
  float p = -0.006264280993491411f;
  p = fmaf(p, z, 0.02106407843530178f);
  p = fmaf(p, z, -0.05385028198361397f);
  p = fmaf(p, z, 0.13332563638687134f);
  p = fmaf(p, z, -0.33333316445350647f);
  const float small = fmaf(p * z, x, x);
  const float magnitude = 1.0f - 2.0f / (ExpOnRange(2.0f * (a < 10.0f ? a : 10.0f)) + 1.0f);
  const float big = x < 0.0f ? -magnitude : magnitude;
  return a < 0.55f ? small : (x != x ? x : big);  // NaN stays NaN
}

PD_HOSTDEVICE PD_FORCEINLINE float FastSigmoid(float x) {
  const float y = 1.0f / (1.0f + ExpOnRange(-x));
  return x != x ? x : y;  // NaN stays NaN
}

// erfc(x) = t exp(-x^2 + P(t)), t = 1 / (1 + |x| / 2), for x >= 0 (the
// Chebyshev fit of Numerical Recipes' erfcc, fractional error below 1.2e-7),
// mirrored for x < 0 as 2 - erfc(-x). Branch-free, so it vectorizes.
PD_HOSTDEVICE PD_FORCEINLINE float FastErfc(float x) {
  const float z = x < 0.0f ? -x : x;
  const float t = 1.0f / fmaf(0.5f, z, 1.0f);
  float p = 0.17087277f;
  p = fmaf(p, t, -0.82215223f);
  p = fmaf(p, t, 1.48851587f);
  p = fmaf(p, t, -1.13520398f);
  p = fmaf(p, t, 0.27886807f);
  p = fmaf(p, t, -0.18628806f);
  p = fmaf(p, t, 0.09678418f);
  p = fmaf(p, t, 0.37409196f);
  p = fmaf(p, t, 1.00002368f);
  p = fmaf(p, t, -1.26551223f);
  const float tail = t * ExpOnRange(fmaf(-z, z, p));
  return x < 0.0f ? 2.0f - tail : tail;
}

// ln x for normal positive floats (Box-Muller's 1 - u in (0, 1]), within
// 2 ulp (the quotient s carries half an ulp into the result): x = m 2^e with
// m in [sqrt(1/2), sqrt(2)), and ln m = 2 atanh(s) for s = (m - 1) / (m + 1),
// |s| <= 0.172, by its series to s^9 (the next term is below 3e-9 of the sum).
PD_HOSTDEVICE PD_FORCEINLINE float FastLogOfNormal(float x) {
  int32_t bits;
  memcpy(&bits, &x, sizeof(bits));
  // m above sqrt(2) (0x3fb504f3) is halved by its exponent field: an integer
  // select, where a halving float multiply would become a branch (it may trap).
  const int32_t fraction = bits & 0x7fffff;
  const bool high = fraction > 0x3504f3;
  const int32_t e = ((bits >> 23) & 0xff) - 127 + (high ? 1 : 0);
  const int32_t mantissa_bits = fraction | (high ? 0x3f000000 : 0x3f800000);
  float m;
  memcpy(&m, &mantissa_bits, sizeof(m));
  const float s = (m - 1.0f) / (m + 1.0f);
  const float z = s * s;
  float p = 1.0f / 9.0f;
  p = fmaf(p, z, 1.0f / 7.0f);
  p = fmaf(p, z, 1.0f / 5.0f);
  p = fmaf(p, z, 1.0f / 3.0f);
  const float log_m = fmaf(2.0f * s * z, p, 2.0f * s);
  const float fe = static_cast<float>(e);
  return fmaf(fe, 0.693145751953125f, fmaf(fe, 1.428606765330187e-06f, log_m));  // ln2 split as in ExpOfReduced
}

// sin and cos of 2 pi u for u in [0, 1): u = (k + r) / 4 with k whole and
// |r| <= 1/2 exactly (4u has u's bits), so the angle is k quarter turns plus
// r pi / 2, |r pi / 2| <= pi / 4, where the Taylor series to degree 9 and 10
// are within 2e-9.
PD_HOSTDEVICE PD_FORCEINLINE void FastSinCosTwoPi(float u, float* sine, float* cosine) {
  const float k = nearbyintf(4.0f * u);
  const float t = (4.0f * u - k) * 1.57079632679489662f;
  const float z = t * t;
  float ps = 1.0f / 362880.0f;
  ps = fmaf(ps, z, -1.0f / 5040.0f);
  ps = fmaf(ps, z, 1.0f / 120.0f);
  ps = fmaf(ps, z, -1.0f / 6.0f);
  const float sin_t = fmaf(t * z, ps, t);
  float pc = -1.0f / 3628800.0f;
  pc = fmaf(pc, z, 1.0f / 40320.0f);
  pc = fmaf(pc, z, -1.0f / 720.0f);
  pc = fmaf(pc, z, 1.0f / 24.0f);
  pc = fmaf(pc, z, -0.5f);
  const float cos_t = fmaf(z, pc, 1.0f);
  // Quarter turn k mod 4: (sin, cos) -> (cos, -sin), (-sin, -cos), (-cos, sin).
  const int32_t quarter = static_cast<int32_t>(k) & 3;
  const bool odd = (quarter & 1) != 0;
  const float s = odd ? cos_t : sin_t, c = odd ? sin_t : cos_t;
  *sine = (quarter & 2) != 0 ? -s : s;
  *cosine = ((quarter + 1) & 2) != 0 ? -c : c;
}

}  // namespace phi::funcs
