#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "paddle/common/bfloat16.h"
#include "paddle/common/float16.h"

namespace paddle {
namespace {

// Bit patterns from the IEEE 754 binary16 definition.
TEST(Float16, KnownBitPatterns) {
  EXPECT_EQ(float16(1.0f).x, 0x3c00);
  EXPECT_EQ(float16(-2.0f).x, 0xc000);
  EXPECT_EQ(float16(65504.0f).x, 0x7bff);                // largest finite
  EXPECT_EQ(float16(1e6f).x, 0x7c00);                    // overflow -> inf
  EXPECT_EQ(float16(5.9604645e-08f).x, 0x0001);          // smallest subnormal
  EXPECT_EQ(float16(0.0f).x, 0x0000);
  EXPECT_TRUE(std::isnan(static_cast<float>(float16(std::nanf("")))));
}

TEST(Float16, RoundsToNearestEven) {
  // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: ties go to the even 1.
  EXPECT_EQ(float16(1.0f + 0x1p-11f).x, 0x3c00);
  // 1 + 3 * 2^-11 lies halfway between 1 + 2^-10 and 1 + 2^-9: even is 1 + 2^-9.
  EXPECT_EQ(float16(1.0f + 3 * 0x1p-11f).x, 0x3c02);
}

TEST(Float16, RoundTripsEveryFiniteValue) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    float16 h = float16::FromBits(static_cast<uint16_t>(bits));
    float f = h;
    if (std::isnan(f)) continue;
    EXPECT_EQ(float16(f).x, h.x) << bits;
  }
}

TEST(BFloat16, TruncatesMantissaWithRounding) {
  EXPECT_EQ(bfloat16(1.0f).x, 0x3f80);
  EXPECT_EQ(static_cast<float>(bfloat16(3.140625f)), 3.140625f);
  EXPECT_EQ(bfloat16(1.0f + 0x1p-8f).x, 0x3f80);  // halfway, ties to even
  EXPECT_TRUE(std::isnan(static_cast<float>(bfloat16(std::nanf("")))));
}

}  // namespace
}  // namespace paddle
