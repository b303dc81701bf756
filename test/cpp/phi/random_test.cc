#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "paddle/phi/core/generator.h"
#include "paddle/phi/kernels/funcs/philox.h"

namespace phi {
namespace {

using funcs::PhiloxBlock;

void ExpectBlock(const PhiloxBlock& got, uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  EXPECT_EQ(got.w[0], a);
  EXPECT_EQ(got.w[1], b);
  EXPECT_EQ(got.w[2], c);
  EXPECT_EQ(got.w[3], d);
}

// The known-answer vectors published with Random123 (kat_vectors, philox4x32 10 rounds).
TEST(PhiloxTest, MatchesPublishedKnownAnswers) {
  ExpectBlock(funcs::Philox4x32({{0, 0, 0, 0}}, 0, 0), 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8);
  ExpectBlock(funcs::Philox4x32({{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}}, 0xffffffff, 0xffffffff),
              0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd);
  ExpectBlock(funcs::Philox4x32({{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}}, 0xa4093822, 0x299f31d0),
              0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1);
}

TEST(PhiloxTest, UniformsLieInTheUnitInterval) {
  float f[4];
  double d[2];
  funcs::UniformsFromBlock<float>({{0xffffffff, 0xffffffff, 0, 1}}, f);
  funcs::UniformsFromBlock<double>({{0xffffffff, 0xffffffff, 0, 0}}, d);
  EXPECT_LT(f[0], 1.0f);
  EXPECT_EQ(f[2], 0.0f);
  EXPECT_LT(d[0], 1.0);
  EXPECT_EQ(d[1], 0.0);
}

template <typename U>
struct Recorder {
  U* out;
  void operator()(int64_t i, U v) const { out[i] = v; }
};

// The CPU's tiled ForRange must give the values the GPU's block-by-block
// operator() gives: a range that starts inside a tile and ends in a partial
// block, for uniforms and normals of both precisions.
template <typename U, bool kNormal>
void ExpectForRangeMatchesBlocks() {
  constexpr int64_t kNumel = 1000 * funcs::kPerBlock<U> - 1;
  std::vector<U> by_block(kNumel), by_range(kNumel);
  funcs::RandomBlocks<U, kNormal, Recorder<U>> blocks{7, 123, kNumel, {by_block.data()}};
  funcs::RandomBlocks<U, kNormal, Recorder<U>> ranges{7, 123, kNumel, {by_range.data()}};
  for (int64_t b = 0; b < 1000; ++b) blocks(b);
  ranges.ForRange(0, 3);
  ranges.ForRange(3, 1000);
  for (int64_t i = 0; i < kNumel; ++i) ASSERT_EQ(by_block[i], by_range[i]) << "element " << i;
}

TEST(RandomBlocksTest, ForRangeGivesTheValuesOfBlockByBlock) {
  ExpectForRangeMatchesBlocks<float, false>();
  ExpectForRangeMatchesBlocks<float, true>();
  ExpectForRangeMatchesBlocks<double, false>();
  ExpectForRangeMatchesBlocks<double, true>();
}

TEST(GeneratorTest, ReserveAdvancesTheOffsetAndStateRoundTrips) {
  Generator g(42);
  EXPECT_EQ(g.Reserve(10).offset, 0u);
  GeneratorState s = g.Reserve(5);
  EXPECT_EQ(s.seed, 42u);
  EXPECT_EQ(s.offset, 10u);
  GeneratorState saved = g.GetState();
  g.Reserve(100);
  g.SetState(saved);
  EXPECT_EQ(g.Reserve(1).offset, 15u);
  g.Seed(7);
  EXPECT_EQ(g.GetState().seed, 7u);
  EXPECT_EQ(g.GetState().offset, 0u);
}

TEST(GeneratorTest, OpSeedGivesAFreshStream) {
  GeneratorState s = ReserveRandom(paddle::CPUPlace(), 99, 1000);
  EXPECT_EQ(s.seed, 99u);
  EXPECT_EQ(s.offset, 0u);
}

}  // namespace
}  // namespace phi
