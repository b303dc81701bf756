// Note [Split programs]: a training program cut where its gradients start;
// the backward reads what it needs from the forward as "@saved_<i>" inputs
// and repeats the parameter ops. Counted by hand on a parsed program.
#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_parser.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/transforms/split_program.h"

namespace pir {
namespace {

// y = tanh(x @ w); the gradient of sum(y * g) with respect to w.
constexpr const char* kTraining = R"({
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<3x4xf32>
    (%2) = "pd_op.matmul" (%0, %1) {transpose_x:false,transpose_y:false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    (%3) = "pd_op.tanh" (%2) {} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    (%4) = "pd_op.data" () {dtype:float32,name:"@grad_0",place:Place(undefined:0),shape:[2,4]} : () -> tensor<2x4xf32>
    (%5) = "pd_op.multiply" (%3, %3) {} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    (%6) = "pd_op.full" () {dtype:float32,fill_value:1,place:Place(undefined:0),shape:[]} : () -> tensor<f32>
    (%7) = "pd_op.subtract" (%6, %5) {} : (tensor<f32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    (%8) = "pd_op.multiply" (%4, %7) {} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    (%9) = "pd_op.matmul" (%0, %8) {transpose_x:true,transpose_y:false} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    (%10) = "pd_op.matmul" (%8, %1) {transpose_x:false,transpose_y:true} : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
})";

TEST(SplitProgram, TheBackwardReadsSavedValuesAndRepeatsParameters) {
  auto program = ParseProgram(kTraining);
  SplitPrograms split = SplitProgram(*program, 4);
  EXPECT_EQ(split.forward->block()->size(), 4u);
  // saved: tanh's result (%3) and x (%0); w is repeated as a parameter op
  ASSERT_EQ(split.saved.size(), 2u);
  EXPECT_EQ(split.saved[0].defining_op()->name(), "pd_op.tanh");
  EXPECT_EQ(split.saved[1].defining_op()->name(), "pd_op.data");
  EXPECT_EQ(split.saved_names, (std::vector<std::string>{"@saved_0", "@saved_1"}));
  EXPECT_TRUE(split.forward_mapping.Contains(split.saved[0]));
  const std::string backward = split.backward->Print();
  EXPECT_NE(backward.find("name:\"@saved_0\""), std::string::npos);
  EXPECT_NE(backward.find("name:\"@grad_0\""), std::string::npos);
  EXPECT_NE(backward.find("parameter_name:\"w\""), std::string::npos);
  EXPECT_EQ(backward.find("pd_op.tanh"), std::string::npos);
  // 2 saved inputs + 1 parameter + the 7 ops from the cut on
  EXPECT_EQ(split.backward->block()->size(), 10u);
  EXPECT_NO_THROW(Verify(*split.forward));
  EXPECT_NO_THROW(Verify(*split.backward));
  EXPECT_NO_THROW(Verify(*program));  // the original is untouched
  EXPECT_EQ(program->block()->size(), 11u);
}

TEST(SplitProgram, ACutPastTheEndIsRefused) {
  auto program = ParseProgram(kTraining);
  EXPECT_THROW(SplitProgram(*program, 12), paddle::common::Error);
  SplitPrograms whole = SplitProgram(*program, 11);
  EXPECT_EQ(whole.backward->block()->size(), 0u);
  EXPECT_TRUE(whole.saved.empty());
}

}  // namespace
}  // namespace pir
