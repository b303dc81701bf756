// bfloat16: the top 16 bits of a float32, rounded to nearest even.
#pragma once

#include <cstdint>
#include <cstring>

#include "paddle/common/macros.h"

namespace paddle {

struct alignas(2) bfloat16 {
  uint16_t x = 0;

  bfloat16() = default;
  PD_HOSTDEVICE explicit bfloat16(float f) : x(FromFloat(f)) {}
  PD_HOSTDEVICE explicit bfloat16(double d) : x(FromFloat(static_cast<float>(d))) {}
  template <typename I, typename = decltype(static_cast<float>(I{}))>
  PD_HOSTDEVICE explicit bfloat16(I v) : x(FromFloat(static_cast<float>(v))) {}

  PD_HOSTDEVICE operator float() const {
    uint32_t bits = static_cast<uint32_t>(x) << 16;
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
  }
  PD_HOSTDEVICE explicit operator bool() const { return (x & 0x7fff) != 0; }

  static constexpr bfloat16 FromBits(uint16_t bits) {
    bfloat16 b;
    b.x = bits;
    return b;
  }

  PD_HOSTDEVICE static uint16_t FromFloat(float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof(bits));
    if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((bits >> 16) | 0x40u);
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return static_cast<uint16_t>(bits >> 16);
  }
};

}  // namespace paddle
