#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "paddle/phi/kernels/funcs/fast_math.h"

namespace phi::funcs {
namespace {

// Distance in units in the last place between a and the float nearest ref.
int64_t UlpDistance(float a, double ref) {
  float r = static_cast<float>(ref);
  int32_t ia, ir;
  std::memcpy(&ia, &a, sizeof(ia));
  std::memcpy(&ir, &r, sizeof(ir));
  if ((ia < 0) != (ir < 0)) return a == r ? 0 : int64_t{ia & 0x7fffffff} + (ir & 0x7fffffff);
  return std::llabs(int64_t{ia} - ir);
}

// Every 4099th float pattern: about a million values across all exponents.
template <typename F>
int64_t WorstUlp(F check) {
  int64_t worst = 0;
  for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 4099) {
    uint32_t b = static_cast<uint32_t>(bits);
    float x;
    std::memcpy(&x, &b, sizeof(x));
    if (std::isfinite(x)) worst = std::max(worst, check(x));
  }
  return worst;
}

TEST(FastMath, ExpWithinTwoUlpOverEveryFloat) {
  auto check = [](float x) -> int64_t {
    const double ref = std::exp(double{x});
    // results in the denormals carry absolute, not relative, error: within one of their steps
    if (ref < 1.1754943508222875e-38) return std::fabs(FastExp(x) - ref) <= 1.401298464324817e-45 ? 0 : 100;
    return UlpDistance(FastExp(x), ref);
  };
  EXPECT_LE(WorstUlp(check), 2);
  EXPECT_EQ(FastExp(0.0f), 1.0f);
  EXPECT_EQ(FastExp(89.0f), INFINITY);
  EXPECT_EQ(FastExp(INFINITY), INFINITY);
  EXPECT_EQ(FastExp(-104.0f), 0.0f);
  EXPECT_EQ(FastExp(-INFINITY), 0.0f);
  EXPECT_GT(FastExp(-100.0f), 0.0f);  // a denormal, not flushed
  EXPECT_TRUE(std::isnan(FastExp(std::nanf(""))));
}

TEST(FastMath, TanhWithinOneUlp) {
  EXPECT_LE(WorstUlp([](float x) { return UlpDistance(FastTanh(x), std::tanh(double{x})); }), 1);
  EXPECT_EQ(FastTanh(0.0f), 0.0f);
  EXPECT_EQ(FastTanh(100.0f), 1.0f);
  EXPECT_EQ(FastTanh(-100.0f), -1.0f);
  EXPECT_TRUE(std::isnan(FastTanh(std::nanf(""))));
  EXPECT_EQ(FastTanh(INFINITY), 1.0f);
}

TEST(FastMath, SigmoidWithinTwoUlp) {
  auto check = [](float x) -> int64_t {
    if (x <= -80.0f || x >= 80.0f) return 0;
    return UlpDistance(FastSigmoid(x), 1.0 / (1.0 + std::exp(-double{x})));
  };
  EXPECT_LE(WorstUlp(check), 2);
  EXPECT_EQ(FastSigmoid(0.0f), 0.5f);
  EXPECT_EQ(FastSigmoid(200.0f), 1.0f);
  EXPECT_TRUE(std::isnan(FastSigmoid(std::nanf(""))));
}

TEST(FastMath, LogOfNormalWithinTwoUlp) {
  // Every 1 - u for the float uniforms of philox.h (k / 2^24, k < 2^24), and
  // a sample of all normal floats.
  int64_t worst = 0;
  for (int32_t k = 1; k <= (1 << 24); ++k) {
    const float x = static_cast<float>(k) * 5.9604644775390625e-08f;
    worst = std::max(worst, UlpDistance(FastLogOfNormal(x), std::log(double{x})));
  }
  EXPECT_LE(worst, 2);
  EXPECT_LE(WorstUlp([](float x) {
    return x >= 1.1754943508222875e-38f ? UlpDistance(FastLogOfNormal(x), std::log(double{x})) : 0;
  }), 2);
  EXPECT_EQ(FastLogOfNormal(1.0f), 0.0f);
}

TEST(FastMath, SinCosOfTwoPiUWithinTwoMillionthsOfAUnit) {
  // Every float uniform of philox.h (k / 2^24): absolute error, as the
  // angle's own rounding bounds what the value can mean.
  double worst = 0;
  for (int32_t k = 0; k < (1 << 24); ++k) {
    const float u = static_cast<float>(k) * 5.9604644775390625e-08f;
    float sine, cosine;
    FastSinCosTwoPi(u, &sine, &cosine);
    const double angle = 6.283185307179586 * double{u};
    worst = std::max({worst, std::fabs(sine - std::sin(angle)), std::fabs(cosine - std::cos(angle))});
  }
  EXPECT_LE(worst, 2e-7);
  float sine, cosine;
  FastSinCosTwoPi(0.25f, &sine, &cosine);
  EXPECT_EQ(sine, 1.0f);
  EXPECT_EQ(cosine, 0.0f);
  FastSinCosTwoPi(0.5f, &sine, &cosine);
  EXPECT_EQ(cosine, -1.0f);
}

}  // namespace
}  // namespace phi::funcs
