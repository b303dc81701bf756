// IEEE binary16, stored as bits; arithmetic converts through float. Usable
// in host and device code alike so that one functor serves both backends.
#pragma once

#include <cstdint>
#include <cstring>

#include "paddle/common/macros.h"

namespace paddle {

struct alignas(2) float16 {
  uint16_t x = 0;

  float16() = default;
  PD_HOSTDEVICE explicit float16(float f) : x(FromFloat(f)) {}
  PD_HOSTDEVICE explicit float16(double d) : x(FromFloat(static_cast<float>(d))) {}
  template <typename I, typename = decltype(static_cast<float>(I{}))>
  PD_HOSTDEVICE explicit float16(I v) : x(FromFloat(static_cast<float>(v))) {}

  PD_HOSTDEVICE operator float() const { return ToFloat(x); }
  PD_HOSTDEVICE explicit operator bool() const { return (x & 0x7fff) != 0; }

  static constexpr float16 FromBits(uint16_t bits) {
    float16 h;
    h.x = bits;
    return h;
  }

  PD_HOSTDEVICE static float BitsToFloat(uint32_t bits) {
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
  }

  PD_HOSTDEVICE static uint32_t FloatToBits(float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof(bits));
    return bits;
  }

  // Round-to-nearest-even conversion, handling subnormals, inf and NaN.
  PD_HOSTDEVICE static uint16_t FromFloat(float f) {
    uint32_t bits = FloatToBits(f);
    uint32_t sign = (bits >> 16) & 0x8000u;
    uint32_t abs = bits & 0x7fffffffu;
    if (abs >= 0x7f800000u) {  // inf or NaN
      return static_cast<uint16_t>(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0u));
    }
    if (abs >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // overflow
    if (abs < 0x38800000u) {  // subnormal half (or zero)
      float magnitude = BitsToFloat(abs) + 0.5f;  // shifts mantissa into place
      return static_cast<uint16_t>(sign | (FloatToBits(magnitude) - 0x3f000000u));
    }
    uint32_t mant_odd = (abs >> 13) & 1u;
    abs += 0xc8000fffu + mant_odd;  // rebias exponent and round to nearest even
    return static_cast<uint16_t>(sign | (abs >> 13));
  }

  PD_HOSTDEVICE static float ToFloat(uint16_t h) {
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    if (exp == 0x1f) return BitsToFloat(sign | 0x7f800000u | (mant << 13));
    if (exp == 0) {
      float magnitude = static_cast<float>(mant) * (1.0f / 16777216.0f);  // mant * 2^-24
      return sign ? -magnitude : magnitude;
    }
    return BitsToFloat(sign | ((exp + 112u) << 23) | (mant << 13));
  }
};

}  // namespace paddle
