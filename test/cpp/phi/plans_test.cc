#include <gtest/gtest.h>

#include "paddle/phi/kernels/funcs/matmul_plan.h"
#include "paddle/phi/kernels/funcs/reduce_plan.h"

namespace phi::funcs {
namespace {

TEST(ReducePlan, MiddleAxis) {
  ReducePlan p = MakeReducePlan(paddle::DDim{2, 3, 4}, {false, true, false});
  EXPECT_EQ(p.outer, 2);
  EXPECT_EQ(p.reduce, 3);
  EXPECT_EQ(p.inner, 4);
  EXPECT_TRUE(p.perm.empty());
}

TEST(ReducePlan, InterleavedAxesPermute) {
  ReducePlan p = MakeReducePlan(paddle::DDim{2, 3, 4, 5}, {true, false, true, false});
  EXPECT_EQ(p.perm, (std::vector<int64_t>{1, 3, 0, 2}));
  EXPECT_EQ(p.outer, 15);
  EXPECT_EQ(p.reduce, 8);
  EXPECT_EQ(p.inner, 1);
}

TEST(ReducePlan, SizeOneDimsAreIgnored) {
  ReducePlan p = MakeReducePlan(paddle::DDim{1, 6, 1}, {true, false, true});
  EXPECT_TRUE(p.perm.empty());
  EXPECT_EQ(p.outer * p.reduce * p.inner, 6);
  EXPECT_EQ(p.reduce, 1);
}

TEST(MatmulPlan, BroadcastBatchOffsets) {
  // x: [2, 1, 3, 4], y: [5, 4, 6] -> out batch [2, 5]
  MatmulPlan p = MakeMatmulPlan(paddle::DDim{2, 1, 3, 4}, paddle::DDim{5, 4, 6}, false, false);
  EXPECT_EQ(p.batch, 10);
  EXPECT_EQ(p.m, 3);
  EXPECT_EQ(p.k, 4);
  EXPECT_EQ(p.n, 6);
  EXPECT_EQ(p.XOffset(7), 1 * 12);  // batch (1, 2): x's batch 1
  EXPECT_EQ(p.YOffset(7), 2 * 24);  // y's batch 2
}

TEST(MatmulPlan, SharedWeightStacksTheBatches) {
  // x: [2, 3, 5, 4] @ y: [4, 6] is one [30, 4] @ [4, 6] product.
  MatmulPlan p = MakeMatmulPlan(paddle::DDim{2, 3, 5, 4}, paddle::DDim{4, 6}, false, false);
  EXPECT_EQ(p.batch, 1);
  EXPECT_EQ(p.m, 30);
  EXPECT_EQ(p.XOffset(0), 0);
  // Transposed x, or x broadcast over a batch dim, cannot stack.
  EXPECT_EQ(MakeMatmulPlan(paddle::DDim{2, 4, 5}, paddle::DDim{4, 6}, true, false).batch, 2);
  EXPECT_EQ(MakeMatmulPlan(paddle::DDim{1, 5, 4}, paddle::DDim{3, 4, 6}, false, false).batch, 3);
}

TEST(MatmulPlan, VectorsAndTransposes) {
  MatmulPlan p = MakeMatmulPlan(paddle::DDim{4}, paddle::DDim{3, 4}, true, true);
  EXPECT_FALSE(p.trans_x);  // 1-D operands ignore transpose
  EXPECT_TRUE(p.trans_y);
  EXPECT_EQ(p.m, 1);
  EXPECT_EQ(p.k, 4);
  EXPECT_EQ(p.n, 3);
  EXPECT_TRUE(p.XBroadcast());
}

}  // namespace
}  // namespace phi::funcs
